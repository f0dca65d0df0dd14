"""`mjlens table`: keep a whole game at one table: its hands, who paid whom, the running totals.

The ledger lives in a database (SQLite in the user's data directory unless `--db URL` or
MJLENS_LEDGER_URL names another, e.g. a club's PostgreSQL), so the CLI and every phone running
the app on the same server share it.
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys

from mjlens.lang import add_lang_option, error_fields, error_line, lang_of
from scoring.file_words import json_of
from scoring.messages import Catalog

M = Catalog("table_cli", {
    "help": ("keep a game's hands and running totals", "记录一场牌的每一局和累计输赢"),
    "created": ("Table {name} created (code {code}): {players}, {rules}.",
                "已建牌桌 {name}（代码 {code}）：{players}，{rules}。"),
    "header": ("Table {name} (code {code}): {rules}, hands played: {count}",
               "牌桌 {name}（代码 {code}）：{rules}，共 {count} 局"),
    "next": ("Next hand: {dealer} deals, {wind} round. Who deals next: {rule}.",
             "下一局：{dealer} 坐庄，{wind}风圈。坐庄规则：{rule}。"),
    "source": ("  (rule: {source})", "  （依据：{source}）"),
    # the standings' column heads (padded to the widest name by terminal columns)
    "col_player": ("player", "玩家"),
    "col_seat": ("seat", "座位"),
    "col_total": ("total", "累计"),
    "hands_head": ("Hands:", "各局："),
    "no_hands": ("No hands yet.", "还没有记录任何一局。"),
    "added": ("Hand {n} added.", "已记第 {n} 局。"),
    # 血战到底: a win, a kong or the end of the wall added to the last hand (--goes-on)
    "grown": ("Hand {n} goes on: added to it.", "第 {n} 局继续：已记入这一局。"),
    "undone": ("Hand {n} undone.", "已撤销第 {n} 局。"),
    "step_undone": ("Hand {n}: its last step undone.", "第 {n} 局：最后一步已撤销。"),
    "fixed": ("Hand {n} corrected; the totals are recomputed.", "第 {n} 局已更正，累计已重算。"),
    "no_tables": ("No tables yet: `mjlens table new NAME --players \"A,B,C,D\" --rules gb`.",
                  "还没有牌桌：`mjlens table new 名字 --players \"A,B,C,D\" --rules gb`。"),
    "list_row": ("{name}  (code {code})  {rules}  hands: {count}  {players}",
                 "{name}（代码 {code}）  {rules}  {count} 局  {players}"),
    "one_input": ("Give the hand one way: --hand, a HAND.json file, --photo, --round or --draw.",
                  "请用一种方式给出这一局：--hand、HAND.json 文件、--photo、--round 或 --draw。"),
    "tenpai_needed": ("At a riichi table a drawn hand says who was tenpai (ready): --tenpai "
                      "\"Ann,Bo\", or --tenpai - for nobody. The dealer keeps the deal only "
                      "if tenpai, and the noten players pay the tenpai ones 3,000 in all.",
                      "立直麻将的牌桌记流局时要写明谁听牌：--tenpai \"甲,乙\"，无人听牌写 --tenpai -。"
                      "庄家听牌才连庄，未听牌者共付给听牌者 3000 点。"),
    "kong_syntax": ("Write a kong as PLAYER:KIND:TILE, KIND concealed, exposed or added, and for "
                    "an exposed kong :DISCARDER after it: --kong \"Cy:exposed:7p:Di\".",
                    "杠写成 玩家:种类:牌，种类为暗杠、直杠或补杠，直杠再加上 :放杠者，例如 --kong "
                    "\"小美:直杠:7p:淑芬\"。"),
    "tiles_syntax": ("Write the tiles held at the end of the wall as NAME=TILES, one player after "
                     "another with ; between: --tiles \"Ann=111p 222p 333p 55s 68s;Cy=...\".",
                     "荒牌时手里的牌写成 名字=牌，每位之间用 ; 隔开，例如 --tiles "
                     "\"阿明=111p 222p 333p 55s 68s;小美=...\"。"),
    "no_such_win": ("Hand {seq} has no win {k} to correct: it has {count} win(s); --win takes a "
                    "winning hand (--hand, HAND.json or --photo).",
                    "第 {seq} 局没有第 {k} 家和牌可以更正：这一局有 {count} 家和牌；--win 要配一手和牌"
                    "（--hand、HAND.json 或 --photo）。"),
    "bad_file": ("Cannot read {path}: {why}", "无法读取 {path}：{why}"),
    "bad_json": ("{path} is not valid JSON (line {line}, column {column}).",
                 "{path} 不是有效的 JSON（第 {line} 行第 {column} 列）。"),
    # the help of `mjlens table` and its actions
    "h_description": (__doc__.splitlines()[0],
                      "`mjlens table`：记录一张牌桌上的一整场牌：每一局、谁付给谁、累计输赢。"),
    "h_db": ("SQLAlchemy URL of the ledger (default: a SQLite file in the user's data "
             "directory, or MJLENS_LEDGER_URL)",
             "账本的 `SQLAlchemy` 地址（默认：用户的数据目录里的 `SQLite` 文件，或 "
             "`MJLENS_LEDGER_URL`）"),
    "h_new": ("start a table", "新开一张牌桌"),
    "h_players": ('four names in turn order, "A,B,C,D"', "按座次写四个名字，如 `\"A,B,C,D\"`"),
    "h_first_dealer": ("who deals the first hand (default: the first player)",
                       "第一局谁坐庄（默认：第一位玩家）"),
    "h_add": ("add a hand", "记一局"),
    "h_fix": ("correct hand N (the totals are recomputed)", "更正第 `N` 局（累计会重算）"),
    "h_hand": ("the hand in notation", "用牌谱记法写的这手牌"),
    "h_photo": ("a photo of the revealed hand", "摊开的手牌的照片"),
    "h_round": ("a whole round, as `mjlens settle` reads it",
                "一整局，格式同 `mjlens settle` 所读"),
    "h_draw": ("a drawn hand (nobody won)", "流局（没人和牌）"),
    "h_winner": ("who won (default: the hand's seat wind; East is the dealer, or under taiwan "
                 "the first dealer)",
                 "谁和牌（默认：按这手牌的门风；东家是庄家，台湾麻将则是首局的庄家）"),
    "h_from": ("who discarded the winning tile", "谁打出了和牌的那张牌"),
    "h_dealer": ("who dealt this hand, where the table decides it", "这一局谁坐庄（由牌桌决定时）"),
    "h_riichi": ("(riichi) who declared riichi this hand, \"A,B\": each puts a 1000-point stick "
                 "on the table, the winner of a later hand takes them (the winner's own riichi "
                 "is read from the hand too; a winner named here scores riichi)",
                 "（立直麻将）这一局谁立直了，如 `\"A,B\"`：每人在桌上放一根 1000 点的点棒，"
                 "之后和牌的人拿走（和牌者自己的立直也从手牌读出；这里写到的和牌者按立直计分）"),
    "h_tenpai": ("(riichi, with --draw) who was tenpai (ready) at the drawn hand, \"A,B\", or - "
                 "for nobody: the dealer keeps the deal only if tenpai; the noten players pay "
                 "the tenpai ones 3,000 in all",
                 "（立直麻将，与 `--draw` 同用）流局时谁听牌，如 `\"A,B\"`，无人听牌写 `-`："
                 "庄家听牌才连庄；未听牌者共付给听牌者 3000 点"),
    "h_self_drawn": ("(photo) won by self-draw", "（照片）自摸和牌"),
    "h_show": ("the totals and every hand", "累计输赢和每一局"),
    "h_undo": ("remove the last hand", "撤销最后一局"),
    "h_step": ("(血战到底) take only the last step off the last hand: its last win, kong or end "
               "of the wall",
               "（血战到底）只撤销最后一局的最后一步：最后一次和牌、杠或牌墙摸完"),
    "h_win": ("(血战到底) correct only the K-th win of a hand with several winners (1 the "
              "first), the others staying",
              "（血战到底）一局有几家和牌时只改正第 `K` 次和牌（1 是第一次），其余不变"),
    "h_goes_on": ("(血战到底) the last hand goes on: this win, --kong or --draw --tiles is added "
                  "to it",
                  "（血战到底）最后一局还在继续：这次和牌、`--kong` 或 `--draw --tiles` 加到这一局里"),
    "h_kong": ("(血战到底) a kong and its rain money (刮风下雨): KIND concealed (暗杠), exposed "
               "(直杠, FROM: who discarded the tile) or added (补杠)",
               "（血战到底）一次杠和它的刮风下雨：`KIND` 为 `concealed`（暗杠）、`exposed`（直杠，"
               "`FROM` 为打出这张牌的人）或 `added`（补杠）"),
    "h_tiles": ("(血战到底, with --draw) the wall ran out: the 13 tiles each player still in "
                "holds, for 查花猪 and 查叫",
                "（血战到底，与 `--draw` 同用）牌墙摸完：每位还没和牌的玩家手里的 13 张牌，用来查花猪和查叫"),
    "h_export": ("the hands as CSV", "以 `CSV` 导出每一局"),
    "h_list": ("every table", "所有牌桌"),
})


def register(sub) -> None:
    p = sub.add_parser("table", help=M("help"), description=M("h_description"))
    tsub = p.add_subparsers(dest="table_command", metavar="ACTION", required=True)

    def common(q):
        q.add_argument("--db", help=M("h_db"))
        add_lang_option(q)
        return q

    q = common(tsub.add_parser("new", help=M("h_new")))
    q.add_argument("name")
    q.add_argument("--players", required=True, help=M("h_players"))
    q.add_argument("--rules", default="gb")
    q.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    q.add_argument("--dealer", help=M("h_first_dealer"))
    q.set_defaults(func=_new)

    for action, func in (("add", _add), ("fix", _fix)):
        q = common(tsub.add_parser(action, help=M(f"h_{action}")))
        q.add_argument("name")
        if action == "fix":
            q.add_argument("seq", type=int, metavar="N")
            q.add_argument("--win", type=int, metavar="K", help=M("h_win"))
        q.add_argument("hand_file", nargs="?", metavar="HAND.json")
        for option, key in (("--hand", "h_hand"), ("--photo", "h_photo"), ("--round", "h_round")):
            q.add_argument(option, help=M(key))
        q.add_argument("--draw", action="store_true", help=M("h_draw"))
        q.add_argument("--winner", help=M("h_winner"))
        q.add_argument("--from", dest="discarder", help=M("h_from"))
        q.add_argument("--dealer", help=M("h_dealer"))
        q.add_argument("--riichi", help=M("h_riichi"))
        q.add_argument("--tenpai", help=M("h_tenpai"))
        q.add_argument("--self-drawn", action="store_true", help=M("h_self_drawn"))
        if action == "add":
            q.add_argument("--goes-on", action="store_true", help=M("h_goes_on"))
            q.add_argument("--kong", metavar="PLAYER:KIND:TILE[:FROM]", help=M("h_kong"))
            q.add_argument("--tiles", metavar='"NAME=TILES;NAME=TILES"', help=M("h_tiles"))
        q.set_defaults(func=func)

    for action, func in (("show", _show), ("undo", _undo), ("export", _export)):
        q = common(tsub.add_parser(action, help=M(f"h_{action}")))
        q.add_argument("name")
        if action == "show":
            q.add_argument("--json", action="store_true")
        if action == "undo":
            q.add_argument("--step", action="store_true", help=M("h_step"))
        if action == "export":
            q.add_argument("--csv", action="store_true", default=True)
            q.set_defaults(machine_output=True)  # CSV: never wrapped to the terminal
        q.set_defaults(func=func)
    q = common(tsub.add_parser("list", help=M("h_list")))
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=_list)
    p.set_defaults(func=None)



def _run(action):
    """Each action: open the ledger, do it, and turn a refusal into a sentence and exit 2."""
    def run(args) -> int:
        from mjlens.ledger.store import Ledger
        from mjlens.ledger.words import LedgerError
        from scoring.hand import HandError

        try:
            return action(args, Ledger(args.db), lang_of(args)) or 0
        except (LedgerError, HandError) as exc:
            if getattr(args, "json", False):
                print(json.dumps(error_fields(exc), ensure_ascii=False))
            else:
                print(error_line(exc, lang_of(args)), file=sys.stderr)
            return 2
    return run


@_run
def _new(args, ledger, lang) -> int:
    from mjlens.commands.score import parse_options
    from mjlens.ledger.report import rules_name
    from mjlens.ledger.words import LedgerError
    from mjlens.ledger.words import M as W

    players = [p.strip() for p in names_in(args.players)]
    dealer = 0
    if args.dealer:
        folded = [p.casefold() for p in players]
        if args.dealer.strip().casefold() not in folded:
            raise LedgerError(W("no_player", name=args.dealer, players=tuple(players)))
        dealer = folded.index(args.dealer.strip().casefold())
    view = ledger.new_table(args.name, players, args.rules, parse_options(args.option, args.rules), dealer)
    print(M("created", name=view.name, code=view.code, players=tuple(view.players),
            rules=rules_name(view.rules, lang)).render(lang))
    return 0


def _entry(args, view):
    from mjlens.ledger import entries

    who = {"winner": _index(view, args.winner), "discarder": _index(view, args.discarder),
           "dealer": _index(view, args.dealer)}
    if getattr(args, "riichi", None):
        who["riichi"] = [view.player_index(n) for n in names_in(args.riichi) if n.strip()]
    tenpai = _tenpai(args, view)
    if tenpai is not None:
        who["tenpai"] = tenpai
    given = [x for x in (args.hand, args.hand_file, args.photo, args.round) if x] + \
        (["draw"] if args.draw else [])
    if len(given) != 1:
        from mjlens.ledger.words import LedgerError
        raise LedgerError(M("one_input"))
    if args.hand:
        return entries.from_notation(args.hand, **who)
    if args.photo:
        return entries.from_photo(args.photo, view.rules, view.options,
                                  self_drawn=args.self_drawn, **who)
    if args.draw:
        return entries.drawn(**who)
    data = _read_json(args.round or args.hand_file)
    return entries.from_round(data, **who) if args.round else entries.from_json(data, **who)


def _one_win(view, seq: int, k: int, entry):
    """Hand `seq` with its win `k` (1-based) corrected to `entry` (mjlens.ledger.blood)."""
    from mjlens.ledger.blood import corrected
    from mjlens.ledger.words import LedgerError
    from mjlens.ledger.words import M as W

    if not 1 <= seq <= len(view.hands):
        raise LedgerError(W("no_hand", seq=seq, name=view.name, count=len(view.hands)))
    hand = view.hands[seq - 1]
    if hand.kind != "round" or not 1 <= k <= len(hand.winners) or entry.kind != "hand":
        raise LedgerError(M("no_such_win", seq=seq, k=k, count=len(hand.winners)))
    return corrected(view, hand, k - 1, entry)


def _tenpai(args, view) -> list[int] | None:
    """`--tenpai "A,B"` (or `-`, nobody) as player indexes; a riichi table's drawn hand must
    say it, since the deal and the noten payments follow it."""
    from mjlens.ledger import tenpai
    from mjlens.ledger.words import LedgerError

    given = getattr(args, "tenpai", None)
    if given is None:
        if args.draw and tenpai.asks(view.rules):
            raise LedgerError(M("tenpai_needed"))
        return None
    names = [] if given.strip() == "-" else [n for n in names_in(given) if n.strip()]
    return [view.player_index(n) for n in names]


_KONG_KINDS = {"concealed": "concealed", "exposed": "exposed", "added": "added",
               "暗杠": "concealed", "直杠": "exposed", "补杠": "added",
               "暗槓": "concealed", "直槓": "exposed", "補槓": "added"}


def _kong(text: str, view) -> dict:
    """`--kong "Cy:exposed:7p:Di"` as the ledger's kong (players as indexes)."""
    from mjlens.ledger.words import LedgerError
    from scoring.hand import HandError
    from scoring.notation import parse_tiles

    parts = [p.strip() for p in text.replace("：", ":").split(":")]
    if len(parts) not in (3, 4) or parts[1] not in _KONG_KINDS:
        raise LedgerError(M("kong_syntax"))
    try:
        tiles = parse_tiles(parts[2])
    except HandError:
        tiles = []
    if len(tiles) != 1:
        raise LedgerError(M("kong_syntax"))
    return {"player": view.player_index(parts[0]), "kind": _KONG_KINDS[parts[1]],
            "tile": tiles[0], "from": view.player_index(parts[3]) if len(parts) == 4 else None}


def _tiles(text: str, view) -> dict[int, dict]:
    """`--tiles "Ann=111p 222p 333p 55s 68s;Cy=..."` as each player's hand JSON."""
    from mjlens.ledger import entries
    from mjlens.ledger.words import LedgerError

    out = {}
    for part in (p for p in text.replace("；", ";").split(";") if p.strip()):
        name, sep, tiles = part.partition("=")
        if not sep:
            raise LedgerError(M("tiles_syntax"))
        out[view.player_index(name)] = entries.from_notation(tiles).hand
    return out


def names_in(text: str) -> list[str]:
    """Names separated by commas, as a Chinese keyboard types them too (，or 、): "张三，李四，
    王五，赵六" was refused as one name."""
    return re.split(r"[,，、]", text)


def _index(view, name):
    return None if not name else view.player_index(name)


def _read_json(path: str):
    from mjlens.ledger.words import LedgerError
    from scoring.file_words import os_reason, read_text

    try:
        text = read_text(path)
    except OSError as exc:
        raise LedgerError(M("bad_file", path=path, why=os_reason(exc))) from None
    except UnicodeDecodeError:
        raise LedgerError(M("bad_json", path=path, line=1, column=1)) from None
    try:
        return json_of(text)
    except json.JSONDecodeError as exc:
        raise LedgerError(M("bad_json", path=path, line=exc.lineno, column=exc.colno)) from None


@_run
def _add(args, ledger, lang) -> int:
    view = ledger.table(args.name)
    if args.kong:
        hand = ledger.add_kong(view.name, _kong(args.kong, view), join=args.goes_on)
    elif args.draw and (args.tiles or args.goes_on):
        hand = ledger.end_wall(view.name, _tiles(args.tiles or "", view), join=args.goes_on)
    elif args.goes_on:
        hand = ledger.add_winner(view.name, _entry(args, view))
    else:
        hand = ledger.add(view.name, _entry(args, view))
    print(M("grown" if args.goes_on else "added", n=hand.seq).render(lang))
    _print_view(ledger.table(view.name), lang, hands=[hand])
    return 0


@_run
def _fix(args, ledger, lang) -> int:
    view = ledger.table(args.name)
    entry = _entry(args, view)
    if args.win is not None:  # one win of a round: the other wins stay
        entry = _one_win(view, args.seq, args.win, entry)
    view = ledger.correct(view.name, args.seq, entry)
    print(M("fixed", n=args.seq).render(lang))
    _print_view(view, lang)
    return 0


@_run
def _undo(args, ledger, lang) -> int:
    if args.step:  # the hand stays, less its last win, kong or end of the wall
        view = ledger.table(args.name)
        seq = view.hands[-1].seq if view.hands else 0
        hand = ledger.undo_step(view.name, seq, view.revision)
        print(M("step_undone", n=hand.seq).render(lang))
        _print_view(ledger.table(args.name), lang, hands=[hand])
        return 0
    hand = ledger.undo(args.name)
    print(M("undone", n=hand.seq).render(lang))
    _print_view(ledger.table(args.name), lang, hands=[])
    return 0


@_run
def _show(args, ledger, lang) -> int:
    from mjlens.ledger.report import table_json

    view = ledger.table(args.name)
    if args.json:
        print(json.dumps(table_json(view), ensure_ascii=False))
    else:
        _print_view(view, lang)
    return 0


@_run
def _export(args, ledger, lang) -> int:
    from mjlens.ledger.report import csv_rows

    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(csv_rows(ledger.table(args.name), lang))
    sys.stdout.write(out.getvalue())
    return 0


@_run
def _list(args, ledger, lang) -> int:
    views = ledger.tables()
    if args.json:
        from mjlens.ledger.report import table_json

        print(json.dumps([table_json(v, hands=False) for v in views], ensure_ascii=False))
        return 0
    if not views:
        print(M("no_tables").render(lang))
    for line in list_lines(views, lang):
        print(line)
    return 0


def list_lines(views, lang: str) -> list[str]:
    """A line per table, its name, rule set and count of hands padded to the widest of each by
    terminal columns (a Chinese character takes two), so the columns line up."""
    from mjlens.ledger.report import rules_name
    from mjlens.terminal import columns, pad

    rules = [rules_name(v.rules, lang) for v in views]
    name_w = max((columns(v.name) for v in views), default=0)
    rules_w = max((columns(r) for r in rules), default=0)
    count_w = max((len(str(len(v.hands))) for v in views), default=0)
    return [M("list_row", name=pad(v.name, name_w), code=v.code, rules=pad(r, rules_w),
              count=pad(str(len(v.hands)), count_w, ">"),
              players=tuple(v.players)).render(lang).rstrip()
            for v, r in zip(views, rules, strict=True)]


def standings_lines(view, lang: str) -> list[str]:
    """The head and a row per player: name, seat at the next hand, total; each column padded by
    terminal columns (a Chinese name of six characters is twelve wide), at least as wide as
    before (12, 7, 6)."""
    from mjlens.ledger.report import standings, wind_name
    from mjlens.terminal import columns, pad

    rows = [(name, wind_name(seat, lang), _amount(total))
            for name, seat, total in standings(view)]
    head = tuple(M.text(k, lang) for k in ("col_player", "col_seat", "col_total"))
    widths = [max(columns(r[i]) for r in [head, *rows]) for i in range(3)]
    name_w, seat_w = max(12, widths[0] + 2), max(7, widths[1] + 2)
    total_w = max(6, widths[2])
    lines = [pad(head[0], name_w) + pad(head[1], seat_w) + head[2]]
    lines += [pad(name, name_w) + pad(seat, seat_w) + pad(total, total_w, ">")
              for name, seat, total in rows]
    return lines


def _print_view(view, lang: str, hands=None) -> None:
    from mjlens.ledger.report import (
        game_over,
        hand_lines,
        next_dealer_words,
        riichi_table,
        rules_name,
        wind_name,
    )

    deal = view.deal
    print(M("header", name=view.name, code=view.code, rules=rules_name(view.rules, lang),
            count=len(view.hands)).render(lang))
    rotation = view.rotation
    print(M("next", dealer=next_dealer_words(view),
            wind=wind_name(deal.round_wind, lang), rule=rotation.rule).render(lang))
    if rotation.source is not None:
        print(M("source", source=rotation.source).render(lang))
    ended = game_over(view)  # the game (一將, a hanchan) is over; the table may go on
    if ended is not None:
        print(ended.render(lang))
    for line in standings_lines(view, lang):
        print(line.rstrip())
    table_line = riichi_table(view)  # riichi: the sticks on the table, the next hand's honba
    if table_line is not None:
        print(table_line.render(lang))
    shown = view.hands if hands is None else hands
    if hands is None:
        print(M("hands_head").render(lang) if view.hands else M("no_hands").render(lang))
    for h in shown:
        for line in hand_lines(view, h, lang):
            print(line)


def _amount(value: float) -> str:
    return f"{value:+g}" if value else "0"
