"""AI turns on the battlefield: the acting `ai` side's AI is asked for each line in a worker thread (the
screen keeps answering keys while it thinks), and each line is played on the screen at the AI pace, through
the same driver as `apcombat sim` (apcombat.ai.turn), so an illegal line ends the stretch the same way.

The AI plays whenever one of its units is `state.active`, and only then (R13.3): a human watcher's
interruption hands control to the human until `e`; a human side's delayed unit is offered the chance to
step in before an AI unit's first line. After an undo the AI waits for the player's next command (a redo
is none: it replays what was undone, the AI's lines included) or the skip key.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from apcombat.ai import Player
from apcombat.ai.turn import Answer, Step, ask, stretch_of
from apcombat.model import AiDice, Encounter
from apcombat.tui.screens.dialogs import ChoiceScreen

if TYPE_CHECKING:
    from apcombat.tui.screens.game import GameScreen


class AiTurns:
    """Plays the AI sides' lines on a game screen, one at a time, at `pace` seconds apart."""

    def __init__(self, screen: GameScreen, pace: float) -> None:
        self.screen = screen
        self.session = screen.session
        self.pace = pace
        self.generation = 0  # bumped when the state moves under a pending answer (undo, load): it is dropped
        self.pending = False  # a timer, a worker or a question to the player is on the way
        self.held = False  # the player asked the AI to wait (an undo, a delayed unit stepping in)
        self.thinking = False
        self.asking = False  # the player is asked whether a delayed unit steps in
        self.skipping: object = None  # the stretch played without pause (the skip key)
        self.stretch: object = None
        self.played = 0  # lines played in this stretch
        self.offered: object = None  # the stretch whose start was offered to delayed human units

    @property
    def acting(self) -> bool:
        """An AI is playing now (and not held)."""
        return self.session.ai_side() is not None and not self.held

    @property
    def working(self) -> bool:
        """A line of the AI is on its way (not waiting for the player)."""
        return self.pending and not self.asking

    def go_on(self) -> None:
        """Ask the acting AI for its next line, unless something is already on the way."""
        if self.pending or self.held or self.screen.busy or self.session.ai_side() is None:
            return
        state = self.session.state
        stretch = stretch_of(state)
        if stretch != self.stretch:
            self.stretch, self.played = stretch, 0
        if self._offer_step_in(stretch):
            return
        self.pending = True
        generation = self.generation
        if self.pace > 0 and self.skipping != stretch:
            self.screen.set_timer(self.pace, lambda: self._think(generation))
        else:
            self.screen.call_later(self._think, generation)

    def skip(self) -> None:
        """Play the rest of this AI stretch without pausing; let a held AI go on."""
        self.skipping = stretch_of(self.session.state)
        if self.pending and not self.thinking:  # waiting out the pace (or a question): go now
            self.generation += 1
            self.pending = False
        if self.held:
            self.held = False
            self.screen.hint("the AI goes on")
        self.go_on()

    def hold(self) -> None:
        """Drop any answer on its way and wait for the player (undo: the player decides again, or redoes what
        was undone, the AI's lines too) until the player's next command or the skip key."""
        self.generation += 1
        self.pending = self.thinking = False
        self.held = True

    def human_played(self) -> None:
        """A human's command: a hold ends."""
        self.held = False

    def _offer_step_in(self, stretch: object) -> bool:
        """R13.3: before an AI unit's first line, a human side's delayed unit may take its turn instead."""
        state = self.session.state
        if self.offered == stretch or state.interrupt is not None:
            return False
        self.offered = stretch
        active = state.unit(state.active) if state.active else None
        if active is None or active.spent_ap:
            return False
        waiting = [
            state.unit(uid)
            for uid in state.delayed
            if state.unit(uid).standing and state.unit(uid).side not in self.session.ai_settings
        ]
        if not waiting:
            return False
        options = [(unit.id, f"{unit.name} steps in now ({unit.ap} AP)") for unit in waiting]
        options.append(("", f"Let {active.name} act"))
        self.pending = self.asking = True

        def answered(choice: str | None) -> None:
            self.pending = self.asking = False
            if choice:
                self.held = True
                name = state.unit(choice).name
                self.screen.hint(f"{name} steps in (R13.3): play {name}'s first command; the AI waits")
            self.go_on()

        question = f"{active.name} (AI) is about to act: a delayed unit may step in first (R13.3)"
        self.screen.app.push_screen(ChoiceScreen(question, options), answered)
        return True

    def _think(self, generation: int) -> None:
        if generation != self.generation or self.session.ai_side() is None:
            self.pending = False
            return
        player, rng, generator = self.session.ai_question()
        state = self.session.state
        self.thinking = True
        self.screen.run_worker(
            lambda: self._ask(generation, state, player, (rng, generator)), thread=True, group="ai", exit_on_error=False
        )

    def _ask(self, generation: int, state: Encounter, player: Player, draw: tuple[random.Random, AiDice]) -> None:
        """In the worker thread: only the AI's thinking happens here, on the state it was asked about. `draw`:
        the generator the AI is handed and its side's generator after it, which the game keeps."""
        rng, generator = draw
        decision, ms, failure = ask(player, state, rng)
        answer = Answer(decision, ms, failure, generator)
        self.screen.app.call_from_thread(self._answered, generation, state, answer)

    def _answered(self, generation: int, state: Encounter, answer: Answer) -> None:
        if generation != self.generation or not self.screen.is_attached:  # undone, or the game was left
            return
        self.pending = self.thinking = False
        if self.session.state is not state or self.session.ai_side() is None:
            self.go_on()  # the state moved on meanwhile (a load): ask again about the new one
            return
        if self.session.dice_mode:  # the dice dialog asks from a worker, as for the player's commands
            self.screen.busy = True
            self.screen.run_worker(lambda: self._play_asking_dice(answer), thread=True)
            return
        self._played(self.session.play_ai_answer(answer, self.played))

    def _play_asking_dice(self, answer: Answer) -> None:
        step = self.session.play_ai_answer(answer, self.played)
        self.screen.app.call_from_thread(self._played, step)

    def _played(self, step: Step) -> None:
        self.screen.busy = False
        self.played += 1
        if step.illegal is not None:
            self.screen.notify(f"the AI played an illegal line ({step.illegal}): its turn ends", severity="warning")
        self.screen.after(list(step.events))
