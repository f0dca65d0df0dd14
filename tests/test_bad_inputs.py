"""Bad input across every registered rule set: a clear refusal in both languages (HandError), never
another exception and never a score of an impossible stake."""

from __future__ import annotations

import pytest

from scoring.hand import Hand, HandError
from scoring.notation import parse_hand
from scoring.ruleset import all_rulesets, score_hand

NUMBER_OPTIONS = sorted(
    (rid, o.name) for rid, rs in all_rulesets().items() for o in rs.options
    if o.choices is None and isinstance(o.default, (int, float)) and not isinstance(o.default, bool)
)


@pytest.mark.parametrize(("rid", "option"), NUMBER_OPTIONS)
def test_a_negative_number_option_is_refused(rid, option):
    """A stake of -2 made every loser 'pay' -2 (S pays E -4): the winner lost on their own win."""
    with pytest.raises(HandError) as err:
        score_hand(parse_hand("123m 456p 789s 11z +1z"), rid, {option: "-2"})
    assert option in err.value.render("en") and option in err.value.render("zh")


@pytest.mark.parametrize("rid", ["guangxi", "nanning", "wuhu", "northeast", "guangshui",
                                 "sichuan_mult"])
def test_a_zero_stake_is_refused(rid):
    """Every payment of a stake of 0 would read 'S pays E 0'."""
    name = "stake" if rid == "wuhu" else "base"
    with pytest.raises(HandError, match="at least 1"):
        score_hand(parse_hand("111m 222p 333m 444m 5p *5p"), rid, {name: 0})


def test_null_dealer_means_the_default_dealer():
    """`"dealer": null` in JSON crashed guangxi's horse count (ValueError in tuple.index) and left
    other rule sets without a dealer; it now reads as the field left out (East)."""
    hand = {"concealed": ["3s", "4s", "3s", "6s", "6s", "3s", "5s"],
            "melds": [{"kind": "kong", "tiles": ["8m"] * 4, "claimed_from": "left"},
                      {"kind": "kong", "tiles": ["3p"] * 4, "claimed_from": "right"}],
            "win_tile": "3s", "self_drawn": True, "seat_wind": "S", "horses": ["1z", "5z", "6z", "7z"]}
    with_null = score_hand(Hand.from_json({**hand, "dealer": None}), "guangxi")
    assert with_null.to_json() == score_hand(Hand.from_json(hand), "guangxi").to_json()
    for rid in ("nanning", "wuhu", "northeast", "sichuan"):
        plain = {"concealed": ["2m", "2m", "2m", "3m", "3m", "3m", "4m", "4m", "4m", "6p", "6p",
                               "6p", "9m"], "win_tile": "9m", "self_drawn": True, "seat_wind": "E"}
        try:
            expected = score_hand(Hand.from_json(plain), rid).to_json()
        except HandError as exc:
            with pytest.raises(HandError) as err:
                score_hand(Hand.from_json({**plain, "dealer": None}), rid)
            assert err.value.render("en") == exc.render("en")
            continue
        assert score_hand(Hand.from_json({**plain, "dealer": None}), rid).to_json() == expected


def _settling_ids() -> list[str]:
    return [rs.id for rs in all_rulesets().values() if rs.settlement is not None]


def test_settle_help_names_every_rule_set_that_settles_rounds(capsys):
    """`mjlens settle --help` named only the Sichuan family (sichuan, yushan, sichuan_mult) while
    guangxi, nanning, wuhu, ... settle rounds too."""
    from mjlens.cli import main

    with pytest.raises(SystemExit):
        main(["settle", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    settling = _settling_ids()
    assert {"wuhu", "guangxi", "sichuan"} <= set(settling)
    for rid in settling:
        assert rid in text
    for rid in set(all_rulesets()) - set(settling):
        assert rid not in text.replace("-", " ").split(), rid


def test_readme_settle_row_names_every_rule_set_that_settles_rounds():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `mjlens settle"))
    for rid in _settling_ids():
        assert f"`{rid}`" in row, rid


@pytest.mark.parametrize("rid", ["gb", "guangshui", "guangxi", "guangxi_hu", "hezhou", "nanning",
                                 "nanning_points", "northeast", "sichuan", "wuhu"])
def test_rules_in_chinese_prints_the_chinese_description(rid, capsys):
    """`mjlens rules --lang zh` printed every description in English (RuleSet.description_zh was
    read by nothing and empty for all but the Sichuan family)."""
    from mjlens.cli import main

    rs = all_rulesets()[rid]
    assert rs.description_zh
    assert main(["rules", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert rs.description_zh in out and rs.description not in out


def test_rules_json_carries_the_chinese_description_and_how_items_combine(capsys):
    import json

    from mjlens.cli import main

    assert main(["rules", "--json"]) == 0
    listed = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert listed["guangxi"]["description_zh"] == all_rulesets()["guangxi"].description_zh
    assert listed["sichuan_mult"]["combine"] == "multiply" and listed["gb"]["combine"] == "add"


def test_scan_errors_in_chinese(tmp_path, capsys):
    """scan printed its own refusals in English under --lang zh: a bad option (str(exc) dropped
    the message's Chinese), a boxes file without tiles, a file that is not a photo."""
    import json

    from mjlens.cli import main

    boxes = tmp_path / "boxes.json"
    boxes.write_text('{"x": 1}', encoding="utf-8")
    assert main(["scan", "p.jpg", "--boxes", str(boxes), "--lang", "zh"]) == 1
    assert "框文件" in capsys.readouterr().err
    assert main(["scan", "p.jpg", "--boxes", str(boxes), "--rules", "guangxi", "-o", "base=-1",
                 "--json"]) == 2
    out = json.loads(capsys.readouterr().out)
    assert "base" in out["error"] and "至少" in out["error_zh"]
    assert main(["scan", str(boxes), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["error"].startswith("Cannot read the photo") and "照片" in out["error_zh"]


@pytest.mark.parametrize("event", [
    {"type": "win", "player": "E", "hand": "HAND", "after_kogn": True},
    {"type": "win", "from": "N", "winners": [{"player": "E", "hand": "HAND"}], "player": "W"},
    {"type": "win", "from": "N", "winners": [{"player": "E", "hand": "HAND", "after_kong": True}]},
    {"type": "kong", "player": "E", "kind": "concealed", "tile": "6z", "form": "S"},
    {"type": "wall_end", "hands": {}},
])
def test_settle_refuses_an_event_field_it_does_not_read(event):
    """A round's event with a misspelt field ("after_kogn") was settled as if the field were not
    there; the hand JSON and the round's own fields already refuse unknown fields."""
    from scoring.settle import settle_round

    hand = parse_hand("123m 456p 789s 11s 23s +4s").to_json()
    for key in ("seat_wind", "self_drawn"):
        hand.pop(key)
    fill = {k: (hand if v == "HAND" else v) for k, v in event.items()}
    if "winners" in fill:
        fill["winners"] = [{k: (hand if v == "HAND" else v) for k, v in w.items()}
                           for w in fill["winners"]]
    with pytest.raises(HandError) as err:
        settle_round({"rules": "guangxi", "events": [fill]})
    assert "does not use" in err.value.render("en") and "不使用" in err.value.render("zh")


@pytest.mark.parametrize("rid", sorted(all_rulesets()))
@pytest.mark.parametrize("field", ["seat_wind", "round_wind"])
def test_a_list_where_a_seat_belongs_is_refused(rid, field):
    """{"seat_wind": ["E"]} crashed nanning and nanning_points (TypeError: unhashable type 'list'
    while naming the payers) before the hand was checked."""
    data = {"concealed": ["1m", "1m", "1m", "2m", "2m", "2m", "3m", "3m", "3m", "4m", "4m", "4m",
                          "5m"], "win_tile": "5m", field: ["E"]}
    with pytest.raises(HandError) as err:
        score_hand(Hand.from_json(data), rid)
    assert err.value.render("zh") != err.value.render("en")


@pytest.mark.parametrize("rid", sorted(all_rulesets()))
@pytest.mark.parametrize("win_tile", ["", "z", "0m"])
def test_an_empty_or_unknown_winning_tile_is_refused(rid, win_tile):
    """{"win_tile": ""} crashed the Sichuan family (IndexError in tiles.is_honor) before the
    generic check named the unknown code."""
    data = {"concealed": ["2p", "2p", "2p", "4m", "4m", "4m", "3m", "3m", "3m", "5m", "5m", "5m",
                          "6m"], "win_tile": win_tile}
    with pytest.raises(HandError):
        score_hand(Hand.from_json(data), rid)


@pytest.mark.parametrize("rid", ["guangxi_hu", "nanning", "nanning_points"])
def test_a_first_turn_win_with_a_claimed_meld_is_refused(rid):
    """天胡 只有莊家獨有的權利，莊家起牌後即成和牌牌型 … 地胡 … 註：第一圈裡如有人吃、碰牌…不成地胡。
    (seed guangxi-nanning.txt section 3): a claimed pung was scored as 天胡 (nanning 3 番, x8)."""
    with pytest.raises(HandError, match="cannot have melds"):
        score_hand(parse_hand("[111m<] 222m 333m 444m 5m *5m first_turn=true"), rid)
    with pytest.raises(HandError, match="dealt tiles"):  # the dealer (E) wins on a discard
        score_hand(parse_hand("111m 222m 333m 444m 5m +5m first_turn=true"), rid)
    heavenly = score_hand(parse_hand("111m 222m 333m 444m 5m *5m first_turn=true"), rid)
    assert "天胡" in {f.name for f in heavenly.fans} | {e.name for e in heavenly.excluded}


@pytest.mark.parametrize("rid", ["nanning", "nanning_points"])
def test_kong_discard_flag_contradicting_the_win_is_refused(rid):
    """杠上炮 玩家在杠牌時…再打掉一張牌，而打出的這張牌正好是其它玩家胡牌所胡的牌 (seed section 3): a
    discard. discard_after_kong=true on a self-drawn win was silently dropped."""
    with pytest.raises(HandError, match="cannot be self-drawn"):
        score_hand(parse_hand("111m 222m 333m 444m 5m *5m discard_after_kong=true"), rid)
    with pytest.raises(HandError, match="not both"):
        score_hand(parse_hand("111m 222m 333m 44p 57m +6m discard_after_kong=true robbing-kong"), rid)


def test_one_discard_winners_is_one_to_three_and_never_self_drawn():
    """1.一炮三響：同一張牌點三個炮 (seed section 5, 二-1): at most three win on one discard, and a
    self-draw is not a discard; 7 winners, or 3 on a self-draw (paid the minimum 5), were taken."""
    with pytest.raises(HandError, match="from 1 to 3"):
        score_hand(parse_hand("111m 222m 333m 444m 5m +5m one_discard_winners=7"), "nanning_points")
    with pytest.raises(HandError, match="self-drawn"):
        score_hand(parse_hand("111m 222m 333m 444m 5m *5m one_discard_winners=3"), "nanning_points")
    assert score_hand(parse_hand("555p 888s 111z 34m 55s +2m one_discard_winners=3"),
                      "nanning_points").total == 5


def test_players_still_in_are_the_only_payers_in_nanning():
    """A self-draw is paid by the players still in (players_in): nanning_points charged all three
    (W and N paid 16 though only S was in), and 承包 / 包胡 on a self-draw paid three shares
    whoever was in."""
    only_s = parse_hand('111m 222m 333m 444m 5m *5m players_in=["E","S"]')
    pays = score_hand(only_s, "nanning_points").payments
    assert [(p.payer, p.amount) for p in pays] == [("S", 16)]
    bao = parse_hand('[111m<] [222m<] [333m<] 444m 5m *5m players_in=["E","S","N"]')
    assert [(p.payer, p.amount) for p in score_hand(bao, "nanning").payments] == [("N", 8)]
    assert [(p.payer, p.amount) for p in score_hand(bao, "nanning_points").payments] == [("N", 24)]


def test_guangshui_exposed_kong_without_its_giver_is_not_called_an_added_kong():
    """[1111m] (an exposed kong, not added, giver not said) was paid as 面下杠 by everyone with the
    reason 'added kong'; it is now the player before the winner's 点杠, said in a note."""
    result = score_hand(parse_hand("[1111m] 234m 567m 888p 9p *9p"), "guangshui")
    kong = [p for p in result.payments if "kong" in p.to_json()["reason"]]
    assert [(p.payer, p.amount) for p in kong] == [("N", 2)]
    assert any("上家" in n.render("zh") for n in result.notes)


def test_kong_money_of_a_southern_round_is_not_called_wind_and_rain():
    """刮风下雨 is blood battle's name for kong money; Nanning says 杠錢是及時給的 (seed section 5):
    a Nanning or Hezhou round's ledger said 刮风：… / 下雨：…"""
    from scoring.settle import settle_round

    win = parse_hand("123m 456p 789s 11s 23s +4s").to_json()
    for key in ("seat_wind", "self_drawn"):
        win.pop(key)
    for rid in ("nanning", "hezhou"):
        result = settle_round({"rules": rid, "events": [
            {"type": "kong", "player": "S", "kind": "concealed", "tile": "6z"},
            {"type": "win", "player": "E", "from": "N", "hand": win}]})
        kong = result.ledger[0].to_json()
        assert kong["reason_zh"].startswith("杠钱") and "rain" not in kong["reason"]


def test_a_final_hand_short_of_a_tile_is_told_it_needs_thirteen():
    """A hand held at the end of the wall (no winning tile) with 12 tiles was told it 'needs 14'."""
    short = Hand.from_json({"concealed": ["1m", "1m", "1m", "2m", "2m", "2m", "3m", "3m", "3m",
                                          "4m", "4m", "4m"]})
    with pytest.raises(HandError) as err:
        short.validate(require_win_tile=False)
    assert "has 12 tiles but needs 13" in err.value.render("en")
    assert "应有 13 张" in err.value.render("zh")


def test_rules_in_chinese_names_field_kinds_in_chinese(capsys):
    """`rules --lang zh` printed each hand field's kind and a missing default in English
    ("dealer (seat, 默认 E)", "默认 none")."""
    from mjlens.cli import main

    assert main(["rules", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "dealer（座位，默认 E）" in out and "(seat," not in out and "默认 none" not in out


def test_wuhu_earthly_hand_is_on_the_dealers_first_discard():
    """地胡：发完牌后，打出第一张即成牌 (seed wuhu.txt): the first tile discarded is the dealer's; a
    first-turn win on West's discard was scored 地胡, a 交 of 100 番."""
    with pytest.raises(HandError, match="dealer East's"):
        score_hand(parse_hand("123m 456m 789m 111p 5p +5p seat:S discarder=W first_turn=true"),
                   "wuhu")
    earthly = score_hand(parse_hand("123m 456m 789m 111p 5p +5p seat:S first_turn=true"), "wuhu")
    assert "地胡" in {f.name for f in earthly.fans}  # S's discarder by default: E, the dealer


@pytest.mark.parametrize("text", ["111m 222m 333m 444m 5m *5m dealer=E dealer=S",
                                  "111m 222m 333m 444m 5m *5m seat:E seat:S"])
def test_notation_refuses_a_field_given_twice(text):
    """'dealer=E dealer=S' was read as dealer S without a word: the hand says two things."""
    with pytest.raises(HandError, match="given twice"):
        parse_hand(text)


def test_a_seat_or_tile_parameter_from_bad_input_renders_as_given():
    """Seat(["E"]) raised TypeError (unhashable list) while an error message was being written,
    which is how nanning's {"seat_wind": ["E"]} became a traceback."""
    from scoring.messages import Seat, Tile, TileName

    for value in (["E"], {"a": 1}):
        assert Seat(value).render("zh") == str(value)
        assert Tile(value).render("en") == repr(value)
        assert TileName(value).render("en") == repr(value)
    assert Seat("E").render("zh") == "东家" and Tile("5p").render("en") == "5p (5 Dots)"


@pytest.mark.parametrize("rid", ["gb", "sichuan", "guangxi", "wuhu", "northeast", "guangshui"])
@pytest.mark.parametrize("win", ["+", "*"])
def test_robbing_a_kong_and_a_kong_replacement_are_refused_as_such(rid, win):
    """The contract's hand fields "kong_replacement: won on a kong replacement tile" and
    "robbing_kong" cannot both hold: the refusal said "set self_drawn" (or, self-drawn, that
    robbing is not self-drawn), which only led to the other error."""
    with pytest.raises(HandError) as err:
        score_hand(parse_hand(f"123p 46p 99p 234m 567p {win}5p robbing-kong kong-replacement"), rid)
    text = err.value.render("en")
    assert "robbing a kong" in text and "replacement" in text and "set self_drawn" not in text
    assert "抢杠" in err.value.render("zh") and "杠上开花" in err.value.render("zh")


@pytest.mark.parametrize(("stdin", "arrays"), [
    ("[1,2,3]", 1), ('[{"concealed": ["1m"]}]', 1), ("[1]\n[2]", 2),
    ('{"concealed": ["1m"], "win_tile": "1m"}\n["1m"]', 1)])
def test_a_json_array_on_stdin_is_told_a_hand_object_is_needed(stdin, arrays, capsys, monkeypatch):
    """The contract: "Reads one hand (JSON, below) on standard input", "{"concealed": [...], ...}";
    a top-level array was read as notation: "Cannot read the meld '[1,2,3]'"."""
    import io
    import json

    from mjlens.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    assert main(["score", "--rules", "gb", "--json"]) == 2
    errors = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    told = [e for e in errors if "hand object" in e["error"]]
    assert len(told) == arrays
    assert all("JSON array" in e["error"] and "对象" in e["error_zh"] for e in told)
    assert not any("Cannot read the meld" in e["error"] for e in errors)
    # notation opening with a meld is still notation
    monkeypatch.setattr("sys.stdin", io.StringIO("[555s<] 123m 456p 789s 1z +1z"))
    assert main(["score", "--rules", "gb", "--json"]) == 0


def test_a_damaged_upload_is_named_in_chinese_without_a_stray_space():
    """An upload has no file name: the Chinese message calls it 这个文件 and goes straight on
    (it read "这个文件 已损坏")."""
    import io

    from PIL import Image

    from vision.detect import ImageReadError, load_image

    buf = io.BytesIO()
    Image.new("RGB", (64, 48), (200, 180, 150)).save(buf, "JPEG")
    cut = buf.getvalue()[: len(buf.getvalue()) // 2]
    for data in (cut, b"\x89PNG\r\n\x1a\n not a png"):
        try:
            load_image(data)
        except ImageReadError as e:
            zh = e.msg.render("zh")
            assert zh.startswith("这个文件") and not zh.startswith("这个文件 "), zh
        else:
            raise AssertionError("a damaged photo was read")
