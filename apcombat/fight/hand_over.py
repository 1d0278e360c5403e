"""Hot-seat under the fog of war (R21.8.2 c, R21.8.5, R21.8.8): two or more `human` sides share one screen,
and no side may see another's view. The fight decides, from its state alone, whose view the screen must show
now — the side whose character acts (an interrupting watcher's included), the side the activation deck asks
(R18.5.1), a side whose re-roll window is open (R18.6.2) — and when that is another side than the one it
showed last, a hand-over covers the screen until that side's player presses Enter. While an `ai` side acts the
screen shows nobody's view. `ctrl+z` takes back only what was played since the last hand-over, and never a
command that showed the side something new (R21.8.8; the same rule for one human side against the AI).

Textual-free: the app shows `HandOver.text` and calls `HotSeat.handed_over` on Enter."""

from __future__ import annotations

from collections.abc import Collection

import attrs

from apcombat.engine import Command, Game, blast_landed, fog_on, is_gm_command, rerollable, shows_new, side_asked
from apcombat.model import Control, Encounter
from apcombat.model.wording import possessive

KEPT = 400
"""The states remembered for undo's R21.8.8 test (older ones are rebuilt by replaying the history)."""


@attrs.frozen
class HandOver:
    """What the screen shows instead of the fight: `side`, the human side whose view comes after Enter; None
    while the AI side `ai` acts (the screen waits, Enter does nothing) and before round 1 (Enter starts the
    fight: the set-up is everyone's, the first hand-over comes before round 1's first turn)."""

    side: str | None
    text: str
    ai: str | None = None

    @property
    def starts_fight(self) -> bool:
        return self.side is None and self.ai is None


def hot_seat(state: Encounter) -> bool:
    """R21.8.2 (c): the fog of war on a map, two or more `human` sides and no `gm` side."""
    if not fog_on(state) or state.map is None:
        return False
    controls = [side.control for side in state.sides]
    return Control.GM not in controls and controls.count(Control.HUMAN) >= 2


def one_human_side(state: Encounter) -> str | None:
    """R21.8.2 (b): the fog of war on a map, exactly one `human` side and no `gm` side: that side."""
    if not fog_on(state) or state.map is None:
        return None
    humans = [side.id for side in state.sides if side.control is Control.HUMAN]
    gm = any(side.control is Control.GM for side in state.sides)
    return humans[0] if len(humans) == 1 and not gm else None


class HotSeat:
    """Whose view the hot-seat screen shows, the hand-over due, the re-roll windows of the action just played,
    and what undo may take back. `ai_sides`: the sides an AI plays."""

    def __init__(self, game: Game, ai_sides: Collection[str]) -> None:
        self.game = game
        self.ai_sides = ai_sides
        self.shown: str | None = None  # the human side whose view the screen shows (None: none yet)
        self.covered: str | None = None  # the AI side whose turn the screen covers now
        self.since = len(game.history)  # the history's length at the last hand-over
        self._states: dict[int, Encounter] = {len(game.history): game.state}
        self._action = 0  # the history's length just after the last action (a re-roll or a gm line is none)
        self._actor: str | None = None  # the side whose command that action was
        self._closed: set[str] = set()  # the sides whose re-roll window of that action is closed
        game.command_listeners.append(self._heard)

    @property
    def on(self) -> bool:
        return hot_seat(self.game.state)

    # ----- whose view, and the hand-over -----------------------------------------------------------------------

    def due(self) -> str | None:
        """The side that must act or choose now (a human or an AI side); None before round 1 and at the end."""
        state = self.game.state
        if state.round == 0 or state.finished:
            return None
        window = self.reroll_window()
        if window is not None:
            return window
        asked = side_asked(state)
        if asked is not None:
            return asked
        return state.unit(state.active).side if state.active is not None else None

    def hand_over(self) -> HandOver | None:
        """The hand-over the screen must show now (None: the side shown goes on, or this is no hot-seat)."""
        if not self.on:
            return None
        state = self.game.state
        if state.finished:
            return None
        if state.round == 0:
            return HandOver(
                None,
                "Set-up — press Enter to roll initiative and start the fight; then the keyboard goes to the "
                "player of the first character to act",
            )
        side = self.due()
        if side is None:
            return None
        name = state.side(side).name
        if side in self.ai_sides or state.side(side).control is Control.AI:
            return HandOver(None, f"Round {state.round} — the AI side {name} acts", ai=side)
        if side == self.shown and self.covered is None:
            return None
        return HandOver(
            side,
            f"Round {state.round} — pass the keyboard to {possessive(name)} player: press Enter when only they "
            "can see the screen",
        )

    def handed_over(self, hand_over: HandOver) -> None:
        """The hand-over was shown and, for a human side, Enter pressed: the screen shows that side's view (an
        AI's cover stays until the next human side's hand-over); undo stops here."""
        if hand_over.ai is not None:
            self.covered = hand_over.ai
            return
        if hand_over.side is None:
            return
        self.shown, self.covered = hand_over.side, None
        self.since = len(self.game.history)

    def viewing_side(self) -> str | None:
        """R21.8.2 (c): the human side whose view the screen shows; before any hand-over, the first human
        side's (the screen is covered then)."""
        if self.shown is not None:
            return self.shown
        state = self.game.state
        return next(side.id for side in state.sides if side.control is Control.HUMAN)

    def command_refusal(self, command: Command) -> str | None:
        """In hot-seat under fog the keyboard is the shown side's: a command for another side's character (a
        delayed one stepping in, R13.3) or in another side's name (`hold`, `last`, `reroll`) is refused, in
        words that name nothing of the other side's (None: it is the shown side's, or no side's)."""
        if not self.on or self.shown is None or is_gm_command(command):
            return None
        state = self.game.state
        side = getattr(command, "side", None)
        unit = next((unit for unit in state.units if unit.id == command.who), None)
        if (unit is not None and unit.side != self.shown) or (isinstance(side, str) and side != self.shown):
            name = state.side(self.shown).name
            return (
                f"the keyboard is {possessive(name)}: only its own characters and choices take commands now (R21.8.5)"
            )
        return None

    # ----- the re-roll windows (R18.6.2) ---------------------------------------------------------------------

    def reroll_window(self) -> str | None:
        """R21.8.5: the side whose re-roll window of the action just played is open — the acting side's
        first, then the others in side order — when another side's window follows it (a lone window of the
        acting side needs no turn of its own: any command closes it, as without the fog). Only sides with a
        die of their own they may re-roll (and 2 points) have one; each is closed by a re-roll or by `pass`."""
        state = self.game.state
        humans = {side.id for side in state.sides if side.control is Control.HUMAN and side.id not in self.ai_sides}
        order = [side.id for side in state.sides]
        if self._actor in order:
            order.remove(self._actor)
            order.insert(0, self._actor)
        open_ = [side for side in order if side in humans and side not in self._closed and rerollable(state, side)]
        if not open_ or open_ == [self._actor]:
            return None
        return open_[0]

    def close_reroll_window(self, side: str) -> None:
        """The side passed (Enter): its window is closed, the next side's opens."""
        self._closed.add(side)

    # ----- undo (R21.8.5, R21.8.8) ---------------------------------------------------------------------------

    def undo_refusal(self, target: int, side: str | None) -> str | None:
        """Why undoing back to a history `target` long is refused from `side`'s view (None: it is not):
        in hot-seat nothing before the last hand-over; never a command whose updates showed the side
        something new (R21.8.8)."""
        if side is None:
            return None
        length = len(self.game.history)
        if self.on and target < self.since:
            return (
                "nothing to undo since the keyboard was handed over: what came before it was played before "
                "another player's eyes (R21.8.5)"
            )
        for number in range(length, target, -1):
            before, after = self._state_at(number - 1), self._state_at(number)
            if before is None or after is None:
                return "cannot undo: the fight before this game was loaded is not known here (R21.8.8)"
            if shows_new(before, after, side):
                return f"cannot undo: it showed {state_words(before, after, side)} (R21.8.8)"
        return None

    def _state_at(self, length: int) -> Encounter | None:
        """The state when the history was `length` long (rebuilt by a replay when it is not remembered)."""
        kept = self._states.get(length)
        if kept is not None:
            return kept
        try:
            return Game.replay(self.game.start, self.game.seed, self.game.history[:length]).state
        except Exception:  # a history played under other rules: not rebuilt
            return None

    def _heard(self, game: Game) -> None:
        """Each change of the state: remembered for undo; an action played opens its re-roll windows, a
        re-roll closes its side's; an undo that takes the action back drops them. Nothing without the fog."""
        if not fog_on(game.state):
            return
        length = len(game.history)
        for number in [number for number in self._states if number > length]:
            del self._states[number]
        self._states[length] = game.state
        if len(self._states) > KEPT:
            del self._states[min(self._states)]
        if length < self._action:
            self._action, self._closed = 0, set()
        elif length > self._action and length:
            words = game.history[-1].line.split()
            if words[:1] == ["gm"]:  # `gm dice` does not close the window (R18.6.2), nor does any gm line
                return
            if words[:1] == ["reroll"] and len(words) > 1:  # the same action played again
                self._action = length
                self._closed.add(words[1])
            else:
                before = self._states.get(length - 1)
                active = before.active if before is not None else None
                self._actor = before.unit(active).side if before is not None and active is not None else None
                self._action, self._closed = length, set()


def state_words(before: Encounter, after: Encounter, side: str) -> str:
    """What going from `before` to `after` showed `side` in words: "The Vault Rat", "The Vault a mark of
    Rat", or "The Vault something new"."""
    name = after.side(side).name
    was, now = before.side(side), after.side(side)
    new = sorted(now.seen - was.seen)
    if new:
        return f"{name} " + ", ".join(after.unit(uid).name for uid in new)
    marks = [mark for mark in now.marks if mark not in was.marks]
    if marks:
        return f"{name} a mark of " + ", ".join(after.unit(mark.unit).name for mark in marks)
    if blast_landed(before, after):
        return f"{name} where a blast landed"  # R22.8.4: never who it caught, nor who threw it
    hidden = [unit.name for unit in after.units if unit.side != side and _was_hidden(before, unit.id)]
    if hidden:
        return f"{name} " + ", ".join(hidden) + " revealed"
    return f"{name} something new"


def _was_hidden(before: Encounter, unit_id: str) -> bool:
    return any(unit.id == unit_id and unit.hidden for unit in before.units)
