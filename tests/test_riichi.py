"""Riichi scored through the project against the `mahjong` library called directly, the EMA
rules' counting as worked examples, the payments' balance, and bad hands in a player's words."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from scoring.hand import Hand, HandError
from scoring.notation import parse_hand
from scoring.ruleset import get_ruleset, net_of, score_hand
from tests.riichi_hands import (
    LIMIT_NAMES,
    as_project_json,
    library_result,
    points_before_bonuses,
    random_pao_specs,
    random_specs,
)

ROOT = Path(__file__).resolve().parents[1]


def _project(hand_json: dict, options: dict | None = None):
    """(to_json of the score, None) or (None, the error)."""
    try:
        return score_hand(Hand.from_json(hand_json), "riichi", options).to_json(), None
    except HandError as exc:
        return None, exc


def _compare(spec: dict, out: dict | None, error, options: dict | None = None) -> str | None:
    lib = library_result(spec, **(options or {}))
    if lib.error:
        return None if error is not None else f"library refused ({lib.error}), project scored"
    if error is not None:
        return f"project refused ({error}), library scored {lib.han} han {lib.fu} fu"
    level = lib.cost["yaku_level"]
    if level == "yakuman" and not any(y.is_yakuman for y in lib.yaku):
        level = "kazoe yakuman"  # 13 han or more without a yakuman yaku: the library says yakuman
    if not level and lib.fu * 2 ** (lib.han + 2) > 2000:
        level = "mangan"  # base points over 2,000 under kiriage: the library's word is empty
    want = (lib.han, lib.fu, LIMIT_NAMES[level],
            points_before_bonuses(lib.cost, spec["tsumo"]))
    got = (out["han"], out["fu"], out["limit"], out["total"])
    return None if want == got else f"library {want}, project {got}"


# ---------------------------------------------------------------------------- differential
def test_two_thousand_random_hands_score_as_the_library_scores_them():
    specs = random_specs(seed=32, n=3200)
    seen: Counter = Counter()
    bad = []
    for spec in specs:
        out, error = _project(as_project_json(spec))
        problem = _compare(spec, out, error)
        if problem:
            bad.append((as_project_json(spec), problem))
        if out is not None:
            seen["scored"] += 1
            seen["open"] += any(not m["concealed"] for m in spec["melds"])
            seen["kong"] += any(m["kind"] == "kong" for m in spec["melds"])
            for key in ("riichi", "double", "ippatsu", "tsumo", "rinshan", "chankan", "last",
                        "first"):
                seen[key] += bool(spec[key])
            seen["red"] += bool(spec["red"])
            seen["renhou"] += spec["first"] and not spec["tsumo"]
            seen["dora"] += any(y["name_en"] == "Dora" for y in out["yaku"])
            seen["ura"] += any(y["name_en"] == "Ura dora" for y in out["yaku"])
            seen["limit"] += out["limit"] is not None
            seen["yakuman"] += out["han"] >= 13
        else:
            seen["refused"] += 1
    assert not bad, f"{len(bad)} hands differ, e.g. {bad[:3]}"
    assert seen["scored"] >= 2000, seen
    # every kind of hand and win condition was scored, not only refused
    for key, least in (("open", 300), ("kong", 200), ("riichi", 400), ("double", 40),
                       ("ippatsu", 80), ("tsumo", 600), ("rinshan", 30), ("chankan", 20),
                       ("last", 100), ("first", 10), ("renhou", 5), ("red", 300), ("dora", 300), ("ura", 100),
                       ("limit", 100), ("yakuman", 5), ("refused", 50)):
        assert seen[key] >= least, (key, seen)


@pytest.mark.parametrize("options", [{"red_fives": False}, {"open_tanyao": False},
                                     {"kiriage": True}])
def test_the_options_reach_the_library(options):
    bad = []
    changed = 0
    for spec in random_specs(seed=3200, n=400):
        out, error = _project(as_project_json(spec), options)
        problem = _compare(spec, out, error, options)
        if problem:
            bad.append(problem)
        plain, _ = _project(as_project_json(spec))
        changed += (out or {}).get("total") != (plain or {}).get("total")
    assert not bad, bad[:3]
    assert changed > 0  # each option changes some hands' worth


def _renhou_specs(seed: int, n: int) -> list[dict]:
    """Random concealed hands won on a discard, made first-turn wins (renhou): no riichi, no
    robbed kong, not the last tile."""
    out = []
    for spec in random_specs(seed=seed, n=n):
        if spec["melds"] or spec["tsumo"] or spec["chankan"] or spec["last"]:
            continue
        out.append({**spec, "first": True, "riichi": False, "double": False, "ippatsu": False,
                    "ura": []})
    return out


@pytest.mark.parametrize("renhou", ["5han", "yakuman", "none"])
def test_renhou_scores_as_the_library_scores_it(renhou):
    bad, scored = [], 0
    for spec in _renhou_specs(seed=41, n=900):
        out, error = _project(as_project_json(spec), {"renhou": renhou})
        if spec["seat"] == "E":  # the dealer draws first: never renhou, whatever it is worth
            assert error is not None and "dealer" in str(error)
            continue
        problem = _compare(spec, out, error, {"renhou": renhou})
        if problem:
            bad.append((as_project_json(spec), problem))
        scored += out is not None
    assert not bad, bad[:3]
    assert scored >= 60


def test_renhou_as_a_mangan_is_the_higher_of_mangan_and_the_hand_itself():
    # riichi.wiki "Renhou", Mangan: "if the hand could score more using normal counting of
    # yaku and dora, it will be scored for the alternate value"; the hand must have a yaku
    checked = own_won = 0
    for spec in _renhou_specs(seed=43, n=700):
        out, error = _project(as_project_json(spec), {"renhou": "mangan"})
        if spec["seat"] == "E":  # the dealer draws first: never renhou
            assert error is not None and "dealer" in str(error)
            continue
        assert error is None, (as_project_json(spec), error)
        own = library_result(spec, renhou="none")
        own_total = None if own.error else points_before_bonuses(own.cost, False)
        if own_total is not None and own_total > 8000:
            assert (out["total"], out["han"]) == (own_total, own.han)
            own_won += 1
        else:  # a non-dealer's mangan on a discard: 4 x 2,000
            assert (out["total"], out["han"], out["limit"]) == (8000, 5, "満貫")
            assert [y["name_en"] for y in out["yaku"]] == ["Renhou"]
        honba = 300 * spec["honba"]
        assert sum(p["amount"] for p in out["payments"]) == out["total"] + honba
        checked += 1
    assert checked >= 80 and own_won >= 3


def test_hands_through_the_real_command_line_score_as_the_library():
    specs = random_specs(seed=77, n=40)
    lines = "\n".join(json.dumps(as_project_json(s)) for s in specs)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "mjlens.cli", "score", "--rules", "riichi",
                          "--json"], input=lines, capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=120)
    outs = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(outs) == len(specs)
    scored = 0
    for spec, out in zip(specs, outs, strict=True):
        error = out.get("error")
        assert _compare(spec, None if error else out, error) is None, (spec, out)
        scored += error is None
        if error:
            assert out["error_zh"] and "Traceback" not in run.stderr
    assert scored >= 25
    assert run.returncode == (2 if scored < len(specs) else 0)


# ---------------------------------------------------------------------------- worked examples
# EMA Riichi Competition Rules (2016), 4.1.2 "Exact calculation of the hand value": "The base
# value of the hand (the minipoints rounded up) are doubled by the number of fan plus 2. This
# figure is the base figure to be paid by all three opponents in case of self-draw. For East,
# however, the figure is doubled one more time." ... "Payments are rounded up to the next 100,
# though never exceeding the value of a mangan. In case of winning on a discard, the
# discarding player must pay for all opponents, incl. East, i.e. four times the base figure if
# the winner is not East, and three times the doubled base figure if the winner is East."
# "In addition to this is the value of counters and riichi bets on the table." (same section).
# The minipoints counted below are the usual ones of 4.1.1 (20 for going out, 10 more for a
# concealed hand on a discard, 2 for a self-draw except with pinfu, 4 for a concealed pung of
# simples, 2 for a single wait; seven pairs 25). The 2016 edition allows open tanyao and has no
# kiriage mangan (riichi.wiki's summary of its changes: "open tanyao (kuitan) allowed"), the
# defaults here. (Text of 4.1.2 as published at mahjongtime.com/mahjong-japanese-scoring-2.html.)
def _score(notation: str, **options):
    return score_hand(parse_hand(notation), "riichi", options or None)


def _payments(result) -> list[tuple[str, str, float]]:
    return [(p.payer, p.payee, p.amount) for p in result.payments]


def test_ema_non_dealer_ron_pinfu_riichi_two_fan_thirty_minipoints():
    # 30 minipoints x 2^(2+2) = 480; four times, rounded up: 1,920 -> 2,000
    r = _score("23m 456p 345s 678s 99p +4m seat:S discarder=W riichi=true")
    assert (r.extra["han"], r.extra["fu"], r.total) == (2, 30, 2000)
    assert _payments(r) == [("W", "S", 2000)]
    assert {f.name_en for f in r.fans} == {"Riichi", "Pinfu"}


def test_ema_dealer_self_draw_pays_the_doubled_base_figure_from_each():
    # pinfu tsumo: 20 minipoints x 2^(2+3) = 640, East doubled: 1,280 -> 1,300 from each
    r = _score("23m 456p 345s 678s 99p *4m riichi=true")
    assert (r.extra["han"], r.extra["fu"], r.total) == (3, 20, 3900)
    assert sorted(_payments(r)) == [("N", "E", 1300), ("S", "E", 1300), ("W", "E", 1300)]


def test_ema_non_dealer_self_draw_east_pays_double():
    # 20 + 2 self-draw + 4 concealed pung of simples + 2 single wait = 28 -> 30 minipoints,
    # 1 fan (menzen tsumo): 30 x 2^3 = 240 -> 300 from South and West, East 480 -> 500
    r = _score("234m 456p 789s 777p 5s *5s seat:N")
    assert (r.extra["han"], r.extra["fu"], r.total) == (1, 30, 1100)
    assert sorted(_payments(r)) == [("E", "N", 500), ("S", "N", 300), ("W", "N", 300)]


def test_ema_no_kiriage_dealer_ron_four_fan_thirty_is_11600():
    # riichi, pinfu, tanyao, iipeikou: 30 x 2^6 = 1,920; East on a discard: x 6 = 11,520 -> 11,600
    hand = "234m 23m 567p 678s 55p +4m riichi=true discarder=S"
    r = _score(hand)
    assert (r.extra["han"], r.extra["fu"], r.total, r.extra["limit"]) == (4, 30, 11600, None)
    kiriage = _score(hand, kiriage=True)  # the house rule that rounds it to mangan
    assert (kiriage.total, kiriage.extra["limit"]) == (12000, "満貫")


def test_ema_seven_pairs_are_twenty_five_minipoints():
    # riichi + seven pairs = 3 fan: 25 x 2^5 = 800, four times = 3,200
    r = _score("11m 33m 55p 77p 99s 22z 6z +6z seat:W riichi=true discarder=N")
    assert (r.extra["han"], r.extra["fu"], r.total) == (3, 25, 3200)


def test_ema_limits_mangan_haneman_and_yakuman():
    # five fan is a mangan: 8,000 on a non-dealer's discard win
    r = _score("234m 234m 567p 66s 78s +9s seat:S riichi=true "
               'dora_indicators=["5s"]')  # riichi, pinfu, iipeikou, two dora
    assert (r.total, r.extra["limit"]) == (8000, "満貫")
    # six fan, dealer self-draw: haneman, 6,000 from each
    r = _score("22z 234p 345p 456p 78p *9p riichi=true")  # honitsu, riichi, tsumo, pinfu
    assert r.extra["han"] == 6 and (r.total, r.extra["limit"]) == (18000, "跳満")
    # big three dragons: a yakuman, 32,000 on a non-dealer's discard win
    r = _score("555z 666z 777z 23m 99p +1m seat:S")
    assert (r.total, r.extra["limit"]) == (32000, "役満")


def test_ema_counters_and_riichi_bets():
    # 4.1.2: "In addition to this is the value of counters and riichi bets on the table": 300
    # per counter on a discard (from the discarder), 100 from each on a self-draw, the usual
    # values; the riichi bets on the table (1,000 each) go to the winner
    r = _score("23m 456p 345s 678s 99p +4m seat:S discarder=W riichi=true honba=2 "
               "riichi_sticks=3")
    assert _payments(r) == [("W", "S", 2000), ("W", "S", 600)]
    assert r.extra["from_table"] == 3000 and r.extra["winner_gets"] == 5600
    r = _score("23m 456p 345s 678s 99p *4m riichi=true honba=1")
    assert sorted(_payments(r)) == sorted([(s, "E", a) for s in "SWN" for a in (1300, 100)])


def test_yaku_carry_names_in_three_languages_and_reasons_in_two():
    out = _score('234m 567p 23488s 66z +6z riichi=true dora_indicators=["5z"] '
                 'red_fives=[]').to_json()
    names = {y["name_ja"]: y for y in out["yaku"]}
    assert set(names) == {"立直", "役牌 發", "ドラ"}
    assert names["ドラ"]["han"] == 3 and names["ドラ"]["name"] == "宝牌"
    assert all(y["why"] and y["why_zh"] for y in out["yaku"])
    assert [f["fan"] for f in out["fans"]] == [y["han"] for y in out["yaku"]]
    assert out["fu_details"] and all(d["why"] and d["why_zh"] for d in out["fu_details"])
    assert sum(d["fu"] for d in out["fu_details"]) <= out["fu"] < sum(
        d["fu"] for d in out["fu_details"]) + 10


def test_red_fives_count_only_when_given_and_played():
    hand = "234m 234p 678s 22s 55p *5p riichi=true"
    assert _score(hand).extra["han"] == 3
    assert _score(hand + ' red_fives=["5p"]').extra["han"] == 4
    off = _score(hand + ' red_fives=["5p"]', red_fives=False)
    assert off.extra["han"] == 3 and any("not counted" in str(n) for n in off.notes)


def test_ura_dora_only_under_riichi():
    hand = '234m 456p 345s 22s 67p +5p seat:S dora_indicators=["1z"] ura_dora_indicators=["1s"]'
    plain = _score(hand)
    assert plain.extra["han"] == 2 and any("Ura dora" in str(n) for n in plain.notes)
    # riichi, tanyao, pinfu and the two 2s under the ura indicator 1s
    assert _score(hand + " riichi=true").extra["han"] == 1 + 1 + 1 + 2


# ---------------------------------------------------------------------------- payments
def test_payments_balance_apart_from_the_sticks_taken_from_the_table():
    checked = 0
    for spec in random_specs(seed=5, n=900):
        try:
            r = score_hand(Hand.from_json(as_project_json(spec)), "riichi")
        except HandError:
            continue
        net = net_of(r.payments)
        winner = spec["seat"]
        assert sum(net.values()) == 0
        assert net[winner] + r.extra["from_table"] == r.extra["winner_gets"]
        assert r.extra["from_table"] == 1000 * spec["sticks"]
        assert all(p.payee == winner and p.amount > 0 for p in r.payments)
        payers = {p.payer for p in r.payments}
        if spec["tsumo"]:
            assert payers == set("ESWN") - {winner}
            if winner != "E":  # the dealer pays double a non-dealer's share (rounded up)
                others = {-net[s] - 100 * spec["honba"] for s in payers - {"E"}}
                assert len(others) == 1
                share = others.pop()
                assert 2 * share - 100 <= -net["E"] - 100 * spec["honba"] <= 2 * share
        else:
            assert len(payers) == 1 and winner not in payers
        checked += 1
    assert checked >= 500


def _pao_value(spec: dict, out: dict) -> int:
    """The pao yakuman's worth on a discard from the scoring table (EMA 2016, 4.1.2: a yakuman's
    base is 8,000; a non-dealer's ron 4 x base, the dealer's 6 x base), by its han in the hand
    (big four winds is 26 in the library, a double yakuman)."""
    han = sum(y["han"] for y in out["yaku"]
              if y["name_en"].startswith(("Daisangen", "Daisuushii")))
    return han // 13 * (48000 if spec["seat"] == "E" else 32000)


@pytest.mark.parametrize("pao_honba", ["discarder", "liable"])
def test_pao_payments(pao_honba):
    """EMA 2016, 3.3.9: on a self-draw the liable player pays the pao yakuman in full (the two
    others nothing for it); on another's discard the liable player and the discarder half each;
    the counters (honba) from the discarder (or, by option, the liable player), all of them
    from the liable player on a self-draw. The rest of the hand is paid as usual."""
    seen: Counter = Counter()
    for spec in random_pao_specs(seed=7, n=300):
        out, error = _project(as_project_json(spec), {"pao_honba": pao_honba})
        assert error is None, (as_project_json(spec), error)
        lib = library_result(spec)
        assert out["total"] == points_before_bonuses(lib.cost, spec["tsumo"])
        paid: Counter = Counter()
        for p in out["payments"]:
            assert p["payee"] == spec["seat"] and p["amount"] > 0
            paid[p["payer"]] += p["amount"]
        assert sum(paid.values()) + out["from_table"] == out["winner_gets"] == lib.cost["total"]
        liable, winner, honba = spec["pao"], spec["seat"], spec["honba"]
        value, rest = _pao_value(spec, out), out["total"] - _pao_value(spec, out)
        if spec["tsumo"]:
            others = {s: paid[s] for s in set("ESWN") - {winner, liable}}
            assert paid[liable] == value + 300 * honba + (rest and rest // (4 if winner != "E"
                                                                            else 3) * (
                2 if liable == "E" and winner != "E" else 1))
            assert sum(others.values()) == rest - (paid[liable] - value - 300 * honba)
            seen["tsumo"] += 1
        elif spec["discarder"] == liable:
            assert dict(paid) == {liable: out["total"] + 300 * honba}
            seen["liable deals in"] += 1
        else:
            by_liable = value // 2 + (300 * honba if pao_honba == "liable" else 0)
            assert dict(paid) == {liable: by_liable,
                                  spec["discarder"]: out["total"] + 300 * honba - by_liable}
            seen["ron"] += 1
        seen["composite"] += rest > 0
    assert min(seen[k] for k in ("tsumo", "ron", "liable deals in", "composite")) >= 5, seen


# ---------------------------------------------------------------------------- bad hands
@pytest.mark.parametrize("notation, words", [
    ("123m 456p 789s 11z 99s +9s", "no yaku"),
    ("123m 456p 789s 11z 99s 1f +9s riichi=true", "without flowers"),
    ("[123m<] 456p 789s 11z 99s +9s riichi=true", "concealed hand"),
    ("23m 456p 345s 678s 99p +4m ippatsu=true", "Ippatsu"),
    ('23m 456p 345s 678s 99p +4m riichi=true red_fives=["5m"]', "holds no 5m"),
    ('23m 456p 345s 678s 99p +4m riichi=true red_fives=["6p"]', "5m, 5p or 5s"),
    ('23m 456p 345s 678s 99p +4m riichi=true red_fives=["5p","5p"]', "twice"),
    ("23m 5555p 345s 678s 99p +4m", "Wrong number"),
    ("23m 456p 555p 678s 99p +4m riichi=true", "one of the four 5p is red"),
    ('23m 456p 345s 678s 99p +4m dora_indicators=["0p"]', "not a tile"),
    ('23m 456p 345s 678s 99p +4m dora_indicators="3x"', "list of codes"),  # "3m" is read
    ("23m 456p 345s 678s 99p +4m dora_indicators=3", "must be tiles"),
    ('23m 456p 345s 678s 99p +4m dora_indicators=["1m","1m","1m","1m","1m","1m"]', "at most 5"),
    ('23m 456p 345s 678s 999p +4m riichi=true dora_indicators=["9p"]', "Wrong number"),
    ('23m 456p 345s 678s 99p +4m riichi=true dora_indicators=["9p","9p","9p"]', "5 of 9p"),
    ("23m 456p 345s 678s 99p +4m riichi=true honba=-1", "0 or more"),
    ('23m 456p 345s 678s 99p +4m riichi=true honba="two"', "whole number"),
    ("23m 456p 345s 678s 99p +4m riichi=yes", "true or false"),
    ("23m 456p 345s 678s 99p +4m riichi=true kan_dora=1", "does not use"),
    ("23m 456p 345s 678s 99p +4m first_turn=true", "renhou"),
    ("[345s^] 23m 456p 678s 99p +4m", "left"),
    ("23m 456p 345s 678s 99p +4m riichi=true last-copy", "last copy"),
    ("{1111z} 23m 456p 345s 99p *4m first_turn=true", "no meld"),
])
def test_bad_hands_are_refused_in_a_players_words(notation, words):
    with pytest.raises(HandError) as caught:
        _score(notation)
    assert words.lower() in str(caught.value).lower()
    assert caught.value.render("zh") != str(caught.value)  # and in Chinese


def test_three_players_is_not_offered():
    with pytest.raises(HandError, match="must be one of 4"):
        get_ruleset("riichi").resolve_options({"players": "3"})


def test_cli_says_no_yaku_with_exit_2():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "mjlens.cli", "score", "--rules", "riichi",
                          "--json", "--hand", "123m 456p 789s 11z 99s +9s"],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    out = json.loads(run.stdout)
    assert run.returncode == 2 and "no yaku" in out["error"] and "没有役" in out["error_zh"]
