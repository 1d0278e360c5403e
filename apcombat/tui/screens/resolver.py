"""The attack resolver in the app: a scenario's breakdown at once, a form to change its values with the
breakdown following every change, its roll, and saving it as a scenario file of the user's own."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from apcombat.content.paths import SCENARIOS_FOLDER, shown
from apcombat.content.scenario import scenario_from
from apcombat.content.scenario_edit import (
    AS_WRITTEN,
    character_of,
    scenario_path,
    scenario_tables,
    scenario_text,
    weapon_of,
    with_character,
    with_location,
    with_mode,
    with_value,
    with_weapon,
)
from apcombat.content.toml_files import read_toml
from apcombat.content.writer import write_text_file
from apcombat.dice import SeededDice
from apcombat.engine import GmBlast
from apcombat.model.enums import BodyLocation, FromCover, ShotMode
from apcombat.rules.attack import AttackPlan, plan_attack
from apcombat.rules.explain import describe_plan, describe_result
from apcombat.rules.refusals import ImpossibleAttack
from apcombat.rules.resolve import resolve_attack
from apcombat.tui import resolver_throw as throws
from apcombat.tui.screens.blast import BlastScreen
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.host import host
from apcombat.tui.widgets.key_items import KeyItems
from apcombat.tui.widgets.steady_footer import FittedFooter

KEYS = KeyItems(
    ("↑↓: scenario", "Tab: the form", "r: roll", "b: a throw's blast", "ctrl+s: save as a scenario", "Esc: back")
)
YOURS = "(yours)"
NOT_AIMED = "none"
SELECTS = ("attacker", "weapon", "target", "mode", "location", "from-cover")


def _table(tables: dict[str, Any], section: str) -> dict[str, Any]:
    table = tables.get(section)
    return table if isinstance(table, dict) else {}


def scenario_files(content: Path, user_folder: Path) -> list[tuple[str, Path]]:
    """The scenarios the resolver lists: the content's, then the user's own (marked), each with its file."""
    found: list[tuple[str, Path]] = []
    for folder, mark in ((content, ""), (user_folder, f" {YOURS}")):
        for path in sorted((folder / SCENARIOS_FOLDER).glob("*.toml")):
            found.append((path.stem.replace("_", " ") + mark, path))
    return found


class ResolverScreen(Screen):
    """Pick a scenario: its breakdown shows. The form changes who fires what at whom, how far, how and from
    where; the breakdown follows. r rolls it; ctrl+s saves it as a scenario of the user's own."""

    DEFAULT_CSS = """
    ResolverScreen #resolver-body { height: 1fr; }
    ResolverScreen #resolver-left { width: 36; height: 1fr; }
    ResolverScreen #scenarios { height: 1fr; min-height: 4; }
    ResolverScreen #resolver-form { height: auto; }
    ResolverScreen .form-row { height: 1; }
    ResolverScreen .form-row Label { width: 11; }
    ResolverScreen .form-row Select, ResolverScreen .form-row Input { width: 1fr; }
    ResolverScreen #resolution-scroll { width: 1fr; padding: 0 1; }
    ResolverScreen #resolver-keys { width: 100%; height: auto; color: $text-muted; }
    """

    BINDINGS = [
        Binding("r", "roll", "Roll", id="resolver.roll"),
        Binding("b", "blast", "Who is under the template", id="resolver.blast"),
        Binding("ctrl+s", "save", "Save as scenario", id="resolver.save"),
        Binding("escape", "app.pop_screen", "Back", id="resolver.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.path: Path | None = None
        self.original: dict[str, Any] = {}  # the scenario as its file writes it
        self.tables: dict[str, Any] = {}  # as the form has changed it
        self.plan: AttackPlan | None = None
        self.throw: throws.ThrowPlanned | None = None  # a throw scenario's plan (R22.9)
        self._choices: dict[str, list[str]] = {}  # each list's values, in order

    def compose(self) -> ComposeResult:
        yield Label("Attack resolver: pick a scenario, change it in the form, r rolls it", classes="dialog-title")
        with Horizontal(id="resolver-body"):
            with Vertical(id="resolver-left"):
                yield OptionList(id="scenarios")
                yield from self._form()
            with VerticalScroll(id="resolution-scroll"):
                yield Static("", id="resolution")
        yield Static(KEYS, id="resolver-keys")
        yield FittedFooter()

    def _form(self) -> ComposeResult:
        library = host(self.app).library
        people = [("as written", AS_WRITTEN), *((name, name) for name in sorted(library.characters))]
        options: dict[str, list[tuple[str, str]]] = {
            "attacker": people,
            "weapon": [("the character's", AS_WRITTEN), *((gun.name, key) for key, gun in library.weapons.items())],
            "target": people,
            "mode": [(mode.value.replace("_", " "), mode.value) for mode in ShotMode],
            "location": [("not aimed", NOT_AIMED), *((place.value, place.value) for place in BodyLocation)],
            "from-cover": [(cover.value.replace("_", " "), cover.value) for cover in FromCover],
        }
        self._choices = {field: [value for _, value in listed] for field, listed in options.items()}
        labels = {
            "attacker": "Attacker",
            "weapon": "Weapon",
            "target": "Target",
            "mode": "Mode",
            "location": "Location",
            "from-cover": "Fires from",
        }
        with Vertical(id="resolver-form"):
            for field in ("attacker", "weapon", "target"):
                yield _row(labels[field], Select(options[field], id=field, allow_blank=False, compact=True))
            yield _row("Distance", Input(id="distance", type="number", placeholder="metres", compact=True))
            for field in ("mode", "location", "from-cover"):
                yield _row(labels[field], Select(options[field], id=field, allow_blank=False, compact=True))
            yield _row("Cover", Checkbox("target in cover", id="target-cover", compact=True))

    def on_mount(self) -> None:
        self._list(None)
        self.query_one("#scenarios", OptionList).focus()

    def _list(self, chosen: Path | None) -> None:
        """List the scenarios, the one `chosen` (else the first) highlighted and shown at once."""
        listing = self.query_one("#scenarios", OptionList)
        listing.clear_options()
        found = scenario_files(host(self.app).library.root, host(self.app).user_folder)
        listing.add_options(Option(name, id=str(path)) for name, path in found)
        paths = [path for _, path in found]
        if paths:
            listing.highlighted = paths.index(chosen) if chosen in paths else 0
            self._open(paths[listing.highlighted])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id and Path(event.option.id) != self.path:
            self._open(Path(event.option.id))

    def _open(self, path: Path) -> None:
        """Show the scenario of `path`, its values in the form."""
        self.path = path
        loaded = read_toml(path)
        self.original = scenario_tables(loaded.value or {}, path, host(self.app).library)
        self.tables = self.original
        self._fill()
        if loaded.value is None:
            self.query_one("#resolution", Static).update("\n".join(map(str, loaded.problems)))
        else:
            self._show()

    def _fill(self) -> None:
        """Set the form to the values of the tables (the first of a list when one is not among its options).
        The change events this sends find the tables already saying so, and change nothing."""
        throwing = throws.is_throw_scenario(self.tables)
        for widget_id in SELECTS:
            select = self.query_one(f"#{widget_id}", Select)
            select.disabled = throwing and widget_id in ("target", "mode", "location", "from-cover")  # a shot's
            known = self._choices[widget_id]
            value = self._current(widget_id)
            select.value = value if value in known else known[0]
        distance = self._current("distance")
        self.query_one("#distance", Input).value = distance
        self.query_one("#target-cover", Checkbox).value = self._current("target-cover") == "yes"
        self.query_one("#target-cover", Checkbox).disabled = throwing  # a throw's targets are its [[under]]

    def _current(self, field: str) -> str:
        """The value of a field of the form as the tables have it, as the form writes it."""
        shot, target = _table(self.tables, "shot"), _table(self.tables, "target")
        distance = shot.get("distance_m", 1)
        if throws.is_throw_scenario(self.tables):
            distance = throws.throw_distance(self.tables) or 0
        return {
            "attacker": lambda: character_of(self.tables, "attacker"),
            "weapon": lambda: weapon_of(self.tables),
            "target": lambda: character_of(self.tables, "target"),
            "mode": lambda: str(shot.get("mode", ShotMode.SINGLE.value)),
            "location": lambda: str(shot.get("location", NOT_AIMED)),
            "from-cover": lambda: str(shot.get("from_cover", FromCover.NONE.value)),
            "distance": lambda: f"{distance:g}" if isinstance(distance, int | float) else str(distance),
            "target-cover": lambda: "yes" if target.get("in_cover") else "no",
        }[field]()

    # -- the form's edits

    def on_select_changed(self, event: Select.Changed) -> None:
        field = event.select.id or ""
        # Only a list the game master is using edits the scenario: the lists' own first values when they are
        # made, and those the form is set to, come as changes too.
        if not event.select.has_focus_within or event.value is Select.NULL or str(event.value) == self._current(field):
            return
        value = str(event.value)
        match field:
            case "attacker" | "target":
                self.tables = with_character(self.tables, self.original, field, value)
                if field == "attacker":
                    self._fill()  # its weapon now is the character's
            case "weapon":
                self.tables = with_weapon(self.tables, value)
            case "mode":
                self.tables = with_mode(self.tables, value)
                self._fill()  # the location goes with a mode that takes none
            case "location":
                self.tables = with_location(self.tables, None if value == NOT_AIMED else value)
                self._fill()  # aiming makes the shot an aimed one
            case "from-cover":
                self.tables = with_value(self.tables, "shot", "from_cover", value)
                attacker_in_cover = value != FromCover.NONE.value or None
                self.tables = with_value(self.tables, "attacker", "in_cover", attacker_in_cover)
        self._show()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "distance" or not event.input.has_focus or event.value == self._current("distance"):
            return
        try:
            distance = float(event.value)
        except ValueError:
            self._show()
            return
        value = int(distance) if distance.is_integer() else distance
        if throws.is_throw_scenario(self.tables):
            self.tables = throws.with_distance(self.tables, distance)
        else:
            self.tables = with_value(self.tables, "shot", "distance_m", value)
        self._show()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.checkbox.has_focus and ("yes" if event.value else "no") != self._current("target-cover"):
            self.tables = with_value(self.tables, "target", "in_cover", event.value or None)
            self._show()

    def _show(self) -> None:
        """The breakdown of the attack as the form now has it, or what keeps it from being made."""
        self.plan = self.throw = None
        assert self.path is not None
        distance = self.query_one("#distance", Input).value
        if throws.is_throw_scenario(self.tables):
            self.throw, text = throws.throw_plan(self.tables, self.path, host(self.app).library)
            self.query_one("#resolution", Static).update(text)
            return
        loaded = scenario_from(self.tables, self.path, host(self.app).library)
        if loaded.value is None:
            text = "\n".join(map(str, loaded.problems))
        else:
            try:
                self.plan = plan_attack(loaded.value)
                text = "\n".join(describe_plan(self.plan)) + "\n\nr rolls it; ctrl+s saves it as a scenario"
            except ImpossibleAttack as error:
                text = f"impossible attack: {error}"
        if not _is_number(distance):
            text = f"the distance must be a number of metres (still {self._current('distance')} m)\n\n{text}"
        self.query_one("#resolution", Static).update(text)

    def action_roll(self) -> None:
        if self.throw is not None:
            self.query_one("#resolution", Static).update(throws.rolled_text(self.throw))
            return
        if self.plan is None:
            return
        result = resolve_attack(self.plan, SeededDice(random.randrange(1 << 32)))
        lines = [*describe_plan(self.plan), "", *describe_result(result)]
        self.query_one("#resolution", Static).update("\n".join(lines))

    def action_blast(self) -> None:
        """R22.9.2: a throw scenario's characters under the template, each with its band and `covered`."""
        if not throws.is_throw_scenario(self.tables):
            self.notify("b is for a throw: a scenario with a [throw] table (R22.9)")
            return
        rows, bands, covered = throws.under_rows(self.tables)

        def named(blast: GmBlast | None) -> None:
            if blast is not None:
                self.tables = throws.with_named(self.tables, {c.unit: (c.band, c.covered) for c in blast.caught})
                self._show()

        heading = "Who is under the template, in which band (R22.9.2)?"
        self.app.push_screen(BlastScreen(heading, rows, bands, covered), named)

    @work(exclusive=True, group="resolver-save")
    async def action_save(self) -> None:
        """Ask a name and save the form's scenario in the user's scenarios/ (asking before replacing a file)."""
        if self.path is None:
            return
        name = self.path.stem.replace("_", " ") + (" changed" if self.tables != self.original else "")
        while True:
            answer = await self.app.push_screen_wait(AskScreen("Save the scenario as (Enter saves)", name))
            if answer is None or not answer.strip():
                return
            name = answer.strip()
            path = scenario_path(host(self.app).user_folder, name)
            if not path.exists():
                break
            choice = await self.app.push_screen_wait(
                ChoiceScreen(
                    f"{shown(path)} already exists.",
                    [("other", "Give another name"), ("replace", "Replace it"), ("cancel", "Cancel")],
                )
            )
            if choice == "replace":
                break
            if choice != "other":
                return
        try:
            write_text_file(path, scenario_text(self.tables, name))
        except OSError as error:
            self.notify(f"Cannot save {shown(path)}: {error.strerror or error}.", severity="error", timeout=10)
            return
        self.notify(f"Saved as {shown(path)}: it is on the list, and `apcombat check` checks it.", timeout=6)
        self.path = None
        self._list(path)


def _row(label: str, widget: Widget) -> Horizontal:
    """One line of the form: what it sets, and the widget setting it."""
    return Horizontal(Label(label), widget, classes="form-row")


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
