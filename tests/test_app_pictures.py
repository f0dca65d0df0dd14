"""Tile pictures, photo loading, the photo -> draft adapter, result pictures and exports."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from mjlens.ui import engine as E
from mjlens.ui import photo as P
from mjlens.ui import render as R
from mjlens.ui import state as S
from mjlens.ui import tile_images as TI
from mjlens.ui.i18n import M, t
from scoring import tiles as T
from scoring.messages import render
from scoring.notation import parse_hand
from tests.app_support import FIXTURES, TOY, FixtureDetector, toy_rules  # noqa: F401


@pytest.mark.parametrize("code", T.DETECTOR_CLASSES)
def test_every_code_has_a_distinct_picture(code):
    img = TI.tile_image(code)
    assert img.size == (TI.BASE_W, TI.BASE_H)
    assert img.mode == "RGBA"
    if code != "1m":
        assert img.tobytes() != TI.tile_image("1m").tobytes()


def test_faces_have_artwork_and_highlights_change_the_border():
    for code in ("5m", "5z", "3f", "7z"):  # 5z: the SVG is blank, the frame is drawn here
        centre = TI.tile_image(code).crop((30, 40, 90, 110))
        colours = centre.getcolors(10000)
        assert colours is None or len(colours) > 1, f"{code} has no artwork"
    plain = TI.tile_image("5p")
    warn = TI.tile_image("5p", "warn")
    assert plain.getpixel((4, 60)) != warn.getpixel((4, 60))
    png = TI.tile_png("5p", None, 60)
    assert Image.open(io.BytesIO(png)).size == (60, round(TI.BASE_H * 60 / TI.BASE_W))


def test_flowers_render_without_a_cjk_font(monkeypatch):
    monkeypatch.setenv("MJLENS_CJK_FONT", "")
    TI.cjk_font_path.cache_clear()
    TI.tile_image.cache_clear()
    try:
        assert TI.cjk_font_path() is None
        img = TI.tile_image("1f")
        assert img.size == (TI.BASE_W, TI.BASE_H)
    finally:
        TI.cjk_font_path.cache_clear()
        TI.tile_image.cache_clear()


def test_load_photo_shrinks_and_applies_exif_rotation():
    big = Image.new("RGB", (4000, 3000), (200, 10, 10))
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 degrees clockwise to view
    buf = io.BytesIO()
    big.save(buf, format="JPEG", exif=exif.tobytes())
    img = P.load_photo(buf.getvalue())
    assert (img.width, img.height) == (3000, 4000)  # portrait after orientation
    assert img.pixels.shape[:2] == (2000, 1500)  # decoded at half size (JPEG DCT scaling)
    assert P.picture(img).size == (1500, 2000)


@pytest.mark.parametrize("data", [b"", b"not an image at all"])
def test_load_photo_rejects_non_images(data):
    from vision.detect import ImageReadError

    with pytest.raises(ImageReadError):
        P.load_photo(data)


def test_photo_to_draft_keeps_boxes_confidence_and_alternatives():
    photo = P.load_photo((FIXTURES / "hand_melds.jpg").read_bytes())
    img = P.picture(photo)
    det = FixtureDetector("hand_melds", doubtful=3, wrong="6p")
    reading = P.read_photo(photo, det, rules=None)
    d = reading.draft
    assert reading.tile_count == 14
    assert all(s.box is not None for s in d.tiles)
    doubtful = [s for s in d.tiles if s.uncertain]
    assert doubtful, "the low-confidence tile is marked"
    hand = S.to_hand(d)
    truth = json.loads((FIXTURES / "hand_melds.json").read_text())["hand"]
    assert sorted(hand.all_tiles) == sorted(
        truth["concealed"] + [c for m in truth["melds"] for c in m["tiles"]] + [truth["win_tile"]]
    )
    # the boxes drawn on the photo follow the draft
    full = R.draw_detections(img, d, selected=0, crop=False)
    assert full.size == img.size
    assert full.tobytes() != img.convert("RGB").tobytes()
    x1, y1, x2, y2 = R.tiles_region(d, img.size)
    shown = R.draw_detections(img, d, selected=0)  # cut to the tiles
    assert shown.size == (x2 - x1, y2 - y1)
    assert shown.width < img.width or shown.height < img.height
    for s in d.tiles:
        assert x1 <= s.box[0] and s.box[2] <= x2 and y1 <= s.box[1] and s.box[3] <= y2


def test_spots_to_check_are_drawn_as_dashed_boxes_with_a_question_mark():
    """Where the layout says a row seems to lack a tile (Draft.check_spots), the photo shows a
    dashed tile-sized box with "?" at that spot; without spots nothing of that colour is drawn."""
    from dataclasses import replace

    from tests.app_support import HoleDetector

    photo = P.load_photo((FIXTURES / "hand_melds.jpg").read_bytes())
    img = P.picture(photo)
    d = P.read_photo(photo, HoleDetector("hand_melds", hole=9), rules=None).draft
    truth = json.loads((FIXTURES / "hand_melds.json").read_text())["tiles"][9]["box"]
    sx = img.width / json.loads((FIXTURES / "hand_melds.json").read_text())["width"]
    hole = ((truth[0] + truth[2]) / 2 * sx, (truth[1] + truth[3]) / 2 * sx)
    assert any(abs(x - hole[0]) < 20 * sx and abs(y - hole[1]) < 20 * sx
               for x, y in d.check_spots), (d.check_spots, hole)

    def marked(picture, box) -> int:
        x1, y1, x2, y2 = (round(v) for v in box)
        region = picture.crop((x1 - 4, y1 - 4, x2 + 4, y2 + 4))
        import numpy as np

        return int((np.asarray(region) == R.CHECK_SPOT).all(axis=-1).sum())

    drawn = R.draw_detections(img, d, crop=False)
    plain = R.draw_detections(img, replace(d, check_spots=()), crop=False)
    w, h = R.tile_size(d)
    for box in R.spot_boxes(d):
        assert abs((box[2] - box[0]) - w) < 1 and abs((box[3] - box[1]) - h) < 1
        assert marked(drawn, box) > 0 and marked(plain, box) == 0
        # dashed: along the top edge some pixels are the mark's colour and some are not
        y = round(box[1])
        edge = [drawn.getpixel((x, y)) == R.CHECK_SPOT for x in range(round(box[0]) + 2,
                                                                       round(box[2]) - 2)]
        assert any(edge) and not all(edge), edge
        # the "?" in the middle
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        assert marked(drawn, (cx - w / 4, cy - h / 4, cx + w / 4, cy + h / 4)) > 0
    x1, y1, x2, y2 = R.tiles_region(d, img.size)  # the cut photo keeps every spot
    assert all(x1 <= b[0] and b[2] <= x2 and y1 <= b[1] and b[3] <= y2 for b in R.spot_boxes(d))


def test_tile_crop_shows_the_box_region():
    img = Image.new("RGB", (200, 100), (0, 0, 255))
    img.paste((255, 0, 0), (50, 20, 90, 80))
    crop = R.tile_crop(img, (50, 20, 90, 80), margin=0.0, height=120)
    assert crop.height == 120 and crop.width == 80
    assert crop.getpixel((40, 60)) == (255, 0, 0)


def test_plain_reading_drops_double_boxes():
    from mjlens.ui.vision_adapter import plain_draft
    from vision.layout.boxes import TileBox

    dets = [TileBox("5p", (0, 0, 40, 60), 0.9), TileBox("6p", (2, 1, 41, 60), 0.5),
            TileBox("1m", (45, 0, 85, 60), 0.8)]
    d = plain_draft(dets, "no layout")
    assert [s.code for s in d.tiles] == ["5p", "1m"]
    assert any("dropped" in render(n) for n in d.notes)


def test_no_detections_give_an_empty_draft():
    class Nothing:
        def detect_loaded(self, images):
            return [[] for _ in images]

    photo = P.load_photo((FIXTURES / "hand_melds.jpg").read_bytes())
    reading = P.read_photo(photo, Nothing())
    assert reading.draft.tiles == () and reading.tile_count == 0


@pytest.mark.usefixtures("toy_rules")
def test_share_image_and_json_export():
    d = S.from_hand(parse_hand("111m 456m 789m 5s [222p] *5s"))
    out = E.score_draft(d, "toy", {"base": 2})
    assert out.result is not None and not out.error
    png = R.share_image(d, out.result, "Toy rules", "en")
    img = Image.open(io.BytesIO(png))
    assert img.width >= 640 and img.height > 100
    data = json.loads(E.export_json(out.hand, out.result, "toy", {"base": 2}))
    assert data["rules"] == "toy"
    assert data["result"]["total"] == out.result.total
    assert data["hand"]["win_tile"] == "5s"
    assert sum(v for v in data["result"]["net"].values()) == 0


@pytest.mark.usefixtures("toy_rules")
def test_share_image_carries_the_payments_and_how_the_hand_was_won():
    """A table settling a dispute needs the money and how the hand was won: the picture draws a
    line for each, below the fans (it showed the fans alone)."""
    from dataclasses import replace

    d = S.from_hand(parse_hand("111m 456m 789m 5s [222p] +5s discarder=W"))
    out = E.score_draft(d, "toy", {"base": 2})
    assert [p.payer for p in out.result.payments] == ["W"]
    assert R.how_won(d.context, "en") == ("How the hand was won: Discard (West) · Seat wind "
                                           "(you): East · Round wind: East")
    assert R.how_won(d.context, "zh").startswith("和牌方式：点和（西）")
    line = R.payment_line(out.result.payments[0], "E", "en")
    assert line == "West → East (you) 4: toy", line
    # Traditional as Simplified: full-width brackets, no space (it drew "東 (你)", "點和 (西)")
    assert R.how_won(d.context, "zh-Hant").startswith("和牌方式：點和（西）")
    assert R.payment_line(out.result.payments[0], "E", "zh-Hant").startswith("西 → 東（你）")

    def height(result) -> int:
        return Image.open(io.BytesIO(R.share_image(d, result, "Toy rules", "en"))).height

    assert height(out.result) >= height(replace(out.result, payments=[])) + 30 + 22


@pytest.mark.usefixtures("toy_rules")
def test_score_draft_refuses_in_words_and_lets_a_bug_surface(monkeypatch, caplog):
    """A refusal (HandError) is the player's message; a rule set that fails otherwise is a bug:
    it is logged with the hand and raised, never shown as an ordinary refusal."""
    d = S.from_hand(parse_hand("111m 456m 789m 5s [222p] +5s"))
    assert "Mark the winning tile" in str(E.score_draft(S.move(d, d.win_index, S.CONCEALED),
                                                        "toy").error)

    def broken(hand, options):
        raise ZeroDivisionError("boom")

    from dataclasses import replace

    import scoring.ruleset as R_

    monkeypatch.setattr(R_, "all_rulesets", lambda: {"toy": replace(TOY, score=broken)})
    with caplog.at_level("ERROR", logger="mjlens.ui.engine"), pytest.raises(ZeroDivisionError):
        E.score_draft(d, "toy")
    assert "scoring failed" in caplog.text and "ZeroDivisionError" in caplog.text


def test_option_and_field_kinds():
    from scoring.ruleset import Option

    assert E.option_kind(Option("a", 1, "")) == "int"
    assert E.option_kind(Option("a", True, "")) == "bool"
    assert E.option_kind(Option("a", 1.5, "")) == "float"
    assert E.option_kind(Option("a", 3, "", choices=(3, 4, None))) == "choice"
    assert E.field_kind("discarder") == "seat"
    assert E.field_kind("missing_suit") == "suit"
    assert E.field_kind("players_in") == "seats"
    assert E.field_kind("first_turn") == "bool"


def test_the_labels_are_a_message_catalog_in_both_languages():
    from scoring.messages import CATALOGS, missing_chinese

    assert CATALOGS["app"] is M and len(M.entries) > 100
    assert not [k for k in missing_chinese() if k.startswith("app.")]
    assert t("total", "zh") == "合计"
    assert t("found_tiles", "en", n=3, ms=5) == "Found 3 tiles in 5 ms."
    assert t("found_tiles", "zh", n=3, ms=5) == "找到 3 张牌，用时 5 毫秒。"


def test_missing_model_is_a_clear_message(tmp_path):
    with pytest.raises(P.DetectorUnavailable, match="not found"):
        P.load_detector(str(tmp_path))


def test_shared_detector_runs_one_photo_at_a_time():
    """The app's sessions share one TileDetector (vision.detect.load_detector): its ONNX runs
    are taken one at a time."""
    import threading
    import time

    from vision.detect import TileDetector

    active, most = [0], [0]

    def slow(images, profile=None):
        active[0] += 1
        most[0] = max(most[0], active[0])
        time.sleep(0.02)
        active[0] -= 1
        return [[] for _ in images]

    det = object.__new__(TileDetector)  # no models needed: the stages are replaced
    det._running = threading.Lock()
    det._detect_loaded = slow
    threads = [threading.Thread(target=det.detect_loaded, args=([i],)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert most[0] == 1
    assert det.detect_loaded(["x"]) == [[]]


def test_model_folder_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("MJLENS_MODEL_DIR", str(tmp_path / "elsewhere"))
    with pytest.raises(P.DetectorUnavailable, match="elsewhere"):
        P.load_detector()


def test_the_layout_reads_the_photo_too(monkeypatch):
    """The layout's cue from the faces' pixels (which tiles lie sideways) gets the photo."""
    import vision.pipeline as VP

    seen = {}
    real = VP.read_layout

    def spy(*args, **kwargs):
        seen["image"] = kwargs.get("image")
        return real(*args, **kwargs)

    monkeypatch.setattr(VP, "read_layout", spy)
    photo = P.load_photo((FIXTURES / "hand_melds.jpg").read_bytes())
    P.read_photo(photo, FixtureDetector("hand_melds"), rules=None)
    img = P.picture(photo)
    pixels = seen["image"]
    assert pixels is not None and pixels.shape[:2] == (img.height, img.width)
    assert tuple(int(v) for v in pixels[5, 7]) == img.getpixel((7, 5))[::-1]  # BGR


# ---- Chinese on the shareable picture: the bundled font -------------------------------------
def _cmap() -> set[str]:
    from fontTools.ttLib import TTFont  # the test extra has fonttools (not a runtime dependency)

    from mjlens.ui.font_glyphs import FONT_FILE

    return {chr(c) for c in TTFont(FONT_FILE).getBestCmap()}


def test_bundled_font_has_every_character_the_messages_need():
    """A message added later with a new Chinese character fails here until the subset is
    regenerated: `python scripts/subset_cjk_font.py` (needs Debian's fonts-noto-cjk)."""
    from mjlens.ui.font_glyphs import catalog_text, needed_text

    have = _cmap()
    missing = sorted(set(needed_text()) - have)
    assert not missing, (f"the bundled font lacks {''.join(missing)!r}: rerun "
                         "scripts/subset_cjk_font.py")
    text = catalog_text()
    assert set(text) <= have and "番" in text and "家" in text  # messages and seat names
    from mjlens.ui.font_glyphs import hant_text

    hant = hant_text()  # the Traditional texts (scoring/zh_hant.json)
    assert set(hant) <= have and set("槓莊發東萬條臺") - {"臺"} <= set(hant)


def test_bundled_font_is_a_small_subset_with_its_licence():
    from mjlens.ui.font_glyphs import FONT_DIR, FONT_FILE

    assert FONT_FILE.stat().st_size < 400_000
    assert len(_cmap()) < 3000  # a subset, not the 30,000-glyph font
    licence = (FONT_DIR / "OFL.txt").read_text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto" in licence
    assert TI.cjk_font_path() == str(FONT_FILE)


def _ink(font, text: str):
    img = Image.new("L", (400, 60), 0)
    from PIL import ImageDraw

    ImageDraw.Draw(img).text((5, 5), text, font=font, fill=255)
    return img.tobytes()


def test_chinese_is_drawn_as_glyphs_not_boxes():
    font = TI.text_font(30, chinese=True)
    cmap = _cmap()
    absent = next(chr(c) for c in range(0x4E00, 0xA000) if chr(c) not in cmap)
    missing = _ink(font, absent)  # the font's empty-box glyph
    for ch in "清一色自摸东家番槓莊發東萬條":
        assert _ink(font, ch) != missing, ch
    assert _ink(font, "清一色") != _ink(font, "七对子")


@pytest.mark.usefixtures("toy_rules")
def test_share_image_in_chinese_uses_chinese_names_and_reasons(monkeypatch):
    """Same hand and result, drawn in each language: the Chinese picture draws the reasons in
    Chinese (the toy's reasons are messages) with the bundled font, on any machine."""
    from scoring.messages import Catalog

    ns = "test_share_zh"
    from scoring.messages import CATALOGS

    Msgs = CATALOGS.get(ns) or Catalog(ns, {"pungs": ("{n} pungs", "{n}副刻子")})
    drawn = []
    real = TI.ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        drawn.append(text)
        return real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(TI.ImageDraw.ImageDraw, "text", spy)
    d = S.from_hand(parse_hand("111m 456m 789m 5s [222p] *5s"))
    out = E.score_draft(d, "toy", {"base": 2})
    from dataclasses import replace

    fans = [replace(f, why=Msgs("pungs", n=f.count)) for f in out.result.fans]
    result = replace(out.result, fans=fans)
    zh = R.share_image(d, result, "玩具规则", "zh")
    zh_text = list(drawn)
    drawn.clear()
    en = R.share_image(d, result, "Toy rules", "en")
    assert zh != en
    assert "2副刻子" in zh_text and "碰碰" in zh_text and any("分" in x for x in zh_text)
    assert "2 pungs" in drawn and not any("刻子" in x for x in drawn)


@pytest.mark.usefixtures("toy_rules")
def test_share_image_in_traditional_chinese(monkeypatch):
    """The picture in zh-Hant draws the fans' names and the seats in Traditional characters,
    each with a glyph of the bundled font."""
    drawn = []
    real = TI.ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        drawn.append(text)
        return real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(TI.ImageDraw.ImageDraw, "text", spy)
    d = S.from_hand(parse_hand("111m 456m 789m 5s [222p] *5s"))
    out = E.score_draft(d, "toy", {"base": 2})
    from dataclasses import replace

    fans = [replace(f, name="杠上开花") for f in out.result.fans]
    R.share_image(d, replace(out.result, fans=fans), "台湾麻将", "zh-Hant")
    assert "槓上開花" in drawn and "台灣麻將" in " ".join(drawn)
    assert not any(set(x) & set("杠开湾") for x in drawn), drawn
    assert set("".join(drawn)) - set(" \n") <= _cmap() | set("🀄")


def test_multiplied_items_read_as_times():
    from mjlens.ui.i18n import item_value

    assert item_value(2, "x base", True, "en") == "x2"
    assert item_value(2, "x base", True, "zh") == "×2"
    assert item_value(8, "fan", False, "en") == "8 fan"
    assert item_value(8, "fan", False, "zh") == "8番"


def test_share_image_shows_a_concealed_kong_as_on_the_table():
    concealed = S.from_hand(parse_hand("{1111m} 234m 567m 789m 5m *5m"))
    exposed = S.from_hand(parse_hand("[1111m] 234m 567m 789m 5m *5m"))
    assert dict(R._groups(concealed))["meld-0"] == ["back", "1m", "1m", "back"]
    assert dict(R._groups(exposed))["meld-0"] == ["1m"] * 4


def test_a_tiles_crop_is_kept_per_width_it_is_shown_at():
    # a doubtful tile's row shows its crop a tile wide, the selected tile's panel twice that:
    # the panel's crop was the row's, stretched, when the row had made it first
    from mjlens.ui import pictures as PIC

    key = ("crop-width-test", (0.0, 0.0, 10.0, 16.0))
    small = PIC.crop_bytes(key, lambda: Image.new("RGB", (100, 160)), 38)
    large = PIC.crop_bytes(key, lambda: Image.new("RGB", (100, 160)), 76)
    assert Image.open(io.BytesIO(small)).width == 38
    assert Image.open(io.BytesIO(large)).width == 76
