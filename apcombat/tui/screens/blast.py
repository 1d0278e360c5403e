"""Table mode's `gm blast` dialog (R22.9.2): every character in the fight or man down (R22.5.5), each with the
band its base centre lies in under the template (none, inner, middle, outer) and whether it is `covered`; it
gives back the GmBlast command the game master's answers make (the engine applies the shifts and the damage)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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


def under_the_template(state: Encounter) -> list[tuple[str, str]]:
    """R22.9.2, R22.5.5: the characters the game master may name — in the fight, or a man down — each with
    what the shifts read (man down, prone, in cover)."""
    return [(unit.id, _described(unit)) for unit in state.units if not unit.down or unit.fate.value == "man_down"]


def _described(unit: Unit) -> str:
    how = []
    if unit.fate.value == "man_down":
        how.append("man down")
    if unit.pose.value == "prone":
        how.append("prone")
    if unit.in_cover:
        how.append("in cover")
    return f"{unit.name} ({', '.join(how)})" if how else unit.name


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

    def __init__(
        self,
        heading: str,
        rows: Sequence[tuple[str, str]],
        bands: Mapping[str, BlastBand | None] | None = None,
        covered: Mapping[str, bool] | None = None,
    ) -> None:
        """`rows`: each character's id and how the list names it; `bands` and `covered`: what it starts with."""
        super().__init__()
        self.heading = heading
        self.rows = dict(rows)
        self.bands: dict[str, BlastBand | None] = {key: (bands or {}).get(key) for key in self.rows}
        self.covered: dict[str, bool] = {key: (covered or {}).get(key, False) for key in self.rows}

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.heading, classes="dialog-title", markup=False)
            yield Label(
                "Enter or i m o n: band · c: covered · b: blast · Esc: later",
                classes="dim",
            )
            yield OptionList(*[Option(self._row(key), id=key) for key in self.rows], id="blast-list")
            yield Label(self._summary(), id="blast-line", markup=False)

    def _row(self, key: str) -> str:
        band = self.bands[key]
        covered = " covered" if self.covered[key] else ""
        return f"{self.rows[key]}: {band.value if band else 'none'}{covered}"

    def command(self) -> GmBlast:
        """The GmBlast the answers make: the characters named, in the encounter's order."""
        caught = tuple(
            BlastCaught(key, band, self.covered[key]) for key in self.rows if (band := self.bands[key]) is not None
        )
        return GmBlast(caught=caught)

    def _summary(self) -> str:
        named = [f"{self.rows[c.unit]} {c.band.value}{' covered' if c.covered else ''}" for c in self.command().caught]
        return "under the template: " + (", ".join(named) if named else "nobody")

    def _highlighted(self) -> str | None:
        listing = self.query_one("#blast-list", OptionList)
        if listing.highlighted is None:
            return None
        return listing.get_option_at_index(listing.highlighted).id

    def _redraw(self, unit_id: str) -> None:
        listing = self.query_one("#blast-list", OptionList)
        listing.replace_option_prompt(unit_id, self._row(unit_id))
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
