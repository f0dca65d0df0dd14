"""A referee's riichi cases, each with the answer worked by hand from the scoring table before
the project was run: base = fu x 2^(han+2); a non-dealer's ron 4 x base, a dealer's 6 x base,
each payment rounded up to 100; a tsumo: 1 x base from a non-dealer, 2 x base from the dealer;
mangan base 2,000, haneman 3,000, baiman 4,000, sanbaiman 6,000, yakuman 8,000 (EMA Riichi
Competition Rules 2016, 4.1.2). Honba: 300 per counter on a ron, 100 from each payer on a tsumo;
riichi sticks 1,000 each to the winner. Payments are (payer, payee, points).

Each case: (name, notation, options, expected). Expected holds han, fu, limit, total and
payments, or `error` (words the refusal must contain)."""

from __future__ import annotations

RIICHI_TANYAO_PINFU = "234m 67p 456s 678s 22p"  # 13 tiles, waits 5p / 8p (two-sided)


def ron(payer, payee, main, honba=0):
    return sorted([(payer, payee, main)] + ([(payer, payee, honba)] if honba else []))


def tsumo(winner, dealer_share, share, honba_each=0):
    rows = []
    for seat in "ESWN":
        if seat == winner:
            continue
        rows.append((seat, winner, dealer_share if seat == "E" or winner == "E" else share))
        if honba_each:
            rows.append((seat, winner, honba_each))
    return sorted(rows)


H = RIICHI_TANYAO_PINFU
DRAGONS = "[555z<] [666z^] [777z>] 23m 99p"  # big three dragons, all claimed
CASES = [
    # --- plain counting: riichi, tanyao, pinfu, ron and tsumo, dealer and non-dealer
    ("non-dealer ron 3 han 30 fu", f"{H} +5p seat:S discarder=N riichi=true", {},
     dict(han=3, fu=30, limit=None, total=3900, payments=ron("N", "S", 3900))),
    ("dealer ron 3 han 30 fu", f"{H} +5p discarder=W riichi=true", {},
     dict(han=3, fu=30, limit=None, total=5800, payments=ron("W", "E", 5800))),
    ("non-dealer tsumo pinfu 20 fu", f"{H} *5p seat:S riichi=true", {},
     dict(han=4, fu=20, limit=None, total=5200, payments=tsumo("S", 2600, 1300))),
    ("dealer tsumo pinfu 20 fu", f"{H} *5p riichi=true", {},
     dict(han=4, fu=20, limit=None, total=7800, payments=tsumo("E", 2600, 2600))),
    ("honba on a ron from the discarder", f"{H} +5p seat:S discarder=N riichi=true honba=3", {},
     dict(han=3, fu=30, limit=None, total=3900, payments=ron("N", "S", 3900, 900))),
    ("honba on a tsumo from each", f"{H} *5p seat:S riichi=true honba=2", {},
     dict(han=4, fu=20, limit=None, total=5200, payments=tsumo("S", 2600, 1300, 200))),
    ("riichi sticks to the winner", f"{H} +5p seat:S discarder=N riichi=true riichi_sticks=2", {},
     dict(han=3, fu=30, limit=None, total=3900, payments=ron("N", "S", 3900), from_table=2000,
          winner_gets=5900)),
    ("dealer tsumo with honba and sticks", f"{H} *5p riichi=true honba=1 riichi_sticks=1", {},
     dict(han=4, fu=20, limit=None, total=7800, payments=tsumo("E", 2600, 2600, 100),
          from_table=1000, winner_gets=7800 + 300 + 1000)),
    ("4 han 30 fu without kiriage",
     f'{H} +5p seat:S discarder=N riichi=true dora_indicators=["3s"]', {},
     dict(han=4, fu=30, limit=None, total=7700, payments=ron("N", "S", 7700))),
    ("4 han 30 fu with kiriage",
     f'{H} +5p seat:S discarder=N riichi=true dora_indicators=["3s"]', {"kiriage": True},
     dict(han=4, fu=30, limit="満貫", total=8000, payments=ron("N", "S", 8000))),
    # 4 han 60 fu: base 60 x 2^6 = 3,840, over 2,000, a mangan with or without kiriage (the
    # library leaves its word empty under kiriage)
    ("4 han 60 fu is a mangan under kiriage too",
     '{2222m} 777z 456p 789s 3p +3p seat:S discarder=N riichi=true dora_indicators=["2p"]',
     {"kiriage": True},
     dict(han=4, fu=60, limit="満貫", total=8000, payments=ron("N", "S", 8000),
          note="mangan")),
    ("3 han 80 fu is a mangan under kiriage",
     '{9999m} 777z 456p 789s 3p +3p seat:N discarder=E riichi=true dora_indicators=["6s"]',
     {"kiriage": True},
     dict(han=3, fu=80, limit="満貫", total=8000, payments=ron("E", "N", 8000))),
    # --- kongs and pungs: concealed against open fu
    ("concealed kong of East 32 fu", "{1111z} 234m 567p 789s 5p +5p seat:S discarder=W "
     "riichi=true", {},
     dict(han=2, fu=70, limit=None, total=4500, payments=ron("W", "S", 4500))),
    ("open kong of East 16 fu", "[1111z^] 234m 567p 789s 5p +5p seat:S discarder=W", {},
     dict(han=1, fu=40, limit=None, total=1300, payments=ron("W", "S", 1300))),
    ("added kong of East 16 fu", "[1111z^+] 234m 567p 789s 5p +5p seat:S discarder=W", {},
     dict(han=1, fu=40, limit=None, total=1300, payments=ron("W", "S", 1300))),
    ("a pung completed on a discard counts open", "234m 567p 678s 55s 99m +5s seat:S "
     "discarder=W riichi=true", {},
     dict(han=1, fu=40, limit=None, total=1300, payments=ron("W", "S", 1300))),
    ("the same pung self-drawn stays concealed", "234m 567p 678s 55s 99m *5s seat:S "
     "riichi=true", {},
     dict(han=2, fu=30, limit=None, total=2000, payments=tsumo("S", 1000, 500))),
    ("concealed kong keeps the hand concealed for riichi", "{2222m} 567p 456s 678s 3p +3p "
     "seat:S discarder=W riichi=true", {},
     dict(han=2, fu=50, limit=None, total=3200, payments=ron("W", "S", 3200))),
    ("dora on all four of a kong", '{2222m} 567p 456s 678s 3p +3p seat:S discarder=W '
     'riichi=true dora_indicators=["1m"]', {},
     dict(han=6, fu=50, limit="跳満", total=12000, payments=ron("W", "S", 12000))),
    # --- open hands, claimed tiles, open tanyao
    ("open pung claimed: open tanyao", "[5'55s<] 234m 567p 678s 2m +2m seat:S discarder=W", {},
     dict(han=1, fu=30, limit=None, total=1000, payments=ron("W", "S", 1000))),
    ("open tanyao off: no yaku", "[5'55s<] 234m 567p 678s 2m +2m seat:S discarder=W",
     {"open_tanyao": False}, dict(error="no yaku")),
    ("open pinfu shape on a ron is 30 fu", "[234m<] 67p 456s 678s 22p +5p seat:S discarder=W",
     {}, dict(han=1, fu=30, limit=None, total=1000, payments=ron("W", "S", 1000))),
    ("chow with the claimed tile marked", "[3'24m<] 67p 456s 678s 22p +5p seat:S discarder=W",
     {}, dict(han=1, fu=30, limit=None, total=1000, payments=ron("W", "S", 1000))),
    # --- red fives
    ("one red five", f'{H} +5p seat:S discarder=N riichi=true red_fives=["5s"]', {},
     dict(han=4, fu=30, limit=None, total=7700, payments=ron("N", "S", 7700))),
    ("two red fives, the winning tile red", f'{H} +5p seat:S discarder=N riichi=true '
     'red_fives=["5s","5p"]', {},
     dict(han=5, fu=30, limit="満貫", total=8000, payments=ron("N", "S", 8000))),
    ("red fives not played", f'{H} +5p seat:S discarder=N riichi=true red_fives=["5s"]',
     {"red_fives": False},
     dict(han=3, fu=30, limit=None, total=3900, payments=ron("N", "S", 3900))),
    # --- dora indicators wrap
    ("indicator 9m makes 1m dora", '123m 456p 789s 234s 5p +5p seat:S discarder=W riichi=true '
     'dora_indicators=["9m"]', {},
     dict(han=2, fu=40, limit=None, total=2600, payments=ron("W", "S", 2600))),
    ("indicator North makes East dora", '111z 234m 567p 789s 5p +5p seat:S discarder=W '
     'riichi=true dora_indicators=["4z"]', {},
     dict(han=5, fu=40, limit="満貫", total=8000, payments=ron("W", "S", 8000))),
    ("indicator red dragon makes white dora", '555z 234m 567p 789s 5p +5p seat:S discarder=W '
     'dora_indicators=["7z"]', {},
     dict(han=4, fu=40, limit="満貫", total=8000, payments=ron("W", "S", 8000))),
    ("indicator white makes green dora", '666z 234m 567p 789s 5p +5p seat:S discarder=W '
     'dora_indicators=["5z"]', {},
     dict(han=4, fu=40, limit="満貫", total=8000, payments=ron("W", "S", 8000))),
    ("indicator West makes North dora, not a yakuhai", '444z 234m 567p 789s 5p +5p seat:S '
     'discarder=W riichi=true dora_indicators=["3z"]', {},
     dict(han=4, fu=40, limit="満貫", total=8000, payments=ron("W", "S", 8000))),
    ("two indicators of the same tile", '123m 456p 789s 234s 5p +5p seat:S discarder=W '
     'riichi=true dora_indicators=["9m","9m"]', {},
     dict(han=3, fu=40, limit=None, total=5200, payments=ron("W", "S", 5200))),
    # --- ura dora
    ("ura dora under riichi", f'{H} +5p seat:S discarder=N riichi=true '
     'dora_indicators=["9m"] ura_dora_indicators=["1p"]', {},
     dict(han=5, fu=30, limit="満貫", total=8000, payments=ron("N", "S", 8000))),
    ("ura dora without riichi are not counted", '555z 234m 567p 789s 5p +5p seat:S '
     'discarder=W dora_indicators=["9m"] ura_dora_indicators=["4z"]', {},
     dict(han=1, fu=40, limit=None, total=1300, payments=ron("W", "S", 1300),
          note="Ura dora")),
    # --- declarations and win conditions
    ("double riichi", f"{H} +5p seat:S discarder=N double_riichi=true", {},
     dict(han=4, fu=30, limit=None, total=7700, payments=ron("N", "S", 7700))),
    ("double riichi and riichi both given count 2", f"{H} +5p seat:S discarder=N "
     "double_riichi=true riichi=true", {},
     dict(han=4, fu=30, limit=None, total=7700, payments=ron("N", "S", 7700))),
    ("ippatsu", f"{H} +5p seat:S discarder=N riichi=true ippatsu=true", {},
     dict(han=4, fu=30, limit=None, total=7700, payments=ron("N", "S", 7700))),
    ("haitei", f"{H} *5p seat:S riichi=true last-tile", {},
     dict(han=5, fu=20, limit="満貫", total=8000, payments=tsumo("S", 4000, 2000))),
    ("houtei", f"{H} +5p seat:S discarder=N riichi=true last-tile", {},
     dict(han=4, fu=30, limit=None, total=7700, payments=ron("N", "S", 7700))),
    ("rinshan", "{2222m} 567p 456s 678s 3p *3p seat:S kong-replacement", {},
     dict(han=3, fu=40, limit=None, total=5200, payments=tsumo("S", 2600, 1300))),
    # EMA 2016, 3.4.1: "In case a kong is declared at the second-to-last tile, the replacement
    # tile becomes the last tile"; riichi.wiki "Haitei raoyue and houtei raoyui": "the last
    # draw must come from the regular wall in order to count as haitei": rinshan, no haitei
    ("rinshan on the last tile is not haitei", "{2222m} 567p 456s 678s 3p *3p seat:S "
     "kong-replacement last-tile", {},
     dict(han=3, fu=40, limit=None, total=5200, payments=tsumo("S", 2600, 1300),
          note="not haitei")),
    ("chankan", f"{H} +5p seat:S discarder=W robbing-kong", {},
     dict(han=3, fu=30, limit=None, total=3900, payments=ron("W", "S", 3900))),
    ("tenhou", f"{H} *5p first_turn=true", {},
     dict(han=13, fu=None, limit="役満", total=48000, payments=tsumo("E", 16000, 16000))),
    ("chiihou", f"{H} *5p seat:S first_turn=true", {},
     dict(han=13, fu=None, limit="役満", total=32000, payments=tsumo("S", 16000, 8000))),
    # --- winds
    ("seat wind South", "222z 234m 567p 789s 5p +5p seat:S discarder=W", {},
     dict(han=1, fu=40, limit=None, total=1300, payments=ron("W", "S", 1300))),
    ("double South: seat and round", "222z 234m 567p 789s 5p +5p seat:S round:S discarder=W",
     {}, dict(han=2, fu=40, limit=None, total=2600, payments=ron("W", "S", 2600))),
    ("a guest wind pung is no yaku", "333z 234m 567p 789s 5p +5p seat:S discarder=W", {},
     dict(error="no yaku")),
    ("dealer with a double-East pair", "234m 67p 456s 678s 11z +5p riichi=true discarder=S", {},
     dict(han=1, fu=40, limit=None, total=2000, payments=ron("S", "E", 2000))),
    # --- special hands and limits
    ("seven pairs ron", "22m 44m 66p 88p 22s 33s 7s +7s seat:S riichi=true discarder=W", {},
     dict(han=4, fu=25, limit=None, total=6400, payments=ron("W", "S", 6400))),
    ("seven pairs dealer tsumo", "22m 44m 66p 88p 22s 33s 7s *7s", {},
     dict(han=4, fu=25, limit=None, total=9600, payments=tsumo("E", 3200, 3200))),
    ("kokushi single wait", "19m19p19s123456z 1m +7z seat:S discarder=W", {},
     dict(han=13, fu=None, limit="役満", total=32000, payments=ron("W", "S", 32000))),
    ("kokushi thirteen-way wait, double yakuman", "19m19p19s1234567z +1m seat:S discarder=W",
     {}, dict(han=26, fu=None, limit="二倍役満", total=64000, payments=ron("W", "S", 64000))),
    ("big three dragons dealer tsumo", "555z 666z 777z 234m 9p *9p", {},
     dict(han=13, fu=None, limit="役満", total=48000, payments=tsumo("E", 16000, 16000))),
    ("full flush baiman dealer ron", "123m 456m 789m 22m 34m +5m discarder=S", {},
     dict(han=9, fu=30, limit="倍満", total=24000, payments=ron("S", "E", 24000))),
    # the referee's first answer said 13 han, missing the 2m of 123m: three dora, 14 han
    ("counted yakuman at 13 han or more", '123m 456m 789m 22m 34m *5m seat:S riichi=true '
     'dora_indicators=["1m"]', {},
     dict(han=14, fu=20, limit="数え役満", total=32000, payments=tsumo("S", 16000, 8000))),
    # the EMA 2016 limits as options: 13 han or more without a yakuman yaku is a sanbaiman
    # (base 6,000: a non-dealer's tsumo 12,000 / 6,000), and at most one yakuman is paid
    # (riichi.wiki's summary of its changes: "the maximum score is a single yakuman")
    ("counted hand as sanbaiman (kazoe=sanbaiman)", '123m 456m 789m 22m 34m *5m seat:S '
     'riichi=true dora_indicators=["1m"]', {"kazoe": "sanbaiman"},
     dict(han=14, fu=20, limit="三倍満", total=24000, payments=tsumo("S", 12000, 6000),
          note="counted")),
    ("kokushi thirteen-way wait, one yakuman (double_yakuman=false)",
     "19m19p19s1234567z +1m seat:S discarder=W", {"double_yakuman": False},
     dict(han=13, fu=None, limit="役満", total=32000, payments=ron("W", "S", 32000))),
    ("several yakuman paid as one (double_yakuman=false)", "555z 666z 777z 111z 2z *2z seat:S",
     {"double_yakuman": False},
     dict(han=13, fu=None, limit="役満", total=32000, payments=tsumo("S", 16000, 8000),
          note="paid as one")),
    ("big four winds with all honours, pao, one yakuman (double_yakuman=false)",
     "[111z<] [222z^] [333z>] [444z<] 5z +5z seat:S pao=E discarder=W",
     {"double_yakuman": False},
     dict(han=13, fu=None, limit="役満", total=32000,
          payments=sorted([("W", "S", 16000), ("E", "S", 16000)]))),
    # pao covering two yakuman (big three dragons, four kongs) of a hand paid as one: the
    # liable player and the discarder half each of the one yakuman, 16,000 (was 32,000 each)
    ("pao on two yakuman paid as one (double_yakuman=false)",
     "[5555z<] [6666z^] [7777z>] [1111m<] 9p +9p seat:S pao=E discarder=W",
     {"double_yakuman": False, "pao_suukantsu": True},
     dict(han=13, fu=None, limit="役満", total=32000,
          payments=sorted([("W", "S", 16000), ("E", "S", 16000)]))),
    ("pao on two yakuman paid as one, tsumo (double_yakuman=false)",
     "[5555z<] [6666z^] [7777z>] [1111m<] 9p *9p seat:S pao=E",
     {"double_yakuman": False, "pao_suukantsu": True},
     dict(han=13, fu=None, limit="役満", total=32000, payments=[("E", "S", 32000)])),
    # --- EMA Riichi Competition Rules (2016), 4.3 "Scoring examples" 1-4 (the text shows the
    # tiles as pictures; these hands have the yaku, waits and dora its words give)
    # 1: "The winning tile is 9 bamboo on selfdraw. The hand is concealed. The player has
    # declared riichi." Riichi, fully concealed hand, pinfu, pure straight: "5 fan is the limit
    # hand called Mangan and it scores 4000 from each if the winner is East"; "If the winner is
    # not East, he receives 4000 from East and 2000 from each of the other opponents"
    ("EMA 4.3 example 1, East", "123s 456s 78s 234m 66p *9s riichi=true", {},
     dict(han=5, fu=20, limit="満貫", total=12000, payments=tsumo("E", 4000, 4000))),
    ("EMA 4.3 example 1, not East", "123s 456s 78s 234m 66p *9s seat:W riichi=true", {},
     dict(han=5, fu=20, limit="満貫", total=8000, payments=tsumo("W", 4000, 2000))),
    # 2: the same on a discard: "4 fan, 30 minipoints, and it scores 11600 from the discarder if
    # the winner is East. If the winner is not East, he receives 7700."
    ("EMA 4.3 example 2, East", "123s 456s 78s 234m 66p +9s riichi=true discarder=N", {},
     dict(han=4, fu=30, limit=None, total=11600, payments=ron("N", "E", 11600))),
    ("EMA 4.3 example 2, not East", "123s 456s 78s 234m 66p +9s seat:W riichi=true "
     "discarder=S", {},
     dict(han=4, fu=30, limit=None, total=7700, payments=ron("S", "W", 7700))),
    # 3: "The hand contains a melded set. 7 bamboo is dora." Open pure straight and one dora;
    # "20 for going out on an open hand, and an additional 2 minipoints for Open Pinfu";
    # "2 fan, 30 minipoints, and it scores 2900 from the discarder if the winner is East. If the
    # winner is not East, he receives 2000."
    ("EMA 4.3 example 3, East", '[123s<] 456s 78s 234m 66p +9s discarder=N '
     'dora_indicators=["6s"]', {},
     dict(han=2, fu=30, limit=None, total=2900, payments=ron("N", "E", 2900))),
    ("EMA 4.3 example 3, not East", '[123s<] 456s 78s 234m 66p +9s seat:W discarder=S '
     'dora_indicators=["6s"]', {},
     dict(han=2, fu=30, limit=None, total=2000, payments=ron("S", "W", 2000))),
    # 4: "The winning tile is 8 bamboo on selfdraw. The hand is concealed. The hand scores a
    # yakuman for Four Concealed Pungs."
    ("EMA 4.3 example 4", "111m 999p 222z 88s 77s *8s seat:S", {},
     dict(han=13, fu=None, limit="役満", total=32000, payments=tsumo("S", 16000, 8000))),
    # --- bad hands
    ("flowers", f"{H} 1f +5p seat:S riichi=true", {}, dict(error="without flowers")),
    ("a fifth copy", "111m 123m 456p 789s 5p +1m seat:S", {}, dict(error="only four")),
    ("riichi with an open hand", "[234m<] 67p 456s 678s 22p +5p seat:S riichi=true", {},
     dict(error="concealed hand")),
    ("double riichi with an open hand", "[234m<] 67p 456s 678s 22p +5p seat:S "
     "double_riichi=true", {}, dict(error="concealed hand")),
    ("ippatsu without riichi", f"{H} +5p seat:S ippatsu=true", {}, dict(error="riichi")),
    ("red five not held", f'{H} +5p seat:S riichi=true red_fives=["5m"]', {},
     dict(error="holds no 5m")),
    ("a red five listed twice", f'{H} +5p seat:S riichi=true red_fives=["5p","5p"]', {},
     dict(error="twice")),
    # riichi.wiki "Dora": "In the event a riichi declared hand has won, the tiles underneath
    # the dora indicator(s) are revealed": never more ura indicators than dora indicators
    # (the first two cases above gave none before this reading and now give one)
    ("more ura dora than dora indicators", f'{H} +5p seat:S riichi=true dora_indicators=["1m"] '
     'ura_dora_indicators=["1p","3s"]', {}, dict(error="under a dora indicator")),
    ("ura dora without a dora indicator", f'{H} +5p seat:S riichi=true '
     'ura_dora_indicators=["1p"]', {}, dict(error="under a dora indicator")),
    ("unknown field", f"{H} +5p seat:S riichi=true kan_dora=1", {}, dict(error="kan_dora")),
    ("dealer's first turn on a discard", f"{H} +5p first_turn=true discarder=S", {},
     dict(error="dealer")),
    ("robbing a kong on a self-draw", f"{H} *5p seat:S robbing-kong", {},
     dict(error="robbing")),
    ("a kong replacement on a discard", "{2222m} 567p 456s 678s 3p +3p seat:S kong-replacement",
     {}, dict(error="drawn")),
    ("robbing a kong on the last discard", f"{H} +5p seat:S robbing-kong last-tile", {},
     dict(error="last tile")),
    # EMA 2016, 3.3.14: a player "can declare riichi by clearly saying riichi, rotating the
    # discarded tile sideways"; riichi.wiki "Tenhou and chiihou": tenhou is the dealer's win on
    # the first draw, "In this case, no tile has been discarded", and chiihou "follows the same
    # premise": no discard yet, so no riichi to have declared
    ("tenhou with riichi declared", f"{H} *5p first_turn=true riichi=true", {},
     dict(error="first")),
    ("chiihou with double riichi declared", f"{H} *5p seat:S first_turn=true double_riichi=true",
     {}, dict(error="first")),
    ("first turn on the last tile", f"{H} *5p seat:S first_turn=true last-tile", {},
     dict(error="last tile")),
    # riichi.wiki "Ippatsu", Cancellation: "Tile calls may immediately end the chance for
    # ippatsu any time before the riichi declarer draws the next tile. This includes any calls
    # for kan, except for a robbed kan (chankan)"; its EMA page: "Turn order is considered
    # interrupted by any call of Chii, Pon, or Kan, even when declaring a concealed kan." A
    # rinshan win follows the winner's own kong, so it is never ippatsu
    ("ippatsu on a kong replacement", "{2222m} 567p 456s 678s 3p *3p seat:S kong-replacement "
     "riichi=true ippatsu=true", {}, dict(error="kong")),
    # double riichi is declared in the first uninterrupted go-around, and EMA 3.1: "A normal
    # set of turns is interrupted if a tile is claimed for kong, pung or chow, or a concealed
    # kong is declared", so a kong in a double-riichi hand came after the riichi and ended
    # ippatsu (EMA 3.3.14: "including concealed kongs"); the library would add ippatsu's han
    ("ippatsu after double riichi with a kong", "{2222m} 567p 456s 678s 3p *3p seat:S "
     "double_riichi=true ippatsu=true", {}, dict(error="double riichi is never won with a kong")),
    ("riichi, a concealed kong before it, then ippatsu", "{2222m} 567p 456s 678s 3p *3p seat:S "
     "riichi=true ippatsu=true", {}, dict(han=4, fu=40, limit="満貫", total=8000,
                                          payments=[("E", "S", 4000), ("N", "S", 2000),
                                                    ("W", "S", 2000)])),
    # --- renhou (人和): a non-dealer's ron before a first draw (first_turn on a discard). H is
    # tanyao + pinfu, 2 han 30 fu: 480 x 4 -> 2,000. The library's renhou is a 5-han yaku added
    # to them: 7 han, haneman 12,000. The EMA 2016 mangan (riichi.wiki "Renhou": a mangan, or
    # the hand's own yaku and dora when worth more): 8,000. As a yakuman: 32,000.
    ("renhou, the library's 5 han", f"{H} +5p seat:S first_turn=true discarder=N honba=1", {},
     dict(han=7, fu=30, limit="跳満", total=12000, payments=ron("N", "S", 12000, 300))),
    ("renhou as a mangan", f"{H} +5p seat:S first_turn=true discarder=N", {"renhou": "mangan"},
     dict(han=5, fu=30, limit="満貫", total=8000, payments=ron("N", "S", 8000),
          note="renhou=mangan")),
    # tanyao, pinfu and 4 dora (2m; 4s; 6s twice): 6 han, haneman 12,000 beats the mangan
    ("renhou as a mangan, the hand worth more", f'{H} +5p seat:S first_turn=true discarder=N '
     'dora_indicators=["1m","3s","5s"]', {"renhou": "mangan"},
     dict(han=6, fu=30, limit="跳満", total=12000, payments=ron("N", "S", 12000),
          note="worth more")),
    ("renhou 5 han with the same dora", f'{H} +5p seat:S first_turn=true discarder=N '
     'dora_indicators=["1m","3s","5s"]', {},
     dict(han=11, fu=30, limit="三倍満", total=24000, payments=ron("N", "S", 24000))),
    ("renhou as a yakuman", f"{H} +5p seat:W first_turn=true discarder=S", {"renhou": "yakuman"},
     dict(han=13, fu=None, limit="役満", total=32000, payments=ron("S", "W", 32000))),
    ("renhou not counted", f"{H} +5p seat:S first_turn=true discarder=N", {"renhou": "none"},
     dict(han=2, fu=30, limit=None, total=2000, payments=ron("N", "S", 2000),
          note="not counted")),
    ("renhou with a called set", "[234m<] 67p 456s 678s 22p +5p seat:S first_turn=true", {},
     dict(error="no meld")),
    ("renhou with riichi declared", f"{H} +5p seat:S first_turn=true riichi=true", {},
     dict(error="first discard")),
    ("renhou on a robbed kong", f"{H} +5p seat:S first_turn=true robbing-kong", {},
     dict(error="kong is a call")),
    ("renhou on the last discard", f"{H} +5p seat:S first_turn=true last-tile", {},
     dict(error="last tile")),
    # --- pao (包). EMA Riichi Competition Rules 2016, 3.3.9 "Liability: Third melded dragon pung
    # and fourth melded wind pung": the feeder "must pay the full value of the hand in case Big
    # Three Dragons or Big Four Winds are made on a self-draw (the two remaining opponents pay
    # nothing). In case another opponent feeds the Big Three Dragons or Big Four Winds, he
    # shares the payment equally with the player who fed the third dragon pung/kong or the
    # fourth wind pung/kong, but only the discarder pays for any counters." South's dragons:
    # 5z from the left (East), 6z from across (North), 7z from the right (West).
    ("pao, tsumo: the liable player pays all", f"{DRAGONS} *1m seat:S pao=E honba=1", {},
     dict(han=13, fu=None, limit="役満", total=32000,
          payments=sorted([("E", "S", 32000), ("E", "S", 300)]))),
    ("pao, ron: half each, honba from the discarder", f"{DRAGONS} +1m seat:S pao=N discarder=W "
     "honba=1", {}, dict(han=13, fu=None, limit="役満", total=32000,
                          payments=sorted([("W", "S", 16000), ("N", "S", 16000),
                                           ("W", "S", 300)]))),
    ("pao, ron: honba from the liable player (option)", f"{DRAGONS} +1m seat:S pao=N "
     "discarder=W honba=2", {"pao_honba": "liable"},
     dict(han=13, fu=None, limit="役満", total=32000,
          payments=sorted([("W", "S", 16000), ("N", "S", 16000), ("N", "S", 600)]))),
    ("pao, the liable player deals in", f"{DRAGONS} +1m seat:S pao=W discarder=W honba=1", {},
     dict(han=13, fu=None, limit="役満", total=32000, payments=ron("W", "S", 32000, 300),
          note="also discarded")),
    ("pao with sticks: the sticks stay the winner's", f"{DRAGONS} *1m seat:S pao=E "
     "riichi_sticks=2", {}, dict(han=13, fu=None, limit="役満", total=32000,
                                 payments=[("E", "S", 32000)], from_table=2000,
                                 winner_gets=34000)),
    # ja.wikipedia 責任払い, 役満の包が成立した場合の支払い: the dealer wins two yakuman (there
    # big four winds with all honours, here big three dragons with all honours: each a single
    # yakuman in the library), 96,000. Self-drawn: the liable player pays its yakuman, 48,000,
    # and a share of the other, 16,000 (64,000), the others 16,000 each; on another player's
    # discard: the liable player 24,000, the discarder 24,000 + 48,000 = 72,000.
    ("pao covers its yakuman only, tsumo", "[555z<] [666z^] [777z>] 111z 2z *2z pao=N", {},
     dict(han=26, fu=None, limit="二倍役満", total=96000,
          payments=sorted([("N", "E", 48000), ("N", "E", 16000), ("S", "E", 16000),
                           ("W", "E", 16000)]))),
    ("pao covers its yakuman only, ron", "[555z<] [666z^] [777z>] 111z 2z +2z pao=N discarder=W",
     {}, dict(han=26, fu=None, limit="二倍役満", total=96000,
              payments=sorted([("W", "E", 24000), ("N", "E", 24000), ("W", "E", 48000)]))),
    # big four winds is a double yakuman in the library (has_double_yakuman): 64,000
    ("pao on big four winds", "[111z<] [222z^] [333z>] [444z<] 9p +9p seat:S pao=E discarder=W",
     {}, dict(han=26, fu=None, limit="二倍役満", total=64000,
              payments=sorted([("W", "S", 32000), ("E", "S", 32000)]))),
    ("pao on four kongs, with the option", "[1111m<] [2222p^] [3333s>] [4444m<] 9p +9p seat:S "
     "pao=E discarder=W", {"pao_suukantsu": True},
     dict(han=13, fu=None, limit="役満", total=32000,
          payments=sorted([("W", "S", 16000), ("E", "S", 16000)]))),
    ("pao on four kongs, without the option", "[1111m<] [2222p^] [3333s>] [4444m<] 9p +9p "
     "seat:S pao=E discarder=W", {}, dict(error="pao_suukantsu=true")),
    ("pao on a hand without its yakuman", f"{H} +5p seat:S riichi=true pao=E discarder=N", {},
     dict(error="neither")),
    ("pao on the winner", f"{DRAGONS} +1m seat:S pao=S discarder=W", {},
     dict(error="own hand")),
    ("pao with a dragon pung standing in the hand", "[555z<] [666z^] 777z 23m 99p +1m seat:S "
     "pao=E discarder=W", {}, dict(error="not a declared set")),
    ("pao on a player who fed no dragon", "[555z<] [666z<] [777z<] 23m 99p +1m seat:S pao=W "
     "discarder=N", {}, dict(error="claimed from")),
    ("pao with every dragon set a concealed kong", "{5555z} {6666z} {7777z} 23m 99p +1m seat:S "
     "pao=E discarder=W", {}, dict(error="none of its sets")),
    ("pao given as a word", f"{DRAGONS} +1m seat:S pao=left discarder=W", {},
     dict(error="seat wind")),
]
