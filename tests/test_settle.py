"""Whole-round settlement (mjlens settle): the seeds' rain-money, 杠上炮, 查叫 and 查花猪 rules,
each quoting its sentence; the example round of docs/sichuan.md; bad rounds; the CLI."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mjlens.cli import main
from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.settle import settle_round

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "round.json"


def hand(text: str) -> dict:
    """Hand JSON from the notation, without the fields a round fills in itself."""
    data = parse_hand(text).to_json()
    for key in ("seat_wind", "round_wind", "self_drawn"):
        data.pop(key)
    return data


def kong(player, kind, tile, **more):
    return {"type": "kong", "player": player, "kind": kind, "tile": tile, **more}


def win(player, text, **more):
    return {"type": "win", "player": player, "hand": hand(text), **more}


def settle(events, hands=None, **options):
    data = {"events": events}
    if hands:
        data["hands"] = {s: hand(t) for s, t in hands.items()}
    return settle_round(data, "sichuan", options)


def rain_of(result, player):
    """Net of the rain-money entries only (刮风 / 下雨 / 杠上炮 / refunds)."""
    net = dict.fromkeys("ESWN", 0)
    for p in result.ledger:
        if not re.search(r"自摸|点炮|查叫|查花猪", str(p.reason)):
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
    return net[player]


# Hands used below (each misses a suit; together they respect four copies of each tile).
PLAIN_S = "234456m 789m 7m 345p +7m"  # 平胡 on a discard
WIN_M_S = "234456m 789s 7m 345s +7m"  # 平胡 on 7m, bamboo and characters
W_READY = "111m 999m 5556m 222p"  # waits 4m 7m (平胡) and 6m (对对胡)
N_READY = "234m 567m 345p 678p 9p"  # waits 3p 6p 9p (平胡)
E_NOT = "23478m 13579p 468p"  # not ready
S_NOT = "2478m 123456789s"  # not ready


# ---- the example round of docs/sichuan.md ----------------------------------------------------
def test_example_round_ledger():
    result = settle_round(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    assert result.net == {"E": -15, "S": 17, "W": -5, "N": 3}
    assert sum(result.net.values()) == 0
    assert [w["player"] for w in result.wins] == ["S", "N"]
    assert result.end["E"]["status"] == "not ready"
    assert result.end["W"]["status"] == "ready"
    reasons = [str(p.reason) for p in result.ledger]
    assert any("杠上炮" in r for r in reasons) and any("查叫" in r for r in reasons)


# ---- seed Ⅱ: rain money at a stake of 5 -----------------------------------------------------------
def test_seed_ii_rain_amounts():
    """"假如打5塊錢一炮。暗杠是每家收10塊，補杠是每家收5塊…點杠的是自己負責10塊。\""""
    result = settle([kong("E", "concealed", "8p"), kong("S", "added", "1s"),
                     kong("W", "exposed", "9m", **{"from": "N"})], base=5)
    by_kong = [(p.payer, p.payee, p.amount) for p in result.ledger]
    assert by_kong == [
        ("S", "E", 10), ("W", "E", 10), ("N", "E", 10),
        ("E", "S", 5), ("W", "S", 5), ("N", "S", 5),
        ("N", "W", 10),
    ]


def test_seed_ii_added_kong_must_be_made_on_the_draw():
    """"補杠必須是摸起來馬上杠，不然不算雨錢\""""
    result = settle([kong("S", "added", "1s", immediate=False)])
    assert result.ledger == []
    assert any("未即時加杠" in str(n) for n in result.notes)


def test_seed_ii_kong_discard_transfers_the_rain_money():
    """"假如你自己暗杠1個，然後杠上炮給你對面那個人一個小胡，本來該收他們每家10塊的，但是結果
    杠上炮了，左右兩個人每人出的10塊雨錢全部給你對面那個人，還有你杠上炮，自己也要出10塊。\""""
    events = [kong("E", "concealed", "8p"),
              win("W", WIN_M_S, **{"from": "E", "after_kong": True})]
    result = settle(events, base=5)
    assert rain_of(result, "S") == -10 and rain_of(result, "N") == -10  # 左右兩個人每人出的10塊
    assert rain_of(result, "W") == 20  # both 10s reach the opposite player, who gets his own back
    assert rain_of(result, "E") == 0
    won = result.wins[0]
    assert [f["name"] for f in won["fans"]] == ["平胡", "杠上炮"]
    assert result.net["W"] == 20 + won["per_payer"]


def test_seed_ix_kong_discard_to_several_winners_pays_each():
    """"杠上炮時，點炮者將剛杠所得轉移給被點炮者。若杠後點炮超過一響，點炮者要另賠出剛杠所得的
    點數給被點者。\""""
    events = [kong("E", "concealed", "1p"),
              {"type": "win", "from": "E", "after_kong": True,
               "winners": [{"player": "S", "hand": hand(WIN_M_S)},
                           {"player": "N", "hand": hand("123m 456m 7m 345p 678p +7m")}]}]
    result = settle(events)
    transfers = [(p.payer, p.payee, p.amount) for p in result.ledger if "杠上炮" in str(p.reason)]
    assert transfers == [("E", "S", 6), ("E", "N", 6)]
    assert sum(1 for p in result.ledger if "点炮" in str(p.reason)) == 2  # 一炮多响: E pays both


def test_seed_vi_kong_discard_refund_variant():
    """Seed Ⅵ-4: "如果開杠者開杠後打出的那一張放炮，這一個杠的刮風下雨收入需要退回。\""""
    events = [kong("E", "concealed", "8p"),
              win("W", WIN_M_S, **{"from": "E", "after_kong": True})]
    result = settle(events, kong_discard="refund")
    assert all(rain_of(result, s) == 0 for s in "ESWN")


# ---- seed Ⅵ: 查叫, 查花猪, refunds at the end of the wall -------------------------------------------


def test_seed_vi_not_ready_pays_the_highest_fan():
    """"所謂「查叫」就是流局後，所有沒聽牌者要依次按聽牌者手牌的理論最大番數賠付。\""""
    result = settle([{"type": "wall_end"}],
                    hands={"E": E_NOT, "S": S_NOT, "W": W_READY, "N": N_READY})
    assert result.end["W"]["waits"] == ["4m", "6m", "7m"]
    assert result.end["W"]["best"]["fans"][0]["name"] == "对对胡"  # 6m beats 4m / 7m (平胡)
    assert result.end["N"]["status"] == "ready"
    assert [(p.payer, p.payee, p.amount) for p in result.ledger] == [
        ("E", "W", 2), ("E", "N", 1), ("S", "W", 2), ("S", "N", 1)]


def test_seed_vi_flower_pig_pays_eight_bases():
    """"如果流局時某一家手牌中還有條、筒、萬三門牌，稱為「花豬」。「花豬」一般要按8倍底分甚至
    更高向未和牌者賠付。\""""
    result = settle([win("S", "112233s 456s 789s 5s *5s"), {"type": "wall_end"}],
                    hands={"E": "234m 456p 789s 8m 2p 3s 5s", "W": W_READY, "N": E_NOT}, base=2)
    pig = [(p.payer, p.payee, p.amount) for p in result.ledger if "查花猪" in str(p.reason)]
    assert pig == [("E", "W", 16), ("E", "N", 16)]  # S won earlier: out of the round
    assert result.end["E"]["status"] == "flower pig"


def test_declared_suit_still_held_is_a_flower_pig():
    hands = {"E": E_NOT, "S": S_NOT, "W": W_READY, "N": N_READY}
    result = settle_round({"events": [{"type": "wall_end"}], "missing_suits": {"E": "p"},
                           "hands": {s: hand(t) for s, t in hands.items()}}, "sichuan")
    assert result.end["E"]["status"] == "flower pig"


def test_seed_vi_not_ready_refunds_rain_money():
    """"如果開杠者流局不聽牌，他的刮風下雨收入全部退回\" / Ⅶ-4 "沒叫或花豬玩家需退還刮風下雨所得。\""""
    events = [kong("E", "concealed", "9p"), {"type": "wall_end"}]
    hands = {"E": "2378m 135p 468p {9999p}", "S": S_NOT, "W": W_READY,
             "N": "234m 567m 345p 678p 1p"}
    result = settle(events, hands)
    assert rain_of(result, "E") == 0
    refunds = [(p.payer, p.payee, p.amount) for p in result.ledger if "退雨" in str(p.reason)]
    assert refunds == [("E", "S", 2), ("E", "W", 2), ("E", "N", 2)]


def test_ready_kong_keeps_rain_money():
    events = [kong("W", "concealed", "2p"), {"type": "wall_end"}]
    hands = {"W": "111m 999m 5556m {2222p}", "E": E_NOT, "S": S_NOT, "N": N_READY}
    assert rain_of(settle(events, hands), "W") == 6


# ---- seed Ⅵ-3: 血戰到底 ------------------------------------------------------------------------
def test_seed_vi_self_draw_collects_from_everyone_still_in():
    """"自摸者向所有未和牌者收取分數，而銃和只向放銃者收取分數\""""
    events = [win("S", PLAIN_S, **{"from": "W"}), win("N", "234s 567s 789s 111p 2p *2p")]
    result = settle(events)
    assert [(p.payer, p.payee) for p in result.ledger] == [("W", "S"), ("E", "N"), ("W", "N")]


def test_seed_vi_early_winner_is_unaffected_by_later_events():
    """"先和牌者不受他和牌之後發生的結算事件影響。\""""
    first = [win("S", PLAIN_S, **{"from": "W"})]
    later = first + [kong("E", "concealed", "9p"), kong("N", "added", "1s"),
                     win("N", "234s 567s 999s 8s [1111s] *8s"), {"type": "wall_end"}]
    hands = {"E": "2378m 135p 468p {9999p}", "W": W_READY}
    assert settle(later, hands).net["S"] == settle(first).net["S"]


# ---- bad rounds ---------------------------------------------------------------------------------
@pytest.mark.parametrize("events,message", [
    ([win("S", PLAIN_S, **{"from": "W"}), kong("S", "concealed", "9p")],
     "S already won at event 1 and is out of the round, so S cannot declare a kong"),
    ([win("S", PLAIN_S, **{"from": "W"}), win("N", PLAIN_S.replace("+", "*"))] * 1
     + [win("S", "234456m 7m 345p *7m")], "already won"),
    ([win("S", PLAIN_S, **{"from": "W"}), win("N", "234s 567s 789s 234p 5s +5s", **{"from": "S"})],
     "cannot discard"),
    ([kong("E", "concealed", "5m"), kong("S", "concealed", "5m")], "only four of each tile"),
    ([kong("E", "concealed", "5z")], "without honour tiles: remove 5z"),
    ([win("S", "123m 456p 789s 55p 44m +5p", **{"from": "W"})], "must miss a suit"),
    ([win("S", "123m 456m 789m 5p 55z +5p", **{"from": "W"})], "without honour tiles"),
    ([kong("S", "concealed", "9s"), win("S", PLAIN_S, **{"from": "W"})], "no concealed kong of 9s"),
    ([win("S", PLAIN_S, **{"from": "W", "after_kong": True})], "杠上炮"),
    ([{"type": "discard"}], "kong, win or wall_end"),
    ([kong("E", "sideways", "9s")], "concealed, exposed or added"),
    ([kong("E", "exposed", "9s")], "from"),
    ([{"type": "win", "winners": [{"player": "S", "hand": hand(PLAIN_S)},
                                  {"player": "N", "hand": hand(PLAIN_S)}]}], "一炮多响"),
    ([{"type": "win", "player": "S", "from": "W", "hand": dict(hand(PLAIN_S), self_drawn=True)}],
     "self_drawn"),
    ([win("S", PLAIN_S, **{"from": "S"})], "own discard"),
    ([{"type": "wall_end"}], "final hand"),
    ([win("S", PLAIN_S, **{"from": "W"}), win("N", "123s 456s 789s 234p 5s +5s", **{"from": "W"}),
      win("E", "111p 666p 789p 234s 9s +9s", **{"from": "W"}), {"type": "wall_end"}],
     "already over"),
])
def test_bad_rounds_give_a_clear_error(events, message):
    with pytest.raises(HandError, match=re.escape(message)):
        settle(events)


def test_robbing_a_kong_with_after_kong_is_refused():
    """抢杠 and 杠上炮 cannot happen together (seed Ⅵ 另加番 "2、杠上炮" and "3、搶杠" are separate
    events): a robbed kong is never completed, so no discard follows it. Under every rule set."""
    robbed = win("S", "123m 456m 789m 55p 78p +9p robbing-kong", **{"from": "W", "after_kong": True})
    for rules in ("sichuan", "yushan", "sichuan_mult"):
        with pytest.raises(HandError, match="cannot happen together"):
            settle_round({"events": [kong("W", "added", "9p"), robbed]}, rules)


def test_missing_suits_name_suits():
    """Ⅰ: "定缺" declares one of the three suits; 'z' is none of them."""
    for bad in ("z", 3, ""):
        with pytest.raises(HandError, match="missing_suits"):
            settle_round({"events": [{"type": "wall_end"}], "missing_suits": {"E": bad}}, "sichuan")


def test_tile_counts_across_the_round():
    # Two winners on one discard share the tile; 5 copies in different hands are impossible.
    ok = {"type": "win", "from": "E", "winners": [
        {"player": "S", "hand": hand(WIN_M_S)},
        {"player": "W", "hand": hand("123m 456m 7m 345p 678p +7m")}]}
    settle([ok])
    too_many = [win("S", "777m 234m 678m 5m 345p +5m", **{"from": "E"}),
                win("W", "777m 234m 678m 5m 345s +5m", **{"from": "E"})]
    with pytest.raises(HandError, match="copies of 7m"):
        settle(too_many)


def test_rule_set_without_settlement():
    with pytest.raises(HandError, match="no whole-round settlement|Unknown rule set"):
        settle_round({"events": [{"type": "wall_end"}]}, "gb")


def test_yushan_round_one_discard_several_winners():
    """Seed Ⅰ (玉山): "5、一炮多響。即某個玩家打出一張牌，有不止一個的玩家要之成胡，則均可胡牌。
    6、刮風下雨。\""""
    events = [kong("N", "exposed", "9p", **{"from": "E"}),
              {"type": "win", "from": "E", "winners": [
                  {"player": "S", "hand": hand("222m 444m 555m 666s 7m +7m")},
                  {"player": "W", "hand": hand("123m 456m 345s 678s 7m +7m")}]}]
    result = settle_round({"events": events}, "yushan")
    assert [(p.payer, p.payee, p.amount) for p in result.ledger] == [
        ("E", "N", 2), ("E", "S", 2), ("E", "W", 1)]


# ---- CLI ----------------------------------------------------------------------------------------
def run_cli(args, stdin="", capsys=None, monkeypatch=None):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_settle_json(capsys, monkeypatch):
    code, out, _ = run_cli(["settle", str(EXAMPLE), "--json"], capsys=capsys, monkeypatch=monkeypatch)
    assert code == 0
    data = json.loads(out)
    assert data["net"] == {"E": -15, "S": 17, "W": -5, "N": 3}
    assert {"payer", "payee", "amount", "reason", "event"} <= set(data["ledger"][0])


def test_cli_settle_text_and_options(capsys, monkeypatch):
    code, out, _ = run_cli(["settle", str(EXAMPLE), "-o", "base=5"], capsys=capsys,
                           monkeypatch=monkeypatch)
    assert code == 0
    assert "Net: E -75  S +85  W -25  N +15" in out


@pytest.mark.parametrize("stdin,message", [
    ("{not json", "not valid JSON"),
    (json.dumps({"events": [kong("E", "concealed", "5m"), kong("S", "concealed", "5m")]}),
     "only four"),
    (json.dumps({"events": [{"type": "wall_end"}], "rules": "nope"}), "Unknown rule set"),
    # issue 20, fault 6: options that are not an object crashed with a traceback
    (json.dumps({"events": [{"type": "wall_end"}], "options": [1]}), "'options' must be an object"),
    (json.dumps({"events": [{"type": "wall_end"}], "options": "base=2"}),
     "'options' must be an object"),
    # fault 7: "z" is no suit; option types in a person's words
    (json.dumps({"events": [{"type": "wall_end"}], "missing_suits": {"E": "z"}}),
     "must be m, p or s, not 'z'"),
    (json.dumps({"events": [{"type": "wall_end"}], "options": {"base": "two"}}),
     "Option base must be a whole number, not 'two'."),
])
def test_cli_settle_errors_exit_2(stdin, message, capsys, monkeypatch):
    code, out, err = run_cli(["settle", "-", "--json"], stdin, capsys, monkeypatch)
    assert code == 2
    assert message in json.loads(out)["error"]
    assert "Traceback" not in err


def test_cli_settle_missing_file(capsys, monkeypatch, tmp_path):
    code, out, _ = run_cli(["settle", str(tmp_path / "none.json"), "--json"], capsys=capsys,
                           monkeypatch=monkeypatch)
    assert code == 2 and "Cannot read" in json.loads(out)["error"]


def test_cli_score_sichuan_json(capsys, monkeypatch):
    code, out, _ = run_cli(["score", "--rules", "sichuan", "--json"],
                           json.dumps(parse_hand("2224445557779m +9m seat:S").to_json()),
                           capsys, monkeypatch)
    data = json.loads(out)
    assert code == 0 and data["rules"] == "sichuan" and data["total"] == 4
    assert data["fans"][0]["name"] == "清对" and data["multiplier"] == 8
    assert data["net"]["S"] == 8


def test_cli_score_sichuan_honours_exit_2(capsys, monkeypatch):
    bad = parse_hand("123m 456m 789m 5p 55z +5p").to_json()
    code, out, _ = run_cli(["score", "--rules", "sichuan", "--json"], json.dumps(bad), capsys,
                           monkeypatch)
    assert code == 2
    assert json.loads(out)["error"].startswith(
        "Sichuan mahjong is played without honour tiles: remove 5z (White)")


def test_installed_command_settles_without_traceback(tmp_path):
    bad = tmp_path / "round.json"
    bad.write_text(json.dumps({"events": [win("S", PLAIN_S, **{"from": "W"}),
                                          kong("S", "concealed", "9p")]}))
    proc = subprocess.run([sys.executable, "-m", "mjlens.cli", "settle", str(bad), "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "already won" in json.loads(proc.stdout)["error"]
    assert "Traceback" not in proc.stderr


def test_robbed_kong_collects_nothing():
    """Chengdu seed, 胡牌規則 3: "搶杠：當有玩家在碰牌以後，又再次杠此碰牌，而這張杠牌又正好是
    其他玩家胡牌的叫牌，其他玩家可以選擇胡這張杠牌。" The robbed kong never happens."""
    robbing = win("S", "234456m 55m 345p 68m +7m robbing-kong", **{"from": "N"})
    listed = settle([kong("N", "added", "7m"), robbing])
    omitted = settle([robbing])
    assert listed.net == omitted.net
    assert [(p.payer, p.payee) for p in listed.ledger] == [("N", "S")]
    assert [f["name"] for f in listed.wins[0]["fans"]] == ["平胡", "抢杠"]
    assert any("抢杠" in str(n) for n in listed.notes)
    with pytest.raises(HandError, match="only an added kong"):
        settle([kong("N", "concealed", "7m"), robbing])


def test_seed_i_not_ready_pays_as_if_discarding():
    """Chengdu Ⅰ: "摸完牌需要查叫，沒有叫的人給有叫的人包牌（相當於點炮）。" The not-ready player
    pays what the ready hand would win on a discard, at the same cap."""
    result = settle([{"type": "wall_end"}],
                    hands={"E": E_NOT, "S": S_NOT, "W": W_READY, "N": N_READY}, base=3)
    best = result.end["W"]["best"]
    assert "自摸" not in [f["name"] for f in best["fans"]]
    assert [p.amount for p in result.ledger if p.payee == "W"] == [best["per_payer"]] * 2 == [6, 6]


def test_flower_pig_returns_rain_money_too():
    """Chengdu Ⅶ-4: "流局時需要查花豬，查大叫。沒叫或花豬玩家需退還刮風下雨所得。\""""
    events = [kong("E", "concealed", "9p"), {"type": "wall_end"}]
    hands = {"E": "234m 456p 8s 2p 3s 5s {9999p}", "S": S_NOT, "W": W_READY,
             "N": "234m 567m 345p 678p 1p"}
    result = settle(events, hands)
    assert result.end["E"]["status"] == "flower pig"
    assert rain_of(result, "E") == 0
    assert sum(p.amount for p in result.ledger if "查花猪" in str(p.reason)) == 3 * 8


# ---- the engine as a framework ------------------------------------------------------------------
def test_the_ledger_reads_in_chinese():
    from scoring.report import format_round

    result = settle_round(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    data = result.to_json()
    for entry in data["ledger"]:
        assert not re.search(r"[A-Za-z]{3,}", entry["reason_zh"]), entry["reason_zh"]
    text = format_round(result, "zh").splitlines()
    assert text[0] == "规则：四川麻将 血战到底"  # the rule set by its name, not its id
    for line in text[1:]:
        assert not re.search(r"[A-Za-z]{3,}", line), line
    with pytest.raises(HandError) as err:
        settle([kong("E", "concealed", "5z")])
    assert err.value.render("zh") == "四川麻将不用字牌：请去掉5z（白）。（第1个事件）"


def test_a_round_profile_where_the_first_win_ends_the_round(monkeypatch):
    """The engine asks the profile whether winners leave (血战到底) or the first win ends the
    round; a rule set plugs in by its RuleSet.settlement alone."""
    import dataclasses

    from scoring.ruleset import all_rulesets, get_ruleset

    rs = get_ruleset("sichuan")
    once = dataclasses.replace(rs, id="sichuan_once",
                               settlement=dataclasses.replace(rs.settlement, winners_leave=False))
    monkeypatch.setitem(all_rulesets(), "sichuan_once", once)
    first = [kong("E", "concealed", "9p"), win("S", PLAIN_S, **{"from": "W"})]
    result = settle_round({"events": first}, "sichuan_once")
    assert result.net == settle(first).net and not result.notes
    with pytest.raises(HandError, match="already over \\(a player has won\\)"):
        settle_round({"events": first + [win("N", "234s 567s 789s 234p 5s +5s")]}, "sichuan_once")
