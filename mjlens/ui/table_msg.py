"""Where the Table page shows what a tap did ("Hand 2 added.", a refusal): beside the buttons
tapped. It was shown at the top of the page only, and on a phone the Add a hand and Correct a
hand buttons sit a few screens below it: Drawn hand refused for want of the tiles seemed to do
nothing, the sentence saying why out of sight."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

TOP, ADD, FIX = "top", "add", "fix"  # the page's head, the Add a hand box, the Correct box


def tapped(place: str, action: Callable[..., None]) -> Callable[..., None]:
    """A button's on_click: `action`, whose message (ss.table_msg) is then shown at `place`."""
    def run(*args) -> None:
        st.session_state.table_msg_at = place
        action(*args)
    return run


def show(place: str) -> None:
    """The last tap's message, where it was tapped (the top for a message of no place)."""
    ss = st.session_state
    msg = ss.get("table_msg")
    if msg and ss.get("table_msg_at", TOP) == place:
        getattr(st, msg[0])(msg[1])
