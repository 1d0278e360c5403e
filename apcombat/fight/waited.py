"""What a human side waited through: each command another side played (an AI's, or in hot-seat the other
player's) with its events, its acting unit and target, its one-line reason and what it did to the viewing
side's units. The app follows each as it is played and lists the stretch when control comes back ("While you
waited"); the replay viewer builds the same record of a step (`action_of`).

Everything a viewer is told goes through `WaitedAction.effects_on(side)` and `WaitedAction.told_to(side)`,
which take it from the engine's views (`view`) and the log as the side is shown it (`side_log`): with the fog
of war on (R21) a side waits through only what it saw (`seen_by`), an unseen attacker is "an enemy out of
sight" named by the direction of its mark (R21.2.3), and an AI's reason is its own side's (R21.9.3)."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence

import attrs

from apcombat.engine import (
    Event,
    Game,
    HistoryEntry,
    conditions_of,
    fog_on,
    grid_of,
    is_gm_command,
    marks_of,
    parse_command,
    side_asked,
    side_log,
    unit_marks,
    view,
)
from apcombat.model import Cell, Encounter, Unit

QUIET = frozenset({"ai", "rolls", "dice", "round", "turn", "undo", "redo"})
"""Events that do not say what a command did (the AI's reason is kept apart)."""


@attrs.frozen
class Effect:
    """What a command did to one unit of the viewing side: its HP before and after, whether it went down, the
    conditions it gained (pinned, suppressed, shaken, ...)."""

    unit: str
    name: str
    hp_before: int
    hp_after: int
    went_down: bool
    gained: tuple[str, ...] = ()

    def words(self) -> str:
        """'Ana 31 → 17 HP (-14), down, pinned'."""
        parts = []
        if self.hp_after != self.hp_before:
            lost = self.hp_before - self.hp_after
            parts.append(f"{self.hp_before} → {self.hp_after} HP ({'-' if lost > 0 else '+'}{abs(lost)})")
        if self.went_down:
            parts.append("down")
        parts += self.gained
        return f"{self.name} {', '.join(parts)}"


@attrs.frozen
class WaitedAction:
    """One command played while a side waited. `number`: its place in the history (1: the first command)."""

    number: int
    round: int
    side: str  # the side that played it
    unit: str | None  # its acting unit (None: a side's choice, R18.5.1)
    unit_name: str
    target: str | None  # the unit it aimed at (an attack's, a pin's), if any
    line: str  # the command as played
    reason: str  # the AI's one-line reason ("" for a person's command)
    events: tuple[Event, ...]
    before: Encounter = attrs.field(repr=False, eq=False)
    after: Encounter = attrs.field(repr=False, eq=False)

    @property
    def at(self) -> Cell | None:
        """The acting unit's cell once the command was played (where it went, for a move)."""
        return _cell(self.after, self.unit)

    @property
    def target_at(self) -> Cell | None:
        return _cell(self.after, self.target) or _cell(self.before, self.target)

    @property
    def shot(self) -> tuple[Cell, ...]:
        """The cells of the line from the attacker to its target (R0.7), ends included; none without a target."""
        start, end = _cell(self.before, self.unit), self.target_at
        if start is None or end is None or self.before.map is None or start == end:
            return ()
        return tuple(grid_of(self.before).line(start, end))

    @property
    def what(self) -> str:
        """What the command did, in the log's words: its first telling event, else the line played."""
        said = [event.text for event in self.events if event.kind not in QUIET]
        return said[0] if said else f"{self.unit_name}: {self.line}"

    def hp_lost(self) -> dict[str, int]:
        """The HP each unit (of any side) lost to the command, by id: what the map draws on it for the pace."""
        lost = {}
        for unit in self.after.units:
            was = _unit(self.before, unit.id)
            if was is not None and unit.hp < was.hp:
                lost[unit.id] = was.hp - unit.hp
        return lost

    def effects_on(self, side: str) -> tuple[Effect, ...]:
        """What the command did to `side`'s units: HP, down, conditions gained (from the engine's views of the
        side's own units, which it always knows in full, R21.8.1)."""
        pinned = _pinned(self.after) - _pinned(self.before)
        effects = []
        for unit in self.after.units:
            was = _unit(self.before, unit.id)
            if unit.side != side or was is None:
                continue
            gained = [word for word in _words(unit) if word not in _words(was)]
            if unit.id in pinned:
                gained.insert(0, "pinned")
            went_down = unit.down and not was.down
            if unit.hp != was.hp or went_down or gained:
                effects.append(Effect(unit.id, unit.name, was.hp, unit.hp, went_down, tuple(gained)))
        return tuple(effects)

    def told_to(self, side: str) -> str:
        """The action in one line for `side`: its round, the acting unit's mark (as the map shows it), what it
        did, then its effect on the side's units. With the fog of war on, only what the side was shown
        (R21.8.3): an actor it does not see is "an enemy out of sight", from where its mark is."""
        if not fog_on(self.after):
            effects = "; ".join(effect.words() for effect in self.effects_on(side))
            mark = unit_marks(self.before).get(self.unit or "", "")
            told = f"round {self.round}: {mark} {self.what}" if mark else f"round {self.round}: {self.what}"
            return told + (f" — {effects}" if effects else "")
        return self._told_under_fog(side)

    def reason_for(self, side: str | None) -> str:
        """The AI's reason as `side` is shown it (R21.9.3): only its own side's, with the fog of war on (`side`
        None: the game master's, everything)."""
        if side is None or side == self.side or not fog_on(self.after):
            return self.reason
        return ""

    def seen_by(self, side: str) -> bool:
        """Whether `side` saw anything of the action (R21.8.3): a line it is shown, or an effect on its units;
        always with the fog of war off."""
        if not fog_on(self.after):
            return True
        return bool(self._said(side)) or bool(self.effects_on(side))

    def cell_for(self, side: str) -> Cell | None:
        """The cell the action points `side` at: its target's, else where the actor went — only cells of units
        in the side's view (R21.8.1)."""
        after = view(self.after, side)
        target = _cell(after, self.target) or _cell(view(self.before, side), self.target)
        return target or _cell(after, self.unit)

    def _said(self, side: str) -> list[str]:
        return [event.text for event in side_log(self.events, side) if event.kind not in QUIET]

    def _told_under_fog(self, side: str) -> str:
        seen = self.unit is not None and (
            _unit(view(self.before, side), self.unit) is not None or _unit(view(self.after, side), self.unit)
        )
        effects = self.effects_on(side)
        # R22.8.4: a blast names no thrower and makes no mark of it — an unseen thrower's blast is told by the
        # landing cell the side is shown, never by the direction of a mark the side has of the thrower
        thrown = any(event.kind == "throw" for event in self.events)
        if not seen and self.unit is not None and effects and not thrown:
            return f"round {self.round}: " + "; ".join(self._befell(side, effect) for effect in effects)
        what = _headline(side_log(self.events, side)) or f"{self.unit_name}: {self.line}"
        # an actor that came into sight by the action (a move, a reveal) has its mark in the view after it
        marks = unit_marks(view(self.before, side)) | unit_marks(view(self.after, side))
        mark = marks.get(self.unit or "", "")
        told = f"round {self.round}: {mark} {what}" if mark else f"round {self.round}: {what}"
        words = "; ".join(effect.words() for effect in effects)
        return told + (f" — {words}" if words else "")

    def _befell(self, side: str, effect: Effect) -> str:
        """ "Ana was shot by an enemy out of sight from the north-east: −14 HP" (R21.2.3: the direction of the
        side's mark of it, from the victim)."""
        how = "shot" if any(event.kind in ("attack", "covering_fire") for event in self.events) else "hurt"
        victim = _cell(self.after, effect.unit)
        mark = next((mark for mark in marks_of(self.after, side) if mark.unit == self.unit), None)
        where = compass(victim, mark.at) if victim is not None and mark is not None and mark.at is not None else ""
        told = f"{effect.name} was {how} by an enemy out of sight" + (f" from the {where}" if where else "")
        lost = effect.hp_before - effect.hp_after
        parts = ([f"−{lost} HP" if lost > 0 else f"+{-lost} HP"] if lost else []) + (
            ["down"] if effect.went_down else []
        )
        parts += effect.gained
        return told + (f": {', '.join(parts)}" if parts else "")


def _headline(shown: Sequence[Event]) -> str:
    """The line that says what an action did: its first telling event — but an attack (or any other deed) that
    revealed its hidden actor is headed by the deed, "(revealed)" after it, not by "Rat is revealed: it shoots"
    (R21.4.2 b); a reveal alone (`reveal`, a bump) is its own headline."""
    said = [event for event in shown if event.kind not in QUIET]
    deeds = [event for event in said if event.kind != "reveal"]
    if not deeds:
        return said[0].text if said else ""
    revealed = any(event.kind == "reveal" for event in said[: said.index(deeds[0])])
    return deeds[0].text + (" (revealed)" if revealed else "")


COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


def compass(start: Cell, end: Cell) -> str:
    """The direction from one cell to another in eight words ("north-east"); "" for the same cell."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if (dx, dy) == (0, 0):
        return ""
    return COMPASS[round(math.degrees(math.atan2(dy, dx)) / 45) % 8]


def action_of(
    before: Encounter, after: Encounter, events: Sequence[Event], entry: HistoryEntry, number: int
) -> WaitedAction | None:
    """The record of one command (None for a game master's line, set-up's `start` and undo/redo markers)."""
    command = parse_command(entry.line)
    if command is None or is_gm_command(command) or before.round == 0:
        return None
    asked = side_asked(before)
    actor = _unit(before, before.active) if asked is None else None
    side = asked if asked is not None else actor.side if actor is not None else None
    if side is None:
        return None
    target = getattr(command, "target", None)
    return WaitedAction(
        number=number,
        round=before.round,
        side=side,
        unit=actor.id if actor is not None else None,
        unit_name=actor.name if actor is not None else before.side(side).name,
        target=target if isinstance(target, str) and _unit(before, target) is not None else None,
        line=entry.line,
        reason=entry.reason,
        events=tuple(events),
        before=before,
        after=after,
    )


@attrs.frozen
class Stretch:
    """The commands `viewing` waited through, the oldest first."""

    viewing: str
    actions: tuple[WaitedAction, ...]

    def lines(self) -> list[str]:
        return [action.told_to(self.viewing) for action in self.actions]


class Waiting:
    """Every command of the fight as it is played (undo takes back what it undid), and how far each human
    side has had its control back: the stretch each side waited through."""

    KEPT = 400  # the commands remembered: a stretch longer than this shows its last ones

    def __init__(self, game: Game, ai_sides: Collection[str], viewing_side: Callable[[], str | None]) -> None:
        self._ai_sides = ai_sides
        self.actions: list[WaitedAction] = []
        self._viewing_side = viewing_side
        self._back: dict[str, int] = {}  # side -> the last command it played or was handed back after
        self._state, self._log, self._history = game.state, len(game.log), len(game.history)
        game.command_listeners.append(self._heard)

    @property
    def last(self) -> WaitedAction | None:
        return self.actions[-1] if self.actions else None

    def control_back(self) -> Stretch | None:
        """When a human side is in control now and commands of other sides were played since it last was:
        those (once: the next call has nothing new to hand back)."""
        side = self._viewing_side()
        if side is None:
            return None
        since = self._back.get(side, 0)
        waited = tuple(
            action
            for action in self.actions
            if action.number > since and action.side != side and action.seen_by(side)  # R21.8.3
        )
        newest = max([since, *(action.number for action in self.actions if action.side != side)])
        self._back[side] = newest
        return Stretch(side, waited) if waited else None

    def _heard(self, game: Game) -> None:
        length = len(game.history)
        if length <= self._history:  # an undo: what it took back was not played
            self.actions = [action for action in self.actions if action.number <= length]
            self._back = {side: min(number, length) for side, number in self._back.items()}
        else:
            action = action_of(self._state, game.state, game.log[self._log :], game.history[-1], length)
            if action is not None:
                self.actions = [*self.actions[-self.KEPT + 1 :], action]
                if action.side not in self._ai_sides:  # a person who plays has seen everything before
                    self._back[action.side] = action.number
        self._state, self._log, self._history = game.state, len(game.log), length


def _cell(state: Encounter, unit_id: str | None) -> Cell | None:
    unit = _unit(state, unit_id)
    return unit.at if unit is not None else None


def _unit(state: Encounter, unit_id: str | None) -> Unit | None:
    return next((unit for unit in state.units if unit.id == unit_id), None) if unit_id else None


def _words(unit: Unit) -> set[str]:
    """A unit's conditions as the engine words them, without their counts ('suppressed 2' is 'suppressed')."""
    return {word.split()[0] for word in conditions_of(unit)}


def _pinned(state: Encounter) -> set[str]:
    """The units some enemy keeps pinned down (R17)."""
    return {unit.pin.target for unit in state.units if unit.pin is not None and not unit.down}
