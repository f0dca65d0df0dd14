"""mjlens web app: photograph a revealed mahjong hand (or enter it), correct it, score it.

Run with `bash scripts/app.sh` (or `streamlit run app.py`). The page is built in mjlens/ui/.
"""

from mjlens.ui.views import main

main()
