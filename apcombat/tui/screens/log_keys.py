"""The battlefield's keys for its log: `[` and `]` scroll the log panel a page up or down (the newest line comes
back with the next command), ctrl+l opens the whole log on the whole screen (`FullLogScreen`). Mixed into the
game screen (`GameScreen`)."""

from __future__ import annotations

from apcombat.tui.screens.battle_face import BattleFace
from apcombat.tui.widgets.event_log import EventLog


class LogKeys(BattleFace):
    """The log's keys, mixed into the game screen."""

    def action_log_scroll(self, pages: int) -> None:
        log = self.query_one(EventLog)
        page = max(1, log.scrollable_content_region.height - 1)  # a line of the last page stays in view
        log.scroll_to(y=log.scroll_offset.y + pages * page, animate=False, immediate=True)

    def action_full_log(self) -> None:
        from apcombat.tui.screens.full_log import FullLogScreen

        self.app.push_screen(FullLogScreen(self.session.shown_log, self.session.shown_state))
