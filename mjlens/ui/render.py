"""Pictures the app makes: the photo with the detected tiles drawn, and the shareable result."""

from __future__ import annotations

import io
import re

from PIL import Image, ImageDraw

from mjlens.ui import i18n, jokers
from mjlens.ui.engine import fmt_num
from mjlens.ui.state import CONCEALED, FLOWERS, WIN, Draft, meld_group, sorted_group
from mjlens.ui.tile_images import HIGHLIGHTS, latin_font, strip_image, text_font
from scoring.tiles import BACK

BOX_OK = (40, 170, 90)
RED_FIVE = (205, 32, 44)  # a five printed red (riichi), as its label says: 0m 0p 0s
NOTE_MARK = (110, 40, 200)  # a box a note speaks of (left out of the hand): its number
CHECK_SPOT = (200, 30, 160)  # a spot where a row seems to lack a tile: a dashed box with "?"


def tile_crop(photo: Image.Image, box, margin: float = 0.15, height: int = 160) -> Image.Image:
    """The part of the photo under one box (with a small margin), scaled to `height` pixels."""
    x1, y1, x2, y2 = box
    mx, my = margin * (x2 - x1), margin * (y2 - y1)
    w, h = photo.size
    crop = photo.crop((max(0, int(x1 - mx)), max(0, int(y1 - my)), min(w, int(x2 + mx)),
                       min(h, int(y2 + my)))).convert("RGB")
    scale = height / max(1, crop.height)
    return crop.resize((max(1, round(crop.width * scale)), height), Image.BILINEAR)


def tile_size(draft: Draft) -> tuple[float, float]:
    """The median width and height of the draft's boxes (the size of a spot to check)."""
    boxes = [s.box for s in draft.tiles if s.box is not None]
    if not boxes:
        return 0.0, 0.0
    widths = sorted(b[2] - b[0] for b in boxes)
    heights = sorted(b[3] - b[1] for b in boxes)
    return widths[len(widths) // 2], heights[len(heights) // 2]


def spot_boxes(draft: Draft) -> list[tuple[float, float, float, float]]:
    """A tile-sized box around each spot where a tile may be missing (`Draft.check_spots`)."""
    w, h = tile_size(draft)
    return [(x - w / 2, y - h / 2, x + w / 2, y + h / 2) for x, y in draft.check_spots]


def tiles_region(draft: Draft, size: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """The part of the photo that holds the detected tiles and the spots to check, with a
    margin of about a tile."""
    boxes = [s.box for s in draft.tiles if s.box is not None]
    if not boxes:
        return None
    boxes += spot_boxes(draft)
    boxes += [(x, y, x, y) for x, y, _ in draft.marks]
    x1 = min(b[0] for b in boxes)
    y1 = min(b[1] for b in boxes)
    x2 = max(b[2] for b in boxes)
    y2 = max(b[3] for b in boxes)
    sizes = [max(b[2] - b[0], b[3] - b[1]) for b in boxes if b[2] > b[0]]
    tile = sorted(sizes)[len(sizes) // 2]
    m = 0.8 * tile
    w, h = size
    return (max(0, int(x1 - m)), max(0, int(y1 - 1.2 * m)), min(w, int(x2 + m)),
            min(h, int(y2 + m)))


def draw_detections(photo: Image.Image, draft: Draft, selected: int | None = None,
                    crop: bool = True) -> Image.Image:
    """The photo (cut to the tiles when `crop`) with a box and code on every tile of the draft
    that came from it; doubtful tiles in orange, the selected one in blue, a five the detector
    saw printed red in red, labelled as riichi writes it (0p); a dashed box with "?"
    where a row seems to lack a tile. Corrections show at once (boxes follow slots)."""
    img = photo.convert("RGB").copy()
    d = ImageDraw.Draw(img)
    region = tiles_region(draft, img.size) if crop else None
    span = max(region[2] - region[0], region[3] - region[1]) if region else max(img.size)
    scale = span / 800
    width = max(2, round(3 * scale))
    font = latin_font(max(11, round(20 * scale)))
    for i, s in enumerate(draft.tiles):
        if s.box is None:
            continue
        colour = RED_FIVE if s.red else BOX_OK
        if s.uncertain:
            colour = HIGHLIGHTS["warn"]
        if i == selected:
            colour = HIGHLIGHTS["selected"]
        x1, y1, x2, y2 = s.box
        d.rectangle((x1, y1, x2, y2), outline=colour, width=width)
        label = "0" + s.code[1] if s.red else s.code  # riichi's notation for a red five
        tb = d.textbbox((x1, y1), label, font=font, anchor="lb")
        d.rectangle((tb[0] - 2, tb[1] - 2, tb[2] + 2, tb[3] + 2), fill=colour)
        d.text((x1, y1), label, font=font, fill=(255, 255, 255), anchor="lb")
    mark = latin_font(max(14, round(32 * scale)))
    for box in spot_boxes(draft):
        _dashed_rectangle(d, box, CHECK_SPOT, width, dash=max(4, round(8 * scale)))
        d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "?", font=mark, fill=CHECK_SPOT,
               anchor="mm")
    for x, y, k in draft.marks:  # a box a note speaks of: its number in a ring
        r = max(10, round(16 * scale))
        d.ellipse((x - r, y - r, x + r, y + r), outline=NOTE_MARK, width=width,
                  fill=(255, 255, 255))
        d.text((x, y), str(k), font=mark, fill=NOTE_MARK, anchor="mm")
    return img.crop(region) if region else img


def _dashed_rectangle(d: ImageDraw.ImageDraw, box, colour, width: int, dash: int) -> None:
    """A rectangle outline drawn in dashes (a spot to check, not a tile that was seen)."""
    x1, y1, x2, y2 = box
    for (ax, ay), (bx, by) in (((x1, y1), (x2, y1)), ((x2, y1), (x2, y2)),
                               ((x2, y2), (x1, y2)), ((x1, y2), (x1, y1))):
        length = max(abs(bx - ax), abs(by - ay))
        if length <= 0:
            continue
        steps = max(1, int(length // (2 * dash)))
        for k in range(steps + 1):
            t0, t1 = min(1.0, 2 * k * dash / length), min(1.0, (2 * k + 1) * dash / length)
            if t0 < t1:
                d.line((ax + (bx - ax) * t0, ay + (by - ay) * t0,
                        ax + (bx - ax) * t1, ay + (by - ay) * t1), fill=colour, width=width)


def _groups(draft: Draft) -> list[tuple[str, list[str]]]:
    out = []
    idx = sorted_group(draft, CONCEALED)
    if idx:
        out.append((CONCEALED, [draft.tiles[i].code for i in idx]))
    for k in range(len(draft.melds)):
        codes = [draft.tiles[i].code for i in sorted_group(draft, meld_group(k))]
        if draft.melds[k].concealed and len(codes) == 4:  # as on the table: outer tiles face down
            codes = [BACK, codes[1], codes[2], BACK]
        out.append((meld_group(k), codes))
    if draft.win_index is not None:
        out.append((WIN, [draft.tiles[draft.win_index].code]))
    idx = sorted_group(draft, FLOWERS)
    if idx:
        out.append((FLOWERS, [draft.tiles[i].code for i in idx]))
    return out


def wrap(text: str, font, width: int) -> list[str]:
    """Lines of `text` no wider than `width` pixels: broken at spaces, or anywhere in Chinese."""
    lines: list[str] = []
    line = ""
    for piece in re.findall(r"[^\s\u2e80-\u9fff\uff00-\uffef]+\s*|\S\s*|\s+", text):
        if line and font.getlength((line + piece).rstrip()) > width:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines


def how_won(ctx, lang: str) -> str:
    """How the hand was won, in one line: 'How the hand was won: Discard (North) · Seat wind
    (you): East · Round wind: East'."""
    how = i18n.t("self_drawn" if ctx.self_drawn else "discard", lang)
    seat = ctx.extra.get("discarder")
    if not ctx.self_drawn and seat in ("E", "S", "W", "N"):
        how += i18n.aside(i18n.wind_name(seat, lang), lang)
    flags = [i18n.t(f, lang) for f in ("last_tile", "kong_replacement", "robbing_kong",
                                        "last_copy") if getattr(ctx, f)]
    parts = [how, i18n.t("label_value", lang, label=i18n.t("seat_wind", lang),
                         value=i18n.wind_name(ctx.seat_wind, lang)),
             i18n.t("label_value", lang, label=i18n.t("round_wind", lang),
                    value=i18n.wind_name(ctx.round_wind, lang)), *flags]
    return i18n.t("label_value", lang, label=i18n.t("win_details", lang),
                  value=" · ".join(parts))


def payment_line(p, me: str, lang: str) -> str:
    """One payment in words: 'North → East 8: reason' (you marked)."""
    def who(seat: str) -> str:
        return i18n.wind_name(seat, lang) + (i18n.aside(i18n.t("you", lang), lang) if seat == me else "")

    return f"{who(p.payer)} → {who(p.payee)} {fmt_num(p.amount)}: {i18n.text(p.reason, lang)}"


def share_image(draft: Draft, result, rules_name: str, lang: str = "en", joker=None) -> bytes:
    """A PNG of the hand (grouped as on the table), its score and each fan with its value and
    why, to send to the other players. Chinese is drawn with the bundled font, so the picture is
    the same on every machine. Items that multiply (ScoreResult.combine) read x2, not 2 fan.
    `joker` (mjlens.ui.jokers.Joker): its copies are marked and what each stood for is listed."""
    tile_w, gap, pad = 48, 14, 24
    mark = (joker.code, joker.badge) if joker is not None else None
    strips = [strip_image(codes, width=tile_w, gap=3, joker=mark) for _, codes in _groups(draft)]
    hand_w = sum(s.width for s in strips) + gap * max(0, len(strips) - 1)
    tile_h = strips[0].height if strips else 0
    width = max(hand_w + 2 * pad, 640)
    title_font = text_font(30, chinese=True)
    body_font = text_font(22, chinese=True)
    small_font = text_font(17, chinese=True)
    rows = []  # (name, value, lines of why)
    for f in result.fans if result is not None else []:
        name = i18n.text(f.name, lang) if i18n.is_zh(lang) else f"{f.name_en} {f.name}"
        value = i18n.fan_value(f, result, lang)
        if f.count != 1:
            value += f" ×{f.count}"
        why = i18n.text(f.why, lang)
        rows.append((name, value, wrap(why, small_font, width - 3 * pad) if why else []))
    stood = (wrap("  ".join(i18n.text(m, lang) for m in jokers.stood_lines(joker, result)),
                  small_font, width - 2 * pad) if joker is not None else [])
    how = wrap(how_won(draft.context, lang), small_font, width - 2 * pad)
    money = [line for p in (result.payments if result is not None else [])
             for line in wrap(payment_line(p, draft.context.seat_wind, lang), small_font,
                              width - 3 * pad)]
    line_h, small_h = 30, 22
    body_h = sum(line_h + small_h * len(w) + 6 for _, _, w in rows) + 2 * line_h
    body_h += small_h * len(stood) + (8 if stood else 0)
    body_h += small_h * len(how) + 8 + ((line_h + small_h * len(money) + 8) if money else 0)
    height = pad + 44 + 12 + tile_h + 20 + body_h + pad
    img = Image.new("RGB", (width, height), (24, 92, 66))
    d = ImageDraw.Draw(img)
    total = (f"{fmt_num(result.total)} {i18n.unit(result.unit, lang, result.rules)}"
             if result is not None else "—")
    d.text((pad, pad), i18n.t("share_title", lang, rules=rules_name, total=total),
           font=title_font, fill=(255, 255, 255))
    x, y = pad, pad + 56
    for s in strips:
        img.paste(s, (x, y), s)
        x += s.width + gap
    y += tile_h + 20
    for line in how:  # how the hand was won: a table settling a dispute needs it
        d.text((pad, y), line, font=small_font, fill=(240, 240, 230))
        y += small_h
    y += 8
    for line in stood:
        d.text((pad, y), line, font=small_font, fill=(240, 210, 110))
        y += small_h
    y += 8 if stood else 0
    for name, value, why in rows:
        d.text((pad, y), name, font=body_font, fill=(240, 240, 230))
        d.text((width - pad, y), value, font=body_font, fill=(240, 240, 230), anchor="ra")
        y += line_h
        for line in why:
            d.text((pad + 12, y), line, font=small_font, fill=(190, 220, 205))
            y += small_h
        y += 6
    if result is not None and not result.is_win:
        d.text((pad, y), i18n.t("not_a_win", lang), font=body_font, fill=(255, 190, 120))
        y += line_h
    if money:  # who pays whom, and why
        d.text((pad, y), i18n.t("payments", lang), font=body_font, fill=(240, 240, 230))
        y += line_h
        for line in money:
            d.text((pad + 12, y), line, font=small_font, fill=(190, 220, 205))
            y += small_h
    d.text((width - pad, height - pad), "mjlens", font=latin_font(16), fill=(150, 200, 180),
           anchor="rb")
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()
