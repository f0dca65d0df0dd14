"""Make or grow a tile-set profile (vision/detect/profile.py) from photos whose tiles are known.

Two ways in: photos with the tiles they show listed in reading order (rows top to bottom, each
row left to right; `parse_tiles`), where the detector finds the boxes; or a YOLO-labelled folder
(what `mjlens label` and the review page write), whose boxes and codes are taken as they are.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from scoring.messages import Catalog
from scoring.tiles import BACK, DETECTOR_CLASSES
from vision.detect.profile import Profile, ProfileError, for_detector

M = Catalog("calibrate", {
    "unknown_code": ("'{token}' in the tile list is not a tile: write codes such as 1m 9p 7z 8f "
                     "or runs such as 123456789m (m characters, p dots, s bamboo, z honours "
                     "1-7, f flowers 1-8, 0 for a red five).",
                     "牌的列表里的“{token}”不是牌：请写 1m 9p 7z 8f 这样的代码，或 123456789m "
                     "这样的连写（m 万，p 筒，s 条，z 字牌 1-7，f 花牌 1-8，0 表示红五）。"),
    "nothing": ("Give the photos with one --tiles list each, or --labels DIR (not both).",
                "请给出照片并为每张照片给一个 --tiles 列表，或给出 --labels 文件夹（不要两者都给）。"),
    "no_tiles": ("The tile list for {photo} is empty.", "{photo} 的牌的列表是空的。"),
    "same_photo": ("The photo {photo} is given twice (it is the same as {first}); give each "
                   "photo once.",
                   "照片 {photo} 给了两次（它和 {first} 是同一张）；每张照片只给一次。"),
    "no_lists": ("Give the tiles of {photos} with --tiles, once per photo, in reading order "
                 "(rows top to bottom, each row left to right), e.g. --tiles \"123456789m "
                 "123456789p 123456789s 1234567z 12345678f\".",
                 "请用 --tiles 给出 {photos} 里的牌，每张照片一次，按阅读顺序（从上到下逐行，每行从左到右），"
                 "例如 --tiles \"123456789m 123456789p 123456789s 1234567z 12345678f\"。"),
    "lists_photos": ("{photos} photos but {lists} tile lists: give --tiles once per photo, in "
                     "the same order.",
                     "{photos} 张照片，却有 {lists} 个牌的列表：每张照片给一次 --tiles，顺序相同。"),
    "count": ("{photo}: {found} tiles found, but the list has {listed}. Found by row, top to "
              "bottom: {rows}.",
              "{photo}：找到 {found} 张牌，但列表里有 {listed} 张。按行从上到下找到的：{rows}。"),
    "count_dark": ("{photo}: {found} tiles found, but the list has {listed}: the photo is very "
                   "dark, take it again in good light. Found by row, top to bottom: {rows}.",
                   "{photo}：找到 {found} 张牌，但列表里有 {listed} 张：照片太暗了，请在光线好的地方"
                   "重拍。按行从上到下找到的：{rows}。"),
    # in Chinese one row's words hold no comma: the rows are listed with 、
    "row": ("row {n}: {k} tiles at height {y} px", "第 {n} 行 {k} 张（高度 {y} 像素）"),
    "turned": ("{photo} seems to be {how}: the tile reader finds {k} of the {n} tiles where the "
               "list puts them when the photo is turned, only {k0} as it lies. Turn the photo so "
               "that the first row is at the top (or list the tiles as they lie in it) and try "
               "again.",
               "{photo} 好像{how}：把照片转正来读，{n} 张牌里有 {k} 张和列表的位置对得上，照原样"
               "只有 {k0} 张。请把照片转到第一行在最上面（或按牌在照片里的样子列出），再试一次。"),
    "upside_down": ("upside down", "上下颠倒了"),
    "on_its_side": ("on its side", "横过来了"),
    "no_rows": ("none", "没有"),
    "no_labels": ("{data} has no labelled tiles to learn from.",
                  "{data} 里没有可以学习的已标注的牌。"),
    "made": ("Profile '{name}' written to {out}: {tiles} tile pictures of {codes} kinds.",
             "牌组档案“{name}”已写入 {out}：{codes} 种牌的 {tiles} 张图片。"),
    "made_no_flowers": ("It shows every kind and no flower, so it reads your set as one without "
                        "flowers; if your set has flowers, add a photo of them (--add).",
                        "它有全部 34 种牌而没有花牌，所以按没有花牌的牌组来读；如果你的牌有花牌，"
                        "请加一张花牌的照片（--add）。"),
    "made_table": ("It also knows {n} spots of your table that are not tiles.",
                   "它还记住了你桌面上 {n} 处不是牌的地方。"),
    "table_has_tiles": ("{photo} should show your bare table, but {k} of the {n} things found "
                        "on it look like tiles; learnt as the table, those tiles would be left "
                        "out of every photo. Photograph the table with no tile on it.",
                        "{photo} 应该是空桌面的照片，但在上面找到的 {n} 样东西中有 {k} 样像牌；当作桌面"
                        "学进去，以后每张照片里的这些牌都会被略过。请拍一张上面没有牌的桌面。"),
    "table_needs_tiles": ("A photo of the bare table teaches what is not a tile, so the profile "
                          "needs your tiles too: give a photo of them with --tiles, or --add to "
                          "a profile that has them.",
                          "空桌面的照片教的是“哪些不是牌”，所以档案里还要有你的牌：请同时给出牌的照片"
                          "和 --tiles，或用 --add 加到已有牌的档案里。"),
})

RED_FIVE = "0"  # riichi sets' red fives are read as the five
# a photo is taken for turned when the reader matches at least this share of the list in the
# order of the photo turned, and this share more than as it lies (the held-out sheets: about
# 0.6 the right way up, 0.02 or less any other way)
TURNED_MATCH = 0.3
TURNED_GAIN = 0.25
DARK = 80  # the 99th percentile of a photo's pixel values below which it is called dark
# a photo of the bare table is refused when at least this share (and this many) of its boxes
# look like tiles: close to the profile's tiles or read surely as a face-up tile (the sheet and
# the hands given as --empty: 0.67-1.0; the clutter benchmark's keyboards, stone and mats: 0.03
# at most)
TILE_LIKE_SIMILAR = 0.8
TILE_LIKE_SURE = 0.9
TILE_LIKE_SHARE = 0.5
TILE_LIKE_MIN = 3
JITTER = 0.06
JITTER_COPIES = 3


class CalibrationError(ValueError):
    """Input that cannot make a profile; carries a Msg in the player's words."""

    def __init__(self, message, boxes: np.ndarray | None = None):
        self.msg = message
        self.boxes = boxes  # where the tiles were found (for drawing on the photo), if known
        super().__init__(str(message))

    def render(self, lang: str = "en") -> str:
        return self.msg.render(lang)


def parse_listed(text: str) -> list[tuple[str, bool]]:
    """(code, red five?) of each tile of a tile list: codes (1m, 7z, back) or notation runs
    (123456789m, 1234567z, 12345678f, also written together as a hand is: 123m456p), separated
    by spaces or commas; 0 is a red five (its code is the five's)."""
    out: list[tuple[str, bool]] = []
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        if token in DETECTOR_CLASSES:
            out.append((token, False))
            continue
        if not re.fullmatch(r"(?:\d+[mpszf])+", token):
            raise CalibrationError(M("unknown_code", token=token))
        # runs written together as in a hand's notation (123m456p11z) read as if spaced
        for digits, suit in re.findall(r"(\d+)([mpszf])", token):
            for d in digits:
                red = d == RED_FIVE and suit in "mps"
                code = ("5" if red else d) + suit
                if code not in DETECTOR_CLASSES:
                    raise CalibrationError(M("unknown_code", token=code))
                out.append((code, red))
    return out


def parse_tiles(text: str) -> list[str]:
    """Codes of a tile list (`parse_listed`), a red five read as its five."""
    return [code for code, _ in parse_listed(text)]


def reading_order(boxes: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """(indices of boxes in reading order, the rows as index arrays): a box starts a new row
    when its centre lies more than half a median tile height below the current row's."""
    boxes = np.asarray(boxes, float).reshape(-1, 4)
    if not len(boxes):
        return np.zeros(0, int), []
    cy = (boxes[:, 1] + boxes[:, 3]) / 2
    cx = (boxes[:, 0] + boxes[:, 2]) / 2
    tall = float(np.median(boxes[:, 3] - boxes[:, 1]))
    rows: list[list[int]] = []
    for i in np.argsort(cy, kind="stable"):
        if rows and cy[i] - np.mean(cy[rows[-1]]) <= tall / 2:
            rows[-1].append(int(i))
        else:
            rows.append([int(i)])
    ordered = [np.array(sorted(r, key=lambda j: cx[j])) for r in rows]
    return np.concatenate(ordered), ordered


def _rows_text(boxes: np.ndarray, rows: list[np.ndarray]):
    if not rows:
        return M("no_rows")
    return [M("row", n=n + 1, k=len(r), y=round(float(np.mean((boxes[r, 1] + boxes[r, 3]) / 2))))
            for n, r in enumerate(rows)]


def turned(boxes: np.ndarray, quarter_turns: int) -> np.ndarray:
    """The boxes as they lie in the photo turned `quarter_turns` times clockwise (only where
    they lie relative to one another: the photo's size is left out)."""
    x1, y1, x2, y2 = np.asarray(boxes, float).reshape(-1, 4).T
    return np.stack([(x1, y1, x2, y2), (-y2, x1, -y1, x2), (-x2, -y2, -x1, -y1),
                     (y1, -x2, y2, -x1)][quarter_turns % 4], axis=1)


def check_upright(boxes: np.ndarray, read: Sequence[str], codes: Sequence[str], name: str):
    """Refuse a photo taken upside down or on its side: its tiles, read in the list's order,
    would each be learnt as another tile's code. Told by the reader's own codes `read`: they
    match the list (much) better in the reading order of the photo turned than as it lies."""
    listed = np.asarray(codes)
    matches = [int((np.asarray(read)[reading_order(turned(boxes, t))[0]] == listed).sum())
               for t in range(4)]
    best = int(np.argmax(matches))
    k, k0 = matches[best], matches[0]
    if best and k >= TURNED_MATCH * len(listed) and k - k0 >= max(3, TURNED_GAIN * len(listed)):
        raise CalibrationError(M("turned", photo=name, how=M("on_its_side" if best % 2 else
                                                               "upside_down"),
                                 k=k, n=len(listed), k0=k0), boxes=boxes)


def is_dark(pixels: np.ndarray) -> bool:
    """A photo so dark that even its brightest parts (a tile's white face) are dim: the
    likeliest reason tiles were missed (the sheet photos: 255 at the 99th percentile, dim
    hands about 205)."""
    return float(np.percentile(pixels, 99)) < DARK


def photo_examples(detector, image, codes: Sequence[str], name: str, red=None):
    """`box_examples` of a loaded photo's tiles for `codes` (and which are red fives: `red`),
    given in reading order.
    The boxes are the detector's sure ones (box score at its threshold or more)."""
    dets = [d for d in detector.detect_loaded([image])[0] if d.box_score >= detector.conf]
    boxes = np.array([d.box for d in dets], float).reshape(-1, 4)
    order, rows = reading_order(boxes)
    if len(boxes) != len(codes):
        raise CalibrationError(M("count_dark" if is_dark(image.pixels) else "count", photo=name,
                                 found=len(boxes), listed=len(codes),
                                 rows=_rows_text(boxes, rows)), boxes=boxes)
    check_upright(boxes, [d.code for d in dets], codes, name)
    return box_examples(detector, image, boxes[order], codes, red)


def jittered(boxes: np.ndarray, copies: int = JITTER_COPIES, seed: int = 0) -> np.ndarray:
    """Each box followed by `copies` others shifted and scaled a little (by up to JITTER of
    its size), as a detector's boxes on other photos of the same tile differ."""
    rng = np.random.default_rng(seed)
    out = []
    for x1, y1, x2, y2 in np.asarray(boxes, float).reshape(-1, 4):
        w, h = x2 - x1, y2 - y1
        out.append([x1, y1, x2, y2])
        for _ in range(copies):
            dx, dy = rng.uniform(-JITTER, JITTER, 2) * (w, h)
            sw, sh = 1 + rng.uniform(-JITTER, JITTER, 2)
            cx, cy = (x1 + x2) / 2 + dx, (y1 + y2) / 2 + dy
            out.append([cx - w * sw / 2, cy - h * sh / 2, cx + w * sw / 2, cy + h * sh / 2])
    return np.array(out, float).reshape(-1, 4)


def degraded(crops: np.ndarray, seed: int = 0) -> np.ndarray:
    """The crops after the first of each JITTER_COPIES + 1 as a farther, blurrier, differently
    lit photo would show them: resampled through 18-48 px, brightness and contrast +-15%."""
    import cv2

    rng = np.random.default_rng(seed)
    out = crops.copy()
    for i in range(len(out)):
        if i % (JITTER_COPIES + 1) == 0:
            continue  # the crop as photographed
        side = int(rng.integers(18, 49))
        small = cv2.resize(out[i], (side, side), interpolation=cv2.INTER_AREA)
        img = cv2.resize(small, out[i].shape[:2][::-1], interpolation=cv2.INTER_LINEAR)
        gain, bias = rng.uniform(0.85, 1.15), rng.uniform(-20, 20)
        out[i] = np.clip(img.astype(np.float32) * gain + bias, 0, 255).astype(np.uint8)
    return out


def box_examples(detector, image, boxes: np.ndarray, codes: Sequence[str], red=None):
    """(codes, crops, embeddings [N, 4, D], the classifier's own codes, red fives [N] or None)
    of boxes given in the photo's full-size pixels (`red`: which are red fives), each box also
    cut JITTER_COPIES more times a little shifted, scaled and degraded."""
    boxes = np.asarray(boxes, float).reshape(-1, 4)
    crops = degraded(detector.crops_of(image.pixels, jittered(boxes * image.scale)))
    probs, emb = detector.embed_crops(crops)
    read_as = probs[:, :len(DETECTOR_CLASSES)].argmax(axis=1)
    read_as[np.arange(len(read_as)) % (JITTER_COPIES + 1) != 0] = -1  # trust: as photographed
    copies = JITTER_COPIES + 1
    reds = None if red is None else [bool(r) for r in red for _ in range(copies)]
    return [c for c in codes for _ in range(copies)], crops, emb, read_as, reds


def table_examples(detector, image):
    """(crops, embeddings [N, 4, D]) of every box the detector finds in a photo of the player's
    bare table (box score at its threshold or more): each is "not a tile"."""
    crops, _, emb = _table_boxes(detector, image)
    return crops, emb


def _table_boxes(detector, image):
    """(crops, the classifier's probabilities, embeddings) of the boxes of `table_examples`."""
    dets = [d for d in detector.detect_loaded([image])[0] if d.box_score >= detector.conf]
    boxes = np.array([d.box for d in dets], float).reshape(-1, 4) * image.scale
    crops = detector.crops_of(image.pixels, boxes)
    probs, emb = detector.embed_crops(crops)
    return crops, probs, emb


def tile_like(profile: Profile, probs: np.ndarray, embeddings: np.ndarray) -> np.ndarray:
    """Bool [N]: boxes that look like tiles rather than a spot of a table: close to one of the
    profile's tiles (TILE_LIKE_SIMILAR), or read by the classifier alone surely as a face-up
    tile (TILE_LIKE_SURE; a dark key taken for a tile's back is the table's)."""
    from vision.detect.detector import split_not_tile
    from vision.detect.profile import ProfileReader

    if not len(embeddings):
        return np.zeros(0, bool)
    near = ProfileReader(profile).similarity(embeddings[:, 0]).max(axis=1) >= TILE_LIKE_SIMILAR
    tile, _ = split_not_tile(probs)
    face_up = tile.argmax(axis=1) != DETECTOR_CLASSES.index(BACK)
    return near | (face_up & (tile.max(axis=1) >= TILE_LIKE_SURE))


def add_table_photos(detector, profile: Profile, photos: Sequence[str | Path | bytes],
                     names: Sequence | None = None) -> Profile:
    """`profile` grown with the boxes found on photos of the bare table, as "not a tile". A
    photo where most of them look like tiles (the sheet or a hand given by mistake) is
    refused: learnt, it made the profile drop those tiles. `names`: the photos as the player
    knows them (their paths, when not given)."""
    from vision.detect.imageio import M as IM
    from vision.detect.imageio import load_image

    if photos and not profile.tiles.any():
        raise CalibrationError(M("table_needs_tiles"))
    for i, p in enumerate(photos):
        crops, probs, emb = _table_boxes(detector, load_image(p))
        like = int(tile_like(profile, probs, emb).sum())
        if like >= max(TILE_LIKE_MIN, TILE_LIKE_SHARE * len(crops)):
            name = names[i] if names else IM("this_file") if isinstance(p, bytes) else str(p)
            raise CalibrationError(M("table_has_tiles", photo=name, k=like, n=len(crops)))
        profile.add_not_tiles(crops, emb)
    return profile


def new_profile(detector, name: str, base: Profile | None = None) -> Profile:
    """An empty profile for `detector`'s classifier, or `base` made usable with it."""
    if base is not None:
        return for_detector(base, detector) if len(base) else base
    if not detector.embedding_size:
        from vision.detect.profile import M as PM
        raise ProfileError(PM("no_embedding", path=str(detector.cls_path)))
    return Profile(name=name, model=detector.classifier_version)


def _photo_key(photo: str | Path):
    """What tells one photo from another: its content (a copy of it under another name, say
    sheet (1).jpg, is the same photo), or its path when it cannot be read (refused later with
    the reason)."""
    import hashlib

    try:
        return hashlib.sha256(Path(photo).read_bytes()).hexdigest()
    except OSError:
        return Path(photo).resolve()


def from_photos(detector, photos: Sequence[str | Path], tile_lists: Sequence[str], name: str,
                base: Profile | None = None) -> Profile:
    """A profile (or `base` grown) from photos and their tile lists, one list per photo."""
    from vision.detect.imageio import load_image

    if not photos:
        raise CalibrationError(M("nothing"))
    if not tile_lists:  # --tiles forgotten: "1 photos but 0 tile lists" said it in a riddle
        raise CalibrationError(M("no_lists", photos=", ".join(str(p) for p in photos)))
    if len(photos) != len(tile_lists):
        raise CalibrationError(M("lists_photos", photos=len(photos), lists=len(tile_lists)))
    seen: dict = {}
    for p in photos:
        key = _photo_key(p)
        if key in seen:
            raise CalibrationError(M("same_photo", photo=str(p), first=str(seen[key])))
        seen[key] = p
    lists = []
    for p, text in zip(photos, tile_lists, strict=True):
        listed = parse_listed(text)
        if not listed:
            raise CalibrationError(M("no_tiles", photo=str(p)))
        lists.append(listed)
    profile = new_profile(detector, name, base)
    for p, listed in zip(photos, lists, strict=True):
        codes, red = zip(*listed, strict=True)
        profile.add(*photo_examples(detector, load_image(p), codes, str(p), red))
    return profile


def from_labels(detector, data: str | Path, name: str, base: Profile | None = None,
                names: str | Path | None = None) -> Profile:
    """A profile (or `base` grown) from a YOLO-labelled folder's boxes and codes."""
    from vision.detect.evaluate import IMAGE_EXTS, read_labels, resolve_split
    from vision.detect.imageio import load_image

    split, codes_of = resolve_split(data, names)
    profile = new_profile(detector, name, base)
    for img_path in sorted(p for p in (split / "images").iterdir()
                           if p.suffix.lower() in IMAGE_EXTS):
        label = split / "labels" / (img_path.stem + ".txt")
        if not label.exists():
            continue
        image = load_image(img_path)
        boxes, codes = read_labels(label, codes_of, image.width, image.height)
        if not len(codes):
            continue
        profile.add(*box_examples(detector, image, boxes, codes))
    if not len(profile):
        raise CalibrationError(M("no_labels", data=str(data)))
    return profile


__all__ = ["CalibrationError", "add_table_photos", "box_examples", "from_labels", "from_photos",
           "check_upright", "parse_listed", "parse_tiles", "photo_examples", "reading_order",
           "table_examples", "tile_like", "turned"]
