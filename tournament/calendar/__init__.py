"""The public calendar of announced tournaments: its page, its feeds, and the entries every
public reader shares (tournament/calendar/entries.py)."""
