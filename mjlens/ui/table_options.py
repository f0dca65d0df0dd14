"""A table's rule-set options (a Sichuan table's stake `base` and `cap`, ...): the Start form
takes the ones set on the scoring page, the Table page says which the table plays, and the
scoring page's Add to table box says when the page's differ. The Start form asked only the
options that move the deal, so every table played the rule set's default stake and cap, and a
hand scored on the page at base 5 went into the ledger at base 1 without a word.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from scoring.messages import Catalog

M = Catalog("app_table_options", {
    "option_is": ("{label}: {value}", "{label}：{value}"),
    "sep": (", ", "、"),
    "plays": ("{rules} · {options}", "{rules}，选项：{options}"),
    "from_page": ("Options from the scoring page: {options}", "算番页上选的选项：{options}"),
    "differ": ("This table plays {table}; the scoring page has {page}. The hand goes into the "
               "ledger scored with the table's options.",
               "本桌的选项是{table}；算番页上是{page}。这手牌按本桌的选项计分记入账本。"),
    "defaults": ("the rule set's defaults", "规则的默认选项"),
})


def page_options(rules: str) -> dict[str, Any]:
    """The options chosen on the scoring page for `rules` that differ from its defaults (the
    deal's options are the Start form's own)."""
    from mjlens.ledger.game import DEAL_OPTIONS
    from mjlens.ui.views_result import current_options
    from scoring.ruleset import get_ruleset

    rs = get_ruleset(rules)
    defaults = {o.name: o.default for o in rs.options}
    return {k: v for k, v in current_options(rs).items()
            if k not in DEAL_OPTIONS and v != defaults.get(k)}


def words(rules: str, options: dict[str, Any], lang: str) -> str:
    """'Cap (封顶): 4; Base: 5', each option in the page's words; the defaults where none."""
    from mjlens.ui.i18n import choice_label, option_label
    from scoring.ruleset import get_ruleset

    specs = {o.name: o for o in get_ruleset(rules).options}
    parts = [M("option_is", label=option_label(specs[k], lang, rules),
               value=f"{v:g}" if isinstance(v, float) else choice_label(v, lang, specs[k])
               ).render(lang)
             for k, v in options.items() if k in specs]
    return M("sep").render(lang).join(parts) if parts else M("defaults").render(lang)


def start_caption(rules: str, lang: str) -> None:
    chosen = page_options(rules)
    if chosen:
        st.caption(M("from_page", options=words(rules, chosen, lang)).render(lang))


def plays(view, name: str, lang: str) -> str:
    """The rule set's name, with the options the table plays where it has any."""
    if not view.options:
        return name
    return M("plays", rules=name, options=words(view.rules, view.options, lang)).render(lang)


def differ_warning(view, lang: str) -> None:
    """Under Add to table: the page scores with options the table does not play."""
    from mjlens.ledger.game import DEAL_OPTIONS

    page = page_options(view.rules)
    table = {k: v for k, v in view.options.items() if k not in DEAL_OPTIONS}
    if st.session_state.get("rules") != view.rules or page == table:
        return
    st.warning(M("differ", table=words(view.rules, table, lang),
                 page=words(view.rules, page, lang)).render(lang))
