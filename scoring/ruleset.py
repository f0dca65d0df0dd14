"""What every rule set provides, the explainable result it returns, and the registry.

A rule set is one module in `scoring/rulesets/` (or a package there) that defines `RULESET`, an
object with the attributes of `RuleSet`. The registry discovers them, so adding a rule set touches
nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from typing import Any

from scoring.hand import WINDS, Hand, HandError
from scoring.hant import HANT, pick, to_hant
from scoring.messages import Catalog, Msg, as_input, render, render_all

SEATS = WINDS  # players are named by their seat wind: E S W N
# The most a hand's count field (a dealer's run, honba, riichi sticks) may say: no table gets
# near it, and a run of 10**23 made Guangxi raise 2 to that power (the scorer hung, eating all
# memory) and one of 10**6 a number too long to print.
MAX_COUNT = 99
# The most a number option (a stake, a fan's value) may be: a stake of 4,000 digits overflowed
# the payments' arithmetic (a traceback); a billion is beyond any table and any typo's intent.
MAX_OPTION = 10**9

M = Catalog("ruleset", {
    "option_choice": ("Option {name} must be one of {choices}, not {value}.",
                      "选项 {name} 必须是 {choices} 之一，而不是 {value}。"),
    "option_kind": ("Option {name} must be {kind}, not {value}.",
                    "选项 {name} 必须是{kind}，而不是 {value}。"),
    # true / false are words the reader types: a space between them and the Chinese
    "option_bool": ("Option {name} must be true or false, not {value}.",
                    "选项 {name} 必须是 true 或 false，而不是 {value}。"),
    "option_minimum": ("Option {name} must be at least {low}, not {value}.",
                       "选项 {name} 至少为 {low}，不能是 {value}。"),
    "option_maximum": ("Option {name} must be at most {high}, not {value}.",
                       "选项 {name} 最多为 {high}，不能是 {value}。"),
    "kind_int": ("a whole number", "整数"),
    "kind_float": ("a number", "数字"),
    "kind_str": ("text", "文字"),
    "unknown_option": ("Rule set {rules} has no option {names} (its options: {known}).",
                       "规则 {rules} 没有选项 {names}（它的选项：{known}）。"),
    "no_options": ("none", "无"),
    "unknown_field": ("The hand has field(s) {names} that rule set {rules} does not use (it reads: "
                      "{known}).", "手牌里有规则 {rules} 不读取的字段 {names}（它读取：{known}）。"),
    "count_too_big": ("{name} is {value}: no table counts that far (at most {most}).",
                      "{name} 是 {value}：牌桌上不会数到这么多（最多 {most}）。"),
    "unknown_rules": ("Unknown rule set {rules}. Known: {known}.", "没有规则 {rules}。可用：{known}。"),
})


@dataclass(frozen=True)
class Option:
    """A house variant or stake, with the most common choice as default."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None  # None: any value of the default's type
    help_zh: str = ""
    # The least a number option may be: stakes and counts are never negative (a stake of -2
    # would make the loser the winner); a stake sets 1.
    minimum: int | float | None = 0
    # How a choice reads to a player, (value, English, Chinese), where the value itself is a
    # code word ("transfer", "kawuxing"); choices without an entry show the app's own words.
    choice_names: tuple[tuple[Any, str, str], ...] = ()

    def choice_name(self, value: Any, lang: str = "en") -> str | None:
        return _choice_name(self.choice_names, value, lang)

    def parse(self, value: Any) -> Any:
        """Accept a value from JSON or the command line (`"3"`, `"true"`)."""
        value = self._typed(value)
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return value
        if self.minimum is not None and value < self.minimum:
            raise HandError(M("option_minimum", name=self.name, low=self.minimum, value=as_input(value)))
        if value > MAX_OPTION:
            raise HandError(M("option_maximum", name=self.name, high=MAX_OPTION,
                              value=as_input(value)))
        return value

    def _typed(self, value: Any) -> Any:
        target = type(self.default)
        if value.__class__ is target and self.choices is None:  # already the right type
            return value
        if isinstance(value, str) and target is not str:
            low = value.strip().lower()
            if target is bool:
                if low in ("true", "yes", "1", "on"):
                    value = True
                elif low in ("false", "no", "0", "off"):
                    value = False
            elif low in ("none", "null") and self.choices and None in self.choices:
                value = None
            else:
                try:
                    value = target(value) if target in (int, float) else value
                except ValueError:
                    pass
        if self.choices is not None:
            if value not in self.choices:
                shown = tuple("none" if c is None else str(c) for c in self.choices)
                raise HandError(M("option_choice", name=self.name, choices=shown, value=as_input(value)))
        elif self.default is not None and (not isinstance(value, target)
                                           or (isinstance(value, bool) and target is not bool)):
            if target is float and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            elif target is bool:
                raise HandError(M("option_bool", name=self.name, value=as_input(value)))
            else:
                raise HandError(M("option_kind", name=self.name, kind=_kind(target),
                                  value=as_input(value)))
        return value


def _kind(target: type) -> Msg | str:
    """What an option's value must be, as a person says it ("a whole number", not "a int")."""
    name = {int: "kind_int", float: "kind_float", str: "kind_str"}.get(target)
    return M(name) if name else target.__name__


@dataclass(frozen=True)
class Fan:
    """One counted fan (or multiplier item) with the reason it applies. `fan` is the value of one
    instance in the rule set's unit; under ScoreResult.combine == "multiply" it is a factor."""

    name: str  # Chinese name, as the rule documents write it
    name_en: str
    fan: int  # value of one instance, in the rule set's unit
    count: int = 1
    why: Msg | str = ""
    # the value as a player reads it where the number is the library's and not a player's
    # (riichi's yakuman: 役満, not "13 han"); None: the number in the unit. Not in the JSON,
    # whose `fan` stays the number.
    shown: Msg | str | None = None

    def to_json(self) -> dict[str, Any]:
        # made once per object (a Fan is immutable, and rule sets share one per distinct fan,
        # count and why); each call gets its own copy
        made = self.__dict__.get("_json")
        if made is None:
            made = self.__dict__["_json"] = {
                "name": self.name,
                "name_en": self.name_en,
                "fan": self.fan,
                "count": self.count,
                "why": render(self.why, "en"),
                "why_zh": render(self.why, "zh"),
                "name_zh_hant": to_hant(self.name),
                "why_zh_hant": render(self.why, HANT),
            }
        return dict(made)


@dataclass(frozen=True)
class Exclusion:
    """A fan that the hand has but which is not counted, and the rule that says so."""

    name: str
    name_en: str
    # the fan (Chinese name) or principle that excludes it; a principle with words in it is a Msg
    # (the JSON's because_of is its English text)
    because_of: Msg | str
    why: Msg | str = ""

    def to_json(self) -> dict[str, Any]:
        made = self.__dict__.get("_json")  # made once per object, as Fan.to_json
        if made is None:
            made = self.__dict__["_json"] = {
                "name": self.name, "name_en": self.name_en, "because_of": render(self.because_of, "en"),
                "why": render(self.why, "en"), "why_zh": render(self.why, "zh"),
                "name_zh_hant": to_hant(self.name), "why_zh_hant": render(self.why, HANT)}
        return dict(made)


@dataclass(frozen=True)
class Payment:
    payer: str  # seat wind
    payee: str
    amount: float
    reason: Msg | str

    def to_json(self) -> dict[str, Any]:
        made = self.__dict__.get("_json")  # made once per object, as Fan.to_json (rule sets
        if made is None:                    # such as Guobiao share one per distinct settlement)
            en, zh, hant = _texts(self.reason)
            made = self.__dict__["_json"] = {"payer": self.payer, "payee": self.payee,
                                             "amount": self.amount, "reason": en, "reason_zh": zh,
                                             "reason_zh_hant": hant}
        return dict(made)


@lru_cache(maxsize=1 << 12)
def _texts_cached(message: Msg) -> tuple[str, str, str]:
    return render(message, "en"), render(message, "zh"), render(message, HANT)


def _texts(message: Msg | str) -> tuple[str, str, str]:
    """A reason in every language. Payments repeat a few reasons (one per distinct settlement),
    so a hashable message's texts are made once (bounded cache; Msg is immutable)."""
    if isinstance(message, Msg):
        try:
            return _texts_cached(message)
        except TypeError:  # a parameter that cannot be hashed (a list): render afresh
            pass
    return render(message, "en"), render(message, "zh"), render(message, HANT)


def net_of(payments: list[Payment]) -> dict[str, float]:
    net = dict.fromkeys(SEATS, 0)
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return net


@dataclass
class ScoreResult:
    """The explainable score of one hand. `total` is in the rule set's own unit."""

    rules: str
    total: int | float
    unit: str
    fans: list[Fan]
    excluded: list[Exclusion] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)
    is_win: bool = True
    notes: list[Msg | str] = field(default_factory=list)
    arrangement: str = ""  # the winning arrangement in notation, for the breakdown
    extra: dict[str, Any] = field(default_factory=dict)  # multiplier, cap applied, min reached, ...
    # How the items' values make the total: "add" (fan: 2 + 1 = 3) or "multiply" (multiplier
    # items: x2 x4 = x8; show each as "x2", not "2 fan"). JSON: "combine".
    combine: str = "add"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rules": self.rules,
            "total": self.total,
            "unit": self.unit,
            "fans": [f.to_json() for f in self.fans],
            "excluded": [e.to_json() for e in self.excluded],
            "is_win": self.is_win,
            "arrangement": self.arrangement,
            "payments": [p.to_json() for p in self.payments],
            "net": net_of(self.payments),
            "notes": render_all(self.notes, "en"),
            "notes_zh": render_all(self.notes, "zh"),
            "notes_zh_hant": render_all(self.notes, HANT),
            "combine": self.combine,
        }
        out.update(self.extra)
        return out


def _deferred_field(name: str) -> property:
    key = "_" + name

    def get(self: LazyScoreResult) -> Any:
        d = self.__dict__
        if key not in d:
            self._explain_now()
        return d[key]

    def put(self: LazyScoreResult, value: Any) -> None:
        self.__dict__[key] = value

    return property(get, put, doc=f"ScoreResult.{name}, made on first use")


class LazyScoreResult(ScoreResult):
    """A ScoreResult whose fans, exclusions and arrangement text are worked out on first use,
    all three by one call of `explain() -> (fans, excluded, arrangement)`.

    Why: a batch (settlement of many hands, the benchmark) often needs only the totals and the
    payments, and the words cost about as much as finding the fans. Anything that reads the
    fields (to_json, the report, the app, ==, repr, copy, pickle) sees exactly what a plain
    ScoreResult would hold; assigning a field works as on a plain one.
    """

    fans = _deferred_field("fans")
    excluded = _deferred_field("excluded")
    arrangement = _deferred_field("arrangement")

    @classmethod
    def deferred(cls, explain: Callable[[], tuple[list[Fan], list[Exclusion], str]], rules: str,
                 total: int | float, unit: str, payments: list[Payment], is_win: bool,
                 notes: list[str], extra: dict[str, Any]) -> LazyScoreResult:
        obj = cls.__new__(cls)
        obj.__dict__ = {"rules": rules, "total": total, "unit": unit, "payments": payments,
                        "is_win": is_win, "notes": notes, "extra": extra, "_explain": explain}
        return obj

    def _explain_now(self) -> None:
        d = self.__dict__
        explain = d.get("_explain")
        fans, excluded, arrangement = explain() if explain is not None else ([], [], "")
        # a field assigned (or made by another thread) before keeps its value; the explainer
        # goes only once all three are there
        d.setdefault("_fans", fans)
        d.setdefault("_excluded", excluded)
        d.setdefault("_arrangement", arrangement)
        d.pop("_explain", None)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreResult):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _RESULT_FIELDS)

    __hash__ = None  # type: ignore[assignment]  # mutable, like ScoreResult

    def __getstate__(self) -> dict[str, Any]:
        if "_explain" in self.__dict__:
            self._explain_now()
        return dict(self.__dict__)


_RESULT_FIELDS = tuple(ScoreResult.__dataclass_fields__)


def _choice_name(names: tuple[tuple[Any, str, str], ...], value: Any, lang: str) -> str | None:
    for v, en, zh in names:
        if v == value:
            return pick(en, zh, lang)
    return None


@dataclass(frozen=True)
class HandField:
    """An extra hand field a rule set reads (beyond the contract's hand JSON), described so the
    app can offer a proper input and `mjlens rules` can document it.

    kind: "seat" (E S W N), "seats" (list of seats), "bool", "int", "tile" (a tile code),
    "tiles" (list of tile codes), "suit" (m p s), "choice" (one of `choices`), "choices" (a list of
    `choices`, repeats allowed)."""

    name: str
    kind: str
    default: Any
    help: str
    help_zh: str
    choices: tuple[Any, ...] | None = None
    choice_names: tuple[tuple[Any, str, str], ...] = ()  # as on Option

    def choice_name(self, value: Any, lang: str = "en") -> str | None:
        return _choice_name(self.choice_names, value, lang)

    def to_json(self) -> dict[str, Any]:
        out = {"name": self.name, "kind": self.kind, "default": self.default, "help": self.help,
               "help_zh": self.help_zh, "help_zh_hant": to_hant(self.help_zh)}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        return out


@dataclass(frozen=True)
class RuleSet:
    id: str  # used on the command line: --rules gb
    name: str
    name_zh: str
    unit: str  # "fan", "points", "胡", ...
    description: str
    score: Callable[[Hand, Mapping[str, Any]], ScoreResult]
    options: tuple[Option, ...] = ()
    extra_fields: tuple[str, ...] = ()  # hand JSON fields this rule set reads (dealer, ...)
    source: str = ""  # which seed document and section it follows
    fields: tuple[HandField, ...] = ()  # described extra fields (their names are read too)
    # How the rule set settles a whole round (`mjlens settle`): a round profile as described in
    # scoring/settle.py (e.g. the Sichuan family's BloodBattle); None when it scores hands only.
    settlement: Any = None
    # "add" when fan values sum to the total, "multiply" when each item multiplies the stake
    # (its results say the same in ScoreResult.combine).
    combine: str = "add"
    description_zh: str = ""  # the description in Chinese, for readers in 中文
    # How many sets a hand holds besides its pair: 4 (13 standing tiles + the winning one) or 5
    # (16-tile games); a function of the resolved options where an option decides it. The
    # photo reader and the app size the hand from it (`sets_for`).
    sets: int | Callable[[Mapping[str, Any]], int] = 4
    # The tile codes the game is played with, flowers included (a function of the resolved
    # options where an option decides it); None: all 34 kinds and the 8 flowers. The photo
    # reader reads only these (vision/detect/game_tiles.py); the scorer refuses the others.
    tiles: tuple[str, ...] | Callable[[Mapping[str, Any]], tuple[str, ...]] | None = None
    # Where a hand's seat winds are counted from as the deal moves: "dealer" (the dealer of each
    # hand is East, the seats turn with the deal) or "first_dealer" (East is the first dealer's
    # seat, 開門, and the seats stay with the players whoever deals; the hand's `dealer` field
    # says which seat deals). A table's ledger seats the players by it.
    seats_from: str = "dealer"

    @cached_property
    def field_names(self) -> tuple[str, ...]:
        """Every extra hand field this rule set reads: `extra_fields` and the described ones."""
        return tuple(dict.fromkeys((*self.extra_fields, *(f.name for f in self.fields))))

    @cached_property
    def _known_options(self) -> dict[str, Option]:
        return {o.name: o for o in self.options}

    @cached_property
    def _default_options(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        out = dict(self._default_options)
        if not given:
            return out
        known = self._known_options
        if not known.keys() >= given.keys():
            unknown = set(given) - set(known)
            names = tuple(sorted(known)) or M("no_options")
            raise HandError(M("unknown_option", rules=self.id, names=tuple(sorted(unknown)),
                              known=names))
        for name, o in known.items():  # in the rule set's order, as the errors always came
            if name in given:
                out[name] = o.parse(given[name])
        return out

    def sets_for(self, given: Mapping[str, Any] | None = None) -> int:
        """The number of sets in a hand under options `given` (as a player gives them); an
        option the rule set lacks or refuses raises HandError, as scoring would."""
        options = self.resolve_options(given)
        return int(self.sets(options)) if callable(self.sets) else self.sets

    def tiles_for(self, given: Mapping[str, Any] | None = None) -> tuple[str, ...] | None:
        """The codes the game is played with under options `given` (None: every code); an
        option the rule set lacks or refuses raises HandError (`detect --rules riichi -o
        tile_set=kawuxing` read every tile without a word)."""
        options = self.resolve_options(given)
        return tuple(self.tiles(options)) if callable(self.tiles) else self.tiles

    def check_extra_fields(self, hand: Hand) -> None:
        if not hand.context.extra:
            return
        unknown = set(hand.context.extra) - set(self.field_names)
        if unknown:
            known = tuple(self.field_names) or M("no_options")
            raise HandError(M("unknown_field", names=tuple(sorted(unknown)), rules=self.id,
                              known=known))
        for spec in self.fields:
            value = hand.context.extra.get(spec.name)
            if spec.kind == "int" and isinstance(value, int) and value > MAX_COUNT:
                raise HandError(M("count_too_big", name=spec.name, value=value, most=MAX_COUNT))


@lru_cache(maxsize=1)
def all_rulesets() -> dict[str, RuleSet]:
    from scoring import rulesets

    found: dict[str, RuleSet] = {}
    for info in sorted(pkgutil.iter_modules(rulesets.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"scoring.rulesets.{info.name}")
        for rs in _rulesets_of(module):
            found[rs.id] = rs
    return found


@cache
def _own_module_ruleset(rules: str) -> RuleSet | None:
    """The rule set `rules` from the module of the same name alone, where that module defines
    it (most do): scoring a hand under one rule set then imports no other rule set's module.
    None: look it up in the whole registry (all_rulesets)."""
    if not rules.isidentifier():
        return None
    name = f"scoring.rulesets.{rules}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None
    return next((rs for rs in _rulesets_of(module) if rs.id == rules), None)


def _rulesets_of(module) -> list[RuleSet]:
    if hasattr(module, "RULESETS"):
        return list(module.RULESETS)
    if hasattr(module, "RULESET"):
        return [module.RULESET]
    return []


def get_ruleset(rules: str) -> RuleSet:
    own = _own_module_ruleset(rules)
    if own is not None:
        return own
    found = all_rulesets()
    if rules not in found:
        raise HandError(M("unknown_rules", rules=repr(rules), known=tuple(sorted(found))))
    return found[rules]


def hand_sets(rules: str | None, options: Mapping[str, Any] | None = None) -> int:
    """How many sets a hand holds under `rules` and `options` (5 in 16-tile games), 4 without
    a rule set. For sizing a hand before it is scored (the photo reader, the app's editor): an
    unknown rule set or option reads as 4 here, and the scorer then says what is wrong."""
    if not rules:
        return 4
    try:
        return get_ruleset(rules).sets_for(options)
    except HandError:
        return 4


def hand_tiles(rules: str | None, options: Mapping[str, Any] | None = None) -> tuple[str, ...] | None:
    """The tile codes a game under `rules` and `options` is played with, None for every code
    (no rule set, or one played with all of them). For the photo reader: an unknown rule set or
    option reads as every code here, and the scorer then says what is wrong."""
    if not rules:
        return None
    try:
        return get_ruleset(rules).tiles_for(options)
    except HandError:
        return None


def score_hand(hand: Hand, rules: str = "gb", options: Mapping[str, Any] | None = None) -> ScoreResult:
    """Score one hand under a rule set: the one entry point for the CLI, the app and vision."""
    rs = get_ruleset(rules)
    resolved = rs.resolve_options(options)
    rs.check_extra_fields(hand)
    return rs.score(hand, resolved)
