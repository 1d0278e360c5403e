"""The players' view: a read-only web page of the game master's fight for a second screen at the table
(`apcombat serve --watch SAVE`). It follows a save file — the app's autosave, written after every command — and
shows the turn order, conditions, HP as the game master chose for each side (`gm show`) and the log. Plain
HTML with inline CSS and a small inline script; nothing is fetched from other hosts."""

from apcombat.players_view.follow import FollowedSave, View
from apcombat.players_view.hp import hp_shown, wound_word
from apcombat.players_view.page import fight_html, page_html
from apcombat.players_view.server import WatchServer, watch_server

__all__ = [
    "FollowedSave",
    "View",
    "WatchServer",
    "fight_html",
    "hp_shown",
    "page_html",
    "watch_server",
    "wound_word",
]
