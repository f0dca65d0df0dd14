"""Streamlit: the hand as tile pictures grouped as on the table, the correction panel and the
tile palette. Every button calls a pure transition from `state` through `apply`."""

from __future__ import annotations

import streamlit as st

from mjlens.ui import parts as PT
from mjlens.ui import pictures as PIC
from mjlens.ui import profiles as PR
from mjlens.ui import state as S
from mjlens.ui.i18n import HANT, aside, group_name, t, text, tile_label, tile_name
from mjlens.ui.jokers import Joker
from mjlens.ui.render import tile_crop
from mjlens.ui.tile_images import tile_png
from mjlens.ui.views_profiles import learn_correction
from scoring import tiles as T
from scoring.ruleset import hand_sets

TILE_PX = 38  # displayed width of a tile picture (pictures are made at 2x for sharp phones)
SUITS = ("m", "p", "s", "z", "f")
SUIT_CODES = {
    "m": [f"{n}m" for n in range(1, 10)],
    "p": [f"{n}p" for n in range(1, 10)],
    "s": [f"{n}s" for n in range(1, 10)],
    "z": [f"{n}z" for n in range(1, 8)],
    "f": [f"{n}f" for n in range(1, 9)],
}
CLAIMS = ("none", "left", "across", "right")  # "none": not said (no choice in the row)


def apply(fn, *args, **kwargs) -> None:
    """A callback: a transition of the draft, then the parts of the page that show the hand
    are rerun (mjlens.ui.parts)."""
    _transition(fn, *args, **kwargs)
    PT.rerun(PT.HAND)


def _transition(fn, *args, **kwargs) -> None:
    """Run a transition on the draft in session state; a bad request becomes a message."""
    ss = st.session_state
    try:
        ss.draft = fn(ss.draft, *args, **kwargs)
    except (ValueError, IndexError) as exc:  # HandError is a ValueError, with a Msg
        ss.edit_error = getattr(exc, "msg", None) or str(exc)


def _select(i: int) -> None:
    """Select tile `i` (again: unselect it). The palette below opens on its suit, so a misread
    tile is fixed with one more tap (a 7s read as 8s: the bamboo tiles are there)."""
    ss = st.session_state
    ss.selected = None if ss.get("selected") == i else i
    tiles = ss.draft.tiles
    if ss.selected is not None and 0 <= i < len(tiles) and tiles[i].code[-1:] in SUITS:
        ss["palette-suit"] = tiles[i].code[-1]


def _highlight(d: S.Draft, i: int, selected: int | None) -> str | None:
    if i == selected:
        return "selected"
    if d.tiles[i].uncertain:
        return "warn"
    if d.tiles[i].group == S.WIN:
        return "win"
    return None


def _wild(d: S.Draft, i: int, face_down: bool, joker: Joker | None) -> bool:
    """Whether tile `i` is drawn as a copy of the `joker` kind (its face shown)."""
    return joker is not None and d.tiles[i].code == joker.code and not face_down


def _cell_picture(d: S.Draft, i: int, selected: int | None, face_down: bool = False) -> bytes:
    """One tile's picture, drawn on its button: as its back when `face_down` (the outer tiles
    of a concealed kong as they lie on the table)."""
    slot = d.tiles[i]
    return tile_png(T.BACK if face_down else slot.code, _highlight(d, i, selected), 2 * TILE_PX)


def _cell(d: S.Draft, i: int, lang: str, selected: int | None, face_down: bool = False,
          joker: Joker | None = None) -> None:
    """One tile: a button with its picture above its label (the picture: `_cell_picture`,
    drawn on the button by pictures.button_pictures). A copy of the `joker` kind is a cell of
    its picture, with its gold border and badge and an alt text that names it a joker, and its
    button."""
    slot = d.tiles[i]
    label = tile_label(slot.code, lang) + ("?" if slot.uncertain else "")
    if not _wild(d, i, face_down, joker):
        st.button(label, key=f"tile-{i}", on_click=_select, args=(i,), type="tertiary")
        return
    with st.container(key=f"cell-{i}", width=TILE_PX + 6, gap=None, horizontal_alignment="center"):
        PIC.tile(tile_png(slot.code, _highlight(d, i, selected), 2 * TILE_PX, joker.badge),
                 TILE_PX, alt=joker.alt(tile_name(slot.code, lang), lang))
        st.button(label, key=f"tile-{i}", on_click=_select, args=(i,), type="tertiary")


def _meld_summary(spec: S.Meld, lang: str) -> str:
    if spec.concealed:
        return t("meld_concealed", lang)
    claim = t(f"claim_{spec.claimed_from}", lang) if spec.claimed_from else ""
    return t("meld_exposed", lang) + (f" · {claim}" if claim else "")


def _meld_controls(d: S.Draft, k: int, lang: str) -> None:
    """A small menu under a meld: concealed kong or exposed, claimed from whom, dissolve."""
    spec = d.melds[k]
    codes = [d.tiles[i].code for i in d.group(S.meld_group(k))]
    # the widgets show this meld's settings: keyed by position, they showed the settings of
    # the meld that was there before (a chow said 'claimed from across' once the meld before
    # it went back to the standing tiles); a menu closes when the melds are renumbered
    ss = st.session_state
    ss[f"meld-conc-{k}"], ss[f"meld-from-{k}"] = spec.concealed, spec.claimed_from
    with st.popover(_meld_summary(spec, lang), key=f"meld-pop-{k}-{len(d.melds)}",
                    type="tertiary"):
        if len(codes) == 4:
            st.toggle(t("meld_concealed", lang), key=f"meld-conc-{k}",
                      on_change=lambda: apply(S.set_meld, k,
                                              concealed=st.session_state[f"meld-conc-{k}"]))
        if not spec.concealed:  # one tap: a row of choices, not a list to open first
            st.segmented_control(
                t("claimed_from", lang), CLAIMS[1:], key=f"meld-from-{k}",
                format_func=lambda c: t(f"claim_{c}", lang),
                on_change=lambda: apply(S.set_meld, k, claimed_from=_claim(k)),
            )
        st.button(t("unmeld", lang), key=f"unmeld-{k}", on_click=apply,
                  args=(S.dissolve_meld, k), icon=":material/undo:")


def _claim(k: int) -> str | None:
    value = st.session_state[f"meld-from-{k}"]  # None: tapped again, not said
    return None if value in (None, "none") else value


def _face_down(d: S.Draft, g: str) -> set[int]:
    """The tiles of group `g` drawn as backs: the outer two of a concealed kong."""
    idx = S.sorted_group(d, g)
    k = S.meld_index(g)
    hidden = k is not None and d.melds[k].concealed and len(idx) == 4
    return {idx[0], idx[3]} if hidden else set()


def _shown_groups(d: S.Draft) -> tuple[list[str], list[str]]:
    """The groups of the hand's two rows: standing tiles, winning tile, flowers (when any); the
    melds."""
    first = [g for g in (S.CONCEALED, S.WIN, S.FLOWERS) if g != S.FLOWERS or d.group(g)]
    return first, [S.meld_group(k) for k in range(len(d.melds))]


def _group_block(d: S.Draft, g: str, lang: str, selected: int | None,
                 joker: Joker | None = None) -> None:
    from mjlens.ui import views_quick as QF

    idx = S.sorted_group(d, g)
    k = S.meld_index(g)
    down = _face_down(d, g)
    with st.container(key=f"block-{g}", width="content", gap="small"):
        st.markdown(f"**{group_name(g, lang)}**" + ("" if idx else f" {t('empty_group', lang)}"))
        if idx:
            with st.container(horizontal=True, gap="small", key=f"group-{g}"):
                for i in idx:
                    _cell(d, i, lang, selected, face_down=i in down, joker=joker)
        if k is not None:
            _meld_controls(d, k, lang)
        if g == S.WIN:
            QF.win_row(d, lang)


def hand_view(lang: str, joker: Joker | None = None) -> None:
    """The hand grouped as on the table: standing tiles, winning tile and flowers, then the
    melds side by side; tap a tile's label to select it. Copies of the `joker` kind are marked,
    with a legend line when the hand holds one."""
    from mjlens.ui import views_quick as QF

    ss = st.session_state
    d: S.Draft = ss.draft
    selected = ss.get("selected")
    if selected is not None and selected >= len(d.tiles):
        selected = ss.selected = None
    if ss.get("edit_error"):
        st.warning(text(ss.pop("edit_error"), lang))
    learnt = ss.get("learnt_msg")  # what the tile profile learnt from the fix that made this hand
    if learnt and learnt[2] is d:
        (st.success if learnt[0] == "success" else st.error)(text(learnt[1], lang))
    first, melds = _shown_groups(d)
    # the pictures first (one style element), so the buttons are drawn with them
    PIC.button_pictures({f"tile-{i}": _cell_picture(d, i, selected, i in down)
                         for g in first + melds for down in [_face_down(d, g)]
                         for i in S.sorted_group(d, g)
                         if not _wild(d, i, i in down, joker)}, TILE_PX)
    PIC.button_pictures(QF.pictures(d), TILE_PX)  # the one-tap choices' (none: no element)
    with st.container(horizontal=True, gap="medium", key="hand-row"):
        for g in first:
            _group_block(d, g, lang, selected, joker)
    if melds:
        with st.container(horizontal=True, gap="medium", key="meld-row"):
            for g in melds:
                _group_block(d, g, lang, selected, joker)
    if joker is not None and any(s.code == joker.code for s in d.tiles):
        st.caption(text(joker.legend(), lang))
    QF.quick_fixes(d, lang)
    if d.tiles:
        st.caption(t("tap_hint", lang))


def _move_targets(d: S.Draft) -> list[str]:
    return [S.CONCEALED] + [S.meld_group(k) for k in range(len(d.melds))] + [S.NEW_MELD, S.WIN]


def selected_name(code: str, lang: str) -> str:
    """The selected tile's name with its code, as the notation writes it (`5 Dots (5p)`,
    `五筒（5p）`); the Traditional page by name alone, writing no Latin letter."""
    return tile_name(code, lang) + ("" if lang == HANT else aside(code, lang))


def edit_panel(lang: str) -> None:
    """Corrections for the selected tile: likely alternatives, move, mark winning, delete."""
    ss = st.session_state
    d: S.Draft = ss.draft
    i = ss.get("selected")
    if i is None or i >= len(d.tiles):
        return
    from mjlens.ui import views_quick as QF

    slot = d.tiles[i]
    with st.container(border=True, key="edit-panel"):
        info = t("selected_tile", lang, tile=selected_name(slot.code, lang))
        if slot.confidence is not None:
            info += " · " + t("confidence", lang, p=round(100 * slot.confidence))
        photo = ss.get("photo")
        if slot.box is not None and photo is not None:
            # what the photo shows there, beside what it was read as
            with st.container(horizontal=True, vertical_alignment="center", key="edit-head"):
                crop = PIC.crop_bytes((ss.get("photo_n"), slot.box),
                                      lambda: tile_crop(photo, slot.box), 2 * TILE_PX)
                st.image(crop, width=2 * TILE_PX, caption=t("in_photo", lang))
                PIC.tile(tile_png(slot.code, None, 2 * TILE_PX), TILE_PX,
                         caption=tile_label(slot.code, lang))
                st.markdown(info)
        else:
            st.markdown(info)
        if slot.note:
            st.caption(text(slot.note, lang))
        if slot.alternatives:
            alternatives(i, slot, lang)
        _red_toggle(d, i, lang)
        QF.meld_buttons(d, i, lang)
        if not S.is_flower_slot(slot):
            targets = _move_targets(d)
            ss["move-target"] = slot.group
            st.segmented_control(
                t("move_to", lang), targets, key="move-target",
                format_func=lambda g: group_name(g, lang),
                on_change=_move, args=(i, slot.group),
            )
        with st.container(horizontal=True):
            if slot.uncertain:
                st.button(t("looks_right", lang), key="confirm", on_click=apply,
                          args=(S.confirm, i), icon=":material/check:")
            st.button(t("delete", lang), key="delete", on_click=_delete, args=(i,),
                      icon=":material/delete:")
            if slot.box is not None and ss.get("profile_image") is not None and PR.active():
                st.button(t("not_a_tile", lang), key="not-a-tile", on_click=_not_a_tile,
                          args=(i,), icon=":material/block:", help=t("not_a_tile_help", lang))
            st.button(t("done", lang), key="done", on_click=_select, args=(i,))
        palette(lang, editing=True)


def _red_toggle(d: S.Draft, i: int, lang: str) -> None:
    """A five, under a rule set that counts red fives (riichi): printed red or not, one tap
    on the tile's own panel (the same red fives as the win details' list)."""
    from mjlens.ui.views_result import current_rules

    code = d.tiles[i].code
    rs = current_rules()
    if code not in S.FIVES or rs is None or "red_fives" not in rs.field_names:
        return
    st.session_state["red-five"] = code in (d.context.extra.get("red_fives") or ())
    st.toggle(t("red_five", lang), key="red-five", on_change=lambda: apply(
        S.set_red, i, bool(st.session_state["red-five"])))


def alternatives(i: int, slot: S.DraftTile, lang: str) -> None:
    """The detector's next-best codes for the box (the layout keeps three), as tile pictures:
    one tap fixes the tile; the palette below has the rest."""
    st.caption(t("maybe", lang))
    with st.container(horizontal=True, gap="small", key="alt-tiles"):
        for alt in slot.alternatives[:3]:
            if alt == T.BACK:
                continue
            with st.container(key=f"pcell-alt-{alt}", width=TILE_PX + 6, gap=None,
                              horizontal_alignment="center"):
                PIC.tile(tile_png(alt, None, 2 * TILE_PX), TILE_PX, alt=tile_name(alt, lang))
                st.button(tile_label(alt, lang), key=f"alt-{alt}", on_click=_change,
                          args=(i, alt), type="tertiary", help=tile_name(alt, lang))


def _change(i: int, code: str) -> None:
    """Give the selected tile its right code: one tap fixes it, so the selection ends; the
    active tile profile learns the tile's crop."""
    tiles = st.session_state.draft.tiles
    box = tiles[i].box if 0 <= i < len(tiles) else None
    _transition(S.set_code, i, code)
    learn_correction(box, code)
    st.session_state.selected = None
    PT.rerun(PT.HAND)


def _move(i: int, current: str) -> None:
    """Move the selected tile; it then sits elsewhere in the list, so the selection ends."""
    _transition(S.move, i, st.session_state["move-target"] or current)
    st.session_state.selected = None
    PT.rerun(PT.HAND)


def _delete(i: int) -> None:
    _transition(S.delete, i)
    st.session_state.selected = None
    PT.rerun(PT.HAND)


def _not_a_tile(i: int) -> None:
    """The box is on the table, not on a tile: it goes, and the active profile learns the spot
    so such boxes are left out of later photos."""
    tiles = st.session_state.draft.tiles
    box = tiles[i].box if 0 <= i < len(tiles) else None
    _transition(S.delete, i)
    learn_correction(box, None)  # after the delete: its message belongs to the hand without it
    st.session_state.selected = None
    PT.rerun(PT.HAND)


def _palette_tap(code: str) -> None:
    ss = st.session_state
    i = ss.get("selected")
    if i is not None and i < len(ss.draft.tiles):
        _change(i, code)
        return
    target = ss.get("add-target") or S.CONCEALED
    before = len(ss.draft.melds)
    _transition(S.add_entered, code, target, sets=_hand_sets())
    if target == S.NEW_MELD and len(ss.draft.melds) > before:
        ss["add-target-next"] = S.meld_group(before)  # following taps fill the new meld
    PT.rerun(PT.HAND)


def _hand_sets() -> int:
    """Sets in a hand of the chosen rule set (5 in 16-tile games such as yuhuan, fujian)."""
    from mjlens.ui.views_result import current_options, current_rules

    rs = current_rules()
    return hand_sets(rs.id, current_options(rs)) if rs is not None else 4


def _game_suits() -> list[str]:
    """The palette's suits that hold the chosen game's tiles (RuleSet.tiles): no Flowers under
    riichi, where a tapped flower was only refused ('played without flowers')."""
    from mjlens.ui.views_result import current_options, current_rules

    rs = current_rules()
    game = set(rs.tiles_for(current_options(rs)) or ()) if rs is not None else set()
    suits = [s for s in SUITS if not game or game.intersection(SUIT_CODES[s])]
    return suits or list(SUITS)


def palette(lang: str, editing: bool) -> None:
    """All tiles of one suit at a time; a tap adds the tile, or, when `editing`, changes the
    selected tile into it."""
    ss = st.session_state
    d: S.Draft = ss.draft
    if editing:
        st.caption(t("palette_change", lang))
    else:
        targets = [S.CONCEALED] + [S.meld_group(k) for k in range(len(d.melds))]
        targets += [S.NEW_MELD, S.WIN]
        if "add-target-next" in ss:
            ss["add-target"] = ss.pop("add-target-next")
        if ss.get("add-target") not in targets:
            ss["add-target"] = S.CONCEALED
        st.segmented_control(t("palette_add_to", lang), targets, key="add-target",
                             format_func=lambda g: group_name(g, lang))
    suits = _game_suits()
    if ss.get("palette-suit") not in suits:  # none yet, or a suit this game has not
        ss["palette-suit"] = suits[0]  # (_select sets it to a tile's suit)
    suit = st.segmented_control(
        t("palette", lang), suits, key="palette-suit", required=True,
        format_func=lambda s: t(f"suit_{s}", lang), label_visibility="collapsed",
    ) or "m"
    # each tile one button with its picture drawn on it (pictures.button_pictures)
    PIC.button_pictures({f"pal-{code}": tile_png(code, None, 2 * TILE_PX)
                         for code in SUIT_CODES[suit]}, TILE_PX)
    with st.container(horizontal=True, gap="small", key="palette-tiles"):
        for code in SUIT_CODES[suit]:
            st.button(tile_label(code, lang), key=f"pal-{code}", on_click=_palette_tap,
                      args=(code,), type="tertiary")


def add_tiles_view(lang: str) -> None:
    """The palette for adding tiles, when no tile is selected (open when entering by hand)."""
    ss = st.session_state
    if ss.get("selected") is not None:
        return
    open_ = ss.get("mode") == "manual" or not ss.draft.tiles
    # the key changes with the default, so the box opens or closes when the situation changes;
    # under a photo's reading (closed) its 30-odd elements are sent only while it is open
    box = st.expander(t("palette", lang), expanded=open_, icon=":material/add:",
                      key=f"pal-exp-{open_}", on_change="rerun")
    if box.open or not any(s.box for s in ss.draft.tiles):
        with box:
            palette(lang, editing=False)
