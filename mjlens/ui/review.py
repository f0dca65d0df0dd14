"""Streamlit page "Review labels": confirm what `mjlens label` proposed, photo by photo, least
sure first. Change a box's code from the tile palette, delete a box, add a missing one, accept
the photo; every change is saved at once to the folder's labels (datasets/review.py), and
"Export" rewrites the COCO and Label Studio files. Served as app_pages/review_labels.py."""

from __future__ import annotations

import copy
import os
from pathlib import Path

import streamlit as st

from datasets.formats import FormatError
from datasets.review import NotLabelled, ReviewSet
from mjlens.ui.i18n import LANG_NAMES, lang_of_locale, pick, tile_label, tile_name
from mjlens.ui.pictures import tile
from mjlens.ui.review_picture import UNSURE, drawn
from mjlens.ui.tile_images import tile_png
from scoring.messages import Catalog
from scoring.tiles import DETECTOR_CLASSES

M = Catalog("review", {
    "title": ("Review labels", "复核标注"),
    "caption": ("Confirm the boxes `mjlens label` proposed: least sure photos first. Every "
                "change is saved to the folder at once.",
                "确认 `mjlens label` 给出的框：最不确定的照片排在前面。每次修改都会立即保存到文件夹。"),
    "folder": ("Labelled folder (made by mjlens label)", "标注文件夹（由 mjlens label 生成）"),
    "folder_help": ("The --out folder of `mjlens label DIR --out OUT`",
                    "`mjlens label DIR --out OUT` 的 --out 文件夹"),
    "not_labelled": ("{folder} has no labelling.jsonl: label it first with mjlens label.",
                     "{folder} 里没有 labelling.jsonl：请先用 mjlens label 标注。"),
    "empty": ("The folder holds no labelled photos.", "这个文件夹里没有已标注的照片。"),
    "progress": ("Reviewed {done} / {total}", "已复核 {done} / {total}"),
    "photo": ("Photo {i} of {n}: {name} · {state}", "第 {i} / {n} 张：{name} · {state}"),
    "reviewed": ("accepted", "已确认"),
    "to_review": ("to review", "待复核"),
    "prev": ("Previous", "上一张"),
    "next": ("Next", "下一张"),
    "accept": ("Accept", "确认"),
    "undo": ("Undo", "撤销"),
    "undo_help": ("Undo the last change to this photo (key Z)", "撤销这张照片的上一次修改（Z 键）"),
    "unaccept": ("Review again", "重新复核"),
    "unaccept_help": ("Mark this photo as not yet reviewed", "把这张照片标回待复核"),
    "export": ("Export COCO + Label Studio", "导出 COCO 和 Label Studio"),
    "shortcuts": ("Keys: ← previous, → next, A accept, Z undo, Delete deletes the selected box.",
                  "快捷键：← 上一张，→ 下一张，A 确认，Z 撤销，Delete 删除所选的框。"),
    "box": ("Box", "框"),
    "zoom": ("Zoom to the tiles", "放大到牌"),
    "box_item": ("#{k} {code} · {score}", "第 {k} 号 {code} · {score}"),
    "by_hand": ("by hand", "人工"),
    "no_boxes": ("No boxes in this photo: add the tiles it shows below, or accept it if it "
                 "shows none.",
                 "这张照片没有框：请在下面添加照片里的牌；如果照片里没有牌，直接确认。"),
    "change_to": ("Tap a tile to change box #{k} into it", "点一张牌，把第 {k} 号框改成它"),
    "delete": ("Delete box", "删除这个框"),
    "add": ("Add a missing box", "添加漏掉的框"),
    "add_code": ("Tile", "牌"),
    "add_button": ("Add box", "添加框"),
    "bad_box": ("The box is empty: give it a width and a height.", "框是空的：请给出宽和高。"),
    "counts": ("{n} boxes, {unsure} below {threshold}", "{n} 个框，{unsure} 个低于 {threshold}"),
})
SUITS = ("m", "p", "s", "z", "f", "x")
SUIT_NAMES = {"m": ("Characters", "万"), "p": ("Dots", "筒"), "s": ("Bamboo", "条"),
              "z": ("Honours", "字"), "f": ("Flowers", "花"), "x": ("Face down", "背面")}
UNDO_STEPS = 20  # changes of one photo that Undo can take back
TILE_PX = 38


def t(key: str, lang: str, **params) -> str:
    return M(key, **params).render(lang)


def _codes(suit: str) -> list[str]:
    return [c for c in DETECTOR_CLASSES if (c[-1] == suit if suit != "x" else c == "back")]


def _set(key: str, value) -> None:
    st.session_state[key] = value


def _go(step: int) -> None:
    ss = st.session_state
    ss["rv-index"] = (ss["rv-index"] + step) % len(ss["rv-set"].records)
    ss["rv-box"] = 0


def _remember() -> None:
    """The current photo as it is, kept before a change so that Undo can bring it back (the
    last UNDO_STEPS changes of each photo, for this session only)."""
    ss = st.session_state
    rec = ss["rv-set"].records[ss["rv-index"]]
    steps = ss.setdefault("rv-undo-steps", {}).setdefault(rec.image, [])
    steps.append((copy.deepcopy(rec), _box()))
    del steps[:-UNDO_STEPS]


def _undo_steps() -> list:
    ss = st.session_state
    return ss.get("rv-undo-steps", {}).get(ss["rv-set"].records[ss["rv-index"]].image, [])


def _undo() -> None:
    """The current photo back as it was before its last change (saved like any change)."""
    ss = st.session_state
    if steps := _undo_steps():
        rec, k = steps.pop()
        ss["rv-set"].restore(ss["rv-index"], rec)
        ss["rv-box"] = k


def _unaccept() -> None:
    ss = st.session_state
    _remember()
    ss["rv-set"].unaccept(ss["rv-index"])


def _accept() -> None:
    """Accepts the photo and opens the next one still to review (the next in order may have
    been accepted already, after going back to an earlier photo). Going back to it, Undo or
    Review again takes the acceptance back."""
    ss = st.session_state
    if not ss["rv-set"].records[ss["rv-index"]].reviewed:
        _remember()
    ss["rv-set"].accept(ss["rv-index"])
    ss["rv-index"], ss["rv-box"] = ss["rv-set"].next_to_review(ss["rv-index"]), 0


def _box() -> int:
    """The selected box. The browser sends a choice back as its label, which names the box's
    code: once the code changed, an old label may come back instead of the number."""
    k = st.session_state.get("rv-box")
    return k if isinstance(k, int) else 0


def _change(code: str) -> None:
    ss = st.session_state
    k = _box()
    if ss["rv-set"].records[ss["rv-index"]].boxes[k].code != code:
        _remember()
    ss["rv-set"].set_code(ss["rv-index"], k, code)
    ss["rv-box"] = k  # sent again, so the box list shows the box's new code


def _delete() -> None:
    ss = st.session_state
    rec = ss["rv-set"].records[ss["rv-index"]]
    if rec.boxes:
        _remember()
        ss["rv-set"].delete_box(ss["rv-index"], _box())
        ss["rv-box"] = max(0, min(_box(), len(rec.boxes) - 1))


def _add() -> None:
    """Adds the box and selects it: the boxes are renumbered left to right, so the number that
    stayed selected named another box, which the next palette tap changed."""
    ss = st.session_state
    _remember()
    try:
        ss["rv-box"] = ss["rv-set"].add_box(ss["rv-index"], ss["rv-add-code"], ss["rv-x1"],
                                            ss["rv-y1"], ss["rv-x2"], ss["rv-y2"])
    except ValueError:
        _undo_steps().pop()  # nothing changed
        ss["rv-msg"] = "bad_box"


EXPORTED = ("data.yaml", "annotations.coco.json", "label_studio.json")


def export_zip(rs: ReviewSet) -> bytes:
    """The export as one download: the folder's COCO, Label Studio and YOLO files (written to the
    folder too, as `mjlens label` leaves them), in a zip."""
    import io
    import zipfile

    rs.export()
    folder = Path(rs.folder)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name in EXPORTED:
            if (folder / name).exists():
                z.write(folder / name, name)
        for path in sorted((folder / "labels").glob("*.txt")):
            z.write(path, f"labels/{path.name}")
    return out.getvalue()


def _box_label(rec, k: int, lang: str) -> str:
    b = rec.boxes[k]
    score = t("by_hand", lang) if b.score is None else f"{b.score:.2f}"
    return t("box_item", lang, k=k, code=tile_label(b.code, lang), score=score)


def palette(lang: str, i: int, k: int, code: str) -> None:
    """The tiles of one suit; a tap changes box k into that tile. Opens on the box's suit."""
    ss = st.session_state
    if ss.get("rv-suit-for") != (i, k):
        ss["rv-suit-for"], ss["rv-suit"] = (i, k), "x" if code == "back" else code[-1]
    st.caption(t("change_to", lang, k=k))
    suit = st.segmented_control(
        t("add_code", lang), SUITS, key="rv-suit", required=True,
        format_func=lambda s: pick(*SUIT_NAMES[s], lang), label_visibility="collapsed") or "m"
    with st.container(horizontal=True, gap="small", key="palette-tiles"):
        for code in _codes(suit):
            with st.container(key=f"pcell-{code}", width=TILE_PX + 6, gap=None,
                              horizontal_alignment="center"):
                tile(tile_png(code, None, 2 * TILE_PX), TILE_PX,
                     caption=None if code != "back" else tile_name(code, lang))
                st.button(tile_label(code, lang), key=f"pal-{code}", on_click=_change,
                          args=(code,), type="tertiary", help=tile_name(code, lang))


def add_box_view(rs: ReviewSet, i: int, lang: str) -> None:
    rec = rs.records[i]
    with st.expander(t("add", lang), icon=":material/add_box:", key=f"rv-add-exp-{i}"):
        guess = rs.next_box_guess(i)
        ss = st.session_state
        if ss.get("rv-add-for") != (i, len(rec.boxes)):  # a new photo or box: a new guess
            ss["rv-add-for"] = (i, len(rec.boxes))
            for name, v in zip(("rv-x1", "rv-y1", "rv-x2", "rv-y2"), guess, strict=True):
                ss[name] = int(round(v))
        st.selectbox(t("add_code", lang), DETECTOR_CLASSES, key="rv-add-code",
                     format_func=lambda c: f"{c} {tile_name(c, lang)}")
        cols = st.columns(4)
        for col, name, top in zip(cols, ("x1", "y1", "x2", "y2"),
                                  (rec.width, rec.height, rec.width, rec.height), strict=True):
            # whole pixels: "533.00" did not fit the field and read "533.0("
            col.number_input(name, 0, int(top), key=f"rv-{name}", step=1)
        st.button(t("add_button", lang), key="rv-add-btn", on_click=_add, icon=":material/add:")


def review_photo(rs: ReviewSet, lang: str) -> None:
    ss = st.session_state
    i = ss.setdefault("rv-index", 0) % len(rs.records)
    rec = rs.records[i]
    st.progress(rs.reviewed / len(rs.records),
                text=t("progress", lang, done=rs.reviewed, total=len(rs.records)))
    with st.container(horizontal=True, key="rv-nav"):
        st.button(t("prev", lang), key="rv-prev", on_click=_go, args=(-1,), shortcut="Left",
                  icon=":material/arrow_back:")
        st.button(t("next", lang), key="rv-next", on_click=_go, args=(1,), shortcut="Right",
                  icon=":material/arrow_forward:")
        st.button(t("accept", lang), key="rv-accept", on_click=_accept, shortcut="A",
                  type="primary", icon=":material/check:")
        st.button(t("undo", lang), key="rv-undo", on_click=_undo, shortcut="Z",
                  disabled=not _undo_steps(), help=t("undo_help", lang), icon=":material/undo:")
        if rec.reviewed:
            st.button(t("unaccept", lang), key="rv-unaccept", on_click=_unaccept,
                      help=t("unaccept_help", lang), icon=":material/replay:")
        st.download_button(t("export", lang), lambda: export_zip(rs), key="rv-export",
                           file_name="mjlens-labels.zip", mime="application/zip",
                           on_click="ignore", icon=":material/download:")
    st.caption(t("shortcuts", lang))
    if (msg := ss.pop("rv-msg", None)) is not None:
        st.warning(t(msg, lang))
    state = t("reviewed" if rec.reviewed else "to_review", lang)
    st.markdown(f"**{t('photo', lang, i=i + 1, n=len(rs.records), name=rec.image, state=state)}**")
    unsure = sum(b.score is not None and b.score < UNSURE for b in rec.boxes)
    st.caption(t("counts", lang, n=len(rec.boxes), unsure=unsure, threshold=UNSURE))
    left, right = st.columns([3, 2], gap="medium")
    k = None
    with right:
        if rec.boxes:
            if not isinstance(ss.get("rv-box"), int) or ss["rv-box"] >= len(rec.boxes):
                ss["rv-box"] = _box() if _box() < len(rec.boxes) else 0
            k = st.selectbox(t("box", lang), range(len(rec.boxes)), key="rv-box",
                             format_func=lambda j: _box_label(rec, j, lang))
            palette(lang, i, k, rec.boxes[k].code)
            st.button(t("delete", lang), key="rv-delete", on_click=_delete, shortcut="Delete",
                      icon=":material/delete:")
        else:
            st.info(t("no_boxes", lang))
        add_box_view(rs, i, lang)
    with left:
        zoom = st.toggle(t("zoom", lang), value=True, key="rv-zoom")
        st.image(drawn(rs, i, k, zoom), width="stretch")


def main() -> None:
    from mjlens.ui.parts import KEEP
    from mjlens.ui.views import CSS, keep_choices

    st.set_page_config(page_title="mjlens · review", page_icon="🀄", layout="wide")
    st.html(CSS)
    ss = st.session_state
    if "lang" not in ss:
        ss.lang = lang_of_locale(st.context.locale)
    # as on the scoring page (views.main): the switch beside the title, under it on a phone
    head = st.container(horizontal=True, vertical_alignment="bottom", key="page-head",
                        horizontal_alignment="distribute")
    title = head.empty()
    # kept in the session (as on the scoring page): a run of another page, which draws no
    # switch of this page's, forgot the choice, and the app went back to English
    head.segmented_control("Language / 语言", list(LANG_NAMES), key="lang", required=True,
                           format_func=LANG_NAMES.get, persist_state=KEEP,
                           label_visibility="collapsed", on_change=keep_choices,
                           args=(("rv-box", "rv-suit", "rv-add-code"),))
    lang = ss.lang
    title.markdown(f"### {t('title', lang)}", width="content")
    st.caption(t("caption", lang))
    if "rv-folder" not in ss:
        ss["rv-folder"] = st.query_params.get("folder") or os.environ.get("MJLENS_REVIEW", "")
    folder = st.text_input(t("folder", lang), key="rv-folder", help=t("folder_help", lang))
    if not folder:
        return
    if ss.get("rv-open") != folder:  # open (and sort) once per folder, then keep the order
        try:
            ss["rv-set"] = ReviewSet.open(folder)
        except NotLabelled:
            st.error(t("not_labelled", lang, folder=folder))
            return
        except FormatError as e:  # a damaged line amid the record file
            st.error(e.msg.render(lang))
            return
        ss["rv-open"], ss["rv-index"], ss["rv-box"], ss["rv-undo-steps"] = folder, 0, 0, {}
    rs = ss["rv-set"]
    for note in rs.notes:  # a last line cut off by a kill: skipped, said once per opening
        st.warning(note.render(lang))
    if not rs.records:
        st.info(t("empty", lang))
        return
    review_photo(rs, lang)
