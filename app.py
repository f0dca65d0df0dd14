"""mjlens web app: photograph a revealed mahjong hand (or enter it), correct it, score it; a
second page reviews the labels `mjlens label` proposed.

Run with `bash scripts/app.sh` (or `streamlit run app.py`). The pages are built in mjlens/ui/;
their titles in the side bar follow the page's language like every other word.

The pages live in app_pages/, not pages/: with a folder named pages/ beside it, Streamlit runs
a fresh server's first visit to /review_labels or /table the old way (the folder's files as
pages, app.py not run), and the side bar then named the pages by their files, app, review
labels and table, in English whatever the language, until someone opened the scoring page.
"""

import streamlit as st

from mjlens.ui.i18n import lang_of_locale, t
from mjlens.ui.table_page import M as TABLE
from mjlens.ui.views import main

lang = st.session_state.get("lang") or lang_of_locale(st.context.locale)
table = st.Page("app_pages/table.py", title=TABLE("page").render(lang), icon=":material/groups:",
                url_path="table")
st.session_state["_table_page"] = table  # the scoring page links to it (add_to_table_view)
st.navigation([
    st.Page(main, title=t("page_score", lang), icon="🀄", default=True),
    st.Page("app_pages/review_labels.py", title=t("page_review", lang), icon="🏷️",
            url_path="review_labels"),
    table,
]).run()
