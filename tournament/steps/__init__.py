"""Where a tournament stands: the day's steps on the tournament management page."""
