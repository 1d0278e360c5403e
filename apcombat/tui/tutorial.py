"""The demo duel teaches a first turn: a box of hints over the hint line walks a new player through moving
with the path preview, reading a shot's breakdown, shooting and ending the turn, each hint giving way to the
next once the player has done its step. F2 switches the hints off (and on): the `hints` setting, which the
settings screen (F4) shows and changes too, so the box comes and goes from there as well.

The battlefield tells the tutorial when something may have changed (`follow`); the tutorial reads what
happened from the session's history and the screen's cursor path and target, never from keys."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from textual.widgets import Static

from apcombat.content.settings import Settings
from apcombat.model import Cell, Control, Unit
from apcombat.model.enums import ShotMode
from apcombat.rules.costs import attack_cost
from apcombat.tui.session import Session

DEMO = "duel"
"""The session name of the demo duel (its encounter file's name), the fight that teaches."""
ATTACKS = frozenset({"shoot", "dual", "flame", "melee"})
"""The commands that attack: any of them is the tutorial's shot."""
OFF_KEY = "F2"


@dataclass(frozen=True)
class Step:
    """One hint, and how to tell its step is done."""

    name: str
    text: str  # {unit}: the player's unit, {enemy}: the one it fights
    done: Callable[[Tutorial], bool]


STEPS = (
    Step(
        "preview",
        "arrow keys move the cursor: the path preview shows the way and the AP left at each step. "
        "Keep {shot} AP to shoot.",
        lambda tutorial: bool(tutorial.battlefield.path) or "move" in tutorial.played,
    ),
    Step(
        "move",
        "m moves {unit} along the previewed path (ctrl+z takes a move back).",
        lambda tutorial: "move" in tutorial.played,
    ),
    Step(
        "breakdown",
        "Tab picks {enemy}; f opens the shot dialog, whose breakdown lists each modifier of the hit chance.",
        lambda tutorial: tutorial.battlefield.target is not None or bool(ATTACKS & tutorial.played),
    ),
    Step(
        "shoot",
        "f opens the shot dialog: read the breakdown, then Enter shoots ({shot} AP); a d100 at or under the "
        "chance hits.",
        lambda tutorial: bool(ATTACKS & tutorial.played),
    ),
    Step(
        "end",
        "e ends {unit}'s turn (AP not spent are lost); then {enemy} acts.",
        lambda tutorial: tutorial.turn_ended,
    ),
)
START = "s starts the fight: initiative decides who acts first. Then hints walk you through a turn."
WAITING = "{enemy} acts now (the AI plays it); your turn comes next."
DONE = "That was a whole turn! ? lists every key, F1 opens the rules, h on the title explains the game."


BOX_ROWS = 2


class TutorialBox(Static):
    """The hints' box: two lines over the hint line, the same height whatever it says."""

    DEFAULT_CSS = f"""
    TutorialBox {{
        height: {BOX_ROWS};
        padding: 0 1;
        background: $primary 30%;
        color: $text;
    }}
    """

    def __init__(self) -> None:
        super().__init__("", id="tutorial", markup=False)
        self.said = ""

    def say(self, text: str) -> None:
        if text != self.said:
            self.said = text
            self.update(text, layout=False)


class Remembered(Protocol):
    """Where the hints' setting lives: the app's settings (apcombat.tui.screens.host.Host)."""

    settings: Settings

    def change_settings(self, settings: Settings) -> bool: ...


class Fitted(Protocol):
    def fit(self) -> None: ...


class Taught(Protocol):
    """What the hints need of the battlefield they teach on: what the player did (the session's history,
    the cursor's path, the target), the layout to fit again when the box comes or goes, and the box's place."""

    session: Session
    path: tuple[tuple[Cell, int], ...]
    target: str | None

    @property
    def battle_fit(self) -> Fitted: ...

    def notify(self, message: str, *, timeout: float | None = ...) -> None: ...

    def call_after_refresh(self, callback: Callable[[], Any]) -> Any: ...

    def hints_box(self) -> TutorialBox | None: ...

    def mount_hints_box(self, box: TutorialBox) -> None: ...


class Tutorial:
    """The demo duel's hints for one battlefield: on in the demo duel unless switched off, else nothing."""

    battlefield: Taught
    turn_ended: bool

    def __init__(self, battlefield: Taught, remembered: Callable[[], Remembered]) -> None:
        self.battlefield = battlefield
        self.remembered = remembered  # asked when needed: the app is known once the screen is mounted
        self.setting_seen = True  # the hints' setting as last followed (a change on the settings screen shows)
        self.teaches = battlefield.session.name == DEMO and battlefield.session.state.map is not None
        self.on = False
        self.started_at = len(battlefield.session.game.history)
        self.done: set[str] = set()
        self.played: set[str] = set()  # the commands the player's side played since the hints began
        self.turn_ended = False
        self.was_acting: str | None = None
        self.player_commands = 0  # how many commands the player's unit played since the hints began
        self.finished_at: int | None = None  # that count when every step was done

    @property
    def rows(self) -> int:
        """The rows the hints' box takes from the battlefield's log (the layout leaves them)."""
        return BOX_ROWS if self.on else 0

    @property
    def box(self) -> TutorialBox | None:
        return self.battlefield.hints_box()

    @property
    def setting(self) -> bool:
        """The hints' setting: on unless the player switched them off (F2 or the settings screen)."""
        return self.remembered().settings.hints

    def _remember(self, on: bool) -> None:
        app = self.remembered()
        self.setting_seen = on
        if app.settings.hints != on:
            app.change_settings(app.settings.replace(hints=on))

    def start(self) -> None:
        """Show the hints if this fight teaches and the player has not switched them off."""
        self.setting_seen = self.setting
        if self.teaches and self.setting_seen:
            self._show()

    def toggle(self) -> None:
        """F2 on the demo duel: hints off (remembered), or on again where the player is."""
        if self.on:
            self._hide()
            self._remember(False)
            self.battlefield.notify(f"Tutorial hints off ({OFF_KEY} turns them on again).", timeout=4)
        elif self.teaches:
            self._remember(True)
            self._show()
        else:  # nothing to switch here: the setting is left as it is
            state = "on" if self.setting else "off"
            self.battlefield.notify(
                f"Tutorial hints ({state}) are for the demo duel: d on the title, F2 there.", timeout=4
            )

    def _hide(self) -> None:
        self.on = False
        if self.box is not None:
            self.box.remove()
        self.battlefield.battle_fit.fit()

    def _show(self) -> None:
        self.on = True
        if self.box is None:
            self.battlefield.mount_hints_box(TutorialBox())
        self.battlefield.battle_fit.fit()
        self.battlefield.call_after_refresh(self.follow)

    def follow(self) -> None:
        """Look at what happened since the last look, mark the steps done and show the next hint; show or hide
        the box if the hints' setting was changed meanwhile (on the settings screen)."""
        if self.setting != self.setting_seen:
            self.setting_seen = self.setting
            if self.teaches and self.setting_seen and not self.on:
                self._show()
            elif self.on and not self.setting_seen:
                self._hide()
        box = self.box
        if not self.on or box is None:
            return
        self._read_history()
        for step in STEPS:
            if step.name not in self.done and step.done(self):
                self.done.add(step.name)
        # A player who went past a step (shot without moving) is not held on it: the steps before the last one
        # done count as done.
        last = max((index for index, step in enumerate(STEPS) if step.name in self.done), default=0)
        self.done.update(step.name for step in STEPS[:last])
        played = self.player_commands
        if len(self.done) == len(STEPS):
            if self.finished_at is None:
                self.finished_at = played
            elif played > self.finished_at:  # the player plays on: the box makes room again
                self._hide()
                return
        box.say(self._text())

    def _read_history(self) -> None:
        state = self.battlefield.session.state
        player = self._player_unit()
        history = self.battlefield.session.game.history[self.started_at :]
        if player is not None:
            lines = [entry.line.split() for entry in history if entry.line.split()[1:2] == [player.id]]
            self.played = {words[0] for words in lines}
            self.player_commands = len(lines)
        acting = state.active
        if player is not None and self.was_acting == player.id and acting != player.id and state.round > 0:
            self.turn_ended = True
        self.was_acting = acting

    def _player_unit(self) -> Unit | None:
        """The unit of the first side people play (the demo's Ana)."""
        state = self.battlefield.session.state
        people = {side.id for side in state.sides if side.control is Control.HUMAN}
        return next((unit for unit in state.units if unit.side in people), None)

    def _text(self) -> str:
        state = self.battlefield.session.state
        player = self._player_unit()
        enemy = next((unit for unit in state.units if player is None or unit.side != player.side), None)
        names = {
            "unit": player.name if player else "your unit",
            "enemy": enemy.name if enemy else "the enemy",
            "shot": _shot_ap(player),
        }
        steps_left = [step for step in STEPS if step.name not in self.done]
        if state.round == 0:
            text = START
        elif not steps_left:
            text = DONE
        elif player is not None and state.active != player.id:
            text = WAITING
        else:
            step = steps_left[0]
            text = f"Hint {STEPS.index(step) + 1}/{len(STEPS)}: {step.text}"
        return f"{text.format(**names)}  {OFF_KEY}: hints off"


def _shot_ap(unit: Unit | None) -> str:
    """The AP of a single shot with the unit's weapon in hand (R2.1), as the hints say it."""
    carried = unit.weapon if unit is not None else None
    if carried is None:
        return "enough"
    return str(attack_cost(ShotMode.SINGLE, carried.weapon))
