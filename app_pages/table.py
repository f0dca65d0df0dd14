"""Third page of the app: the table's ledger (mjlens/ui/table_page.py)."""

from mjlens.ui.table_page import main

main()
