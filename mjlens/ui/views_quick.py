"""Streamlit: one-tap fixes of a photo's reading, beside the hand (docs/app.md, Corrections).

What the reader already weighed is offered as it stands, so a misreading it saw coming is fixed
with one tap instead of selecting the tile first: a doubtful tile's other codes, "as read" and
"not a tile"; the other winning tiles it weighed; the tiles that complete a hand one tile short;
and, on a selected standing tile, the melds it makes with the others (a chow read as loose
tiles). Each tile choice is one button with its picture drawn on it (pictures.button_pictures,
`qtile-` keys), and only doubtful tiles get a row, so a run sends a handful of elements more."""

from __future__ import annotations

import streamlit as st

from mjlens.ui import parts as PT
from mjlens.ui import pictures as PIC
from mjlens.ui import state as S
from mjlens.ui import views_hand as VH
from mjlens.ui.i18n import t, tile_label, tile_name
from mjlens.ui.render import tile_crop
from mjlens.ui.tile_images import tile_png
from scoring import tiles as T

MAX_ROWS = 3  # doubtful tiles offered at once (the least sure first); the rest by selecting
MAX_CODES = 3  # other codes per doubtful tile (the layout keeps three)
PICTURE_H, MIN_CROP_PX = 52, 20  # a tile picture's shown height (views.CSS); a crop's least width
# "It's right" and "Not a tile" show only their icons, so a row fits one line on a phone (the
# words are visually hidden in views.CSS, kept for screen readers); the legend above the rows
# says once what the icons mean, and each button's tooltip says it again.
OK_ICON, NOT_TILE_ICON = ":material/check:", ":material/block:"


def doubtful(d: S.Draft) -> list[int]:
    """The doubtful tiles that get a row, least sure first (a tile the layout changed first)."""
    found = [i for i, s in enumerate(d.tiles) if s.uncertain]
    found.sort(key=lambda i: d.tiles[i].confidence if d.tiles[i].confidence is not None else -1)
    return found[:MAX_ROWS]


def crop_width(box: tuple[float, float, float, float]) -> int:
    """The width a doubtful tile's crop is shown at: no taller than the tile pictures beside it
    (a tall box shown a tile wide made its row half again as tall), no wider than they are."""
    w, h = box[2] - box[0], box[3] - box[1]
    return max(MIN_CROP_PX, min(VH.TILE_PX, round(PICTURE_H * w / max(h, 1e-9))))


def legend(lang: str) -> str:
    """The lines above the doubtful rows: what to tap, and what the two icons mean."""
    return (f"{t('quick_fix', lang)}  \n{OK_ICON} {t('looks_right', lang)} · "
            f"{NOT_TILE_ICON} {t('not_a_tile', lang)}")


def _codes(slot: S.DraftTile) -> list[str]:
    return [c for c in slot.alternatives if c != T.BACK][:MAX_CODES]


def _game_tiles() -> set[str] | None:
    """The chosen game's tiles (RuleSet.tiles_for), None where it plays them all."""
    from mjlens.ui.views_result import current_options, current_rules

    rs = current_rules()
    tiles = rs.tiles_for(current_options(rs)) if rs is not None else None
    return set(tiles) if tiles else None


def _missing(d: S.Draft) -> list[str]:
    """The tiles that complete a hand one tile short, worked out once per draft."""
    ss = st.session_state
    key = (VH._hand_sets(), frozenset(_game_tiles() or ()))
    kept = ss.get("_completing")
    if kept is not None and kept[0] is d and kept[1] == key:
        return kept[2]
    found = S.completing_tiles(d, key[0], _game_tiles())
    ss["_completing"] = (d, key, found)
    return found


def pictures(d: S.Draft) -> dict[str, bytes]:
    """{button key: tile picture} of every quick tile choice this run shows."""
    size = 2 * VH.TILE_PX
    out = {f"qtile-alt-{i}-{c}": tile_png(c, None, size)
           for i in doubtful(d) for c in _codes(d.tiles[i])}
    out |= {f"qtile-win-{c}": tile_png(c, "win", size) for c in S.win_choices(d)}
    out |= {f"qtile-add-{c}": tile_png(c, None, size) for c in _missing(d)}
    return out


def win_row(d: S.Draft, lang: str) -> None:
    """Beside the winning tile: the other winning tiles the reader weighed, one tap each."""
    codes = S.win_choices(d)
    if not codes:
        return
    st.caption(t("won_on_instead", lang))
    with st.container(horizontal=True, gap="small", key="win-choices"):
        for c in codes:
            st.button(tile_label(c, lang), key=f"qtile-win-{c}", on_click=VH.apply,
                      args=(S.mark_win_code, c), type="tertiary", help=tile_name(c, lang))


def quick_fixes(d: S.Draft, lang: str) -> None:
    """Under the hand: a row for each doubtful tile, and the tiles a short hand lacks."""
    rows = doubtful(d)
    if rows:
        st.caption(legend(lang))
    for i in rows:
        _doubt_row(d, i, lang)
    missing = _missing(d)
    if missing:
        st.caption(t("one_short", lang))
        with st.container(horizontal=True, gap="small", key="missing-choices"):
            for c in missing:
                st.button(tile_label(c, lang), key=f"qtile-add-{c}", on_click=_add, args=(c,),
                          type="tertiary", help=tile_name(c, lang))


def _doubt_row(d: S.Draft, i: int, lang: str) -> None:
    """One doubtful tile: its spot in the photo, its other codes, as read, not a tile."""
    slot = d.tiles[i]
    photo = st.session_state.get("photo")
    with st.container(horizontal=True, gap="small", vertical_alignment="center",
                      key=f"doubt-{i}"):
        if slot.box is not None and photo is not None:
            w = crop_width(slot.box)
            st.image(PIC.crop_bytes((st.session_state.get("photo_n"), slot.box),
                                    lambda: tile_crop(photo, slot.box), w),
                     width=w, caption=tile_label(slot.code, lang) + "?")
        for c in _codes(slot):
            st.button(tile_label(c, lang), key=f"qtile-alt-{i}-{c}", on_click=VH._change,
                      args=(i, c), type="tertiary", help=tile_name(c, lang))
        st.button(t("looks_right", lang), key=f"qok-{i}", on_click=VH.apply,
                  args=(S.confirm, i), icon=OK_ICON,
                  help=t("looks_right_help", lang, tile=tile_name(slot.code, lang)))
        if slot.box is not None:
            st.button(t("not_a_tile", lang), key=f"qnot-{i}", on_click=VH._not_a_tile,
                      args=(i,), icon=NOT_TILE_ICON, help=t("not_a_tile_box", lang))


def _add(code: str) -> None:
    if not _read_with(code):
        VH._transition(S.add_missing, code, sets=VH._hand_sets())
    st.session_state.selected = None
    PT.rerun(PT.HAND)


def _read_with(code: str) -> bool:
    """A photo's reading one tile short, as read: the photo read again with the tile in the
    layout's gap (photo.read_with_tile), so the melds it shows are kept. False where there is
    no such reading (a corrected draft, no gap, no hand with it there)."""
    from dataclasses import replace

    from mjlens.ui import photo as P
    from mjlens.ui import views_profiles as PV
    from mjlens.ui.views import detector_or_reason
    from mjlens.ui.views_result import current_options, current_rules

    ss = st.session_state
    d, seen = ss.draft, ss.get("_photo_seen")
    if seen is None or d is not ss.get("photo_draft") or not d.check_spots:
        return False
    detector, _ = detector_or_reason()
    if detector is None:
        return False
    img, detected = seen[1], seen[2]
    rs = current_rules()
    spots = [(x / img.scale, y / img.scale) for x, y in d.check_spots]
    reading = P.read_with_tile(img, detector, detected, code, spots, rs.id if rs else None,
                               d.context, current_options(rs) if rs else None,
                               PV.reader_or_none(detector))
    if reading is None:
        return False
    ss["_photo_seen"] = (seen[0], img, reading.scan.detected)  # another rule set keeps it
    ss.draft = ss.photo_draft = replace(reading.draft, context=d.context)
    return True


def meld_buttons(d: S.Draft, i: int, lang: str) -> None:
    """On a selected standing tile's panel: the melds it makes with other standing tiles."""
    choices = S.meld_choices(d, i)
    if not choices:
        return
    with st.container(horizontal=True, gap="small", key="make-melds"):
        for n, idx in enumerate(choices):
            codes = T.sorted_codes(d.tiles[j].code for j in idx)
            label = t("make_meld", lang, tiles=" ".join(tile_label(c, lang) for c in codes))
            st.button(label, key=f"mkmeld-{n}", on_click=_make_meld, args=(idx,),
                      icon=":material/join:")


def _make_meld(idx: tuple[int, ...]) -> None:
    VH._transition(S.make_meld, idx)
    st.session_state.selected = None
    PT.rerun(PT.HAND)
