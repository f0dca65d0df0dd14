"""Streamlit page: input (photo, camera, notation), the hand editor and the score, in two columns
on a desktop and one under the other on a phone. `main()` is all app.py runs."""

from __future__ import annotations

import hashlib
import logging
from dataclasses import replace

import streamlit as st

from mjlens.ui import engine as E
from mjlens.ui import jokers as J
from mjlens.ui import parts as PT
from mjlens.ui import photo as P
from mjlens.ui import pictures as PIC
from mjlens.ui import render as R
from mjlens.ui import state as S
from mjlens.ui import views_profiles as PV
from mjlens.ui import warm as W
from mjlens.ui.i18n import LANG_NAMES, is_zh, lang_of_locale, pick, t, text, tile_name
from mjlens.ui.table_page import add_to_table_view
from mjlens.ui.views_hand import add_tiles_view, edit_panel, hand_view
from mjlens.ui.views_result import (
    choose_rules,
    context_summary,
    context_view,
    current_options,
    current_rules,
    draft_for,
    is_stake,
    options_view,
    payments_view,
    result_view,
    score_badge,
)
from scoring.hand import HandError

log = logging.getLogger(__name__)
EXAMPLE = E.EXAMPLES[0]
CSS = """
<style>
/* A tile of the hand or the palette: one button, its picture drawn on it above its label
   (pictures.button_pictures: 38x52 px). */
div[class*="st-key-tile-"] button, div.st-key-palette-tiles div[class*="st-key-pal-"] button,
div[class*="st-key-qtile-"] button {
  width: 44px; height: calc(52px + 1.35rem); min-height: 0; padding: 0;
  display: flex; align-items: flex-end; justify-content: center; font-size: 0.85rem;
  background-color: transparent; background-repeat: no-repeat;
  background-position: center top; background-size: 38px auto; }
div[class*="st-key-tile-"] button p,
div.st-key-palette-tiles div[class*="st-key-pal-"] button p, div[class*="st-key-qtile-"] button p {
  line-height: 1.3rem; margin: 0; white-space: nowrap; }
/* A tile cell with its picture apart (a joker of the hand, the other codes of a tile, the
   review page): the label under the picture; the whole cell is the button. */
div[class*="st-key-cell-"], div[class*="st-key-pcell-"] {
  position: relative; padding-bottom: 1.35rem; gap: 0; }
div[class*="st-key-cell-"] [data-testid="stElementToolbar"],
div[class*="st-key-pcell-"] [data-testid="stElementToolbar"] { display: none; }
div[class*="st-key-cell-"] div[class*="st-key-tile-"],
div[class*="st-key-pcell-"] div[class*="st-key-pal-"],
div[class*="st-key-pcell-"] div[class*="st-key-alt-"] {
  position: absolute !important; inset: 0; width: 100% !important; z-index: 2; }
div[class*="st-key-cell-"] div[class*="st-key-tile-"] *,
div[class*="st-key-pcell-"] div[class*="st-key-pal-"] *,
div[class*="st-key-pcell-"] div[class*="st-key-alt-"] * {
  width: 100%; height: 100%; }
div[class*="st-key-cell-"] div[class*="st-key-tile-"] button,
div[class*="st-key-pcell-"] button {
  display: flex; align-items: flex-end; justify-content: center; padding: 0;
  min-height: 0; font-size: 0.85rem; background: transparent; }
div[class*="st-key-cell-"] div[class*="st-key-tile-"] [data-testid="stMarkdownContainer"],
div[class*="st-key-pcell-"] div[class*="st-key-pal-"] [data-testid="stMarkdownContainer"],
div[class*="st-key-pcell-"] div[class*="st-key-alt-"] [data-testid="stMarkdownContainer"] {
  display: flex; flex-direction: column; justify-content: flex-end; align-items: center; }
div[class*="st-key-cell-"] div[class*="st-key-tile-"] button p,
div[class*="st-key-pcell-"] div[class*="st-key-pal-"] button p,
div[class*="st-key-pcell-"] div[class*="st-key-alt-"] button p {
  height: auto; line-height: 1.3rem; margin: 0; white-space: nowrap; }
div[class*="st-key-cell-"] img, div[class*="st-key-pcell-"] img { border-radius: 4px; }
div[class*="st-key-group-"], div.st-key-palette-tiles { gap: 0.25rem; }
/* A doubtful tile's row (views_quick): one line on a 390 px phone. Tight gaps; "It's right"
   and "Not a tile" show their icons alone, their words hidden from sight but not from screen
   readers (the legend above the rows and the tooltips say them). */
div[class*="st-key-doubt-"] { gap: 0.3rem; flex-wrap: nowrap; }
div[class*="st-key-doubt-"] > div:has([data-testid="stImage"]) { min-width: 44px; }
div[class*="st-key-doubt-"] [data-testid="stImageContainer"] { align-items: center; }
div[class*="st-key-doubt-"] [data-testid="stImageCaption"] {
  width: auto !important; max-width: none !important; white-space: nowrap; }
div[class*="st-key-doubt-"] div[class*="st-key-qok-"] button,
div[class*="st-key-doubt-"] div[class*="st-key-qnot-"] button {
  min-width: 0; width: 2.5rem; padding: 0; }
div[class*="st-key-doubt-"] div[class*="st-key-qok-"] [data-testid="stMarkdownContainer"] p,
div[class*="st-key-doubt-"] div[class*="st-key-qnot-"] [data-testid="stMarkdownContainer"] p {
  position: absolute; width: 1px; height: 1px; margin: 0; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; }
.block-container { padding-top: 3.2rem; }
/* Columns stacked on a phone are as far apart as any two parts of the page: the desktop's
   large gap between the hand and the score (4rem) was an empty band between them. A gap
   between rows of wrapped columns alone, so the desktop's columns keep theirs. */
[data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"]) { row-gap: 1rem; }
/* Choices in a row (suits, groups, language) wrap onto a second line in a narrow column
   instead of scrolling sideways, where the last ones (Flowers, Face down) were out of sight. */
[data-testid="stButtonGroup"] [role="radiogroup"] { flex-wrap: wrap; overflow: visible;
  row-gap: 0.25rem; }
/* A page link's words (the Table page's, under the score) wrap: Streamlit keeps them on one
   line and cut them at the column's edge, on a phone and in a desktop's score column. */
[data-testid="stPageLink-NavLink"] > span:last-child,
[data-testid="stPageLink-NavLink"] [data-testid="stMarkdownContainer"],
[data-testid="stPageLink-NavLink"] p { white-space: normal; overflow: visible; }
</style>
"""
# What the uploader offers: what the one loading policy reads (HEIC where pillow-heif is there).
PHOTO_TYPES = ["jpg", "jpeg", "png", "webp", "heic", "heif"]
PER_HAND_FLAGS = ("self_drawn", "last_tile", "kong_replacement", "robbing_kong", "last_copy")


@st.cache_resource(show_spinner=False)
def _detector():
    """The detector, loaded once per server. A failure is not cached (Streamlit does not cache
    exceptions), so a model added later is found without restarting the app."""
    return P.load_detector()


def detector_or_reason():
    """(detector, None) or (None, the exception that says why there is none), never raised."""
    try:
        return _detector(), None
    except P.DetectorUnavailable as exc:  # also a model file that does not load
        return None, exc


# Streamlit's own words in the file uploader (its button, the size limit, a file's size) and the
# camera (take, clear, allow access) are English whatever the page's language: on the Chinese
# page they are replaced by the catalog's (tests/test_browser.py checks what is visible).
CSS_ZH = """
<style>
[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] p,
[data-testid="stFileUploaderDropzoneInstructions"] span {{ font-size: 0; }}
[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] p::after {{
  content: "{button}"; font-size: 0.875rem; }}
[data-testid="stFileUploaderDropzoneInstructions"] span::after {{
  content: "{limits}"; font-size: 0.875rem; }}
[data-testid="stFileChipName"] + div {{ display: none; }}
[data-testid="stCameraInputButton"] {{ font-size: 0; }}
[data-testid="stCameraInputButton"]::after {{ content: "{take}"; font-size: 0.875rem; }}
[data-testid="stCameraInput"]:has(img) [data-testid="stCameraInputButton"]::after {{
  content: "{clear}"; }}
[data-testid="stCameraInputWebcamComponent"] p {{ font-size: 0; }}
[data-testid="stCameraInputWebcamComponent"] p::before {{ content: "{allow}"; font-size: 1rem; }}
</style>
"""


# Widgets whose choices are shown in the page's language. The browser keeps a choice as its shown
# label, so after a language switch it would send the old language's label back and the choice
# would be lost (the rule set fell back to Guobiao): the switch sets each of them again, which
# makes Streamlit send the label in the new language.
LABELLED_CHOICES = ("rules", "opt-", "extra-", "meld-from-", "palette-suit", "mode", "add-target",
                    "move-target", "ctx-")


def keep_choices(prefixes=LABELLED_CHOICES) -> None:
    """On a language switch: set every labelled choice again to its own value."""
    ss = st.session_state
    for key in list(ss.keys()):
        if (isinstance(key, str) and key.startswith(prefixes)
                and not key.startswith("extra-error-") and not key.endswith("-exp")):
            ss[key] = ss[key]


def init_state() -> None:
    ss = st.session_state
    ss.setdefault("draft", S.Draft())
    ss.setdefault("selected", None)
    if "lang" not in ss:  # the browser's language first; the switch keeps the choice after
        ss.lang = lang_of_locale(st.context.locale)
    ss.setdefault("mode", "upload")


def _reading_key(digest: str) -> tuple:
    """What a photo's reading depends on: the photo, the rule set and its hand size."""
    from mjlens.ui.views_hand import _hand_sets

    rs = current_rules()
    return digest, rs.id if rs else None, _hand_sets()


def _read_already(key: tuple) -> bool:
    """Whether the draft is this photo's reading. The same photo again keeps the corrections;
    under another rule set the photo is read again (its hand size and fans judge the layout's
    readings: 17 tiles under Fujian, 14 under Guobiao), unless the player corrected the reading
    and the hand size is the same."""
    ss = st.session_state
    old = ss.get("photo_key")
    if old is None or old[0] != key[0]:
        return False
    if old == key:
        return True
    corrected = ss.get("photo_draft") is not ss.draft
    return corrected and old[2] == key[2]


def _put_aside(old: tuple | None, key: tuple) -> tuple[int | None, S.Draft | None]:
    """A reading the player corrected (or a hand they typed over it) is kept aside when the
    photo is read again for another hand size (17 tiles under Fujian, 14 under Guobiao), and
    comes back when a rule set of its size is chosen again: a change of rule set never loses a
    correction. Returns (the sets of the hand just kept aside, or None; the hand kept for
    `key`'s size, or None)."""
    ss = st.session_state
    kept = ss.get("_kept_readings") if old is not None and old[0] == key[0] else None
    kept, aside = dict(kept or {}), None
    if old is not None and old[0] == key[0] and ss.get("photo_draft") is not ss.draft:
        kept[old[2]] = ss.draft
        aside = old[2]
    back = kept.pop(key[2], None)
    ss["_kept_readings"] = kept
    return aside, back


def take_photo(data: bytes) -> None:
    """Read a new photo into the draft (the same photo again keeps the corrections; a new
    rule set reads it again, see _read_already)."""
    ss = st.session_state
    digest = hashlib.sha1(data).hexdigest() + ":" + (PV.PR.active() or "")  # profile changed
    key = _reading_key(digest)
    if _read_already(key):
        return
    kept, back = _put_aside(ss.get("photo_key"), key)
    ss.photo_key = key
    if back is not None:  # the player's own hand for this size, as they left it
        ss.draft, ss.photo_draft, ss.selected = replace(back, context=ss.draft.context), None, None
        ss.photo_msg = ("info", "corrections_back", {"size": 3 * key[2] + 2})
        return
    ss.photo_digest = digest
    ss.photo_msg = None
    ss.notation_error = ""  # the box shows the photo's hand from now on
    from vision.detect import ImageReadError

    seen = ss.get("_photo_seen")  # this upload decoded and detected before: read it again only
    if seen is not None and seen[0] == digest:
        img, detections = seen[1], seen[2]
    else:
        try:
            img, detections = P.load_photo(data), None
        except ImageReadError as exc:  # the loader's own sentence says what is wrong
            ss.photo_msg = ("error", None, {"msg": exc.msg})
            return
    detector, why = detector_or_reason()
    if detector is None:
        _show_photo(P.picture(img))
        ss.photo_msg = ("warning", "no_detector", {"why": why})
        return
    base = ss.draft.context
    context = replace(base, **{k: False for k in PER_HAND_FLAGS})
    rs = current_rules()
    reading = P.read_photo(img, detector, rs.id if rs else None, context,
                           current_options(rs) if rs else None, PV.reader_or_none(detector),
                           detections=detections)
    if detections is None:  # a new photo
        ss["_photo_seen"] = (digest, img, reading.scan.detected)
        ss.profile_image = img  # corrections are learnt from its crops
        _show_photo(P.picture(img))
    ss.draft = ss.photo_draft = replace(reading.draft, context=context)
    ss.selected = None
    if kept is not None:
        ss.photo_msg = ("info", "read_again_kept", {"n": reading.tile_count, "size": 3 * key[2] + 2,
                                                    "old": 3 * kept + 2})
    elif reading.tile_count == 0:
        left_out = len(reading.scan.left_out)
        ss.photo_msg = ("warning", "none_in_game", {"n": left_out}) if left_out else \
            ("warning", "no_tiles", {})
    else:
        ss.photo_msg = ("success", *PV.found_msg(reading.tile_count, reading.seconds))


def _show_photo(picture) -> None:
    """A new photo to show: its drawings and crops are made anew (pictures.photo_bytes)."""
    ss = st.session_state
    ss.photo = picture
    ss.photo_n = ss.get("photo_n", 0) + 1
    PIC.clear_crops()


def _notation_changed() -> None:
    from scoring.hand import HandError
    from scoring.notation import parse_hand

    ss = st.session_state
    text = ss.get("notation", "").strip()
    ss.notation_error = ""
    if not text:
        ss.draft = S.clear(ss.draft)
    else:
        try:
            text, reds = S.red_notation(text)  # riichi's 0p: a red 5p
            ss.draft = S.mark_reds(S.from_hand(parse_hand(text, _keys(ss.draft))), reds)
        except HandError as exc:
            ss.notation_error = exc.msg
            PT.rerun(("notation",))
        ss.selected = None
        ss.photo_msg = None  # the photo's message no longer describes the hand
    PT.rerun(PT.HAND)


def _keys(draft: S.Draft) -> tuple[str, ...] | None:
    """The notation's keys the box takes: the chosen game's fields and those the hand holds
    already (kept from another game, written in the box by the app): another is refused."""
    rs = current_rules()
    return None if rs is None else (*rs.field_names, *draft.context.extra)


def _example() -> str:
    """The chosen game's winning example, of its size: the Example button's, the box's grey."""
    rs = current_rules()
    return E.placeholder_for(rs.id, current_options(rs)) if rs else EXAMPLE


def _show_example() -> None:
    _set_notation(_example())


def _set_notation(text: str) -> None:
    st.session_state.notation = text
    _notation_changed()


def input_view(lang: str) -> None:
    mode = st.segmented_control(
        t("input_mode", lang), ["upload", "camera", "manual"], key="mode", required=True,
        format_func=lambda m: t(f"mode_{m}", lang), label_visibility="collapsed",
        persist_state=PT.KEEP,
    )
    if mode == "upload":
        st.file_uploader(t("upload_label", lang), type=PHOTO_TYPES, key="upload")
    elif mode == "camera":
        st.camera_input(t("camera_label", lang), key="camera")
    notation_part(lang)


@st.fragment(key="notation")
def notation_part(lang: str) -> None:
    """The photo's message and the notation box, which always shows the current hand and can be
    edited directly (a part of its own: it follows every change of the hand)."""
    ss = st.session_state
    PT.check("notation", page_key())
    msg = ss.get("photo_msg")
    if msg:
        kind, key, fmt = msg  # shown in the language chosen now; no key: a message of its own
        getattr(st, kind)(text(fmt["msg"], lang) if key is None else
                          t(key, lang, **{k: P.detail(v, lang) for k, v in fmt.items()}))
    if ss.get("notation_src") is not ss.draft:
        ss.notation = S.hand_notation(ss.draft)
        ss.notation_src = ss.draft
    # the example (of the game's size) only in an empty hand's box: a hand the notation cannot
    # write (a meld being fixed) leaves the box empty, where the grey example read as the hand
    st.text_input(t("notation_label", lang), key="notation", on_change=_notation_changed,
                  help=t("notation_help", lang), placeholder=None if ss.draft.tiles else _example(),
                  persist_state=PT.KEEP)
    if ss.get("notation_error"):
        st.error(text(ss.notation_error, lang))
    else:
        ss.notation_src = ss.draft
    with st.container(horizontal=True):
        st.button(t("example_hand", lang), key="example", on_click=_show_example,
                  type="tertiary")
        st.button(t("clear_hand", lang), key="clear", on_click=_set_notation, args=("",),
                  type="tertiary")


def photo_view(lang: str) -> None:
    ss = st.session_state
    img = ss.get("photo")
    if img is None:
        return
    if not any(s.box for s in ss.draft.tiles) and not ss.draft.marks:
        # no detector here: the photo is still a help for entering the hand by hand
        if (ss.get("photo_msg") or ("",))[1:2] == ("no_detector",):
            st.image(PIC.photo_bytes((ss.get("photo_n"),), lambda: img),
                     caption=t("your_photo", lang), output_format="JPEG", width="stretch")
        return
    selected = ss.get("selected")
    shown = PIC.photo_bytes((ss.get("photo_n"), *drawing_key(ss.draft, selected)),
                            lambda: R.draw_detections(img, ss.draft, selected))
    st.image(shown, caption=t("photo_caption", lang), output_format="JPEG",
             width="stretch")
    n = ss.draft.uncertain_count
    if n:
        st.warning(t("check_tiles", lang, n=n))
    spots = len(ss.draft.check_spots)
    if spots:
        st.warning(t("check_spot", lang) if spots == 1 else t("check_spots", lang, n=spots),
                   icon=":material/help:")
    _other_readings(lang)
    if ss.draft.notes:
        with st.expander(t("reading_notes", lang, n=len(ss.draft.notes)), key="notes-exp",
                         icon=":material/info:"):
            for note in ss.draft.notes:
                st.markdown(f"- {text(note, lang)}")


def drawing_key(d: S.Draft, selected: int | None) -> tuple:
    """All that the drawing of the photo's boxes (render.draw_detections) reads of a draft."""
    return (tuple((s.box, s.code, s.uncertain) for s in d.tiles), selected, d.check_spots,
            d.marks)


def _use_reading(notation: str) -> None:
    from scoring.notation import parse_hand

    ss = st.session_state
    d = S.use_reading(ss.draft, notation)
    ctx = replace(d.context, self_drawn=parse_hand(notation).context.self_drawn)
    ss.draft = replace(d, context=ctx)
    ss.selected = None
    PT.rerun(PT.HAND)


def _other_readings(lang: str) -> None:
    """One-tap choices among the other ways the layout step could read the photo."""
    from mjlens.ui.vision_adapter import reading_text

    d = st.session_state.draft
    if len(d.readings) < 2:
        return
    try:
        current = reading_text(S.to_hand(d, require_win=False))
    except HandError:  # a half-corrected draft: every reading is offered
        current = ""
    others = [(r.text, r.why) for r in d.readings if r.text != current]
    if not others:
        return
    # the readings' tile pictures (a dozen or more each) are sent only while the box is open
    box = st.expander(t("other_readings", lang, n=len(others)), key="readings-exp",
                      icon=":material/swap_horiz:", on_change="rerun")
    with box:
        for k, (notation, why) in enumerate(others):
            why = text(why, lang)
            st.button(f"`{notation}`", key=f"reading-{k}", on_click=_use_reading,
                      args=(notation,), help=why or None)
            if box.open:
                _reading_tiles(notation, k, lang)
            if why:
                st.caption(why)


def _reading_tiles(notation: str, k: int, lang: str) -> None:
    """A reading's tiles as small pictures (its melds apart), so it is seen, not decoded."""
    from mjlens.ui.tile_images import tile_png
    from scoring.notation import parse_hand

    try:
        hand = parse_hand(notation)
    except HandError:
        return
    groups = [list(hand.concealed)] + [list(m.tiles) for m in hand.melds]
    groups += [[hand.win_tile]] if hand.win_tile else []
    with st.container(horizontal=True, gap="medium", key=f"reading-tiles-{k}"):
        for codes in groups:
            with st.container(horizontal=True, gap=None, width="content"):
                for code in codes:
                    PIC.tile(tile_png(code, None, 48), 22, alt=tile_name(code, lang))


def export_view(outcome: E.Outcome, rs, options: dict, lang: str,
                joker: J.Joker | None = None) -> None:
    """The score to download, as JSON and as a picture. Both are made only when the player
    clicks (Streamlit calls the function then), never on a run that merely shows them."""
    if outcome.result is None:
        return
    st.subheader(t("export", lang))
    with st.container(horizontal=True):
        st.download_button(t("download_json", lang), _json_maker(outcome, rs.id, options),
                           file_name="mjlens-score.json", mime="application/json",
                           icon=":material/download:", key="dl-json", on_click="ignore")
        st.download_button(t("download_png", lang),
                           share_png_maker(st.session_state.draft, outcome, rs, lang, joker),
                           file_name="mjlens-score.png", mime="image/png",
                           icon=":material/image:", key="dl-png", on_click="ignore")


def _json_maker(outcome: E.Outcome, rid: str, options: dict):
    hand, result, options = outcome.hand, outcome.result, dict(options)
    return lambda: E.export_json(hand, result, rid, options)


def share_png_maker(draft: S.Draft, outcome: E.Outcome, rs, lang: str, joker):
    """The score as a picture (render.share_image), made when called: what it shows is fixed
    now, so a later tap does not change a download already offered."""
    result, name = outcome.result, pick(rs.name, rs.name_zh, lang)
    return lambda: R.share_image(draft, result, name, lang, joker)


def page_key() -> tuple:
    """What makes a tap rerun the whole page: the rule set and its hand's size (the photo is
    read again)."""
    from mjlens.ui.views_hand import _hand_sets

    return st.session_state.get("rules"), _hand_sets()


def scored(rs) -> tuple[dict, E.Outcome, J.Joker | None]:
    """(options, outcome, joker) of the current draft under the chosen rule set and options,
    computed once per draft and options, whichever part of the page asks first."""
    ss = st.session_state
    options = current_options(rs)
    key = (rs.id, repr(sorted(options.items())))
    kept = ss.get("_scored")
    if kept is not None and kept[0] is ss.draft and kept[1] == key:
        return kept[2]
    draft = draft_for(rs, ss.draft)
    outcome = E.score_draft(draft, rs.id, options)
    joker = J.joker_of(rs, options, draft.context.extra, outcome.result)
    ss["_scored"] = (ss.draft, key, (options, outcome, joker))
    return options, outcome, joker


@st.fragment(key="badge")
def badge(lang: str) -> None:
    """The hand's heading with the score's badge (above the photo: a phone shows the total
    first), rerun with the score when only how the hand was won or an option changed (the
    score's part reruns the page when that changed the joker the hand's tiles show)."""
    with st.container(horizontal=True, vertical_alignment="center", key="hand-head"):
        st.subheader(t("hand", lang))
        score_badge(scored(current_rules())[1], lang)


@st.fragment(key="editor")
def editor(lang: str) -> None:
    """The photo, the hand and its corrections: selecting a tile reruns only this part; a
    change of the hand reruns the parts that show it (mjlens.ui.parts)."""
    ss = st.session_state
    PT.check("editor", page_key())
    joker = scored(current_rules())[2]
    ss["_hand_joker"] = joker
    photo_view(lang)
    hand_view(lang, joker)
    edit_panel(lang)
    add_tiles_view(lang)


@st.fragment(key="score")
def score_part(lang: str) -> None:
    """The right column: how the hand was won, the house options, the score, the payments, the
    exports and the table."""
    ss = st.session_state
    PT.check("score", page_key())
    rs = current_rules()
    options, outcome, joker = scored(rs)
    if joker != ss.get("_hand_joker"):  # a joker named or changed: the hand's pictures too
        st.rerun(scope="app")
    with st.expander(context_summary(ss.draft.context, lang), key="ctx-exp",
                     icon=":material/casino:"):
        context_view(rs, lang)
    if any(not is_stake(o.name) for o in rs.options):
        with st.expander(t("house_options", lang), key="opt-exp", icon=":material/tune:"):
            options_view(rs, lang, stakes=False)
    st.subheader(t("score", lang))
    result_view(outcome, rs, lang, joker)
    payments_view(outcome, rs, lang)
    export_view(outcome, rs, options, lang, joker)
    add_to_table_view(outcome, lang)


@st.fragment(key=PT.RULES)
def rules_part(lang: str) -> None:
    """The rule set's box (a part: a change reruns it and the hand's parts, see _rules_changed)."""
    with st.container(key="game", width=520):
        choose_rules(lang, on_change=_rules_changed)


def _rules_changed() -> None:
    """Another rule set: the photo is read again under it (its hand size and fans judge the
    layout's readings; the upload's boxes are kept), then only the parts that show the hand and
    the rule set's box are rerun (mjlens.ui.parts.rerun_rules), not the whole page."""
    ss = st.session_state
    mode = ss.get("mode")
    pending = ss.get(mode) if mode in ("upload", "camera") else None
    if pending is not None:
        take_photo(pending.getvalue())
    PT.rerun_rules(page_key())


def main() -> None:
    st.set_page_config(page_title="mjlens", page_icon="🀄", layout="wide")
    st.html(CSS)
    if W.served():
        W.start()  # the first photo's model loading and imports, while this page is looked at
    init_state()
    ss = st.session_state
    # the title and the language switch side by side, each as wide as it needs (in columns the
    # switch had a quarter of the width and put 繁體中文 on a line of its own on a desktop);
    # where both do not fit (a phone) the switch goes under the title
    head = st.container(horizontal=True, vertical_alignment="bottom", key="page-head",
                        horizontal_alignment="distribute")
    title = head.empty()
    head.segmented_control(t("language", ss.lang), list(LANG_NAMES), key="lang", required=True,
                           format_func=LANG_NAMES.get, persist_state=PT.KEEP,
                           label_visibility="collapsed", on_change=keep_choices)
    lang = ss.lang
    if is_zh(lang):
        st.html(CSS_ZH.format(**{k: t(f"widget_{k}", lang) for k in
                                 ("button", "limits", "take", "clear", "allow")}))
    title.markdown(f"### {t('title', lang)}", width="content")
    st.caption(t("tagline", lang))
    mode = ss.get("mode")
    pending = ss.get(mode) if mode in ("upload", "camera") else None
    if pending is not None:  # read a new photo before scoring, so this run shows its hand
        with st.spinner(t("reading_photo", lang)):
            take_photo(pending.getvalue())
    if current_rules() is None:
        st.error(t("no_rulesets", lang))
        return
    # the game first: on a phone the columns stack, and the rules judge the photo's reading
    rules_part(lang)
    PT.page_shows(ss.draft, page_key())
    ss["_page_runs"] = ss.get("_page_runs", 0) + 1  # whole-page runs (the parts' own not)
    left, right = st.columns([3, 2], gap="large")
    with left:
        input_view(lang)
        PV.panel(lang)
        badge(lang)
        editor(lang)
    with right:
        score_part(lang)
