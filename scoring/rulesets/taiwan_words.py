"""Every sentence of the Taiwanese rule set (scoring/rulesets/taiwan.py), in English and
Chinese. The fans' names are data in taiwan.py, written as Taiwanese tables write them (門清,
槓, 莊家); the sentences here quote them the same way."""

from __future__ import annotations

from scoring.messages import Catalog, Text

GAME = Text("Taiwanese mahjong", "台湾麻将")

M = Catalog("taiwan", {
    # ---- hands that cannot be scored ------------------------------------------------------
    "not_a_win": ("These tiles do not make a winning hand: a Taiwanese win is five sets (runs, "
                  "pungs or kongs) and one pair, 16 tiles and the winning one.",
                  "这些牌不能胡：台湾麻将胡牌须为五组（顺子、刻子或槓）加一个对子，16张加胡的那张。"),
    "bad_streak": ("dealer_streak is how many times the dealer has kept the deal (連莊): 0 or "
                   "more, not {value}.",
                   "dealer_streak 是庄家连庄的次数：0 或更多，而不是 {value}。"),
    "bad_flower_win": ("flower_win is eight, for Eight flowers (八仙過海), all eight flowers drawn, "
                       "or seven_rob, for Seven rob one (七搶一), seven held and the eighth "
                       "robbed; not {value}.",
                       "flower_win 只能是 eight（八仙過海：八张花都摸到）或 seven_rob"
                       "（七搶一：手有七张花，抢第八张），而不是 {value}。"),
    "flower_win_flowers": ("A win by flowers ({name}) needs all eight flowers in 'flowers' (the "
                           "robbed one included), but the hand lists {n}.",
                           "以花胡牌（{name}）须列出全部八张花（抢来的那张也算），"
                           "这手牌只有{n}张。"),
    "eight_drawn": ("Eight flowers (八仙過海) is won on the player's own draw of the eighth flower: "
                    "mark the hand self-drawn.", "八仙過海是自己摸到第八张花而胡：请标为自摸。"),
    "seven_rob_discard": ("Seven rob one (七搶一) robs the eighth flower from the player who drew "
                          "it: the hand is not self-drawn (the drawer is the discarder).",
                          "七搶一是抢别人摸到的第八张花：不是自摸，摸到花的人算放槍的人。"),
    "flower_replacement_drawn": ("flower_replacement (a win on a replacement (槓上開花) after a "
                                 "flower) is a win on the tile drawn for a flower: the hand "
                                 "must be self-drawn and hold a flower.",
                                 "flower_replacement（补花后槓上開花）是补花摸到的牌胡：须自摸，"
                                 "且有花牌。"),
    "first_turn_last": ("A first-turn win, heavenly, earthly or human hand (天胡、地胡、人胡), cannot "
                        "be on the last tile of the wall (last-tile): on the first turn the "
                        "wall is still full.",
                        "第一轮胡牌（天胡、地胡、人胡）不会是牌墙最后一张（last-tile）：第一轮时牌墙还是满的。"),
    "first_turn_robbing": ("A first-turn win, heavenly, earthly or human hand (天胡、地胡、人胡), "
                           "cannot rob a kong: an added kong needs a pung claimed before it "
                           "(robbing a kong (搶槓): “因別人加槓”, on another player's added kong), and "
                           "any claim ends the first turn.",
                           "第一轮胡牌（天胡、地胡、人胡）不会是搶槓：加槓之前要先碰牌（搶槓：因別人加槓），"
                           "而有人吃碰第一轮就结束了。"),
    # ---- why each pattern counts ----------------------------------------------------------
    "dealer": ("the winner is the dealer ({seat}): “做莊家者，無論胡牌或放槍都多算一台” (the dealer counts one "
               "tai more, whether winning or discarding the winning tile)",
               "胡牌者是庄家（{seat}）：做莊家者，無論胡牌或放槍都多算一台"),
    "streak": ("the dealer has kept the deal {n} time(s), “連{n}拉{n}”: {value} tai; {how}",
               "庄家连庄{n}次（連{n}拉{n}）：{value}台；{how}"),
    "streak_with": ("with Dealer (莊家) 1 that is 2N+1 = {total}: “連一拉一則為參台” (one kept deal makes "
                    "three tai)",
                    "加莊家1台共{total}台（連一拉一則為參台）"),
    "streak_beside": ("2N+1 beside Dealer (莊家) 1 (option streak_includes_dealer off)",
                      "在莊家1台之外另计（关闭连庄含庄家台）"),
    "concealed": ("no chow, pung or exposed kong (沒有吃牌、碰牌、明槓)", "没有吃牌、碰牌、明槓"),
    "self_drawn": ("the winning tile was drawn by the winner (胡牌的牌由自己摸進)",
                   "胡牌的牌由自己摸进"),
    "concealed_self": ("concealed and self-drawn: “門清、自摸原本各一台，為了獎勵當事者，再追加一台” (concealed and "
                       "self-drawn are 1 tai each, and one more is added as a reward: 3 in "
                       "place of Concealed hand (門清) 1 + Self-drawn (自摸) 1)",
                       "门清又自摸：門清、自摸原本各一台，為了獎勵當事者，再追加一台（3台，不另计門清、自摸）"),
    "single_wait": ("only one tile, {tile}, completes the standing tiles: a single wait (獨聽), "
                    "on an edge, in the middle or for the pair (邊張、中洞、單吊)",
                    "只有{tile}一种牌能胡（獨聽：邊張、中洞、單吊）"),
    "round_wind": ("a pung or kong of the round wind {tile} (圈風)", "圈风{tile}的刻子或槓"),
    "seat_wind": ("a pung or kong of the seat wind {tile} (門風)", "门风{tile}的刻子或槓"),
    "dragon": ("{n} pung(s) or kong(s) of dragons (中、發、白任一種刻子), 1 each: {tiles}",
               "{n}副三元牌刻子（中、發、白任一種刻子），每副1台：{tiles}"),
    "own_flower": ("{n} flower(s) of the winner's own seat {seat}, own flower (正花): "
                   "“符合自己的方位時花牌一張即一台” (each flower of one's own seat is one tai): {tiles}",
                   "{n}张{seat}的正花（符合自己的方位時花牌一張即一台）：{tiles}"),
    "flower_kong": ("{n} complete group(s) of four flowers, flower kong (花槓): either plum, "
                    "orchid, bamboo, chrysanthemum (梅蘭竹菊) or spring, summer, autumn, winter "
                    "(春夏秋冬)",
                    "{n}组四张花齐全（花槓：『梅蘭竹菊』或『春夏秋冬』任一組）"),
    "robbing": ("won on the tile another player added to a kong (搶槓)", "抢别人加槓的那张牌胡（搶槓）"),
    "replacement": ("won on the tile drawn after a kong or a flower, a win on a replacement "
                    "(槓上開花): “因摸到花牌、暗槓或加槓而補牌” (the tile drawn to replace a flower, a concealed "
                    "kong or an added kong)",
                    "槓或补花后补牌胡（槓上開花：因摸到花牌、暗槓或加槓而補牌）"),
    "last_drawn": ("self-drawn on the last tile of the wall (海底撈月)", "摸牌墙最后一张自摸（海底撈月）"),
    "last_discard": ("won on the last discard (河底撈魚): “胡別人丟出的最後一張牌” (winning on the last tile "
                     "another player discards)",
                     "胡别人打出的最后一张牌（河底撈魚）"),
    "pinghu": ("five runs and a suited pair, no honours{flowers}, won on a discard{wait}: all "
               "runs (平胡), “五組順子及一個對子，胡他人牌非自摸” (five runs and a pair, won on another's tile, "
               "not self-drawn)",
               "五组顺子加一对数牌，没有字牌{flowers}，胡别人打出的牌{wait}（平胡：五組順子及一個對子，胡他人牌非自摸）"),
    "pinghu_no_flowers": (" or flowers", "、没有花牌"),
    "pinghu_two_sided": (" on a two-sided wait (呈兩面聽狀態)", "，两面听（呈兩面聽狀態）"),
    "all_claimed": ("every set claimed, one standing tile waiting for its pair, won on a "
                    "discard: all claimed (全求), “手牌只剩一張牌單吊胡牌，而其餘全吃或碰，且胡他人牌” (one tile left "
                    "waiting for its pair, the rest all chowed or punged, won on another's "
                    "tile)",
                    "全部吃碰，只剩一张单吊，胡别人打出的牌（全求：手牌只剩一張牌單吊胡牌，而其餘全吃或碰，且胡他人牌）"),
    "concealed_pungs": ("{n} concealed pungs (暗刻), concealed kongs included (包括暗槓): {tiles}",
                        "{n}副暗刻（包括暗槓）：{tiles}"),
    "all_pungs": ("five pungs or kongs and a pair: “胡牌全部由刻子再加一個對子組成” (the winning hand is all "
                  "pungs plus one pair)",
                  "五副刻子或槓加一对（胡牌全部由刻子再加一個對子組成）"),
    "half_flush": ("one suit, {suit}, and honours: “整副牌由字牌及另外單一花色組成” (the whole hand is honours "
                   "and one other suit)",
                   "{suit}一门加字牌（整副牌由字牌及另外單一花色組成）"),
    "full_flush": ("every tile is {suit}: “整副牌由同一花色組成” (the whole hand is one suit)",
                   "全部是{suit}（整副牌由同一花色組成）"),
    "little_dragons": ("two dragon pungs and a dragon pair (小三元)", "两副三元牌刻子加三元牌将（小三元）"),
    "big_dragons": ("pungs of all three dragons (大三元): “有中、發、白三組刻子” (pungs of Red, Green and "
                    "White)",
                    "中、發、白三副刻子（大三元）"),
    "little_winds": ("three wind pungs and a wind pair (小四喜)", "三副风牌刻子加风牌将（小四喜）"),
    "big_winds": ("pungs of all four winds (大四喜): “有東、南、西、北四組刻子” (pungs of East, South, West "
                  "and North)",
                  "东南西北四副刻子（大四喜）"),
    "eight_flowers": ("all eight flowers (八仙過海)", "八张花全部到手（八仙過海）"),
    "seven_rob": ("seven flowers held, the eighth robbed from the player who drew it (七搶一)",
                  "手有七张花，抢别人摸到的第八张（七搶一）"),
    "all_honours": ("every tile is an honour (字一色)", "全部是字牌（字一色）"),
    "heavenly": ("the dealer's win on the dealt tiles (天胡), {value} tai (option heavenly)",
                 "庄家起手即胡（天胡），{value}台（见选项）"),
    "earthly": ("a win on the player's first draw (地胡)", "闲家第一轮摸牌即胡（地胡）"),
    "human": ("a win on a discard of the first turn (人胡): “第一輪有人就放槍” (someone discards the "
              "winning tile in the first round), {value} tai (option human)",
              "第一轮胡别人打出的牌（人胡：第一輪有人就放槍），{value}台（见选项）"),
    "ligu": ("seven pairs and a pung, all standing, ligu (嚦咕嚦咕), a house pattern (option ligu): "
             "{value} tai", "七对加一副刻子，全在手里（嚦咕嚦咕，自家规矩，见选项），{value}台"),
    "flower_win_only": ("a win by flowers: the standing tiles are not scored, only the flowers "
                        "and the dealer's tai", "以花胡牌：手牌不计台，只计花和庄家的台"),
    # ---- exclusions --------------------------------------------------------------------------
    "ex_within": ("{by} already counts it ({why})", "{by}已含此台（{why}），不另计"),
    "why_parts": ("Concealed self-drawn (門清自摸) is 3 tai in place of Concealed hand (門清) 1 + "
                  "Self-drawn (自摸) 1", "門清自摸3台，不另计門清1台、自摸1台"),
    "why_tier": ("the larger count of the same kind replaces the smaller",
                 "同一类只计较大的一种"),
    "why_dragons": ("its dragon pungs are the pattern", "三元牌刻子已算在内"),
    "why_winds": ("its wind pungs are the pattern", "风牌刻子已算在内"),
    "why_flowers": ("its flowers are the pattern", "花牌已算在内"),
    "why_first": ("a first-turn win is concealed (and self-drawn) by definition; the tables "
                  "count the concealed hand and the unaided win (門清、不求) no further: “門清、不求不能算”",
                  "第一轮胡牌必然门清（门清、不求不能算）"),
    "why_single": ("All claimed (全求) is a single wait by definition", "全求必然单吊"),
    # ---- payments ------------------------------------------------------------------------------
    "pays": ("base (底) {base} + {tai} tai x {per} = {amount}",
             "底{base} + {tai}台 × {per} = {amount}"),
    "pays_dealer": ("base (底) {base} + ({tai} + the dealer's {dealer_tai}) tai x {per} = "
                    "{amount}: the dealer's tai for Dealer (莊家) and Dealer's streak (連莊) pass "
                    "only between the dealer and another player",
                    "底{base} + （{tai} + 庄家的{dealer_tai}）台 × {per} = {amount}：莊家、連莊的台只在庄家"
                    "和别人之间计"),
    "dealer_pays_note": ("The dealer ({seat}) also pays its own {dealer_tai} tai, Dealer (莊家) 1 "
                         "and Dealer's streak (連莊): “做莊家者，無論胡牌或放槍都多算一台” (the dealer counts one "
                         "tai more, whether winning or discarding the winning tile); the other "
                         "payers do not.",
                         "庄家（{seat}）付钱时也加自己的{dealer_tai}台（莊家1台及連莊：做莊家者，無論胡牌或放槍都多算一台）；"
                         "其他人不加。"),
    # ---- options and fields ----------------------------------------------------------------------
    "opt_base": ("base (底): what every payment starts from", "底：每笔付款的底钱"),
    "opt_per_tai": ("money per tai (台錢)", "台钱：每台的钱数"),
    "opt_heavenly": ("Heavenly hand (天胡) in tai: 24 (the common table), 32 or 16 by house",
                     "天胡的台数：24（常见台数表），各家也有算32或16的"),
    "opt_human": ("Human hand (人胡) in tai: 8 (the common table) or 16 by house",
                  "人胡的台数：8（常见台数表）或16"),
    "opt_all_claimed": ("All claimed (全求人) in tai: 2 (the association's table) or 1 by house",
                        "全求人的台数：2（麻将协会台数表）或1"),
    "opt_flower_kong": ("Flower kong (花槓) in tai per group: 2 (the association's table) or 1 by "
                        "house",
                        "花槓每组的台数：2（麻将协会台数表）或1"),
    "opt_pinghu_flowers": ("a flower breaks All runs (平胡): “牌中無字、花牌” (no honours or flowers in "
                           "the hand); off: All runs with flowers counts",
                           "有花就不算平胡（牌中無字、花牌）；关闭：有花也算平胡"),
    "opt_pinghu_pair": ("a pair wait breaks All runs (平胡): “呈兩面聽狀態，釣將不算” (a two-sided wait; a "
                        "pair wait does not count); off: a pair wait counts",
                        "单钓将不算平胡（呈兩面聽狀態，釣將不算）；关闭：钓将也算平胡"),
    "opt_little_winds": ("Little four winds (小四喜) also counts the round wind (圈風) and seat wind "
                         "(門風) pungs in it; off (default): Little four winds 8 in all",
                         "小四喜另计其中的圈风、门风刻子；关闭（默认）：小四喜共8台"),
    "opt_streak": ("Dealer's streak (連莊) N times is 2N+1 tai with the Dealer (莊家) tai: "
                   "“連一拉一則為參台” (one kept deal makes three tai); off: 2N+1 beside Dealer 1",
                   "连庄每次2台，连同莊家1台：連一拉一則為參台、連二拉二五台；关闭：在莊家1台之外，連一拉一另计3台、連二拉二5台"),
    "opt_ligu": ("ligu (嚦咕嚦咕), seven pairs and a pung, a house pattern: its tai, 0 = not a win",
                 "嚦咕嚦咕（七对加一副刻子），自家规矩：它的台数，0 = 不算胡"),
    "opt_flower_order": ("the flowers of each seat: plum, orchid, bamboo, chrysanthemum (梅蘭竹菊), "
                         "plum 1, orchid 2, bamboo 3, chrysanthemum 4, so bamboo is West's and "
                         "chrysanthemum North's (the association's table); or plum, orchid, "
                         "chrysanthemum, bamboo (梅蘭菊竹): chrysanthemum West's, bamboo North's",
                         "各家的正花：梅蘭竹菊（梅1蘭2竹3菊4，竹是西、菊是北，麻将协会台数表）"
                         "或梅蘭菊竹（菊是西、竹是北）"),
    "opt_multiple": ("several winners (一炮多響): every player who can win on one discard wins, the "
                     "discarder pays each; off (default): only the first after the discarder "
                     "(截胡)",
                     "一炮多响：同一张牌可胡的人都胡，放枪的人各付；关闭（默认）：只有放枪者下家起最先的一家胡（截胡）"),
    "opt_drawn_deal": ("at a table: who deals after a drawn hand: keep, the dealer again "
                       "(“莊家胡牌(或流局)即可連莊”); pass, the next player (a house rule)",
                       "牌桌上流局后谁坐庄：流局连庄（莊家胡牌(或流局)即可連莊）或流局过庄（自家规矩，"
                       "由下家坐庄）"),
    "c_drawn_keep": ("the dealer keeps the deal (流局連莊)", "流局连庄"),
    "c_drawn_pass": ("the deal passes (流局過莊)", "流局过庄"),
    "f_dealer": ("the dealer's seat (莊家)", "庄家的座位"),
    "f_streak": ("Dealer's streak (連莊): times the dealer has kept the deal (0 = first deal)",
                 "连庄：庄家连庄的次数（0 = 第一次做庄）"),
    "f_discarder": ("the seat that discarded the winning tile (放槍)", "放枪的座位"),
    "f_first_turn": ("won on the first turn: Heavenly hand (天胡), the dealer; Earthly hand (地胡), "
                     "self-drawn; Human hand (人胡), on a discard",
                     "第一轮胡牌：天胡（庄家）、地胡（自摸）、人胡（胡别人打出的牌）"),
    "f_flower_replacement": ("won on the tile drawn for a flower (槓上開花)", "补花摸到的牌胡（槓上開花）"),
    "f_flower_win": ("a win by flowers alone: eight (八仙過海) or seven_rob (七搶一)",
                     "以花胡牌：八仙過海或七搶一"),
    "no_missing_suit": ("Taiwanese mahjong has no declared missing suit (定缺): remove "
                        "missing_suits.", "台湾麻将没有定缺：请去掉 missing_suits。"),
    "flower_win_tile": ("A win by flowers ({name}) has no winning tile: give the 16 standing tiles "
                        "as they are, without '+' or '*'.",
                        "以花胡牌（{name}）没有胡的那张牌：只列出16张手牌，不要加 '+' 或 '*'。"),
    "one_winner_rule": ("one winner (截胡), without several winners (一炮多響): option multiple_winners",
                        "截胡，不玩一炮多响"),
    "c_eight": ("Eight flowers (八仙過海)", "八仙過海"),
    "c_seven_rob": ("Seven rob one (七搶一)", "七搶一"),
    "c_order_a": ("plum, orchid, bamboo, chrysanthemum (梅蘭竹菊): bamboo West, chrysanthemum North",
                  "梅蘭竹菊（竹西、菊北）"),
    "c_order_b": ("plum, orchid, chrysanthemum, bamboo (梅蘭菊竹): chrysanthemum West, bamboo North",
                  "梅蘭菊竹（菊西、竹北）"),
    "c_ligu_off": ("not a win", "不算胡"),
})
