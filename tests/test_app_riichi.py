"""The app with the riichi rule set: riichi's fields as inputs (toggles, dora indicators typed or
picked as tiles, red fives as toggles, counters), each reaching the score."""

from __future__ import annotations

from scoring.notation import parse_hand
from scoring.ruleset import score_hand
from tests.app_support import toy_rules  # noqa: F401
from tests.test_app import app, enter  # noqa: F401


def _words(app) -> str:  # noqa: F811
    rows = [str(r) for tbl in app.table for r in tbl.value.to_dict("records")]
    return " ".join([*rows, *(m.value for m in app.markdown)])


def test_riichi_fields_reach_the_score(app):  # noqa: F811
    enter(app, "234m 234p 678s 22s 55p *5p seat:S")
    app.selectbox(key="rules").set_value("riichi").run()
    assert not app.exception
    app.toggle(key="extra-riichi").set_value(True).run()
    assert not app.exception and "riichi=true" in app.text_input(key="notation").value
    app.text_input(key="extra-dora_indicators").set_value("1s").run()  # 2s: two dora
    assert 'dora_indicators=["1s"]' in app.text_input(key="notation").value
    app.selectbox(key="pick-extra-dora_indicators").set_value("4p").run()  # picked: 5p x3
    assert not app.exception
    assert 'dora_indicators=["1s","4p"]' in app.text_input(key="notation").value
    app.number_input(key="extra-honba").set_value(1).run()
    assert not app.exception
    words = _words(app)
    assert "Riichi" in words and "Dora" in words, words[:500]
    assert "honba" in words


def test_red_fives_are_toggled(app):  # noqa: F811
    enter(app, "234m 234p 678s 22s 55p *5p seat:S")
    app.selectbox(key="rules").set_value("riichi").run()
    app.toggle(key="extra-riichi").set_value(True).run()
    assert "Red fives" not in _words(app)
    pills = [p for p in app.get("button_group") if p.key == "extra-red_fives"]
    assert pills, "the red fives are offered as toggles"
    pills[0].set_value(["5p"]).run()
    assert not app.exception
    assert 'red_fives=["5p"]' in app.text_input(key="notation").value
    assert "Red fives" in _words(app)


def test_pao_is_a_seat_and_reaches_the_payments(app):  # noqa: F811
    enter(app, "[555z<] [666z^] [777z>] 23m 99p *1m seat:S")
    app.selectbox(key="rules").set_value("riichi").run()
    assert not app.exception
    app.selectbox(key="extra-pao").set_value("E").run()
    assert not app.exception and "pao=E" in app.text_input(key="notation").value
    words = _words(app)
    assert "liable (pao" in words and "32000" in words, words[:800]


def test_a_first_turn_win_on_a_discard_is_renhou(app):  # noqa: F811
    enter(app, "234m 67p 456s 678s 22p +5p seat:S")
    app.selectbox(key="rules").set_value("riichi").run()
    app.toggle(key="extra-first_turn").set_value(True).run()
    assert not app.exception and "first_turn=true" in app.text_input(key="notation").value
    assert "Renhou" in _words(app)


def test_the_yaku_count_han_while_the_total_is_in_points(app):  # noqa: F811
    enter(app, "123m 456m 789m 234p 5s *5s")  # menzen tsumo 1 han, ittsu 2 han: 6000 points
    app.selectbox(key="rules").set_value("riichi").run()
    assert not app.exception
    assert any(m.value == "6000 points" for m in app.metric)
    words = _words(app)
    assert "— 1 han" in words and "— 2 han" in words, words[:600]
    assert "1 points" not in words and "2 points" not in words
    app.segmented_control(key="lang").set_value("zh").run()
    words = _words(app)
    assert "— 1番" in words and "— 2番" in words and "1分" not in words, words[:600]


def test_a_refusal_names_the_pages_controls_not_the_cli_fields(app):  # noqa: F811
    """A red 5p marked in a hand without a 5p, a dealer's first-turn win on a discard: the
    refusal read 'red_fives lists 5p' / 'remove first_turn' (the CLI's field names, which a
    player on the page never sees); it names the page's controls, in the page's language."""
    import re

    def warning(at) -> str:
        return " ".join(str(w.value) for w in at.warning)

    code_name = re.compile(r"\b[a-z]+_[a-z_]+\b")
    enter(app, "123m 456m 789m 234s 5s +5s")
    app.selectbox(key="rules").set_value("riichi").run()
    [p for p in app.get("button_group") if p.key == "extra-red_fives"][0].set_value(["5p"]).run()
    assert not app.exception
    said = warning(app)
    assert "“Red fives in the hand (赤五)” lists 5p" in said and not code_name.search(said), said
    app.segmented_control(key="lang").set_value("zh").run()
    said = warning(app)
    assert "“手中的赤五”" in said and not code_name.search(said), said
    app.segmented_control(key="lang").set_value("en").run()
    [p for p in app.get("button_group") if p.key == "extra-red_fives"][0].set_value([]).run()
    app.toggle(key="extra-first_turn").set_value(True).run()  # seat East: the dealer
    said = warning(app)
    assert "“Won on the first turn" in said and not code_name.search(said), said


def test_a_five_is_made_red_on_its_own_panel_and_a_fixed_five_loses_its_mark(app):  # noqa: F811
    """Red fives were only in the win details' list: a five's own panel has the switch (one
    tap once the tile is selected). A red 5p then fixed into a 6p kept its mark: the score
    refused the hand ('lists 5p, but the hand holds no 5p') until the list was found."""
    enter(app, "234m 234p 678s 22s 55p *5p seat:S")
    app.selectbox(key="rules").set_value("riichi").run()
    d = app.session_state["draft"]
    i = next(i for i, s in enumerate(d.tiles) if s.code == "5p" and s.group != "win")
    app.button(key=f"tile-{i}").click().run()
    app.toggle(key="red-five").set_value(True).run()
    assert not app.exception, app.exception
    assert 'red_fives=["5p"]' in app.text_input(key="notation").value
    assert "Red fives" in _words(app)
    app.segmented_control(key="lang").set_value("zh").run()
    assert app.toggle(key="red-five").label.startswith("赤五") and app.toggle(key="red-five").value
    app.segmented_control(key="lang").set_value("en").run()
    app.button(key="done").click().run()
    for _ in range(2):  # no 5p left standing; the winning 5p stays
        d = app.session_state["draft"]
        k = next(k for k, s in enumerate(d.tiles) if s.code == "5p" and s.group != "win")
        app.button(key=f"tile-{k}").click().run()
        app.button(key="pal-6p").click().run()  # the palette is on the dots
    assert not app.exception, app.exception
    assert "red_fives" in app.text_input(key="notation").value  # the winning 5p is still red
    d = app.session_state["draft"]
    w = next(w for w, s in enumerate(d.tiles) if s.code == "5p")
    app.button(key=f"tile-{w}").click().run()
    app.button(key="pal-7p").click().run()
    assert "red_fives" not in app.text_input(key="notation").value
    assert "holds no 5p" not in " ".join(str(x.value) for x in app.warning)


def test_riichis_total_is_in_points_that_read_dian_in_chinese(app):  # noqa: F811
    """Riichi's total read '6000 分' on the Chinese page beside its own '6000点' (分 is a
    Chinese game's point; riichi's are 点, its point sticks)."""
    enter(app, "123m 456m 789m 234p 5s *5s")
    app.selectbox(key="rules").set_value("riichi").run()
    app.segmented_control(key="lang").set_value("zh").run()
    assert [m.value for m in app.metric] == ["6000 点"]
    app.segmented_control(key="lang").set_value("zh-Hant").run()
    assert [m.value for m in app.metric] == ["6000 點"]
    app.selectbox(key="rules").set_value("nanning_points").run()  # a Chinese game's points
    assert app.metric[0].value.endswith(" 分"), app.metric[0].value


def test_a_red_five_typed_as_zero_is_a_red_five(app):  # noqa: F811
    """The photo labels a red five 0p (riichi's notation), but typing 0p in the notation box
    was refused: 'There is no tile 0p'. It is read as a 5p marked red."""
    app.selectbox(key="rules").set_value("riichi").run()
    enter(app, "234m 234p 678s 22s 50p *5p seat:S")
    assert not app.text_input(key="notation").value.count("0p")
    assert 'red_fives=["5p"]' in app.text_input(key="notation").value
    assert "Red fives" in _words(app)
    assert not app.error, [e.value for e in app.error]


def test_the_winner_moved_onto_the_discarders_seat_drops_the_discarder(app):  # noqa: F811
    """West named as the discarder, then the winner's seat set to West: the discarder box
    (every seat but the winner's) showed "—" while the hand was refused because the winner
    cannot have discarded the tile. The discarder is dropped, the default said in a note."""
    enter(app, "234m 456p 3455s 678s +5s seat:S")
    app.selectbox(key="rules").set_value("riichi").run()
    app.selectbox(key="extra-discarder").set_value("W").run()
    assert "discarder=W" in app.text_input(key="notation").value
    app.run()
    app.segmented_control(key="ctx-seat_wind").set_value("W").run()
    assert not app.exception, app.exception
    assert "discarder" not in app.text_input(key="notation").value
    assert not app.warning, [w.value for w in app.warning]
    assert [m.value for m in app.metric] == ["2000 points"]


def test_how_to_teach_red_fives_is_said_under_riichi_only(app):  # noqa: F811
    """The "My tiles" panel told every game's player to lay red fives as 0m 0p 0s: a sentence
    about riichi sets on every page (and the only Latin letters of the Traditional page)."""
    def captions(at) -> str:
        return " ".join(c.value for c in at.caption)

    assert "0m 0p 0s" not in captions(app)
    app.selectbox(key="rules").set_value("riichi").run()
    assert "A riichi set: lay its red fives as a last row" in captions(app)


def test_the_indicators_and_red_fives_are_named_as_tiles(app):  # noqa: F811
    """The dora line read '宝牌指示牌（3p）' and '赤宝牌：5s': bare codes on the Chinese pages,
    the Traditional one too; the tiles are named as every other reason names them."""
    app.selectbox(key="rules").set_value("riichi").run()
    enter(app, '234m 456p 3455s 678s *5s seat:S riichi=true dora_indicators=["3p"] '
               'red_fives=["5s"]')
    assert "indicators 3p (3 Dots)" in _words(app) and "5s (5 Bamboo)" in _words(app)
    app.segmented_control(key="lang").set_value("zh").run()
    assert "宝牌指示牌3p（三筒）的下一张" in _words(app), _words(app)[:600]
    app.segmented_control(key="lang").set_value("zh-Hant").run()
    words = _words(app)
    assert "寶牌指示牌三筒的下一張" in words and "赤寶牌：五條" in words, words[:600]


def test_the_first_turn_switch_says_riichis_words(app):  # noqa: F811
    """Riichi's first-turn switch read 天胡 / 地胡 (a Chinese game's words) though riichi's
    help, reasons and yaku say 天和 / 地和, and renhou (人和), a first-turn win too, was not
    named."""
    app.selectbox(key="rules").set_value("riichi").run()
    assert "renhou (天和 / 地和 / 人和)" in app.toggle(key="extra-first_turn").label
    app.segmented_control(key="lang").set_value("zh").run()
    assert app.toggle(key="extra-first_turn").label == "天和 / 地和 / 人和"
    app.selectbox(key="rules").set_value("taiwan").run()
    assert app.toggle(key="extra-first_turn").label == "天胡 / 地胡 / 人胡"


def test_the_palette_offers_no_flowers_under_riichi(app):  # noqa: F811
    """The palette offered Flowers under riichi, a game without them: a tapped flower was only
    refused ('played without flowers'), one more tab in the phone's wrapped row of suits."""
    app.selectbox(key="rules").set_value("gb").run()
    assert "Flowers" in app.segmented_control(key="palette-suit").options
    app.segmented_control(key="palette-suit").set_value("f").run()
    app.selectbox(key="rules").set_value("riichi").run()
    assert not app.exception, app.exception
    suits = app.segmented_control(key="palette-suit")
    assert "Flowers" not in suits.options and suits.value == "m", (suits.options, suits.value)
    assert [b.key for b in app.button if b.key.startswith("pal-")][0] == "pal-1m"


def test_a_yakuman_reads_yakuman_not_the_libraries_13_han(app):  # noqa: F811
    """Big three dragons read '— 13 han' (the library's figure for a yakuman) under a summary
    saying 'yakuman (役満)'; big four winds '— 26 han'. A player reads 役満 / 二倍役満."""
    app.selectbox(key="rules").set_value("riichi").run()
    enter(app, "555z 666z 777z 11m 23p *1p")
    words = _words(app)
    assert "— yakuman (役満)" in words and "13 han" not in words, words[:600]
    enter(app, "111z 222z 333z 44z 55z *4z")
    words = _words(app)
    assert "— double yakuman (二倍役満)" in words and "26 han" not in words, words[:600]
    app.segmented_control(key="lang").set_value("zh").run()
    words = _words(app)
    assert "— 双倍役满" in words and "— 役满" in words, words[:600]
    assert "26番" not in words and "13番" not in words


def test_the_hand_fields_help_says_what_to_do_on_the_page(app):  # noqa: F811
    """The dora indicators' tooltip read 'e.g. ["3m"]' and the red fives' '`mjlens scan` reads
    them from the photo': the CLI's JSON and command, beside boxes that take plain tiles."""
    import re

    app.selectbox(key="rules").set_value("riichi").run()
    enter(app, "234m 234p 678s 22s 55p *5p seat:S")

    def helps(at) -> list[str]:
        red = [p for p in at.get("button_group") if p.key == "extra-red_fives"][0]
        return [at.text_input(key="extra-dora_indicators").help,
                at.text_input(key="extra-ura_dora_indicators").help, red.help]

    for said in helps(app):
        assert said and not re.search(r'[\[\]"`]|mjlens|scan', said), said
    assert "3m 5z" in helps(app)[0] and "Tap" in helps(app)[2]
    for lang in ("zh", "zh-Hant"):
        app.segmented_control(key="lang").set_value(lang).run()
        for said in helps(app):
            left = re.sub(r"\d+[mpsz]\b", "", said)
            assert said and not re.search(r'[A-Za-z\[\]"`]', left), said


def test_the_discarder_is_fangchong_as_riichis_reasons_say(app):  # noqa: F811
    """Riichi's discarder box read 点炮者 while its reasons, payments and options say 放铳
    (放铳者付); the Chinese games keep 点炮者."""
    enter(app, "234m 456p 3455s 678s +5s seat:S")
    app.segmented_control(key="lang").set_value("zh").run()
    app.selectbox(key="rules").set_value("riichi").run()
    assert app.selectbox(key="extra-discarder").label == "放铳者"
    app.selectbox(key="rules").set_value("sichuan").run()
    assert app.selectbox(key="extra-discarder").label == "点炮者"


def test_a_hand_without_a_yaku_says_nobody_pays_under_payments():
    """The Payments heading had nothing under it for a hand the library refuses (no yaku)."""
    from tests.test_app_zh import _app, page_text

    at = _app("en-US")
    at.selectbox(key="rules").set_value("riichi").run()
    at.text_input(key="notation").set_value("[123m<] 456p 789s 234s 5p +5p").run()
    assert not at.exception
    texts = page_text(at)
    after = texts[texts.index("Payments"):]
    assert "Not a legal win: nobody pays." in after


def test_indicators_typed_as_tiles_in_the_notation_box(app):  # noqa: F811
    """`dora_indicators=3p` typed in the notation box (as the command line now reads it) stopped
    the page: the field's tiles were drawn letter by letter ('unknown tile code 3'); a listed
    code that is no tile (["0p"]) did the same. The tiles are shown and scored; a non-tile is
    refused in words."""
    app.selectbox(key="rules").set_value("riichi").run()
    enter(app, "234m 456p 3455s 678s *5s seat:S riichi=true dora_indicators=3p red_fives=5s")
    assert not app.exception, app.exception
    listed = score_hand(parse_hand('234m 456p 3455s 678s *5s seat:S riichi=true '
                                   'dora_indicators=["3p"] red_fives=["5s"]'), "riichi")
    assert [m.value for m in app.metric] == [f"{listed.total} points"]
    enter(app, '234m 456p 3455s 678s *5s seat:S riichi=true dora_indicators=["0p"]')
    assert not app.exception, app.exception
    assert "not a tile" in " ".join(str(w.value) for w in app.warning)
