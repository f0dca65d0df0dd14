"""mjlens web app: photograph a revealed mahjong hand (or enter it), correct it, score it; a
second page reviews the labels `mjlens label` proposed.

Run with `bash scripts/app.sh` (or `streamlit run app.py`). The pages are built in mjlens/ui/;
their titles in the side bar follow the page's language like every other word.
"""

import streamlit as st

from mjlens.ui.i18n import lang_of_locale, t
from mjlens.ui.table_page import M as TABLE
from mjlens.ui.views import main

lang = st.session_state.get("lang") or lang_of_locale(st.context.locale)
table = st.Page("pages/table.py", title=TABLE("page").render(lang), icon=":material/groups:")
st.session_state["_table_page"] = table  # the scoring page links to it (add_to_table_view)
st.navigation([
    st.Page(main, title=t("page_score", lang), icon="🀄", default=True),
    st.Page("pages/review_labels.py", title=t("page_review", lang), icon="🏷️"),
    table,
]).run()
