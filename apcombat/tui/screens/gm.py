"""The game master's tools in the app: dice mode, edit a unit, quick HP, conditions, the initiative order, a
snapshot of the fight's place and going back to one, a modifier for the next test, forcing a hit or a miss,
typed-in dice, initiative bonuses, what the players' view shows (players_see.py), who rolled what, exporting the
log, a note on a unit, bringing in and removing units. Each change is a `gm` command, logged."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from apcombat.engine import CONDITIONS, Command, Event, GmBack, GmFire, GmForce, fires_on, typed_line
from apcombat.model import Cell, Encounter, Unit
from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen
from apcombat.tui.screens.gm_arrivals import bring_in, remove_entry, remove_unit
from apcombat.tui.screens.notes import ask_note
from apcombat.tui.screens.players_see import ask_players_see
from apcombat.tui.screens.view_as import ask_view_as, view_as_entry
from apcombat.tui.session import Session
from apcombat.tui.widgets.steady_footer import FittedFooter


class GmTable(Protocol):
    """What the game master's tools need of the battlefield they are opened on (the map's or the table's)."""

    session: Session

    @property
    def state(self) -> Encounter: ...

    @property
    def app(self) -> App[Any]: ...  # the dialogs are pushed on the app

    @property
    def map_cursor(self) -> Cell: ...  # on a map only

    def act(self, line: Command | str) -> None: ...

    def notify(self, message: str, *, severity: Any = ...) -> None: ...

    def enable_dice_mode(self, on: bool) -> None: ...

    def hint(self, text: str) -> None: ...

    def refresh_view(self) -> None: ...


def open_gm_menu(screen: GmTable) -> None:
    """Show the game master's menu on the game screen."""
    dice = (  # what selecting it does, then how rolls are made now
        "Turn dice mode off (now on): the program rolls"
        if screen.session.dice_mode
        else "Turn dice mode on (now off): type in every roll"
    )
    options = [
        ("dice", dice),
        ("edit", "Edit a unit (HP, AP, pose, position ...)"),
        ("hp", "Quick HP +N or -N for a unit (on the game screen: + and -)"),
        ("condition", "Set or clear a condition: burning, exhaustion, unconscious, head wound"),
        ("order", "Move a unit in the initiative order"),
        ("note", "A note on a unit, seen only by the game master"),
        ("add", "Bring in a unit: reinforcements, a bystander"),
        remove_entry(screen),
        ("snapshot", "Snapshot: mark this place in the fight"),
        ("back", "Back to a snapshot: undo every command since"),
        ("mod", "Modifier on the next test"),
        ("hit", "Force the next to-hit result: hit"),
        ("miss", "Force the next to-hit result: miss"),
        ("typed", "Type in the next rolls (gm dice)"),
        ("show", "What the players see: HP, the AI's reasons, statuses"),
        ("dice_log", "Who rolled what: the dice in the log"),
        ("export", "Export the log as Markdown"),
    ]
    if screen.state.round == 0:
        options.insert(1, ("bonus", "Initiative bonus for a unit (before round 1)"))
    if fires_on(screen.state):
        options.insert(-3, ("fire", "Light or put out a fire (R18.3.4)"))
    seen = view_as_entry(screen.session)  # R21.7.5
    if seen is not None:
        options.insert(0, seen)
    screen.app.push_screen(ChoiceScreen("Game master", options), lambda choice: _chosen(screen, choice))


def _played(screen: GmTable, command: Callable[[str], Command | str]) -> Callable[[str | None], None]:
    """A dialog's callback playing the command its answer makes; no answer (Esc, or nothing typed) plays none."""

    def answered(value: str | None) -> None:
        if value:
            screen.act(command(value))

    return answered


def _chosen(screen: GmTable, choice: str | None) -> None:
    if choice is None:
        return
    app = screen.app
    if choice == "view_as":
        ask_view_as(screen)
    elif choice == "dice":
        screen.enable_dice_mode(not screen.session.dice_mode)
    elif choice in ("hit", "miss"):
        screen.act(GmForce(hit=choice == "hit"))
    elif choice == "mod":
        app.push_screen(
            AskScreen("Modifier on the next test (e.g. -10 or 20):"),
            _played(screen, lambda v: typed_line("gm", "mod", v)),
        )
    elif choice == "typed":
        app.push_screen(
            AskScreen("The next rolls, one die each, in order (00 = 100):", placeholder="37 12 5"),
            _played(screen, lambda v: typed_line("gm", "dice", v.replace(",", " "))),
        )
    elif choice == "edit":
        _edit_unit(screen)
    elif choice == "hp":
        _pick_unit(screen, "Change whose HP?", lambda uid: ask_hp_change(screen, screen.state.unit(uid)))
    elif choice == "condition":
        _pick_unit(screen, "A condition for", lambda uid: _ask_condition(screen, uid))
    elif choice == "note":
        _pick_unit(screen, "A note on", lambda uid: ask_note(screen, screen.state.unit(uid)))
    elif choice == "order":
        _pick_unit(
            screen,
            "Move whom in the initiative order?",
            lambda uid: app.push_screen(
                AskScreen(
                    f"New place of {screen.state.unit(uid).name} in the initiative order "
                    f"(1 is first, of {len(screen.state.order)}):"
                ),
                _played(screen, lambda v: typed_line("gm", "order", uid, v)),
            ),
        )
    elif choice == "add":
        bring_in(screen)
    elif choice == "remove":
        remove_unit(screen)
    elif choice == "snapshot":
        app.push_screen(
            AskScreen("Name the snapshot (one word):", f"round-{screen.state.round}"),
            _played(screen, lambda v: typed_line("gm", "snapshot", v.strip())),
        )
    elif choice == "back":
        _ask_back(screen)
    elif choice == "show":
        ask_players_see(screen)
    elif choice == "dice_log":
        app.push_screen(DiceLogScreen(dice_lines(screen.session.log)))
    elif choice == "bonus":
        _pick_unit(
            screen,
            "Initiative bonus for",
            lambda uid: app.push_screen(
                AskScreen(f"Initiative bonus for {uid} (R13.1):"),
                _played(screen, lambda v: typed_line("gm", "bonus", uid, v)),
            ),
        )
    elif choice == "export":
        _export(screen)
    elif choice == "fire":
        ask_fire(screen)


def ask_fire(screen: GmTable, question: str = "") -> None:
    """`gm fire X,Y on|off` at the map's cursor, or in table mode `gm fire NAME on|off` (R18.3.4)."""
    state = screen.state
    if state.map is None:
        prompt = question or "A fire on the table: its name, then on or off (e.g. barn on), R18.3.4:"
        screen.app.push_screen(
            AskScreen(prompt, placeholder="barn on"), _played(screen, lambda v: typed_line("gm", "fire", v.strip()))
        )
        return
    x, y = screen.map_cursor
    burning = state.map.burning((x, y))
    options = [("off", "Put it out (the ground is left burnt)")] if burning else [("on", "Light it")]
    title = f"The fire at {x},{y} (the cursor's cell)" if burning else f"A fire at {x},{y} (the cursor's cell)?"
    screen.app.push_screen(ChoiceScreen(title, options), _played(screen, lambda v: GmFire(on=v == "on", at=(x, y))))


def _ask_back(screen: GmTable) -> None:
    """`gm back NAME`: the snapshots marked in the fight's history, the last marked first."""
    names = screen.session.game.snapshots
    if not names:
        screen.notify("no snapshot is marked yet: Snapshot in this menu marks one")
        return
    options = [(name, name) for name in reversed(names)]
    screen.app.push_screen(ChoiceScreen("Back to which snapshot?", options), _played(screen, lambda v: GmBack(v)))


def _pick_unit(screen: GmTable, title: str, then) -> None:
    options = [(u.id, f"{u.name} ({u.id}) {u.hp} HP {u.ap} AP") for u in screen.state.units]
    screen.app.push_screen(ChoiceScreen(title, options), lambda uid: uid and then(uid))


def ask_hp_change(screen: GmTable, unit: Unit, sign: str = "") -> None:
    """Ask for N and play `gm hp WHO +N` (or -N); with no sign given, the answer carries its own."""
    prompt = {"+": f"Heal {unit.name} ({unit.hp} HP) by", "-": f"Hurt {unit.name} ({unit.hp} HP) by"}
    question = prompt.get(sign, f"HP change for {unit.name} ({unit.hp} HP), +N or -N:")

    def change(value: str | None) -> None:
        if value and value.strip():
            screen.act(typed_line("gm", "hp", unit.id, sign + value.strip()))

    screen.app.push_screen(AskScreen(question, placeholder="5"), change)


def quick_hp(screen: GmTable, sign: str) -> None:
    """`+` / `-` on the game screen: the unit under the map's cursor, else the acting unit."""
    unit = unit_in_focus(screen)
    if unit is None:
        screen.notify("no unit under the cursor and nobody acting: g, then Quick HP, picks one")
        return
    ask_hp_change(screen, unit, sign)


def unit_in_focus(screen: GmTable) -> Unit | None:
    """The unit under the map's cursor (a unit down too, so it can be healed), else the acting unit."""
    state = screen.state
    if state.map is not None:
        cursor = screen.map_cursor
        here = sorted((u for u in state.units if u.at == cursor), key=lambda u: u.down)
        if here:
            return here[0]
    return state.unit(state.active) if state.active else None


_CONDITION_ASKS = {
    "burning": "Burns to come at its next turns, 1 or 2 (R6.2), or off:",
    "exhaustion": "Turns of exhaustion, then optionally the penalty 10, 20 or 40 (R14.3), e.g. 3 20; or off:",
    "unconscious": "Rounds unconscious (R12.1), or off:",
    "head": "AP lost at the start of its next turn (R12.1; 0 for none), or off:",
}


def _ask_condition(screen: GmTable, unit_id: str) -> None:
    unit = screen.state.unit(unit_id)
    options = [(name, f"{name}: {_CONDITION_ASKS[name]}") for name in CONDITIONS]

    def chosen(name: str | None) -> None:
        if name:
            ask_condition_amount(screen, unit, name)

    screen.app.push_screen(ChoiceScreen(f"A condition for {unit.name}", options), chosen)


def ask_condition_amount(screen: GmTable, unit: Unit, name: str) -> None:
    """Ask how long (or off) and play `gm condition WHO NAME N|off`; the question names the unit."""
    screen.app.push_screen(
        AskScreen(f"{unit.name}, {name}. {_CONDITION_ASKS[name]}"),
        _played(screen, lambda v: typed_line("gm", "condition", unit.id, name, v)),
    )


_DIE = re.compile(r"\b\d*d\d+\b")


def dice_lines(events: Iterable[Event]) -> list[str]:
    """Who rolled what: each event with a die in it, as its first line and the lines naming the dice."""
    lines = []
    for event in events:
        details = [line.strip() for line in event.data.get("lines", ()) if _DIE.search(line)]
        if details or _DIE.search(event.text):
            lines.append(event.text)
            lines += [f"   {line}" for line in details]
    return lines


class DiceLogScreen(ModalScreen[None]):
    """The log cut down to the dice: who rolled what, oldest first."""

    BINDINGS = [Binding("escape", "dismiss_none", "Close", id="dialog.cancel")]  # as every dialog

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Who rolled what", classes="dialog-title")
            with VerticalScroll(id="dice-log"):
                yield Static("\n".join(self.lines) or "no dice rolled yet", markup=False)
        yield FittedFooter()

    def on_mount(self) -> None:
        self.query_one("#dice-log", VerticalScroll).scroll_end(animate=False)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


def _edit_unit(screen: GmTable) -> None:
    def edit(unit_id: str) -> None:
        unit = screen.state.unit(unit_id)
        at = f" at={unit.at[0]},{unit.at[1]}" if unit.at else ""
        current = f"hp={unit.hp} ap={unit.ap} pose={unit.pose.value} facing={unit.facing.value}{at}"
        screen.app.push_screen(
            AskScreen(
                f"Edit {unit.name}: FIELD=VALUE ... (hp ap pose facing at in_cover wounds ammo broken burning "
                "unconscious exhaustion)",
                current,
            ),
            _played(screen, lambda fields: typed_line("gm", "set", unit_id, fields)),
        )

    _pick_unit(screen, "Edit which unit?", edit)


def _export(screen: GmTable) -> None:
    def export(name: str | None) -> None:
        if not name:
            return
        path = Path(name).expanduser()
        try:
            written = screen.session.export_log(path)
        except OSError as error:
            screen.notify(f"cannot write {path}: {error.strerror}", severity="error")
            return
        except ValueError:  # a NUL in the path
            screen.notify("a path cannot hold a NUL character; type the file's path again", severity="error")
            return
        screen.notify(f"log written to {written}")

    default = str(screen.session.saves / f"{screen.session.name}-log.md")
    screen.app.push_screen(AskScreen("Write the log as Markdown to:", default), export)
