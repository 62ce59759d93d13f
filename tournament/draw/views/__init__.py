"""The draw's pages (pages.py) and its actions behind a confirmation (actions.py)."""
