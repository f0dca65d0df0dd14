"""Streamlit: rule set and house options, the win context, and the explained score with its
payment table and exports. Widgets are generated from RuleSet.options / extra_fields."""

from __future__ import annotations

from typing import Any

import streamlit as st

from mjlens.ui import engine as E
from mjlens.ui import state as S
from mjlens.ui.i18n import field_label, option_label, t, unit, wind_name
from scoring.hand import WINDS
from scoring.messages import TileName
from scoring.ruleset import RuleSet
from scoring.tiles import TILE_CODES

STAKE_WORDS = ("base", "stake", "point_value", "unit")


def _rs_label(rs: RuleSet, lang: str) -> str:
    return rs.name_zh if lang == "zh" and rs.name_zh else rs.name


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


def choose_rules(lang: str) -> None:
    found = E.rulesets()
    rid = st.selectbox(t("rules", lang), list(found), key="rules",
                       format_func=lambda r: _rs_label(found[r], lang))
    if found[rid].description:
        st.caption(found[rid].description)


def score_badge(outcome: E.Outcome, lang: str) -> None:
    """The total as a small badge next to the hand (green: a legal win)."""
    r = outcome.result
    if r is None:
        st.badge(t("cannot_score", lang), color="gray", icon=":material/edit:")
    else:
        st.badge(f"{E.fmt_num(r.total)} {unit(r.unit, lang)}",
                 color="green" if r.is_win else "orange",
                 icon=":material/check_circle:" if r.is_win else ":material/block:")


def is_stake(name: str) -> bool:
    return any(w in name for w in STAKE_WORDS)


def _option_widget(rs: RuleSet, opt, lang: str) -> None:
    key = f"opt-{rs.id}-{opt.name}"
    label = option_label(opt.name, lang)
    help_text = (opt.help_zh if lang == "zh" and opt.help_zh else opt.help) or None
    kind = E.option_kind(opt)
    if kind == "choice":
        choices = list(opt.choices)
        # a None choice would show as an empty box: it is offered as the word "none"
        shown = ["none" if c is None else c for c in choices]
        default = "none" if opt.default is None else opt.default
        st.selectbox(label, shown, index=shown.index(default) if default in shown else 0,
                     key=key, help=help_text, format_func=str)
    elif kind == "bool":
        st.toggle(label, value=opt.default, key=key, help=help_text)
    elif kind == "int":
        st.number_input(label, value=opt.default, step=1, key=key, help=help_text)
    elif kind == "float":
        st.number_input(label, value=opt.default, step=0.5, key=key, help=help_text)
    else:
        st.text_input(label, value="" if opt.default is None else str(opt.default), key=key,
                      help=help_text)


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


def _set_extra(name: str) -> None:
    ss = st.session_state
    value = ss[f"extra-{name}"]
    extra = dict(ss.draft.context.extra)
    if value in (None, False, "") or (name == "players_in" and set(value) == set(WINDS)):
        extra.pop(name, None)
    else:
        extra[name] = sorted(value, key=WINDS.index) if isinstance(value, list) else value
    ss.draft = S.set_context(ss.draft, extra=extra)


def context_view(rs: RuleSet | None, lang: str) -> None:
    """Self-drawn or discard (and by whom), winds, the special-win flags and the rule set's
    extra fields."""
    ss = st.session_state
    ctx = ss.draft.context
    fields = rs.field_names if rs else ()
    ss["ctx-won_by"] = "self" if ctx.self_drawn else "discard"
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.segmented_control(
            t("win_by", lang), ["self", "discard"], key="ctx-won_by", required=True,
            format_func=lambda v: t("self_drawn" if v == "self" else "discard", lang),
            on_change=_set_ctx, args=("won_by",))
        if "discarder" in fields and not ctx.self_drawn:
            _extra_widget("discarder", ctx.extra.get("discarder"), lang, exclude=ctx.seat_wind,
                          kind=_described_kind(rs, "discarder"))
    for name in ("seat_wind", "round_wind"):
        ss[f"ctx-{name}"] = getattr(ctx, name)
        st.segmented_control(t(name, lang), WINDS, key=f"ctx-{name}", required=True,
                             format_func=lambda w: wind_name(w, lang),
                             on_change=_set_ctx, args=(name,))
    for name in fields:
        if name != "discarder":
            _extra_widget(name, ctx.extra.get(name), lang, kind=_described_kind(rs, name))
    with st.expander(t("more_details", lang)):
        for name in ("last_tile", "kong_replacement", "robbing_kong", "last_copy"):
            ss[f"ctx-{name}"] = getattr(ctx, name)
            st.checkbox(t(name, lang), key=f"ctx-{name}", on_change=_set_ctx, args=(name,))


def context_summary(ctx, lang: str) -> str:
    """One line for the closed win-details box, e.g. 'Discard from West · seat East'."""
    how = t("self_drawn" if ctx.self_drawn else "discard", lang)
    if not ctx.self_drawn and ctx.extra.get("discarder") in WINDS:
        how += f" ({wind_name(ctx.extra['discarder'], lang)})"
    flags = [t(f, lang) for f in ("last_tile", "kong_replacement", "robbing_kong", "last_copy")
             if getattr(ctx, f)]
    parts = [how, f"{t('seat_wind', lang)}: {wind_name(ctx.seat_wind, lang)}",
             f"{t('round_wind', lang)}: {wind_name(ctx.round_wind, lang)}", *flags]
    return f"{t('win_details', lang)} — " + " · ".join(parts)


def tile_name(code: str, lang: str) -> str:
    return f"{code} {TileName(code).render(lang)}"


def _described_kind(rs: RuleSet | None, name: str) -> str | None:
    """The kind a rule set gives its field (RuleSet.fields), if it describes it."""
    return next((f.kind for f in rs.fields if f.name == name), None) if rs else None


def _extra_widget(name: str, value: Any, lang: str, exclude: str | None = None,
                  kind: str | None = None) -> None:
    ss = st.session_state
    key = f"extra-{name}"
    kind = kind or E.field_kind(name)
    label = field_label(name, lang)
    if kind == "tile":  # e.g. Northeast's treasure tile (bao)
        opts = ["", *TILE_CODES]
        ss[key] = value if value in opts else ""
        st.selectbox(label, opts, key=key, on_change=_set_extra, args=(name,), width=180,
                     format_func=lambda c: "—" if not c else tile_name(c, lang))
    elif kind == "seat":
        opts = ["", *(w for w in WINDS if w != exclude)]  # "": not given
        ss[key] = value if value in opts else ""
        st.selectbox(label, opts, key=key, on_change=_set_extra, args=(name,), width=180,
                     format_func=lambda w: "—" if not w else wind_name(w, lang))
    elif kind == "seats":
        ss[key] = [w for w in WINDS if w in value] if isinstance(value, list) else list(WINDS)
        st.multiselect(label, list(WINDS), key=key, on_change=_set_extra, args=(name,),
                       format_func=lambda w: wind_name(w, lang))
    elif kind == "suit":
        opts = ["", "m", "p", "s"]
        ss[key] = value if value in opts else ""
        st.selectbox(label, opts, key=key, on_change=_set_extra, args=(name,), width=180,
                     format_func=lambda s: "—" if not s else t(f"suit_{s}", lang))
    elif kind == "int":
        ss[key] = int(value) if isinstance(value, int | float) else 0
        st.number_input(label, min_value=0, step=1, key=key, on_change=_set_extra, args=(name,))
    else:
        ss[key] = bool(value)
        st.toggle(label, key=key, on_change=_set_extra, args=(name,))


def draft_for(rs: RuleSet, draft: S.Draft) -> S.Draft:
    """The draft with only the extra fields this rule set reads (others are kept for later)."""
    extra = {k: v for k, v in draft.context.extra.items() if k in rs.field_names}
    return S.set_context(draft, extra=extra)


def result_view(outcome: E.Outcome, rs: RuleSet, lang: str) -> None:
    if outcome.result is None:
        if outcome.internal:
            st.error(t("engine_failed", lang, why=outcome.error))
        else:
            st.warning(f"**{t('cannot_score', lang)}** — {outcome.error}")
        return
    r = outcome.result
    st.metric(t("total", lang), f"{E.fmt_num(r.total)} {unit(r.unit, lang)}")
    if r.is_win:
        st.success(t("legal_win", lang), icon=":material/check_circle:")
    else:
        st.error(t("not_a_win", lang))
    if r.arrangement:
        st.caption(f"{t('read_as', lang)}: `{r.arrangement}`")
    lines = []
    for f in r.fans:
        name = f.name if lang == "zh" else f"{f.name_en} · {f.name}"
        count = f" × {f.count}" if f.count != 1 else ""
        why = f"  \n<small>{f.why}</small>" if f.why else ""
        lines.append(f"- **{name}** — {E.fmt_num(f.fan)}{count}{why}")
    if lines:
        st.markdown("\n".join(lines), unsafe_allow_html=True)
    if r.excluded:
        with st.expander(f"{t('excluded', lang)} ({len(r.excluded)})"):
            for e in r.excluded:
                name = e.name if lang == "zh" else f"{e.name_en} · {e.name}"
                st.markdown(f"- {name}: {t('because_of', lang, x=e.because_of)}. {e.why}")
    for note in r.notes:
        st.info(note)


def payments_view(outcome: E.Outcome, rs: RuleSet, lang: str) -> None:
    st.subheader(t("payments", lang))
    options_view(rs, lang, stakes=True)
    r = outcome.result
    if r is None:
        return
    if not r.payments:
        st.caption(t("no_payments", lang))
        return
    me = outcome.hand.context.seat_wind if outcome.hand else None

    def who(seat: str) -> str:
        return wind_name(seat, lang) + (f" ({t('you', lang)})" if seat == me else "")

    rows = [{t("payer", lang): who(p.payer), t("payee", lang): who(p.payee),
             t("amount", lang): E.fmt_num(p.amount), t("reason", lang): p.reason}
            for p in r.payments]
    st.table(rows)
    net = E.net_rows(r)
    st.table([{t("player", lang): who(s), t("net", lang): ("+" if v > 0 else "") + E.fmt_num(v)}
              for s, v in net])
