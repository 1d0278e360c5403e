"""The players' view: a read-only web page of the game master's fight for a second screen at the table
(`apcombat serve --watch SAVE`). It follows a save file — the app's autosave, written after every command — and
shows the turn order, conditions, HP as the game master chose for each side (`gm show`) and the log. Plain
HTML with inline CSS and a small inline script; nothing is fetched from other hosts."""

from apcombat.players_view.access import Access, Refusal
from apcombat.players_view.follow import FollowedSave, View
from apcombat.players_view.hp import hp_shown, wound_word
from apcombat.players_view.listen import ListenError, listening_socket, urls_to_open, who_can_reach
from apcombat.players_view.page import fight_html, page_html
from apcombat.players_view.server import WatchServer, watch_server

__all__ = [
    "Access",
    "FollowedSave",
    "ListenError",
    "Refusal",
    "View",
    "WatchServer",
    "fight_html",
    "hp_shown",
    "listening_socket",
    "page_html",
    "urls_to_open",
    "watch_server",
    "who_can_reach",
    "wound_word",
]
