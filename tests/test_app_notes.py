"""The layout's notes in the app: a box named by its pixels ("Left out 7m at (329, 356)") is
said by the tile's name and a number drawn on the photo; a spot where a tile may be missing
points at its dashed box."""

from __future__ import annotations

import re

from PIL import Image

from mjlens.ui import render as R
from mjlens.ui import state as S
from mjlens.ui.vision_adapter import on_photo
from scoring.messages import render
from vision.layout.words import M as LAYOUT


def test_a_box_in_a_note_becomes_a_number_on_the_photo():
    note = LAYOUT("left_out", box=LAYOUT("box_at", code="7m", x="329", y="356"),
                  why=LAYOUT("why_row_end"))
    assert "(329, 356)" in render(note, "en")  # what the layout says, for the CLI
    marks: list = []
    said = on_photo(note, 0.5, marks)
    for lang in ("en", "zh"):
        assert not re.search(r"\d{3}", render(said, lang)), render(said, lang)
    assert "7 Characters (marked 1 on the photo)" in render(said, "en")
    assert "七万" in render(said, "zh")
    assert marks == [(164.5, 178.0, 1)]
    # the same box named twice keeps its number
    assert "marked 1" in render(on_photo(note, 0.5, marks), "en") and len(marks) == 1
    missing = LAYOUT("missing", x="10", y="20", a=1, b=2, w="1.0")
    assert "(10, 20)" not in render(on_photo(missing, 1.0, marks), "en")


def test_the_mark_is_drawn_where_the_note_points():
    photo = Image.new("RGB", (400, 300), (0, 0, 0))
    tiles = (S.DraftTile("1m", box=(50.0, 100.0, 80.0, 140.0)),
             S.DraftTile("2m", box=(300.0, 100.0, 330.0, 140.0)))
    plain = R.draw_detections(photo, S.Draft(tiles=tiles), crop=False)
    marked = R.draw_detections(photo, S.Draft(tiles=tiles, marks=((200.0, 120.0, 1),)),
                               crop=False)
    assert plain.getpixel((200, 120 - 14)) == (0, 0, 0)
    ring = [marked.getpixel((200 + dx, 120 + dy)) for dx in range(-20, 21)
            for dy in range(-20, 21)]
    assert R.NOTE_MARK in ring
