"""Which parts of the page a tap reruns (issue 34: a tap answers in well under a second).

The page's parts that follow the hand are fragments with a key: the notation box ("notation"),
the hand's heading with the score's badge ("badge"), the photo, the hand and its corrections
("editor", whose own taps, selecting a tile, rerun it alone), and the right column with the win
details, options, score and exports ("score"); siblings, none inside another (a fragment inside
another lost taps in Chromium). A callback that
changed the hand asks for the parts that show it (`rerun(HAND)`), one that changed only how the
hand was won for those that show that (`rerun(WIN)`), so the header, the rule set, the uploader
and, for WIN, the hand's tile pictures and the palette are not rerun and sent again. The rule
set's box is a part of its own ("game"): its callback reads the photo again under the new rule
set and reruns that box and the hand's parts (`rerun_rules`).

Every part calls `check` first: a part that runs while the hand differs from the one the page
shows, without having been asked for with the other parts that show it (a callback that did not
say), or after the rule set or the hand's size changed (the photo is read again), reruns the
whole page instead, so no part is left showing another hand.
"""

from __future__ import annotations

import streamlit as st

# the hand's tiles or melds changed (the editor before the score, which compares their joker)
HAND = ("notation", "badge", "editor", "score")
RULES = "game"  # the rule set's box and its description (a part, not one that shows the hand)
WIN = ("notation", "badge", "score")  # only how it was won (the notation's self-draw mark)
SCORE = ("badge", "score")  # an option or a stake: the score and its badge
# A choice the player makes once for the session (the language, the rule set, its options, the
# input mode): Streamlit forgets a widget's value when a run does not draw it, so a visit to
# the Table page turned the page English, offered Guobiao for a new table and came back to
# Guobiao with every option at its default. The hand's own fields follow the hand (ss.draft).
KEEP = "session"


def page_shows(draft, key: tuple) -> None:
    """A whole-page run: every part shows this draft under this (rule set, hand size) key."""
    ss = st.session_state
    ss["_page_draft"], ss["_page_key"], ss["_parts_due"] = draft, key, None


def rerun(parts: tuple[str, ...]) -> None:
    """From a callback, as its last step: rerun only these parts of the page."""
    ss = st.session_state
    ss["_parts_due"] = (ss.draft, set(parts))
    st.rerun(list(parts))


def rerun_rules(key: tuple) -> None:
    """From the rule set's callback, the photo read again under it: rerun the rule set's box and
    every part that shows the hand, now under `key` (the rule set and hand size), not the
    header, the language switch, the uploader and the tile profiles."""
    ss = st.session_state
    ss["_page_key"] = key
    ss["_parts_due"] = (ss.draft, set(HAND))
    st.rerun([RULES, *HAND])


def check(part: str, key: tuple) -> None:
    """At the start of a part: rerun the whole page unless this part may run alone (see the
    module's note). `key`: the rule set and hand size now."""
    ss = st.session_state
    if key != ss.get("_page_key"):
        st.rerun(scope="app")
    if ss.draft is ss.get("_page_draft"):
        return
    due = ss.get("_parts_due")
    if due is None or due[0] is not ss.draft or part not in due[1]:
        st.rerun(scope="app")
    due[1].discard(part)
    if not due[1] - {"badge"}:  # every part that shows the hand has shown this one
        ss["_page_draft"], ss["_parts_due"] = ss.draft, None
