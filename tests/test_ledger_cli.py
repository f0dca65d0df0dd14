"""`mjlens table`: a game kept from the command line, in English and Chinese, with refusals
in the player's words and exit 2."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"


def mj(db: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mjlens.cli", *args, "--db", db],
                          input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=300)


@pytest.fixture
def db(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'ledger.sqlite'}"


def test_a_game_from_the_command_line(db, tmp_path):
    r = mj(db, "table", "new", "Friday", "--players", "Ann,Bo,Cy,Di", "--rules", "gb")
    assert r.returncode == 0, r.stderr
    assert "Friday" in r.stdout and "Ann, Bo, Cy, Di" in r.stdout
    r = mj(db, "table", "add", "Friday", "--hand", "123m 456p 789s 11z 55s +5s", "--winner", "Bo",
           "--from", "Di")
    assert r.returncode == 0, r.stderr
    assert "Di pays Bo 18" in r.stdout
    hand = {"concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "5s",
                          "5s"], "melds": [], "win_tile": "5s", "self_drawn": True}
    (tmp_path / "hand.json").write_text(json.dumps(hand))
    r = mj(db, "table", "add", "Friday", str(tmp_path / "hand.json"), "--winner", "Cy")
    assert r.returncode == 0, r.stderr
    r = mj(db, "table", "add", "Friday", "--draw")
    assert r.returncode == 0, r.stderr
    shown = json.loads(mj(db, "table", "show", "Friday", "--json").stdout)
    assert [p["total"] for p in shown["players"]] == [-28, 14, 52, -38]
    assert [h["winners"] for h in shown["hands"]] == [["Bo"], ["Cy"], []]
    assert [h["dealer"] for h in shown["hands"]] == ["Ann", "Bo", "Cy"]
    assert shown["next_dealer"] == "Di" and shown["dealer_rotation"]["kind"] == "each"
    assert {p["payer"] for p in shown["hands"][1]["payments"]} == {"Ann", "Bo", "Di"}
    rows = list(csv.reader(io.StringIO(mj(db, "table", "export", "Friday", "--csv").stdout)))
    assert rows[0][-4:] == ["Ann", "Bo", "Cy", "Di"]
    assert rows[-1][0] == "total" and rows[-1][-4:] == ["-28", "14", "52", "-38"]
    zh = mj(db, "table", "show", "Friday", "--lang", "zh").stdout
    assert "Di 付给 Bo 18" in zh and "流局" in zh
    r = mj(db, "table", "undo", "Friday")
    assert r.returncode == 0 and "3" in r.stdout
    r = mj(db, "table", "fix", "Friday", "1", "--hand", "123m 456p 789s 11z 55s +5s",
           "--winner", "Bo", "--from", "Ann")
    assert r.returncode == 0, r.stderr
    shown = json.loads(mj(db, "table", "show", "Friday", "--json").stdout)
    assert [p["total"] for p in shown["players"]] == [-38, 14, 52, -28]
    listed = json.loads(mj(db, "table", "list", "--json").stdout)
    assert [t["table"] for t in listed] == ["Friday"] and listed[0]["hands_count"] == 2


def test_a_hand_from_a_photo_keeps_its_reading(tmp_path):
    """The shared photo pipeline reads the hand; the ledger keeps every box and which box each
    tile came from (the fixture detector replays the photo's true boxes)."""
    from mjlens.ledger import entries
    from mjlens.ledger.report import table_json
    from mjlens.ledger.store import Ledger
    from mjlens.ledger.words import LedgerError
    from tests.app_support import FixtureDetector

    lg = Ledger(f"sqlite:///{tmp_path / 'p.sqlite'}")
    lg.new_table("Photo", ["Ann", "Bo", "Cy", "Di"], "gb")
    photo = FIXTURES / "app" / "hand_kong.jpg"
    entry = entries.from_photo(photo, "gb", {}, detector=FixtureDetector("hand_kong"),
                               winner=2, discarder=1)
    hand = lg.add("Photo", entry)
    assert hand.source == "photo" and hand.result["total"] == 23
    reading = table_json(lg.table("Photo"))["hands"][0]["reading"]
    assert len(reading["detections"]) == 15 and reading["image"].endswith("hand_kong.jpg")
    linked = [i for i in reading["links"]["concealed"] if i is not None]
    assert len(set(linked)) == len(linked) > 5
    below = entries.from_photo(FIXTURES / "app" / "hand_melds.jpg", "gb", {},
                               detector=FixtureDetector("hand_melds"))
    with pytest.raises(LedgerError, match="does not score as a win"):
        lg.add("Photo", below)
    assert len(lg.table("Photo").hands) == 1


@pytest.mark.parametrize("args, words", [
    (("table", "add", "Nowhere", "--draw"), "There is no table called Nowhere"),
    (("table", "new", "T", "--players", "Ann,Bo,Cy"), "four players"),
    (("table", "add", "T0", "--hand", "11111m 456p 789s 11z 5s +5s"), "only four of each tile"),
    (("table", "add", "T0", "--hand", "123m 456p 789s 11z 55s +5s", "--winner", "Zed"),
     "Zed does not play"),
    (("table", "add", "T0"), "Give the hand one way"),
    (("table", "undo", "T0"), "no hand to undo"),
    (("table", "new", "T0", "--players", "A,B,C,D"), "already a table called T0"),
    (("table", "new", "T1", "--players", "A,B,C,D", "--rules", "gb", "-o", "nonsense=1"),
     "nonsense"),
])
def test_refusals_are_sentences_and_exit_2(db, args, words):
    assert mj(db, "table", "new", "T0", "--players", "Ann,Bo,Cy,Di").returncode == 0
    r = mj(db, *args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert words in r.stderr and "Traceback" not in r.stderr
    r = mj(db, *args, "--lang", "zh")
    assert r.returncode == 2 and "错误" in r.stderr


def test_standings_and_the_table_list_line_up_with_chinese_names(db):
    """`table show` padded names with str widths: a Chinese character is two terminal columns,
    so the seat and total columns after 阿明明明 sat four columns further right than after Bo."""
    from mjlens.terminal import columns

    assert mj(db, "table", "new", "週五夜", "--players", "阿明明明,Bo,志偉,淑芬",
              "--rules", "taiwan").returncode == 0
    assert mj(db, "table", "new", "Friday", "--players", "Ann,Bo,Cy,Di").returncode == 0
    assert mj(db, "table", "add", "週五夜", "--hand", "123m 456m 789m 234p 56p 99s *7p 1f",
              "--winner", "阿明明明").returncode == 0
    for lang in ("zh", "en"):
        out = mj(db, "table", "show", "週五夜", "--lang", lang).stdout.splitlines()
        rows = [line for line in out if line.split() and line[0] != " " and
                line.split()[0] in ("阿明明明", "Bo", "志偉", "淑芬")]
        assert len(rows) == 4, out
        seats = {columns(r[:r.index(r.split()[1])]) for r in rows}  # where the seat starts
        ends = {columns(r) for r in rows}  # where the total ends
        assert len(seats) == 1 and len(ends) == 1, rows
        listed = mj(db, "table", "list", "--lang", lang).stdout.splitlines()
        codes = {columns(line[:line.index(code)])
                 for line in listed for code in [line.split("代码 " if lang == "zh"
                                                             else "(code ")[1][:6]]}
        assert len(listed) == 2 and len(codes) == 1, listed
