"""Streamlit: rule set and house options, the win context, and the explained score with its
payments and exports. Widgets are generated from RuleSet.options / extra_fields."""

from __future__ import annotations

from typing import Any

import streamlit as st

from mjlens.ui import engine as E
from mjlens.ui import parts as PT
from mjlens.ui import pictures as PIC
from mjlens.ui import state as S
from mjlens.ui.i18n import (
    HANT,
    aside,
    choice_label,
    fan_value,
    field_label,
    is_zh,
    option_help,
    option_label,
    pick,
    t,
    text,
    tile_choice,
    tile_label,
    unit,
    wind_name,
)
from mjlens.ui.jokers import Joker, other_notes, stood_for, stood_lines
from mjlens.ui.jokers import M as JOKER_WORDS
from mjlens.ui.option_words import rule_set_help
from mjlens.ui.tile_images import tile_png
from mjlens.ui.words import choice_words, in_app_words, say
from scoring import tiles as T
from scoring.hand import WINDS, HandError
from scoring.messages import tiles_text
from scoring.notation import format_tiles, parse_tiles
from scoring.ruleset import MAX_COUNT, HandField, RuleSet

STAKE_WORDS = ("base", "stake", "point_value", "unit")


def _rs_label(rs: RuleSet, lang: str) -> str:
    return pick(rs.name, rs.name_zh, lang) if rs.name_zh else rs.name


def current_rules() -> RuleSet | None:
    """The chosen rule set (Guobiao first time, when installed); None if there are none."""
    ss = st.session_state
    found = E.rulesets()
    if not found:
        return None
    ids = list(found)
    if ss.get("rules") not in ids:
        ss["rules"] = "gb" if "gb" in ids else ids[0]
    return found[ss["rules"]]


def choose_rules(lang: str, on_change=None) -> None:
    found = E.rulesets()
    rid = st.selectbox(t("rules", lang), list(found), key="rules", placeholder=t("choose", lang),
                       format_func=lambda r: _rs_label(found[r], lang), on_change=on_change,
                       persist_state=PT.KEEP)
    about = description(found[rid], lang)
    if about:
        st.caption(about)


def description(rs: RuleSet, lang: str) -> str:
    """The rule set's description in the reader's language (none shown rather than English on
    the Chinese page, while a rule set has no Chinese description)."""
    return in_app_words(pick(rs.description, rs.description_zh, lang), rs, lang)


def score_badge(outcome: E.Outcome, lang: str) -> None:
    """The total as a small badge next to the hand (green: a legal win)."""
    r = outcome.result
    if r is None:
        st.badge(t("cannot_score", lang), color="gray", icon=":material/edit:")
    else:
        st.badge(f"{E.fmt_num(r.total)} {unit(r.unit, lang, r.rules)}",
                 color="green" if r.is_win else "orange",
                 icon=":material/check_circle:" if r.is_win else ":material/block:")


def is_stake(name: str) -> bool:
    return any(w in name for w in STAKE_WORDS)


def _option_widget(rs: RuleSet, opt, lang: str) -> None:
    """One option's input. Its default goes into the session state, not the widget: the
    language switch keeps every choice by writing it back (views.keep_choices), and a widget
    given a default as well logged Streamlit's warning with a stack trace on every switch."""
    key = f"opt-{rs.id}-{opt.name}"
    label = option_label(opt, lang, rs.id)
    help_text = in_app_words(choice_words(option_help(opt, lang), opt, lang), rs, lang) or None
    kind = E.option_kind(opt)
    on = {"on_change": PT.rerun, "args": (PT.SCORE,), "key": key, "help": help_text,
          "persist_state": PT.KEEP}
    ss = st.session_state
    if kind == "choice":
        # a None choice would show as an empty box: it is offered as the word "none"
        shown = ["none" if c is None else c for c in opt.choices]
        default = "none" if opt.default is None else opt.default
        ss.setdefault(key, default if default in shown else shown[0])
        st.selectbox(label, shown, placeholder=t("choose", lang),
                     format_func=lambda c: choice_label(c, lang, opt), **on)
    elif kind == "bool":
        ss.setdefault(key, opt.default)
        st.toggle(label, **on)
    elif kind in ("int", "float"):
        ss.setdefault(key, opt.default)
        number = int if kind == "int" else float
        st.number_input(label, step=1 if kind == "int" else 0.5,
                        min_value=None if opt.minimum is None else number(opt.minimum), **on)
    else:
        ss.setdefault(key, "" if opt.default is None else str(opt.default))
        st.text_input(label, **on)


def options_view(rs: RuleSet, lang: str, stakes: bool) -> None:
    """Render the rule set's options: the stakes (shown by the payments) or the others."""
    for opt in rs.options:
        if is_stake(opt.name) == stakes:
            _option_widget(rs, opt, lang)


def current_options(rs: RuleSet) -> dict[str, Any]:
    ss = st.session_state
    out = {}
    for opt in rs.options:
        key = f"opt-{rs.id}-{opt.name}"
        if key in ss:
            value = ss[key]
            if value == "none" and opt.choices and None in opt.choices:
                value = None
            if value == "" and opt.default is None:
                continue  # an empty box: the rule set's default
            out[opt.name] = value
    return out


def _set_ctx(name: str) -> None:
    ss = st.session_state
    value = ss[f"ctx-{name}"]
    if name == "won_by":
        ss.draft = S.set_context(ss.draft, self_drawn=value == "self")
        if value == "self" and "discarder" in ss.draft.context.extra:
            extra = {k: v for k, v in ss.draft.context.extra.items() if k != "discarder"}
            ss.draft = S.set_context(ss.draft, extra=extra)
    else:
        ss.draft = S.set_context(ss.draft, **{name: value})
    if name == "seat_wind" and ss.draft.context.extra.get("discarder") == value:
        # the winner's new seat was the discarder's: the discarder box offers every seat but
        # the winner's, so it showed "—" while the hand was refused for the winner discarding
        extra = {k: v for k, v in ss.draft.context.extra.items() if k != "discarder"}
        ss.draft = S.set_context(ss.draft, extra=extra)
    PT.rerun(PT.WIN)


def field_specs(rs: RuleSet | None) -> dict[str, HandField]:
    """Every extra hand field the rule set reads, described: its own `fields`, and for a name
    only listed in `extra_fields` a description guessed from the name (engine.field_kind)."""
    if rs is None:
        return {}
    described = {f.name: f for f in rs.fields}
    out = {}
    for name in rs.field_names:
        if name in described:
            out[name] = described[name]
        else:
            kind = E.field_kind(name)
            default = list(WINDS) if kind == "seats" else False if kind == "bool" else None
            out[name] = HandField(name, kind, default, "", "")
    return out


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return sorted(a) == sorted(b)
    return a == b


def _set_extra(spec: HandField) -> None:
    """Store a field's new value in the draft; its default (or nothing given) is left out, so
    the hand says only what differs."""
    ss = st.session_state
    name = spec.name
    value = ss[f"extra-{name}"]
    if spec.kind == "tiles" and isinstance(value, list):  # picked (a field with choices)
        value = [c for c in spec.choices or () if c in value]
    elif spec.kind == "tiles":
        try:
            value = parse_tiles("".join(value.split())) if value.strip() else []
        except HandError as exc:
            ss[f"extra-error-{name}"] = exc.msg
            return
        ss.pop(f"extra-error-{name}", None)
    elif spec.kind == "seats" and isinstance(value, list):
        value = sorted(value, key=WINDS.index)
    elif spec.kind == "choices":  # words separated by spaces or commas; the rule set checks them
        words = value.replace(",", " ").replace("，", " ").replace("、", " ").split()
        written = {text(c, HANT): c for c in spec.choices or () if isinstance(c, str)}
        value = [written.get(w, w) for w in words]  # a choice typed in Traditional too
    extra = dict(ss.draft.context.extra)
    if value in (None, "", []) or _same(value, spec.default):
        extra.pop(name, None)
    else:
        extra[name] = value
    ss.draft = S.set_context(ss.draft, extra=extra)
    PT.rerun(PT.WIN)  # a joker named here changes the hand's pictures: see score_badge's part


def context_view(rs: RuleSet | None, lang: str) -> None:
    """Self-drawn or discard (and by whom), winds, the special-win flags and the rule set's
    extra fields."""
    ss = st.session_state
    ctx = ss.draft.context
    fields = field_specs(rs)
    ss["ctx-won_by"] = "self" if ctx.self_drawn else "discard"
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.segmented_control(
            t("win_by", lang), ["self", "discard"], key="ctx-won_by", required=True,
            format_func=lambda v: t("self_drawn" if v == "self" else "discard", lang),
            on_change=_set_ctx, args=("won_by",))
        if "discarder" in fields and not ctx.self_drawn:
            _extra_widget(fields["discarder"], ctx.extra.get("discarder"), lang,
                          exclude=ctx.seat_wind)
    for name in ("seat_wind", "round_wind"):
        ss[f"ctx-{name}"] = getattr(ctx, name)
        st.segmented_control(t(name, lang), WINDS, key=f"ctx-{name}", required=True,
                             format_func=lambda w: wind_name(w, lang),
                             on_change=_set_ctx, args=(name,))
    for name, spec in fields.items():
        if name != "discarder":
            _extra_widget(spec, ctx.extra.get(name), lang)
    with st.expander(t("more_details", lang)):
        for name in ("last_tile", "kong_replacement", "robbing_kong", "last_copy"):
            ss[f"ctx-{name}"] = getattr(ctx, name)
            st.checkbox(t(name, lang), key=f"ctx-{name}", on_change=_set_ctx, args=(name,))


def context_summary(ctx, lang: str) -> str:
    """One line for the closed win-details box, e.g. 'Discard from West · seat East'."""
    how = t("self_drawn" if ctx.self_drawn else "discard", lang)
    if not ctx.self_drawn and ctx.extra.get("discarder") in WINDS:
        how += aside(wind_name(ctx.extra["discarder"], lang), lang)  # 點和（東）
    flags = [t(f, lang) for f in ("last_tile", "kong_replacement", "robbing_kong", "last_copy")
             if getattr(ctx, f)]
    parts = [how, t("label_value", lang, label=t("seat_wind", lang),
                    value=wind_name(ctx.seat_wind, lang)),
             t("label_value", lang, label=t("round_wind", lang),
               value=wind_name(ctx.round_wind, lang)), *flags]
    return f"{t('win_details', lang)} — " + " · ".join(parts)


def _extra_widget(spec: HandField, value: Any, lang: str, exclude: str | None = None) -> None:
    """The input for one described hand field, by its kind; shows `value` (the hand's, else the
    field's default)."""
    ss = st.session_state
    key = f"extra-{spec.name}"
    rs = current_rules()
    label = field_label(spec.name, lang, spec.help, spec.help_zh, rs.id if rs else None)
    help_text = rule_set_help(rs.id if rs else None, spec.name, lang) or in_app_words(
        choice_words(pick(spec.help, spec.help_zh, lang), spec, lang), rs, lang) or None
    if value is None:
        value = spec.default
    common = {"key": key, "on_change": _set_extra, "args": (spec,), "help": help_text}
    choose = {"placeholder": t("choose", lang)}
    blank = [] if spec.default is not None else [""]  # "": not given (no default)
    if spec.kind == "seat":
        opts = [*blank, *(w for w in WINDS if w != exclude)]
        ss[key] = value if value in opts else opts[0]
        st.selectbox(label, opts, width=180, **common, **choose,
                     format_func=lambda w: t("none_given", lang) if not w else wind_name(w, lang))
    elif spec.kind == "seats":
        ss[key] = [w for w in WINDS if w in listed(value)]
        st.multiselect(label, list(WINDS), format_func=lambda w: wind_name(w, lang),
                       **choose, **common)
    elif spec.kind == "suit":
        opts = [*blank, "m", "p", "s"]
        ss[key] = value if value in opts else opts[0]
        st.selectbox(label, opts, width=180, **common, **choose,
                     format_func=lambda s: t("none_given", lang) if not s else t(f"suit_{s}", lang))
    elif spec.kind == "choice":
        opts = [*blank, *(spec.choices or ())]
        ss[key] = value if value in opts else opts[0]
        st.selectbox(label, opts, **common, **choose, format_func=lambda c: (
            t("none_given", lang) if c == "" else choice_label(c, lang, spec)))
    elif spec.kind == "tile":
        opts = [*blank, *T.TILE_CODES, *T.FLOWER_CODES]
        ss[key] = value if value in opts else opts[0]
        st.selectbox(label, opts, width=220, **common, **choose, format_func=lambda c: (
            t("none_given", lang) if not c else tile_choice(c, lang)))
    elif spec.kind == "tiles":
        _tiles_input(spec, value, label, lang, common)
    elif spec.kind == "choices":
        ss[key] = " ".join(text(v, lang) for v in listed(value) if isinstance(v, str))
        st.text_input(label, placeholder=" ".join(text(choice_label(c, lang, spec), lang)
                                                  for c in spec.choices or ()), **common)
    elif spec.kind == "int":
        # a typed `honba=1e400` (infinity) or 10**23 crashed int() or the number input; the
        # rule set refuses them in words
        ss[key] = value if type(value) is int and 0 <= value <= MAX_COUNT else 0
        st.number_input(label, min_value=0, step=1, **common)
    else:
        ss[key] = bool(value)
        st.toggle(label, **common)


def listed(value: Any) -> list | tuple:
    """A list field's value as a list; anything else typed in the notation (`players_in=5`,
    `dora_indicators=5m`, refused by the rule set in words) as none: a number crashed the
    widget and a word was read letter by letter."""
    return value if isinstance(value, list | tuple) else ()


def _pick_tile(spec: HandField) -> None:
    """A tile chosen in a tiles field's picker goes to the end of its list."""
    ss = st.session_state
    code = ss.get(f"pick-extra-{spec.name}")
    if code:
        ss[f"extra-{spec.name}"] = format_tiles([*parse_tiles_or_none(ss[f"extra-{spec.name}"]),
                                                  code])
        ss[f"pick-extra-{spec.name}"] = ""
        _set_extra(spec)


def parse_tiles_or_none(text: str) -> list[str]:
    try:
        return parse_tiles("".join(text.split())) if text.strip() else []
    except HandError:
        return []


def _codes_of(value: Any) -> list[str]:
    """The tiles of a tiles field as the page shows them: a list of codes, or tiles written as
    in the notation (riichi's `dora_indicators=3p`, whose letters were drawn as tiles '3' and
    'p' and stopped the page); what is not a tile is left to the score's refusal."""
    if isinstance(value, str):
        try:
            value = parse_tiles(value)
        except HandError:
            return []
    if not isinstance(value, list | tuple):
        return []
    return [c for c in value if isinstance(c, str) and (T.is_tile(c) or T.is_flower(c))]


def _tiles_input(spec: HandField, value: Any, label: str, lang: str, common: dict) -> None:
    """A list of tiles (horses, dora indicators, ...): typed in the hand notation or picked one
    by one, shown as tile pictures; a field with choices (riichi's red fives) as toggles."""
    ss = st.session_state
    key = common["key"]
    codes = _codes_of(value)
    if spec.choices:
        ss[key] = [c for c in spec.choices if c in codes]
        st.pills(label, list(spec.choices), selection_mode="multi", format_func=lambda c:
                 tile_choice(c, lang), **common)
        return
    if f"extra-error-{spec.name}" not in ss:
        ss[key] = format_tiles(codes)
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.text_input(label, placeholder=t("tiles_placeholder", lang), **common)
        ss.setdefault(f"pick-extra-{spec.name}", "")
        st.selectbox(t("add_tile", lang), ["", *T.TILE_CODES], key=f"pick-extra-{spec.name}",
                     on_change=_pick_tile, args=(spec,), width=200, format_func=lambda c: (
                         t("none_given", lang) if not c else tile_choice(c, lang)))
    error = ss.get(f"extra-error-{spec.name}")
    if error is not None:
        st.warning(text(error, lang))
    elif codes:
        with st.container(horizontal=True, gap="small", key=f"extra-tiles-{spec.name}"):
            for code in codes:
                PIC.tile(tile_png(code, None, 56), 28, alt=code)


def draft_for(rs: RuleSet, draft: S.Draft) -> S.Draft:
    """The draft with only the extra fields this rule set reads (others are kept for later)."""
    extra = {k: v for k, v in draft.context.extra.items() if k in rs.field_names}
    return S.set_context(draft, extra=extra)


def problem_view(outcome: E.Outcome, lang: str) -> None:
    """Why there is no score: the player's message of the refusal; when the tiles are a hand
    of another size (17 under a 14-tile game), the games of that size, one tap away."""
    st.warning(f"**{t('cannot_score', lang)}** — {say(outcome.error, current_rules(), lang)}")
    ss = st.session_state
    fits = E.fitting_rulesets(ss.draft, ss["rules"])
    if fits:
        found = E.rulesets()
        n = sum(1 for s in ss.draft.tiles if not T.is_flower(s.code))
        st.caption(t("other_sizes", lang, n=n))
        with st.container(horizontal=True, key="other-sizes"):
            for rid in fits:
                st.button(_rs_label(found[rid], lang), key=f"fits-{rid}", on_click=_use_rules,
                          args=(rid,), icon=":material/swap_horiz:")


def _use_rules(rid: str) -> None:
    st.session_state["rules"] = rid


def jokers_view(joker: Joker, r, lang: str) -> None:
    """Each joker of the best reading and what it stood for: its marked picture, an arrow, the
    tile it made, and the line in words (`金 9m → 3p`)."""
    codes = stood_for(joker, r)
    if not codes:
        return
    st.markdown(f"**{text(JOKER_WORDS('heading'), lang)}**")
    with st.container(horizontal=True, gap="medium", key="joker-stood"):
        for k, (code, line) in enumerate(zip(codes, stood_lines(joker, r), strict=True)):
            with st.container(horizontal=True, gap="small", width="content",
                              vertical_alignment="center", key=f"joker-{k}"):
                PIC.tile(tile_png(joker.code, None, 56, joker.badge), 28,
                         alt=joker.alt(tile_label(joker.code, lang), lang))
                st.markdown("→")
                PIC.tile(tile_png(code, None, 56), 28, alt=tile_label(code, lang))
                st.caption(text(line, lang))


def result_view(outcome: E.Outcome, rs: RuleSet, lang: str, joker: Joker | None = None) -> None:
    if outcome.result is None:
        problem_view(outcome, lang)
        return
    r = outcome.result
    st.metric(t("total", lang), f"{E.fmt_num(r.total)} {unit(r.unit, lang, r.rules)}")
    if r.is_win:
        st.success(t("legal_win", lang), icon=":material/check_circle:")
    else:
        st.error(t("not_a_win", lang))
    if r.arrangement:
        shown = tiles_text(r.arrangement, lang)  # Traditional: the tiles' names, no codes
        shown = f"`{shown}`" if shown == r.arrangement else shown
        st.caption(t("label_value", lang, label=t("read_as", lang), value=shown))
    if joker is not None:
        jokers_view(joker, r, lang)
    lines = []
    for f in r.fans:
        name = text(f.name, lang) if is_zh(lang) else f"{f.name_en} · {f.name}"
        count = f" × {f.count}" if f.count != 1 else ""
        why = say(f.why, rs, lang)
        why = f"  \n<small>{why}</small>" if why else ""
        lines.append(f"- **{name}** — {fan_value(f, r, lang)}{count}{why}")
    if lines:
        st.markdown("\n".join(lines), unsafe_allow_html=True)
    if r.excluded:
        english = {f.name: f.name_en for f in r.fans}  # the fan that excludes, in English
        with st.expander(f"{t('excluded', lang)} ({len(r.excluded)})"):
            for e in r.excluded:
                if is_zh(lang):  # the names as given: the line renders them once (rendered
                    # twice, a Traditional 斷么 was converted again, to 斷麼)
                    name, by = e.name, e.because_of
                else:
                    name, by = f"{e.name_en} · {e.name}", text(e.because_of, lang)
                    if english.get(by):
                        by = f"{english[by]} ({by})"
                line = t("excluded_line", lang, fan=name, x=by)
                st.markdown(f"- {line} {say(e.why, rs, lang)}".rstrip())
    for note in other_notes(r.notes) if joker is not None else r.notes:
        st.info(say(note, rs, lang))


def payment_lines(payments, who, rs: RuleSet, lang: str) -> str:
    """Who pays whom how much, one line each with its reason in small print under it: a list
    fits a phone's width (a four-column table squeezed the names and broke 數額 in two) and the
    narrow score column of a desktop alike. `who` names a seat."""
    lines = []
    for p in payments:
        line = t("pays_line", lang, payer=who(p.payer), payee=who(p.payee),
                 amount=E.fmt_num(p.amount))
        reason = say(p.reason, rs, lang)
        lines.append(f"- {line}" + (f"  \n<small>{reason}</small>" if reason else ""))
    return "\n".join(lines)


def payments_view(outcome: E.Outcome, rs: RuleSet, lang: str) -> None:
    st.subheader(t("payments", lang))
    options_view(rs, lang, stakes=True)
    r = outcome.result
    if r is None:
        if outcome.hand is not None and outcome.error:  # a whole hand the rules refuse
            st.caption(t("no_payments_no_win", lang))
        return
    if not r.payments:
        st.caption(t("no_payments" if r.is_win else "no_payments_no_win", lang))
        return
    me = outcome.hand.context.seat_wind if outcome.hand else None

    def who(seat: str) -> str:
        return wind_name(seat, lang) + (aside(t("you", lang), lang) if seat == me else "")

    st.markdown(payment_lines(r.payments, who, rs, lang), unsafe_allow_html=True)
    net = E.net_rows(r)
    st.table([{t("player", lang): who(s), t("net", lang): ("+" if v > 0 else "") + E.fmt_num(v)}
              for s, v in net])
