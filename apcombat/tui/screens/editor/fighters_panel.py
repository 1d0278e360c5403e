"""The sides and their units, as placed."""

from __future__ import annotations

from textual.widgets import Static

from apcombat.editor import EditorSession


class FightersPanel(Static):
    """Each side, who plays it, and its units with their cells."""

    def show(self, session: EditorSession) -> None:
        encounter = session.encounter
        lines = []
        for side in encounter.sides:
            lines.append(f"{side.name} ({side.control.value})")
            for unit in encounter.units:
                if unit.side == side.id:
                    where = f"{unit.at[0]},{unit.at[1]}" if unit.at is not None else "table"
                    lines.append(f"  {unit.name} at {where}")
        self.update("\n".join(lines))
