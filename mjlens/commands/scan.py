"""`mjlens scan PHOTO --rules R`: photo -> detector -> layout -> score, in one step.

Prints the recognised hand in the notation, the score breakdown and what was uncertain; with
`--json` one object: {"image", "width", "height", "hand", "notation", "confidence", "uncertain",
"alternatives", "detections", "links", "missing", "score"} where "score" is the rule set's result,
or "error" (in words) instead of "score" when the hand cannot be scored. "links" gives, for each
tile of "hand" (same shape: concealed, melds, win_tile, flowers), the index in "detections" of the
box it was read from (null: no box shows it); "missing" lists gaps in a row where a tile may be
missing ({"at": [x, y], "between": [i, j], "width"}). The photo goes through
vision.pipeline.scan_photo, as in the app.

Exit status: 0 scored; 1 the photo cannot be read or shows no hand (no tiles, no row of
tiles); 2 the tiles found make no legal hand (wrong count, five of a tile, cannot be split into
standing tiles, melds and a winning tile) or the rule set rejects it, or a bad option / missing
model. Never a traceback.
`--boxes FILE` skips the detector and reads its JSON (the `mjlens detect --json` line, or a
synthetic scene's sidecar), so the layout can be checked without a model.
"""

from __future__ import annotations

import json
import sys

from mjlens.lang import add_lang_option, add_profile_option, error_fields, error_line, lang_of
from scoring.file_words import json_of
from scoring.messages import Catalog, render
from scoring.units import amount

M = Catalog("scan_cli", {
    "also_noticed": ("Also noticed:", "另外还注意到："),
    "read": ("Read from the photo: {hand}   (the detector's certainty of every tile together: "
             "{confidence}%; a low figure asks you to check the tiles, not that the reading is "
             "wrong)",
             "从照片读出：{hand}   （各张牌识别把握的合计：{confidence}%；数字低只是提醒核对牌张，不一定读错）"),
    "alternative": ("{hand}   (certainty {confidence}%{score}) {why}",
                    "{hand}   （把握 {confidence}%{score}）{why}"),
    "alt_score": ("; it would score {score}", "；按此读法得 {score}"),
    "uncertain": ("Uncertain:", "不确定之处："),
    "other_readings": ("Other readings:", "其他读法："),
    "boxes_unreadable": ("Cannot read the boxes file {path}: {reason}",
                         "读不了框文件 {path}：{reason}"),
    "boxes_not_json": ("The boxes file {path} is not JSON (line {line}, column {column}).",
                       "框文件 {path} 不是 JSON（第 {line} 行第 {column} 列）。"),
    "boxes_no_tiles": ("The boxes file {path} has no 'tiles' list.",
                       "框文件 {path} 里没有 'tiles' 列表。"),
    "no_detector": ("The tile detector is not available: {reason}", "牌的检测器不可用：{reason}"),
    "bad_photo": ("Cannot read the photo: {reason}", "读不了这张照片：{reason}"),
    "bad_model": ("The tile detector could not be loaded: {reason}", "牌的检测器加载失败：{reason}"),
    "no_hand": ("No hand was found in the photo.", "照片里没有找到手牌。"),
    "field_form": ("Write hand fields as NAME=VALUE, not {pair}.",
                   "手牌字段要写成 NAME=VALUE（名称=取值），不能写成 {pair}。"),
    # the help of `mjlens scan`
    "h_help": ("read a photo of a revealed hand and score it", "读一张摊开的牌的照片并算分"),
    "h_description": ("Detect the tiles in a photo, read them as a hand (rows, melds, sideways "
                      "claimed tiles, concealed kongs, winning tile, flowers) and score it.",
                      "找出照片里的牌，读成一手牌（各排、副露、横放的吃碰杠牌、暗杠、和牌张、"
                      "花牌），再算分。"),
    "h_epilog": ("Exit status: 0 scored; 1 unreadable photo or no tiles in a row; 2 the tiles "
                 "make no legal hand, bad option or missing model.",
                 "退出码：0 已算分；1 照片读不了或一排牌也没有；2 牌组不成合法的和牌、选项有误或"
                 "缺少识牌模型。"),
    "h_rules": ("rule set id (see `mjlens rules`); default gb",
                "规则集代号（见 `mjlens rules`）；默认 `gb`"),
    "h_self_drawn": ("won on a self-drawn tile", "自摸和牌"),
    "h_seat": ("seat wind (default E)", "门风（默认 `E`，东）"),
    "h_round": ("round wind (default E)", "圈风（默认 `E`，东）"),
    "h_last_tile": ("won on the last tile of the wall", "和的是牌墙的最后一张"),
    "h_kong_replacement": ("won on a kong replacement", "杠上开花（和的是杠后补的牌）"),
    "h_robbing_kong": ("won by robbing a kong", "抢杠和"),
    "h_last_copy": ("the last copy of the winning tile", "和的是这种牌的最后一张（和绝张）"),
    "h_option": ("a rule-set option, e.g. -o base=8 (see `mjlens rules`)",
                 "规则集的选项，例如 `-o base=8`（见 `mjlens rules`）"),
    "h_field": ("a rule set's hand field, e.g. -f riichi=true -f 'dora_indicators=[\"3m\"]' "
                "(see `mjlens rules`; riichi's red_fives are read from the photo)",
                "规则集的手牌字段，例如 `-f riichi=true -f 'dora_indicators=[\"3m\"]'`"
                "（见 `mjlens rules`；立直麻将的赤宝牌从照片读出）"),
    "h_json": ("print one JSON object", "输出一个 `JSON` 对象"),
    "h_model": ("model folder or detector .onnx (default: the shipped models/)",
                "模型文件夹或识牌模型 `.onnx` 文件（默认：随附的 `models/`）"),
    "h_boxes": ("read the tile boxes from this JSON instead of running the detector",
                "从这个 `JSON` 文件读出牌框，不运行识牌模型"),
    "field_twice": ("The hand field {name} is given twice, as {first} and as {second}: give it "
                    "once.", "手牌字段 {name} 给了两次（{first} 和 {second}）：只能给一次。"),
})


def register(sub) -> None:
    p = sub.add_parser("scan", help=M("h_help"), description=M("h_description"),
                       epilog=M("h_epilog"))
    p.add_argument("photo", metavar="PHOTO")
    p.add_argument("--rules", default="gb", help=M("h_rules"))
    p.add_argument("--self-drawn", action="store_true", help=M("h_self_drawn"))
    p.add_argument("--seat", default="E", choices=list("ESWN"), help=M("h_seat"))
    p.add_argument("--round", default="E", choices=list("ESWN"), help=M("h_round"))
    p.add_argument("--last-tile", action="store_true", help=M("h_last_tile"))
    p.add_argument("--kong-replacement", action="store_true", help=M("h_kong_replacement"))
    p.add_argument("--robbing-kong", action="store_true", help=M("h_robbing_kong"))
    p.add_argument("--last-copy", action="store_true", help=M("h_last_copy"))
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                   help=M("h_option"))
    p.add_argument("--field", "-f", action="append", default=[], metavar="NAME=VALUE",
                   help=M("h_field"))
    p.add_argument("--json", action="store_true", help=M("h_json"))
    p.add_argument("--model", default=None, help=M("h_model"))
    p.add_argument("--boxes", default=None, metavar="FILE", help=M("h_boxes"))
    add_profile_option(p)
    add_lang_option(p)
    p.set_defaults(func=run)



def _fail(args, status: int, message, extra: dict | None = None, notes=None) -> int:
    """`message`: text, a Msg or an error carrying one (`.msg`); `notes`: what else was
    noticed (Msgs; by default the English of extra["uncertain"])."""
    if args.json:
        out = {"image": args.photo, **(extra or {}), **error_fields(message)}
        print(json.dumps(out, ensure_ascii=False))
    else:
        lang = lang_of(args)
        print(error_line(message, lang), file=sys.stderr)
        english = render(getattr(message, "msg", message))
        notes = (extra or {}).get("uncertain", []) if notes is None else notes
        notes = [n for n in notes if render(n) != english]
        if notes:
            print(M.text("also_noticed", lang), file=sys.stderr)
            for note in notes:
                print(f"  - {render(note, lang)}", file=sys.stderr)
    return status


def _boxes_from_file(path: str) -> tuple[list, float | None, float | None]:
    """Detections from `mjlens detect --json` output or a synthetic sidecar (face-down tiles
    given as `back`, tiles hidden from the camera left out, as the detector would see it)."""
    from scoring.file_words import os_reason, read_text
    from scoring.hand import HandError

    try:
        data = _boxes_json(read_text(path))
    except OSError as exc:
        raise HandError(M("boxes_unreadable", path=path, reason=os_reason(exc))) from None
    except json.JSONDecodeError as exc:
        raise HandError(M("boxes_not_json", path=path, line=exc.lineno, column=exc.colno)) \
            from None
    except UnicodeDecodeError:  # not text at all
        raise HandError(M("boxes_not_json", path=path, line=1, column=1)) from None
    if not isinstance(data, dict) or not isinstance(data.get("tiles"), list):
        raise HandError(M("boxes_no_tiles", path=path))
    tiles = []
    for t in data["tiles"]:
        if not isinstance(t, dict) or t.get("box") is None or t.get("labelled") is False:
            continue
        code = t.get("label") or ("back" if t.get("face_down") else t.get("code"))
        tiles.append({**t, "code": code})
    return tiles, data.get("width"), data.get("height")


def _boxes_json(text: str):
    """The boxes file's JSON: the whole file (a sidecar, pretty-printed over lines or not), or
    its first line (the first line `mjlens detect --json` printed); None for an empty file."""
    text = text.strip()
    if not text:
        return None
    try:
        return json_of(text)
    except json.JSONDecodeError:
        if "\n" not in text:
            raise
        return json_of(text.splitlines()[0])


def parse_fields(pairs: list[str]) -> dict:
    """Hand fields given as NAME=VALUE: the value read as JSON where it is JSON (true, 2,
    ["3m"]), else as text, as the notation reads them."""
    from scoring.hand import HandError

    out, given = {}, {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise HandError(M("field_form", pair=repr(pair)))
        try:
            value = json_of(text)
        except json.JSONDecodeError:
            value = text.strip()
        if name in out and out[name] != value:  # the last one silently won
            raise HandError(M("field_twice", name=name, first=repr(given[name]),
                              second=repr(text)))
        out[name], given[name] = value, text
    return out


def run(args) -> int:
    from mjlens.commands.score import parse_options
    from scoring.hand import HandError, WinContext
    from scoring.ruleset import get_ruleset, score_hand
    from vision.layout import NoHandShape, read_layout
    from vision.pipeline import fill_red_fives

    try:
        options = parse_options(args.option, args.rules)
        get_ruleset(args.rules).resolve_options(options)
        context = WinContext(
            self_drawn=args.self_drawn or args.kong_replacement, seat_wind=args.seat,
            round_wind=args.round, last_tile=args.last_tile,
            kong_replacement=args.kong_replacement, robbing_kong=args.robbing_kong,
            last_copy=args.last_copy, extra=parse_fields(args.field))
        context.validate()
    except HandError as exc:
        return _fail(args, 2, exc)

    if args.boxes:
        try:
            detections, width, height = _boxes_from_file(args.boxes)
        except HandError as exc:
            return _fail(args, 1, exc)
        result = read_layout(detections, width, height, context=context, rules=args.rules,
                             options=options)
        fill_red_fives(result, detections, args.rules)
    else:
        try:
            from vision.detect import ImageReadError, ModelError, load_detector, load_image
            from vision.pipeline import scan_photo
        except ImportError as exc:  # the detector is an optional part of an install
            return _fail(args, 2, M("no_detector", reason=str(exc)))
        try:
            image = load_image(args.photo)
        except ImageReadError as exc:
            return _fail(args, 1, M("bad_photo", reason=exc.msg))
        try:
            det = load_detector(args.model)
        except ModelError as exc:
            return _fail(args, 2, M("bad_model", reason=exc.msg))
        from vision.detect.profile import ProfileError, load_profile
        try:
            profile = load_profile(args.profile, det) if args.profile else None
        except ProfileError as exc:
            return _fail(args, 2, exc)
        scanned = scan_photo(image, det, context=context, rules=args.rules, options=options,
                             profile=profile)
        width, height, result = scanned.image.width, scanned.image.height, scanned.layout

    payload = {"image": args.photo, "width": width, "height": height,
               **{k: v for k, v in result.to_json().items() if k != "error"}}
    if result.hand is None:
        # 1: nothing that looks like a hand; 2: tiles were found but make no hand
        status = 2 if isinstance(result.failure, NoHandShape) else 1
        return _fail(args, status, result.failure or M("no_hand"), payload, result.notes)
    try:
        result.hand.validate(sets=get_ruleset(args.rules).sets_for(options))
        scored = score_hand(result.hand, args.rules, options)
    except HandError as exc:
        return _report(args, payload, result, None, exc)
    return _report(args, payload, result, scored, None)


def _report(args, payload, result, scored, error) -> int:
    if args.json:
        if scored is not None:
            payload["score"] = scored.to_json()
        else:
            payload.update(error_fields(error))
        print(json.dumps(payload, ensure_ascii=False))
        return 0 if scored is not None else 2
    from scoring.notation import format_hand as fh
    from scoring.report import format_result as fr  # the text only (it imports settlement)

    lang = lang_of(args)
    print(M("read", hand=fh(result.hand), confidence=round(100 * result.confidence)).render(lang))
    if scored is not None:
        print(fr(scored, fh(result.hand), lang=lang))
    else:
        print(error_line(error, lang), file=sys.stderr)
    if result.notes:
        print(M.text("uncertain", lang))
        for note in result.notes:
            print(f"  - {render(note, lang)}")
    if result.alternatives:
        print(M.text("other_readings", lang))
        for alt in result.alternatives:
            score = "" if alt.score is None else M("alt_score", score=amount(
                alt.score, scored.unit if scored is not None else _unit(args.rules)))
            print("  " + M("alternative", hand=fh(alt.hand), confidence=round(
                100 * alt.confidence), score=score, why=alt.why).render(lang).rstrip())
    return 0 if scored is not None else 2


def _unit(rules: str) -> str:
    from scoring.ruleset import all_rulesets

    rs = all_rulesets().get(rules)
    return rs.unit if rs is not None else ""
