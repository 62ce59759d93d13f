"""A club's own website shows its calendar and last night's ranking: compact public pages made
to be framed by any site (views.py, urls.py), the snippet the organiser copies (snippets.py),
and the static export of an organiser's public pages for a plain webspace (export.py)."""
