"""The handbook at /hilfe/: German help for the Turnierleitung, the Schreiber and the players,
written in Markdown (`chapters/`), shown as a page and as one PDF; the pages' "?" links to its
sections (`pages.py`); its pictures are made by `make screenshots` (`pictures.py`)."""
