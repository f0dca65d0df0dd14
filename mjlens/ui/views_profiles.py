"""Streamlit: the "My tiles" / 我的牌 panel. Photograph the calibration sheet (or any photo whose
tiles you can list) to make a profile of your own tile set; choose, rename, delete, export and
import profiles. The work is in mjlens/ui/profiles.py; views.py calls `panel` and
`reader_or_none`, views_hand.py calls `learn_correction` when a tile's code is corrected.
"""

from __future__ import annotations

import logging

import numpy as np
import streamlit as st

from mjlens.ui import profiles as PR
from scoring.messages import LANGS, Catalog, TileName

LOG = logging.getLogger(__name__)

M = Catalog("app_profiles", {
    "panel": ("My tiles", "我的牌"),
    "intro": ("Teach the reader your own tile set: photograph one tile of each kind laid in rows "
              "(characters, dots, bamboo, honours, flowers), or any photo whose tiles you can "
              "list. Every tile you correct afterwards is learnt too.",
              "让识牌程序认识你自己的牌：把每种牌各一张按行摆好（万、筒、条、字、花）拍一张，"
              "或任何一张你能列出牌张的照片。之后你改正的每张牌也会被记住。"),
    # said only under a rule set that counts red fives (riichi): elsewhere it was a sentence
    # about another game, and its codes the only Latin letters of the Traditional page
    "intro_red": ("A riichi set: lay its red fives as a last row and write them 0m 0p 0s, so "
                  "the reader learns which fives are red.",
                  "立直麻将的牌：把红五放在最后一行，写成 0m 0p 0s，识牌程序就会认出哪些五是红五。"),
    "active": ("Read photos with", "识牌时使用"),
    "none": ("no profile (the reader alone)", "不用档案（只用识牌程序）"),
    "new": ("Learn a tile set or import a profile", "学习一套牌或导入档案"),
    "sheet_photo": ("Photo of your tiles", "你的牌的照片"),
    "tiles": ("Its tiles in reading order (rows top to bottom, each left to right)",
              "照片里的牌，按阅读顺序（从上到下逐行，每行从左到右）"),
    "name": ("Name", "名称"),
    "default_name": ("My tiles", "我的牌"),
    "make": ("Learn these tiles", "学习这些牌"),
    "no_sheet": ("Add the photo of your tiles first.", "请先添加你的牌的照片。"),
    "made": ("Learnt {n} tile pictures of {k} kinds into '{name}'; it is now in use.",
             "已把 {k} 种牌的 {n} 张图片学进“{name}”，现在正在使用。"),
    "made_no_flowers": ("Learnt {n} tile pictures of {k} kinds into '{name}'; it is now in use. "
                        "It shows every kind and no flower, so it reads your set as one without "
                        "flowers: if your set has flowers, add a photo of them.",
                        "已把 {k} 种牌的 {n} 张图片学进“{name}”，现在正在使用。它有全部 34 种牌而"
                        "没有花牌，所以按没有花牌的牌组来读：如果你的牌有花牌，请再加一张花牌的照片。"),
    "found_here": ("The tiles found, numbered in the order of the list: where a number is not "
                   "on the tile at that place in the list, a tile before it was missed or "
                   "something else was taken for a tile.",
                   "找到的牌，按列表的顺序编号：哪个号码和列表里那个位置的牌对不上，就是它前面漏了一张牌，"
                   "或把别的东西当成了牌。"),
    "rename": ("Rename", "改名"),
    "delete": ("Delete", "删除"),
    "confirm_delete": ("Delete '{name}' with the {n} tile pictures it has learnt? Its "
                       "corrections cannot be brought back unless you exported it.",
                       "删除“{name}”和它学到的 {n} 张牌图片吗？删除后无法恢复，除非你导出过它。"),
    "delete_yes": ("Delete it", "确认删除"),
    "delete_no": ("Keep it", "保留"),
    "export": ("Export", "导出"),
    "import": ("Import a profile file", "导入档案文件"),
    "imported": ("Imported '{name}'.", "已导入“{name}”。"),
    "summary": ("{name}: {n} tile pictures of {k} kinds", "{name}：{k} 种牌的 {n} 张图片"),
    "learnt": ("Learnt: this tile is {code} in '{name}'.", "已记住：在“{name}”里这张牌是{code}。"),
    "learnt_not_tile": ("Learnt: '{name}' leaves out spots like this one on your table.",
                        "已记住：“{name}”以后会略过你桌面上像这样的地方。"),
    "table_photo": ("Photo of your bare table, for the profile in use: whatever is found there "
                    "is not a tile (keys, stone, mat blocks)",
                    "你的空桌面的照片（给正在使用的档案）：在那里找到的都不是牌（键盘、石纹、席子）"),
    "table_learnt": ("Learnt {n} spots of your table that are not tiles into '{name}'.",
                     "已把你桌面上 {n} 处不是牌的地方记进“{name}”。"),
    "unusable": ("The profile in use cannot be read, so photos are read without it: {why}",
                 "正在使用的档案读不了，所以识牌时不用它：{why}"),
    "name_empty": ("A profile needs a name: it keeps '{name}'.",
                   "档案要有名称：仍叫“{name}”。"),
    "name_taken": ("Another profile is named '{new}': '{name}' keeps its name. Choose another one.",
                   "已经有一个档案叫“{new}”：“{name}”保留原名。请换一个名称。"),
    "imported_as": ("Imported '{name}' (a profile named '{old}' was here already).",
                    "已导入为“{name}”（已经有一个档案叫“{old}”）。"),
    # a profile file's faults in the app's words (vision.detect.profile's name `mjlens
    # calibrate` and its fields, for the command line)
    "foreign": ("{file} is not a tile profile: choose a file exported from My tiles.",
                "“{file}”不是牌组档案：请选择从“我的牌”导出的文件。"),
    "newer": ("{file} was made by a newer version of this app: update the app to use it.",
              "“{file}”是用更新版本的本程序制作的：请先更新本程序再使用。"),
    "damaged": ("{file} is damaged and cannot be used: export it again, or learn your tiles "
                "again from a photo of them.",
                "“{file}”已损坏，不能使用：请重新导出，或用你的牌的照片重新学习。"),
    # a kept profile (not a file being imported) that cannot be read any more
    "kept_damaged": ("Your profile '{file}' is damaged and cannot be used: delete it and import a "
                     "copy you exported, or learn your tiles again from a photo of them.",
                     "你的档案“{file}”已损坏，不能使用：请删除它再导入你导出过的副本，或用你的牌的照片"
                     "重新学习。"),
    "other_model": ("{file} was made for another version of the tile reader and keeps no tile "
                    "pictures to learn again from: learn your tiles again from a photo of them.",
                    "“{file}”是给另一版本的识牌程序做的，而且没有保存牌的图片，无法重新学习："
                    "请用你的牌的照片重新学习。"),
    "empty": ("{file} holds no tiles yet: learn your tiles from a photo of them first.",
              "“{file}”里还没有牌：请先用你的牌的照片学习。"),
    "cannot_write": ("The profile could not be saved (is the disk full or read-only?).",
                     "档案保存不了（磁盘是否已满或只读？）。"),
    "no_embedding": ("This tile reader cannot use tile profiles.", "这个识牌程序不能使用牌组档案。"),
    "table_needs_tiles": ("A photo of the bare table teaches what is not a tile, so the profile "
                          "needs your tiles first: learn them from a photo of your tiles.",
                          "空桌面的照片教的是“哪些不是牌”，所以档案里要先有你的牌：请先用你的牌的照片学习。"),
})
# vision.detect.profile's and .calibrate's messages said in the app's own words
_SAID = {"profile.foreign": "foreign", "profile.newer": "newer", "profile.damaged": "damaged",
         "profile.unreadable": "damaged", "profile.other_model": "other_model",
         "profile.empty": "empty", "profile.cannot_write": "cannot_write",
         "profile.no_embedding": "no_embedding", "calibrate.table_needs_tiles": "table_needs_tiles"}
STANDARD_SHEET = "123456789m 123456789p 123456789s 1234567z 12345678f"


def said(e: Exception, file: str | None = None):
    """What a profile's or a calibration's error says to a player: its message in the app's
    words, naming the profile (or the file chosen) instead of its path on this computer."""
    key = _SAID.get(getattr(e.msg, "key", ""))
    if key is None:
        return e.msg
    if file in PR.names():
        # the player's own profile: "choose a file exported from My tiles" is an importer's
        return M("kept_damaged" if key in ("foreign", "damaged") else key,
                 file=_label(file, "en"))
    return M(key, file=file or "")


def reader_or_none(detector):
    """The active profile's reader for `detector`, or None (a broken profile is reported once
    on the page and left out)."""
    ss = st.session_state
    ss.profile_read = None
    try:
        reader = PR.reader(detector)
    except PR.ProfileError as e:
        ss.profile_msg = ("error", M("unusable", why=said(e, PR.active())))
        return None
    ss.profile_read = reader and PR.load(PR.active()).name
    return reader


def found_msg(n: int, seconds: float) -> tuple[str, dict]:
    """The app message (key, parameters) saying what a photo's reading found: with the tile
    profile it was read with, named, so the player sees their profile at work."""
    fmt = {"n": n, "ms": round(1000 * seconds)}
    name = st.session_state.get("profile_read")
    return ("found_tiles_profile", {**fmt, "name": name}) if name else ("found_tiles", fmt)


def learn_correction(box, code: str | None) -> None:
    """views_hand's hook: the corrected tile's crop (its `box` in the shown photo's pixels)
    joins the active profile as an example of `code`, or of "not a tile" with `code` None.
    What was learnt is said above the hand while it is the corrected one (views_hand.hand_view):
    a tap reruns the hand's parts, not this panel, which is folded while tiles are corrected."""
    ss = st.session_state
    image = ss.get("profile_image")
    if image is None or box is None:
        return
    from mjlens.ui.views import detector_or_reason

    detector, _ = detector_or_reason()
    if detector is None:
        return
    try:
        if PR.learn(detector, image, box, code):
            file = PR.active()
            name = PR.load(file).name
            ss.learnt_msg = ("success", M("learnt", code=TileName(code), name=name) if code
                             else M("learnt_not_tile", name=name), ss.draft)
    except PR.ProfileError as e:
        ss.learnt_msg = ("error", said(e, PR.active()), ss.draft)


def _default_name(lang: str) -> None:
    """The name box holds the default name in the page's language until the player types one
    (a language switch changes it with the page, not a name typed)."""
    ss = st.session_state
    if ss.get("profile_name") in (None, *(M.text("default_name", x) for x in LANGS)):
        ss.profile_name = M.text("default_name", lang)


def reading_numbers(boxes) -> list[tuple[int, np.ndarray]]:
    """(place in the tile list, box) of each box, in the order the list is read (rows top to
    bottom, each left to right: vision.detect.calibrate.reading_order), so the number on a box
    is the place of the tile it should be in the list."""
    from vision.detect.calibrate import reading_order

    boxes = np.asarray(boxes, float).reshape(-1, 4)
    order, _ = reading_order(boxes)
    return [(n, boxes[i]) for n, i in enumerate(order, 1)]


def _boxes_picture(photo: bytes, boxes) -> np.ndarray | None:
    """The photo with the boxes the detector found drawn on it (RGB), numbered as the tile
    list is read, in lines and numbers that stay readable on a phone's screen."""
    import cv2

    from vision.detect import ImageReadError, load_image

    try:
        image = load_image(photo)
    except ImageReadError:
        return None
    out = image.pixels.copy()
    k = max(1.0, max(out.shape[:2]) / 700)  # the picture is shown about 350-700 px wide
    font = cv2.FONT_HERSHEY_SIMPLEX
    for n, b in reading_numbers(np.asarray(boxes, float).reshape(-1, 4) * image.scale):
        x1, y1, x2, y2 = (int(v) for v in b)
        cv2.rectangle(out, (x1, y1), (x2, y2), (0, 0, 255), max(2, round(2 * k)))
        (w, h), _ = cv2.getTextSize(str(n), font, 0.6 * k, max(1, round(1.5 * k)))
        cv2.rectangle(out, (x1, y1), (x1 + w + 4, y1 + h + 6), (255, 255, 255), -1)
        cv2.putText(out, str(n), (x1 + 2, y1 + h + 3), font, 0.6 * k, (0, 0, 255),
                    max(1, round(1.5 * k)))
    return out[:, :, ::-1]


def _calibrate(lang: str) -> None:
    from vision.detect import ImageReadError
    from vision.detect.calibrate import CalibrationError

    ss = st.session_state
    photo = ss.get("profile_photo")
    if photo is None:  # the button was tapped before a photo was chosen
        ss.profile_msg = ("error", M("no_sheet"))
        return
    from mjlens.ui.views import detector_or_reason

    detector, why = detector_or_reason()
    if detector is None:
        ss.profile_msg = ("error", why)
        return
    name = (ss.get("profile_name") or "").strip() or M.text("default_name", lang)
    try:
        file = PR.calibrate(detector, photo.getvalue(), ss.get("profile_tiles") or "", name,
                            photo.name)
    except CalibrationError as e:
        ss.profile_msg = ("error", e.msg)
        ss.profile_boxes = (photo.getvalue(), e.boxes)
        return
    except (PR.ProfileError, ImageReadError) as e:
        ss.profile_msg = ("error", said(e))
        return
    p = PR.load(file)
    ss.profile_boxes = None
    made = "made_no_flowers" if p.without_flowers else "made"
    ss.profile_msg = ("success", M(made, n=len(p), k=len(p.counts()), name=p.name))
    ss.profile_choice = file


def _learn_table() -> None:
    from vision.detect import ImageReadError
    from vision.detect.calibrate import CalibrationError

    ss = st.session_state
    photo = ss.get("profile_table")
    if photo is None or not PR.active():
        return
    from mjlens.ui.views import detector_or_reason

    detector, why = detector_or_reason()
    if detector is None:
        ss.profile_msg = ("error", why)
        return
    try:
        n = PR.learn_table(detector, photo.getvalue(), photo.name)
    except (CalibrationError, PR.ProfileError, ImageReadError) as e:
        ss.profile_msg = ("error", said(e, PR.active()))
        return
    ss.profile_msg = ("success", M("table_learnt", n=n, name=PR.load(PR.active()).name))


def _choose() -> None:
    PR.set_active(st.session_state.get("profile_choice") or None)


def _ask_delete(file: str) -> None:
    """One tap only asks: a profile holds every correction learnt into it."""
    st.session_state.profile_delete = file


def _delete(file: str | None) -> None:
    ss = st.session_state
    ss.profile_delete = None
    if file is None:
        return
    PR.delete(file)
    ss.profile_choice = ""


def _rename(file: str) -> None:
    """A name kept unless it is empty or another profile's: then the box shows the name kept
    again and the panel says why (the chooser could not tell two of one name apart)."""
    ss = st.session_state
    key = f"rename-{file}"
    new = (ss.get(key) or "").strip()
    try:
        why = PR.rename(file, new)
        old = PR.load(file).name
    except PR.ProfileError as e:
        ss.profile_msg = ("error", said(e, file))
        return
    if why:
        ss[key] = old
        ss.profile_msg = ("error", M("name_" + why, name=old, new=new))


def _import() -> None:
    ss = st.session_state
    up = ss.get("profile_import")
    if up is None:
        return
    from mjlens.ui.views import detector_or_reason

    try:
        file = PR.import_bytes(up.getvalue(), up.name, detector_or_reason()[0])
    except PR.ProfileError as e:
        ss.profile_msg = ("error", said(e, up.name))
        return
    from vision.detect.profile import Profile

    name, asked = PR.load(file).name, Profile.from_bytes(up.getvalue()).name.strip()
    ss.profile_msg = ("success", M("imported", name=name) if not asked or asked == name else
                      M("imported_as", name=name, old=asked))


def _manage(file: str, lang: str) -> None:
    try:
        p = PR.load(file)
    except PR.ProfileError as e:
        st.error(said(e, file).render(lang))
        return
    st.caption(M("summary", name=p.name, n=len(p), k=len(p.counts())).render(lang))
    c1, c2, c3 = st.columns([3, 1, 1], vertical_alignment="bottom")
    c1.text_input(M.text("rename", lang), value=p.name, key=f"rename-{file}",
                  on_change=_rename, args=(file,))
    c2.download_button(M.text("export", lang), data=PR.path_of(file).read_bytes(),
                       file_name=file, key=f"export-{file}", mime="application/octet-stream")
    c3.button(M.text("delete", lang), key=f"delete-{file}", on_click=_ask_delete, args=(file,))
    if st.session_state.get("profile_delete") == file:
        st.warning(M("confirm_delete", name=p.name, n=len(p)).render(lang))
        y, n = st.columns(2)
        y.button(M.text("delete_yes", lang), key=f"delete-yes-{file}", type="primary",
                 on_click=_delete, args=(file,))
        n.button(M.text("delete_no", lang), key=f"delete-no-{file}", on_click=_delete,
                 args=(None,))


def _red_fives_words(lang: str) -> str:
    """How a set's red fives are taught, under a rule set that counts them (riichi)."""
    from mjlens.ui.engine import rulesets

    rs = rulesets().get(st.session_state.get("rules"))
    if rs is None or "red_fives" not in rs.field_names:
        return ""
    return ("" if lang != "en" else " ") + M.text("intro_red", lang)


def panel(lang: str) -> None:
    """The "My tiles" expander."""
    ss = st.session_state
    files = PR.names()
    ss.setdefault("profile_choice", PR.active() or "")
    with st.expander(M.text("panel", lang), key="profiles-exp", icon=":material/style:"):
        st.caption(M.text("intro", lang) + _red_fives_words(lang))
        msg = ss.pop("profile_msg", None)
        if msg:
            kind, what = msg
            (st.success if kind == "success" else st.error)(
                what.render(lang) if hasattr(what, "render") else str(what))
        shown = ss.get("profile_boxes")
        if shown and shown[1] is not None:
            pic = _boxes_picture(*shown)
            if pic is not None:
                st.image(pic, caption=M.text("found_here", lang), width="stretch")
        labels = _labels(files, lang)
        st.selectbox(M.text("active", lang), [""] + files, key="profile_choice",
                     format_func=labels.get, on_change=_choose,
                     placeholder=M.text("none", lang))
        if ss.profile_choice:
            _manage(ss.profile_choice, lang)
        # the uploaders only on request: the page's own photo uploader stays the only one
        if st.toggle(M.text("new", lang), key="profile_new"):
            st.file_uploader(M.text("sheet_photo", lang), key="profile_photo",
                             type=["jpg", "jpeg", "png", "webp", "heic", "heif"])
            st.text_input(M.text("tiles", lang), value=STANDARD_SHEET, key="profile_tiles")
            _default_name(lang)
            st.text_input(M.text("name", lang), key="profile_name")
            st.button(M.text("make", lang), key="profile_make", on_click=_calibrate,
                      args=(lang,))
            st.file_uploader(M.text("import", lang), key="profile_import", on_change=_import)
            if ss.profile_choice:
                st.file_uploader(M.text("table_photo", lang), key="profile_table",
                                 on_change=_learn_table,
                                 type=["jpg", "jpeg", "png", "webp", "heic", "heif"])


def _labels(files: list[str], lang: str) -> dict[str, str]:
    """The chooser's label of each profile file (and "" for none), all different: the browser
    sends a choice back as its label, so two alike would choose the first of them. Profiles
    are kept with names of their own (PR.unique_name); older ones that share a name are told
    apart by a number."""
    named = {f: _label(f, lang) for f in files}
    taken = {M.text("none", lang), *named.values()}
    out, given = {"": M.text("none", lang)}, set()
    for f, label in named.items():
        shown, k = label, 2
        while shown in given or (shown != label and shown in taken):
            shown, k = f"{label} ({k})", k + 1
        out[f] = shown
        given.add(shown)
    return out


def _label(file: str, lang: str) -> str:
    if not file:
        return M.text("none", lang)
    try:
        return PR.load(file).name
    except PR.ProfileError:
        return file


__all__ = ["found_msg", "learn_correction", "panel", "reader_or_none", "said"]
