"""Table mode's `gm blast` dialog (R22.9.2): every character in the fight or man down (R22.5.5), each with the
band its base centre lies in under the template (none, inner, middle, outer) and whether it is `covered`; it
gives back the GmBlast command the game master's answers make (the engine applies the shifts and the damage)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from apcombat.engine import BlastCaught, GmBlast
from apcombat.model import BlastBand, Encounter, Unit

BANDS: tuple[BlastBand | None, ...] = (None, BlastBand.INNER, BlastBand.MIDDLE, BlastBand.OUTER)
"""Enter on a character steps its band through these, in order."""


def under_the_template(state: Encounter) -> list[Unit]:
    """R22.9.2, R22.5.5: the characters the game master may name — in the fight, or a man down."""
    return [unit for unit in state.units if not unit.down or unit.fate.value == "man_down"]


class BlastScreen(ModalScreen[GmBlast | None]):
    """Name who is under the template: Enter (or i, m, o, n) sets a character's band, c toggles `covered`, b
    plays the blast; Escape closes without playing (every other command waits for it)."""

    BINDINGS = [
        Binding("i", "band('inner')", "Inner", id="blast.inner"),
        Binding("m", "band('middle')", "Middle", id="blast.middle"),
        Binding("o", "band('outer')", "Outer", id="blast.outer"),
        Binding("n", "band('none')", "None", id="blast.none"),
        Binding("c", "covered", "Covered", id="blast.covered"),
        Binding("b", "blast", "Blast", id="blast.play"),
        Binding("escape", "dismiss_none", "Cancel", id="dialog.cancel"),
    ]

    def __init__(self, state: Encounter, heading: str) -> None:
        super().__init__()
        self.heading = heading
        self.units = under_the_template(state)
        self.bands: dict[str, BlastBand | None] = {unit.id: None for unit in self.units}
        self.covered: dict[str, bool] = {unit.id: False for unit in self.units}

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.heading, classes="dialog-title", markup=False)
            yield Label(
                "Enter or i m o n: band · c: covered (behind an obstacle) · b: blast · Esc: later",
                classes="dim",
            )
            yield OptionList(*[Option(self._row(unit), id=unit.id) for unit in self.units], id="blast-list")
            yield Label(self._summary(), id="blast-line", markup=False)

    def _row(self, unit: Unit) -> str:
        band = self.bands[unit.id]
        how = []
        if unit.fate.value == "man_down":
            how.append("man down")
        if unit.pose.value == "prone":
            how.append("prone")
        if unit.in_cover:
            how.append("in cover")
        state = f" ({', '.join(how)})" if how else ""
        covered = " covered" if self.covered[unit.id] else ""
        return f"{unit.name}{state}: {band.value if band else 'none'}{covered}"

    def command(self) -> GmBlast:
        """The GmBlast the answers make: the characters named, in the encounter's order."""
        caught = tuple(
            BlastCaught(unit.id, band, self.covered[unit.id])
            for unit in self.units
            if (band := self.bands[unit.id]) is not None
        )
        return GmBlast(caught=caught)

    def _summary(self) -> str:
        named = [f"{c.unit}={c.band.value}{'/covered' if c.covered else ''}" for c in self.command().caught]
        return "gm blast " + (" ".join(named) if named else "(nobody under it)")

    def _highlighted(self) -> str | None:
        listing = self.query_one("#blast-list", OptionList)
        if listing.highlighted is None:
            return None
        return listing.get_option_at_index(listing.highlighted).id

    def _redraw(self, unit_id: str) -> None:
        listing = self.query_one("#blast-list", OptionList)
        unit = next(unit for unit in self.units if unit.id == unit_id)
        listing.replace_option_prompt(unit_id, self._row(unit))
        self.query_one("#blast-line", Label).update(self._summary())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        unit_id = event.option.id
        if unit_id is None:
            return
        self.bands[unit_id] = BANDS[(BANDS.index(self.bands[unit_id]) + 1) % len(BANDS)]
        self._redraw(unit_id)

    def action_band(self, name: str) -> None:
        unit_id = self._highlighted()
        if unit_id is not None:
            self.bands[unit_id] = None if name == "none" else BlastBand(name)
            self._redraw(unit_id)

    def action_covered(self) -> None:
        unit_id = self._highlighted()
        if unit_id is not None:
            self.covered[unit_id] = not self.covered[unit_id]
            self._redraw(unit_id)

    def action_blast(self) -> None:
        self.dismiss(self.command())

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
