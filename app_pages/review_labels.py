"""Second page of the app: review the labels `mjlens label` proposed (mjlens/ui/review.py)."""

from mjlens.ui.review import main

main()
