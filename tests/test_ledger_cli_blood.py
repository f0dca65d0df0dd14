"""`mjlens table add` at a 血战到底 table: kongs and their rain money, a hand that goes on with
more winners, and the end of the wall with 查花猪 and 查叫, as the Table page does them."""

from __future__ import annotations

from tests.test_ledger_cli import db, mj  # noqa: F401
from tests.test_ledger_wall_end import BO


def test_a_hand_with_kongs_a_win_and_the_end_of_the_wall(db):  # noqa: F811
    """The same hand as the Table page's test (tests/test_app_table_blood.py), worked by hand:
    the command line had no way to add a kong, another winner or the end of the wall."""
    assert mj(db, "table", "new", "S", "--players", "Ann,Bo,Cy,Di", "--rules",
              "sichuan").returncode == 0
    r = mj(db, "table", "add", "S", "--kong", "Ann:concealed:2s")
    assert r.returncode == 0, r.stderr
    assert "Bo pays Ann 2: 下雨 (rain)" in r.stdout
    r = mj(db, "table", "add", "S", "--goes-on", "--hand", BO, "--winner", "Bo")
    assert r.returncode == 0 and "Hand 1 goes on" in r.stdout, r.stderr
    r = mj(db, "table", "add", "S", "--goes-on", "--kong", "Cy:直杠:7p:Di")
    assert "Di pays Cy 2: 刮风 (wind)" in r.stdout, r.stderr
    r = mj(db, "table", "add", "S", "--goes-on", "--draw", "--tiles",
           "Ann={2222s} 111p 333p 55s 68s;Cy=[7777p] 123m 456p 89s 99s;"
           "Di=568p 568p 89p 1s 3s 5s 7s 9s")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert [line.split()[-1] for line in lines if line.startswith(("Ann ", "Bo ", "Cy ", "Di "))] \
        == ["+8", "+22", "-26", "-4"]
    assert "Hands:" not in r.stdout and "查叫: Di (N) is not ready" in r.stdout


def test_a_kong_written_wrong_is_refused_with_the_syntax(db):  # noqa: F811
    mj(db, "table", "new", "S", "--players", "Ann,Bo,Cy,Di", "--rules", "sichuan")
    r = mj(db, "table", "add", "S", "--lang", "zh", "--kong", "Ann:暗杠")
    assert r.returncode == 2 and "玩家:种类:牌" in r.stderr
    r = mj(db, "table", "add", "S", "--kong", "Cy:exposed:7p")
    assert r.returncode == 2 and "say who discarded the tile" in r.stderr


def test_a_hand_going_on_takes_a_win_and_is_ended_only_by_the_tiles(db):  # noqa: F811
    """`--goes-on --draw` asks for the tiles of the players still in, by name; `--goes-on`
    takes one winning hand, never a round."""
    mj(db, "table", "new", "S", "--players", "Ann,Bo,Cy,Di", "--rules", "sichuan")
    mj(db, "table", "add", "S", "--hand", BO, "--winner", "Bo")
    r = mj(db, "table", "add", "S", "--goes-on", "--draw")
    assert r.returncode == 2 and "with Ann, Cy, Di still in" in r.stderr, r.stderr
    r = mj(db, "table", "add", "S", "--goes-on", "--round", "-", stdin='{"events": []}')
    assert r.returncode == 2 and "not a round or a drawn hand" in r.stderr, r.stderr


def test_fix_win_k_corrects_one_win_and_keeps_the_others(db):  # noqa: F811
    """`table fix S 1 --hand ...` made a hand of three winners that one hand; `--win 2` puts
    right Cy's win alone (on Ann's discard, not Di's): Ann pays Cy 8 instead of Di."""
    mj(db, "table", "new", "S", "--players", "Ann,Bo,Cy,Di", "--rules", "sichuan")
    mj(db, "table", "add", "S", "--hand", BO, "--winner", "Bo")
    mj(db, "table", "add", "S", "--goes-on", "--hand", "111222333p 4477p +7p", "--winner", "Cy",
       "--from", "Di")
    r = mj(db, "table", "fix", "S", "1", "--win", "2", "--hand", "111222333p 4477p +7p",
           "--winner", "Cy", "--from", "Ann")
    assert r.returncode == 0, r.stderr
    assert "Ann pays Cy 8" in r.stdout and "Di pays Cy" not in r.stdout
    assert "Bo won 5 fan (+24), Cy won 4 fan (+8)" in r.stdout
    r = mj(db, "table", "fix", "S", "1", "--win", "3", "--hand", BO, "--winner", "Bo")
    assert r.returncode == 2 and "has no win 3" in r.stderr


def test_undo_step_takes_off_the_last_win_only(db):  # noqa: F811
    mj(db, "table", "new", "S", "--players", "Ann,Bo,Cy,Di", "--rules", "sichuan")
    mj(db, "table", "add", "S", "--hand", BO, "--winner", "Bo")
    mj(db, "table", "add", "S", "--goes-on", "--hand", "111222333p 4477p +7p", "--winner", "Cy",
       "--from", "Di")
    r = mj(db, "table", "undo", "S", "--step")
    assert r.returncode == 0, r.stderr
    assert "Hand 1: its last step undone." in r.stdout and "Di pays Cy" not in r.stdout
    assert "Bo won 5 fan (+24)" in r.stdout
    r = mj(db, "table", "undo", "S", "--step")
    assert r.returncode == 2 and "undo the whole hand" in r.stderr
