"""The sentences of whole-round settlement (scoring/settle.py) and of its terminal ledger
(scoring/report.py: format_round), in English and Chinese. Seats are written as rounds spell them
(`S`) in English and by name (`南家`) in Chinese (scoring.payments.seat_code)."""

from __future__ import annotations

from scoring.messages import Catalog

M = Catalog("settle", {
    # the round as a whole
    "not_object": ("A round must be a JSON object with 'events' (see docs/sichuan.md).",
                   "一局必须是带有“events”的 JSON 对象（见 docs/sichuan.md）。"),
    "bad_rules": ("'rules' must be a rule set id such as \"sichuan\".",
                  "“rules”必须是规则名，例如 \"sichuan\"。"),
    "no_settlement": ("Rule set {rules} has no whole-round settlement; rounds can be settled under "
                      "{known}.", "规则 {rules} 没有整局结算；可以整局结算的规则：{known}。"),
    "bad_options": ("'options' must be an object of option names and values, e.g. "
                    "{{\"base\": 2}}, not {value}.",
                    "“options”必须是选项名和值组成的对象，例如 {{\"base\": 2}}，而不是 {value}。"),
    "missing_suits_shape": ("missing_suits must map seats to suits, e.g. {{\"E\": \"s\"}}.",
                            "missing_suits 必须把座位对应到花色，例如 {{\"E\": \"s\"}}。"),
    "unknown_round_fields": ("Unknown round field(s): {names}.", "未知的整局字段：{names}。"),
    "unknown_event_fields": ("Event {n} has field(s) {names} that it does not use (it reads: "
                             "{known}).", "第{n}个事件有不使用的字段 {names}（它读取：{known}）。"),
    "no_events": ("The round needs a list of events (kongs, wins, wall_end).",
                  "一局需要事件列表（杠、和牌、荒牌 wall_end）。"),
    "bad_event": ("Event {n} must be an object whose type is kong, win or wall_end.",
                  "第{n}个事件必须是对象，type 为 kong、win 或 wall_end。"),
    "over": ("Event {n}: the round is already over ({why}).", "第{n}个事件：这一局已经结束（{why}）。"),
    "over_three_won": ("three players have won", "已有三家和牌"),
    "over_won": ("a player has won", "已有人和牌"),
    "over_wall": ("the wall ran out", "牌墙已摸完"),
    "hands_without_wall_end": ("Final hands ('hands') are read only at the end of the wall: add a "
                               "wall_end event.",
                               "最后的手牌（hands）只在荒牌时读取：请加上 wall_end 事件。"),
    "unfinished": ("The round has no wall_end and fewer than three players won: settled as far as "
                   "it goes (no 查花猪 or 查叫).",
                   "这一局没有 wall_end，和牌的不到三家：只结算到已有的事件（不查花猪、不查叫）。"),
    "unfinished_one_win": ("The round has no wall_end and nobody won: settled as far as it goes.",
                           "这一局没有 wall_end，也没有人和牌：只结算到已有的事件。"),
    # seats and hands
    "bad_seat": ("{what} must be a seat: E, S, W or N, not {value}.",
                 "{what}必须是座位：E、S、W 或 N，而不是 {value}。"),
    "what_dealer": ("dealer", "庄家（dealer）"),
    "what_missing_key": ("A key of missing_suits", "missing_suits 的键"),
    "what_hands_key": ("A key of 'hands'", "hands 的键"),
    "what_kong_player": ("Event {n}: the kong's player", "第{n}个事件：开杠的玩家"),
    "what_kong_from": ("Event {n}: 'from' (who discarded the kong's tile)",
                       "第{n}个事件：from（打出被杠那张牌的人）"),
    "what_winner": ("Event {n}: the winner", "第{n}个事件：和牌者"),
    "what_discarder": ("Event {n}: 'from' (the discarder)", "第{n}个事件：from（放炮者）"),
    "out_of_round": ("Event {n}: {seat} already won at event {at} and is out of the round, so "
                     "{seat} cannot {doing}.",
                     "第{n}个事件：{seat}已在第{at}个事件和牌出局，不能再{doing}。"),
    "doing_kong": ("declare a kong", "开杠"),
    "doing_win": ("win again", "和牌"),
    "doing_discard": ("discard a tile", "打牌"),
    "hand_not_object": ("Event {n}: {seat}'s hand must be a hand object (see the hand JSON).",
                        "第{n}个事件：{seat}的手牌必须是手牌对象（见手牌 JSON）。"),
    "engine_field": ("Event {n}: remove '{name}' from {seat}'s hand; in a round it comes from the "
                     "events.", "第{n}个事件：请从{seat}的手牌去掉“{name}”；整局结算时它来自事件。"),
    "seat_wind_differs": ("Event {n}: the hand of {seat} says seat_wind {wind}; in a round a "
                          "hand's seat is the player it belongs to: leave seat_wind out.",
                          "第{n}个事件：{seat}的手牌写的 seat_wind 是 {wind}；整局结算时手牌的座位就是它所属的玩家：请去掉 seat_wind。"),
    "dealer_differs": ("Event {n}: {seat}'s hand says dealer {given}, but the round's dealer is "
                       "{dealer}: a round has one dealer; leave 'dealer' out of the hands.",
                       "第{n}个事件：{seat}的手牌写的庄家是 {given}，但整局的庄家是{dealer}：一局只有一个庄家，"
                       "手牌里请不要写 dealer。"),
    "in_hand": ("Event {n}, {seat}'s hand: {error}", "第{n}个事件，{seat}的手牌：{error}"),
    "missing_suit_differs": ("Event {n}: {seat}'s hand and the round declare different 定缺.",
                             "第{n}个事件：{seat}的手牌和整局写的定缺不同。"),
    # kongs
    "bad_kong_kind": ("Event {n}: a kong's kind is concealed, exposed or added, not {kind}.",
                      "第{n}个事件：杠的 kind 是 concealed、exposed 或 added，而不是 {kind}。"),
    "bad_tile": ("Event {n}: {tile} is not a tile code such as \"5m\".",
                 "第{n}个事件：{tile} 不是牌的代码（例如 \"5m\"）。"),
    "event_error": ("{error} (event {n})", "{error}（第{n}个事件）"),
    "kong_own_tile": ("Event {n}: a kong on a discard takes another player's tile.",
                      "第{n}个事件：直杠杠的是别人打出的牌。"),
    "kong_from_only_exposed": ("Event {n}: only an exposed kong (直杠) takes a tile 'from' someone "
                               "(an added kong may name the player its pung came from).",
                               "第{n}个事件：只有直杠才写 from（杠谁打出的牌；碰后杠可写被碰的人）。"),
    "added_needs_from": ("Event {n}: under {game} an added kong is paid by the player its pung "
                         "came from: say who with 'from'.",
                         "第{n}个事件：{game}的碰后杠由被碰的人付杠钱：请用 from 写明是谁。"),
    "cut_off": ("Event {n}: 截胡 — several players claim one discard and only the biggest hand "
                "wins: {winner} ({value}); cut off (截胡): {others}.",
                "第{n}个事件：截胡——多家胡同一张牌，只有胡大牌的一家算胡：{winner}（{value}）；被截胡：{others}。"),
    "bad_immediate": ("Event {n}: 'immediate' must be true or false.",
                      "第{n}个事件：“immediate”必须是 true 或 false。"),
    "not_immediate": ("Event {n}: {seat}'s added kong of {tile} was not made on the draw: no rain "
                      "money (未即時加杠的不收取分數).",
                      "第{n}个事件：{seat}加杠{tile}不是摸牌时立即加的：不收雨钱（未即时加杠的不收取分数）。"),
    "kong_concealed": ("暗杠 (concealed kong)", "暗杠"),
    "kong_exposed": ("直杠 (kong on a discard)", "直杠"),
    "kong_added": ("面下杠 (added kong)", "面下杠"),
    "wind": ("刮风 (wind)", "刮风"),
    "rain": ("下雨 (rain)", "下雨"),
    "kong_money_word": ("kong money (杠钱)", "杠钱"),
    "rain_money": ("{wind}: {seat}'s {kind} of {tile}", "{wind}：{seat}{kind}{tile}"),
    # wins
    "bad_winners": ("Event {n}: 'winners' must be a list of {{player, hand}}.",
                    "第{n}个事件：“winners”必须是 {{player, hand}} 的列表。"),
    "winner_not_object": ("Event {n}: each winner is an object with player and hand.",
                          "第{n}个事件：每个和牌者是带 player 和 hand 的对象。"),
    "winner_twice": ("Event {n}: {seat} is named twice among the winners.",
                     "第{n}个事件：和牌者中{seat}出现了两次。"),
    "own_discard": ("Event {n}: {seat} cannot win on their own discard.",
                    "第{n}个事件：{seat}不能和自己打出的牌（own discard）。"),
    "one_winner_only": ("Event {n}: only one player wins on a discard in {game} ({rule}): "
                        "the nearest after the discarder, {seat}; not {others}.",
                        "第{n}个事件：{game}一张牌只能有一个人成牌（{rule}），离点炮最近的{seat}先成牌；{others}不算。"),
    "several_need_from": ("Event {n}: several players win together only on one discard (一炮多响): "
                          "give 'from'.", "第{n}个事件：几家同时和牌只能是和同一张打出的牌（一炮多响）：请写 from。"),
    "bad_after_kong": ("Event {n}: 'after_kong' must be true or false.",
                       "第{n}个事件：“after_kong”必须是 true 或 false。"),
    "after_kong_needs_kong": ("Event {n}: 杠上炮 (after_kong) is a win on the discard made right "
                              "after the discarder's kong: the event before must be that kong.",
                              "第{n}个事件：杠上炮（after_kong）是和放炮者开杠后立刻打出的牌：前一个事件必须是这个杠。"),
    "self_drawn_but_from": ("Event {n}: {seat}'s hand says self_drawn {value}, but the event names "
                            "a discarder ('from').",
                            "第{n}个事件：{seat}的手牌写 self_drawn {value}，但事件写了放炮者（from）。"),
    "discard_but_no_from": ("Event {n}: {seat}'s hand says self_drawn {value}, but the event has no "
                            "discarder ('from').",
                            "第{n}个事件：{seat}的手牌写 self_drawn {value}，但事件没有放炮者（from）。"),
    "winning_hand": ("Event {n}, {seat}'s winning hand: {error}", "第{n}个事件，{seat}的和牌：{error}"),
    "same_tile": ("Event {n}: players winning on one discard must win on the same tile.",
                  "第{n}个事件：一炮多响的几家必须和同一张牌。"),
    "every_winner_robs": ("Event {n}: when a kong is robbed, every winner robs it.",
                          "第{n}个事件：抢杠时每个和牌者都是抢这个杠。"),
    "robbing_needs_from": ("Event {n}: robbing a kong takes the tile of the player who added it: "
                           "give that player as 'from'.",
                           "第{n}个事件：抢杠抢的是加杠那家的牌：请把那家写作 from。"),
    "only_added_robbed": ("Event {n}: only an added kong (面下杠) can be robbed; the kong at event "
                          "{at} is {kind}.", "第{n}个事件：只有面下杠可以被抢；第{at}个事件的杠是{kind}。"),
    "robbed_after_kong": ("Event {n}: 抢杠 (robbing a kong) and 杠上炮 (after_kong, a discard right "
                          "after a kong) cannot happen together: a robbed kong is never completed, "
                          "so no discard follows it.",
                          "第{n}个事件：抢杠和杠上炮（after_kong）不能同时发生：被抢的杠没有成立，"
                          "之后也就没有杠后打出的牌。"),
    "robbed_note": ("Event {n}: {seat}'s kong of {tile} (event {at}) was robbed (抢杠): it collects "
                    "no rain money.", "第{n}个事件：{seat}在第{at}个事件杠的{tile}被抢杠：不收雨钱。"),
    "transfer": ("杠上炮: {seat}'s rain money for the kong of {tile} goes to {winner} (转雨)",
                 "杠上炮：{seat}杠{tile}收的雨钱转给{winner}（转雨）"),
    "refund_kong_discard": ("杠上炮: rain money for the kong of {tile} returned",
                            "杠上炮：杠{tile}收的雨钱退回"),
    # the end of the wall
    "hands_shape": ("'hands' must map each seat still in to its final hand.",
                    "“hands”必须把每个仍在局中的座位对应到它最后的手牌。"),
    "hands_of_winner": ("{seat} won at event {at}; give final hands only for players still in at "
                        "the end of the wall.", "{seat}已在第{at}个事件和牌；hands 只写荒牌时仍在局中的玩家。"),
    "hand_missing": ("The wall ran out with {seat} still in: give {seat}'s final hand in 'hands' "
                     "(needed for 查花猪 and 查叫).",
                     "荒牌时{seat}仍在局中：请在 hands 里写出{seat}最后的手牌（查花猪和查叫要用）。"),
    "final_hand": ("{seat}'s final hand: {error}", "{seat}最后的手牌：{error}"),
    "flower_pig": ("查花猪: {seat} still holds three suits (花猪)", "查花猪：{seat}手里还有三门牌（花猪）"),
    "not_ready_pays": ("查叫: {seat} is not ready; {ready} is ready for {value} ({fans})",
                       "查叫：{seat}没有听牌；{ready}听牌，值{value}（{fans}）"),
    "refund_not_ready": ("退雨: {seat} is not ready at the end of the wall; rain money for the kong "
                         "of {tile} returned", "退雨：{seat}荒牌时没有听牌；杠{tile}收的雨钱退回"),
    "value": ("{total} {unit}", "{total}{unit}"),
    # consistency of the whole round
    "missing_kong": ("{seat} declared a kong of {tile} at event {at}, but {seat}'s hand at event "
                     "{n} has no {kind} of {tile}.",
                     "{seat}在第{at}个事件开杠{tile}，但{seat}在第{n}个事件的手牌里没有{tile}的{kind}。"),
    "concealed_kong": ("concealed kong", "暗杠"),
    "exposed_kong": ("exposed kong", "明杠"),
    "too_many_copies": ("The round shows {count} copies of {tile} across all hands and kongs, but "
                        "there are only four of each tile.",
                        "这一局所有手牌和杠里共有{count}张{tile}，但每种牌只有四张。"),
    # the ledger in the terminal (scoring/report.py: format_round)
    "ledger_rules": ("Rules: {rules}", "规则：{rules}"),
    "ledger_self_drawn": ("Event {n}: {seat} wins self-drawn: {fans} = {value}, {per} per payer",
                          "第{n}个事件：{seat}自摸和牌：{fans} = {value}，每家付{per}"),
    "ledger_self_drawn_each": ("Event {n}: {seat} wins self-drawn: {fans} = {value}; the payers "
                               "pay {each}", "第{n}个事件：{seat}自摸和牌：{fans} = {value}；各家付：{each}"),
    "ledger_discard": ("Event {n}: {seat} wins on {discarder}'s discard: {fans} = {value}, {per} per "
                       "payer", "第{n}个事件：{seat}和{discarder}打出的牌（点炮）：{fans} = {value}，每家付{per}"),
    "ledger_end": ("End of wall: {seat} is {status}", "荒牌：{seat}{status}"),
    "ledger_end_waits": ("End of wall: {seat} is {status} on {waits}", "荒牌：{seat}{status}，听{waits}"),
    "status_pig": ("flower pig", "是花猪"),
    "status_ready": ("ready", "听牌"),
    "status_not_ready": ("not ready", "没有听牌"),
    "ledger": ("Ledger:", "账目："),
    "ledger_row": ("  [{n}] {payer} pays {payee} {amount}: {reason}",
                   "  [{n}] {payer}付给{payee} {amount}：{reason}"),
    "net": ("Net: {net}", "净得：{net}"),
    "note": ("Note: {note}", "注：{note}"),
})
