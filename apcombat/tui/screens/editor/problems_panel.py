"""The problems `apcombat check` would report for the fight as it is now."""

from __future__ import annotations

from textual.widgets import Static

from apcombat.editor import EditorSession


class ProblemsPanel(Static):
    """Every problem in one sentence; or that the fight is ready to play."""

    def show(self, session: EditorSession) -> None:
        problems = session.problems()
        if not problems:
            self.update("No problems: ready to play (f10)")
            return
        self.update("\n".join(f"• {spot.sentence}" for spot in problems))
