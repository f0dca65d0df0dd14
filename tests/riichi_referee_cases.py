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
    ("first turn on a discard", f"{H} +5p seat:S first_turn=true", {}, dict(error="renhou")),
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
]
