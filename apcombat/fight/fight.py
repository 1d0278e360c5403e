"""One fight's sequencing, the same for the app and for `apcombat sim`: whose AI plays now, the stretch one
unit acts in, the AI's lines counted against the cap, the player's hold and skip, the step-in offer to a
delayed human unit (R13.3), the activation deck's question to a human side (R18.5.1), and what follows a
command (the victory said once, the autosave written, on disk before a command that changed the turn
returns). Pacing is the driver's: the app waits between AI commands, sim does not; `AiToPlay.pause` says
when a pause belongs."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol

import attrs

from apcombat.ai import Player
from apcombat.ai.decision import Decision
from apcombat.ai.seeds import next_rng
from apcombat.ai.turn import MAX_LINES_PER_TURN, Answer, Step, ask, line_cap_step, play_answer, stretch_of
from apcombat.engine import Command, CommandError, Event, Game, GmAdd, GmBack, side_asked, snapshot_place, view
from apcombat.fight.awaiting import AiToPlay, DeckChoice, StepInOffer
from apcombat.fight.deck_question import deck_choice
from apcombat.fight.hand_over import HandOver, HotSeat, one_human_side
from apcombat.fight.waited import Waiting
from apcombat.model import AiDice, Control

MOVED_ON = frozenset({"turn", "interrupt", "interrupt_end"})
"""Events after which another unit acts (or the same one again, after an interruption)."""


class Autosaving(Protocol):
    """Where a fight's commands are saved as they are played (the app's `BackgroundAutosave`)."""

    def __call__(self, game: Game) -> None: ...

    def flush(self) -> object: ...  # on disk when it returns


@attrs.frozen
class Followup:
    """What follows a command for whoever shows the fight: `moved_on`, another unit acts now (each turn picks
    its own target)."""

    moved_on: bool


class Fight:
    """The sequencing of one fight. `players`: the AI of each side an AI plays (the other sides are human)."""

    def __init__(self, game: Game, players: Mapping[str, Player], autosave: Autosaving | None = None) -> None:
        self.game = game
        self.players = dict(players)
        self.decisions: dict[str, tuple[str, Decision]] = {}
        """Each AI side's last decision that weighed options, and its unit (this fight's only: never saved)."""
        self.held = False  # the player asked the AI to wait (an undo, a delayed unit stepping in)
        self.skipping: object = None  # the stretch played without pause (the skip key)
        self.stretch: object = None
        self.played = 0  # AI lines played in this stretch
        self.offered: object = None  # the stretch whose start was offered to delayed human units
        self.victory_said = False
        self._autosave = autosave
        self._turn_changed = False
        self.hot_seat = HotSeat(game, self.players)
        """Hot-seat under the fog of war (R21.8.5): whose view the screen shows, the hand-overs, undo's limits."""
        self.waiting = Waiting(game, self.players, self.side_in_control)
        """Each command as played, and the stretch a human side waited through (`waiting.control_back()`)."""
        if autosave is not None:
            game.turn_listeners.append(self._turn_change)
            game.command_listeners.append(self._saved)

    # ----- whose turn ----------------------------------------------------------------------------------------

    def ai_side(self) -> str | None:
        """The side whose AI plays now: the side the activation deck asks (R18.5.1), else the acting unit's,
        when an AI plays it."""
        state = self.game.state
        asked = side_asked(state)
        if asked is not None:
            return asked if asked in self.players else None
        if state.finished or state.round == 0 or state.active is None:
            return None
        side = state.unit(state.active).side
        return side if side in self.players else None

    def viewing_side(self) -> str | None:
        """R21.8.2: whose view the screen shows — None for the game master's (or a spectator's) screen, which
        shows everything. (a) table mode, a side with control `gm`, or no human side: None; (b) one human side
        and no `gm` side: that side, always, the AI's turns included; (c) hot-seat (two or more human sides):
        `hot_seat_side()`. With the fog of war off every side is shown everything, so this names only whose
        words the screen uses."""
        state = self.game.state
        humans = self.human_sides()
        if state.map is None or any(side.control is Control.GM for side in state.sides) or not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        return self.hot_seat_side()

    def human_sides(self) -> list[str]:
        """The sides a person plays (those no AI plays), in the encounter's order."""
        return [side.id for side in self.game.state.sides if side.id not in self.players]

    def hot_seat_side(self) -> str | None:
        """R21.8.2 (c): in hot-seat, the side whose hand-over was taken last (`hand_over`); the human side in
        control once the fight is over."""
        if self.hot_seat.on and not self.game.state.finished:
            return self.hot_seat.viewing_side()
        return self.side_in_control()

    def side_in_control(self) -> str | None:
        """The human side in control now: the acting unit's side or the side the deck asks, when it is a
        human one (at the end, the only human side); None while an AI is in control."""
        state = self.game.state
        if state.finished:
            humans = self.human_sides()
            return humans[0] if len(humans) == 1 else None
        side = side_asked(state)
        if side is None and state.active is not None and state.round > 0:
            side = state.unit(state.active).side
        return side if side is not None and side not in self.players else None

    # ----- hot-seat under the fog of war (R21.8.5) -------------------------------------------------------------

    def hand_over(self) -> HandOver | None:
        """The hand-over the screen must show now instead of the fight (its text, and the side whose view comes
        after Enter), or None: the screen goes on showing `viewing_side()`'s view."""
        return self.hot_seat.hand_over()

    def handed_over(self, hand_over: HandOver) -> None:
        """The hand-over was taken (Enter; an AI's cover, as soon as shown): `viewing_side()` is its side's."""
        self.hot_seat.handed_over(hand_over)

    def reroll_window(self) -> str | None:
        """R21.8.5: the side whose re-roll window must be asked now, behind its own hand-over, before another
        side's window (None: no such question; a lone window is the hint's offer, as ever)."""
        return self.hot_seat.reroll_window() if self.hot_seat.on else None

    def pass_reroll(self, side: str) -> None:
        """The side's re-roll window closes without a re-roll (Enter)."""
        self.hot_seat.close_reroll_window(side)

    def command_refusal(self, command: Command) -> str | None:
        """Hot-seat under fog: why the shown side may not give `command` (another side's character or choice),
        None when it may (R21.8.5). `gm back` from a side's view is undo's: refused where undoing that far would
        be (R21.8.8: what a side was shown stays seen; the game master's screen goes back anywhere)."""
        if isinstance(command, GmAdd):
            return self._new_side_refusal(command)
        if isinstance(command, GmBack):
            try:
                target = snapshot_place([entry.line for entry in self.game.history], command.name)
            except CommandError:
                return None  # the game's own refusal names the snapshots there are
            return self.undo_refusal(target)
        return self.hot_seat.command_refusal(command)

    def _new_side_refusal(self, command: GmAdd) -> str | None:
        """`gm add` to a new side makes a side the game master plays, and a `gm` side makes the screen the game
        master's, which shows everything (R21.8.2 a): from a side's view under the fog of war that would show
        the side every hidden enemy, so the newcomer joins a side of the fight instead."""
        viewing = self.viewing_side()
        if viewing is None or any(side.id == command.side for side in self.game.state.sides):
            return None
        return (
            f"a new side would be the game master's, and this screen shows {self.game.state.side(viewing).name}'s "
            "view under the fog of war (R21.8.2): bring the newcomer in on a side of the fight"
        )

    def undo_refusal(self, target: int) -> str | None:
        """Why taking the history back to `target` commands is refused (None: it is not): in hot-seat nothing
        before the last hand-over (R21.8.5); from a side's view — hot-seat's or one human side's against the
        AI — no command that showed that side something new (R21.8.8). The game master undoes anything."""
        state = self.game.state
        side = self.hot_seat.shown if self.hot_seat.on else one_human_side(state)
        return self.hot_seat.undo_refusal(target, side)

    @property
    def ai_acting(self) -> bool:
        """An AI is playing now (and not held)."""
        return self.ai_side() is not None and not self.held

    def next_ai(self) -> AiToPlay | StepInOffer | None:
        """What the AI's side of the fight waits for now: its next command (paused or not), the player's answer
        to a step-in offer, or nothing (no AI acts, or it is held). Ask only when no answer is on its way:
        an offer is made once per stretch."""
        side = self.ai_side()
        if self.held or side is None:
            return None
        stretch = stretch_of(self.game.state)
        if stretch != self.stretch:
            self.stretch, self.played = stretch, 0
        offer = self._step_in_offer(stretch)
        if offer is not None:
            return offer
        # hot-seat under fog: nobody watches an AI's turn behind its cover, so no pause (R21.8.2)
        return AiToPlay(side, pause=self.skipping != stretch and not self.hot_seat.on)

    def _step_in_offer(self, stretch: object) -> StepInOffer | None:
        """R13.3: before an AI unit's first line, a human side's delayed unit may take its turn instead."""
        state = self.game.state
        if self.offered == stretch or state.interrupt is not None or self.hot_seat.on:
            return None  # hot-seat under fog: the AI's turn is nobody's view, so no side is asked (R21.8.5)
        self.offered = stretch
        active = state.unit(state.active) if state.active else None
        if active is None or active.spent_ap:
            return None
        waiting = [
            state.unit(uid)
            for uid in state.delayed
            if state.unit(uid).standing and state.unit(uid).side not in self.players
        ]
        if not waiting:
            return None
        options = [(unit.id, f"{unit.name} steps in now ({unit.ap} AP)") for unit in waiting]
        # under the fog of war the side is told only that an enemy out of sight acts (R21.8.1)
        seen = view(state, waiting[0].side).active == active.id
        options.append(("", f"Let {active.name if seen else 'it'} act"))
        named = active.name if seen else "An enemy out of sight"
        question = f"{named} (AI) is about to act: a delayed unit may step in first (R13.3)"
        return StepInOffer(active.id, question, tuple(options))

    def step_in(self, unit: str | None) -> None:
        """The answer to a step-in offer: a unit that steps in plays first, the AI waits for its command."""
        if unit:
            self.held = True

    def deck_choice(self) -> DeckChoice | None:
        """The activation deck's question when it asks a human side (R18.5.1), else None."""
        side = side_asked(self.game.state)
        if side is None or side in self.players:
            return None
        return deck_choice(self.game.state)

    # ----- the player's say over the AI ----------------------------------------------------------------------

    def skip(self) -> bool:
        """Play the rest of this AI stretch without pausing; a held AI goes on. Whether it was held."""
        self.skipping = stretch_of(self.game.state)
        held, self.held = self.held, False
        return held

    def hold(self) -> None:
        """The AI waits for the player (after an undo) until the player's next command or a skip."""
        self.held = True

    def human_played(self) -> None:
        """A human's command: a hold ends."""
        self.held = False

    # ----- the AI's commands ---------------------------------------------------------------------------------

    def question(self) -> tuple[Player, random.Random, AiDice]:
        """What asking the acting side's AI needs (`ai.turn.ask`, which the app runs in a worker): the player,
        the generator it draws from, and the side's generator after the draw (for `play`)."""
        side = self.ai_side()
        assert side is not None
        rng, generator = next_rng(self.game.state, self.game.seed, side)
        return self.players[side], rng, generator

    def play(self, answer: Answer) -> Step:
        """Play the AI's answer as every driver does: an illegal one ends the stretch, and so does a line past
        the cap; the game logs its reason before what it did and keeps the reason and the side's generator."""
        state = self.game.state
        try:
            if self.played >= MAX_LINES_PER_TURN:
                step = line_cap_step(self.game)
            else:
                if state.active is not None and answer.failure is None:
                    self._keep_decision(state.unit(state.active).side, state.active, answer.decision)
                step = play_answer(self.game, answer)
        except CommandError as refused:
            # Not even the `end` in its place can be played (a die typed with `gm dice` that no die of the end
            # shows): the AI waits for the player, as after an undo, instead of being asked again and again.
            self.held = True
            return Step(state.active or "", answer.decision, answer.ms, None, (), str(refused), stopped=True)
        self.played += 1
        return step

    def ai_step(self) -> Step:
        """Ask the acting side's AI and play its answer, at once (the batch runs; the app asks in a worker)."""
        if self.played >= MAX_LINES_PER_TURN:  # the cap: the AI is not asked
            return self.play(Answer(Decision(""), 0.0))
        player, rng, generator = self.question()
        decision, ms, failure = ask(player, self.game.state, rng)
        return self.play(Answer(decision, ms, failure, generator))

    def _keep_decision(self, side: str, unit: str, decision: Decision) -> None:
        """An AI side's decision is kept to be shown (the battlefield's `y`), unless it had nothing to weigh
        (one option or none: an `end` with no AP left) and one that did is kept: that one says more."""
        kept = self.decisions.get(side)
        if len(decision.options) > 1 or kept is None or len(kept[1].options) <= 1:
            self.decisions[side] = (unit, decision)

    # ----- what follows a command ----------------------------------------------------------------------------

    def followup(self, events: Sequence[Event]) -> Followup:
        """What the events of a command (or an undo) mean for whoever shows the fight."""
        return Followup(moved_on=any(event.kind in MOVED_ON for event in events))

    def victory_due(self) -> bool:
        """True once, when the fight is first seen over (the victory is said then)."""
        if self.game.state.finished and not self.victory_said:
            self.victory_said = True
            return True
        return False

    def _turn_change(self, game: Game) -> None:
        self._turn_changed = True  # told before the command's own autosave (Game tells turns first)

    def _saved(self, game: Game) -> None:
        assert self._autosave is not None
        self._autosave(game)
        if self._turn_changed:
            self._turn_changed = False
            self._autosave.flush()
