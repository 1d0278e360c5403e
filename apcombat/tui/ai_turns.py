"""AI turns on the battlefield: the app's driver of the fight's AI side (`apcombat.fight.Fight`, which `apcombat
sim` drives too). The acting `ai` side's AI is asked for each line in a worker thread (the screen keeps
answering keys while it thinks), and each line is played at the AI pace when the fight says a pause belongs,
so an illegal line ends the stretch as in sim.

The AI plays whenever one of its units is `state.active`, and only then (R13.3): a human watcher's
interruption hands control to the human until `e`; a human side's delayed unit is offered the chance to
step in before an AI unit's first line. After an undo the AI waits for the player's next command (a redo
is none: it replays what was undone, the AI's lines included) or the skip key.

The driver talks to its screen through `Battlefield`, the few things it needs of it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from apcombat.ai import Player
from apcombat.ai.turn import Answer, Step, ask
from apcombat.engine import Event, fog_on
from apcombat.fight import Fight, StepInOffer, Stretch, WaitedAction, out_of_sight
from apcombat.model import AiDice, Encounter
from apcombat.tui.session import Session

Options = list[tuple[str, str]]


class Battlefield(Protocol):
    """What AI turns need of the screen that shows them."""

    busy: bool  # a command is being played (the dice dialog asks from a worker): nothing else is

    @property
    def is_attached(self) -> bool: ...

    def hint(self, text: str) -> None: ...

    def notify(self, message: str, *, severity: Any = ...) -> None: ...

    def after(self, events: list[Event]) -> None: ...

    def follow(self, action: WaitedAction, back: bool) -> None: ...

    def show_waited(self, stretch: Stretch) -> None: ...

    def ask_choice(self, question: str, options: Options, answered: Callable[[str | None], None]) -> None: ...

    def set_timer(self, delay: float, callback: Callable[[], Any]) -> Any: ...

    def call_later(self, callback: Callable[..., Any], *args: Any) -> Any: ...

    def run_worker(
        self, work: Callable[[], Any], *, thread: bool = ..., group: str = ..., exit_on_error: bool = ...
    ) -> Any: ...

    def call_from_thread(self, callback: Callable[..., Any], *args: Any) -> Any: ...


class AiTurns:
    """Plays the AI sides' lines on a battlefield, one at a time, `pace()` seconds apart."""

    def __init__(self, battlefield: Battlefield, session: Session, pace: Callable[[], float]) -> None:
        self.battlefield = battlefield
        self.session = session
        self.fight: Fight = session.fight
        self._pace = pace
        self.generation = 0  # bumped when the state moves under a pending answer (undo, load): it is dropped
        self.pending = False  # a timer, a worker or a question to the player is on the way
        self.thinking = False
        self.asking = False  # the player is asked whether a delayed unit steps in
        # the last stretch each human side waited through (`W` shows it again): in hot-seat, only to its side
        self.stretches: dict[str, Stretch] = {}
        self.paced = False  # the line on its way waited out the pace (not at pace 0, nor skipped with n)

    @property
    def pace(self) -> float:
        """Seconds between two commands, asked at each pause: a pace changed in the settings applies from the
        next command on, in the middle of a turn too."""
        return self._pace()

    @property
    def acting(self) -> bool:
        """An AI is playing now (and not held)."""
        return self.fight.ai_acting

    @property
    def working(self) -> bool:
        """A line of the AI is on its way (not waiting for the player)."""
        return self.pending and not self.asking

    def go_on(self) -> None:
        """Ask the acting AI for its next line, unless something is already on the way."""
        if self.pending or self.battlefield.busy:
            return
        awaiting = self.fight.next_ai()
        if awaiting is None:
            return
        if isinstance(awaiting, StepInOffer):
            self._offer_step_in(awaiting)
            return
        self.pending = True
        generation = self.generation
        # R21.8.2 b: a command of a character the viewing side does not see is not paced (nor drawn)
        self.paced = (
            self.pace > 0 and awaiting.pause and not out_of_sight(self.session.state, self.session.shown_side())
        )
        if self.paced:
            self.battlefield.set_timer(self.pace, lambda: self._think(generation))
        else:
            self.battlefield.call_later(self._think, generation)

    def skip(self) -> None:
        """Play the rest of this AI stretch without pausing; let a held AI go on."""
        if self.pending and not self.thinking:  # waiting out the pace (or a question): go now
            self.generation += 1
            self.pending = False
        if self.fight.skip():
            self.battlefield.hint("the AI goes on")
        self.go_on()

    def hold(self) -> None:
        """Drop any answer on its way and wait for the player (undo: the player decides again, or redoes what
        was undone, the AI's lines too) until the player's next command or the skip key."""
        self.generation += 1
        self.pending = self.thinking = False
        self.fight.hold()

    def human_played(self) -> None:
        """A human's command: a hold ends."""
        self.fight.human_played()

    def _offer_step_in(self, offer: StepInOffer) -> None:
        """R13.3: before an AI unit's first line, a human side's delayed unit may take its turn instead."""
        state = self.session.state
        self.pending = self.asking = True

        def answered(choice: str | None) -> None:
            self.pending = self.asking = False
            self.fight.step_in(choice)
            if choice:
                name = state.unit(choice).name
                self.battlefield.hint(f"{name} steps in (R13.3): play {name}'s first command; the AI waits")
            self.go_on()

        self.battlefield.ask_choice(offer.question, list(offer.options), answered)

    def _think(self, generation: int) -> None:
        if generation != self.generation or self.fight.ai_side() is None:
            self.pending = False
            return
        player, rng, generator = self.fight.question()
        state = self.session.state
        self.thinking = True
        self.battlefield.run_worker(
            lambda: self._ask(generation, state, player, (rng, generator)), thread=True, group="ai", exit_on_error=False
        )

    def _ask(self, generation: int, state: Encounter, player: Player, draw: tuple[random.Random, AiDice]) -> None:
        """In the worker thread: only the AI's thinking happens here, on the state it was asked about. `draw`:
        the generator the AI is handed and its side's generator after it, which the game keeps."""
        rng, generator = draw
        decision, ms, failure = ask(player, state, rng)
        answer = Answer(decision, ms, failure, generator)
        self.battlefield.call_from_thread(self._answered, generation, state, answer)

    def _answered(self, generation: int, state: Encounter, answer: Answer) -> None:
        if generation != self.generation or not self.battlefield.is_attached:  # undone, or the game was left
            return
        self.pending = self.thinking = False
        if self.session.state is not state or self.fight.ai_side() is None:
            self.go_on()  # the state moved on meanwhile (a load): ask again about the new one
            return
        if self.session.dice_mode:  # the dice dialog asks from a worker, as for the player's commands
            self.battlefield.busy = True
            self.battlefield.run_worker(lambda: self._play_asking_dice(answer), thread=True)
            return
        self._played(self.fight.play(answer))

    def _play_asking_dice(self, answer: Answer) -> None:
        step = self.fight.play(answer)
        self.battlefield.call_from_thread(self._played, step)

    def _played(self, step: Step) -> None:
        self.battlefield.busy = False
        if step.illegal is not None:
            # R21.8.3: under the fog a side's view is not told the line nor its refusal (they may name a hidden
            # character, say where it is); only the game master's screen is
            why = f" ({step.illegal})" if self.session.shown_side() is None or not fog_on(self.session.state) else ""
            if step.stopped:  # it waits for the player: the reason says what to take back
                reason = f": {step.illegal}" if why else ": it cannot play on"
                self.battlefield.notify(f"the AI waits{reason}", severity="error")
            else:
                self.battlefield.notify(f"the AI played an illegal line{why}: its turn ends", severity="warning")
        self.battlefield.after(list(step.events))
        self._follow()

    def _follow(self) -> None:
        """Show the line just played on the map and its reason; when control is back with the player, what
        happened while the player waited."""
        back = not self.fight.ai_acting
        action = self.fight.waiting.last
        if action is not None and action.number == len(self.session.game.history):
            self.battlefield.follow(action, back)
        if back:
            self.show_waited(again=False)

    def show_waited(self, again: bool = True) -> None:
        """The "While you waited" panel: the stretch just waited through (the human side in control now is
        the viewing one), else, `again`, the last one shown."""
        played = self.fight.waiting.actions
        for side, kept_stretch in list(self.stretches.items()):  # an undo takes back what it undid: no longer listed
            kept = tuple(action for action in kept_stretch.actions if any(action is was for was in played))
            if kept:
                self.stretches[side] = Stretch(side, kept)
            else:
                del self.stretches[side]
        stretch = self.fight.waiting.control_back()
        last = self.stretches.get(self.fight.viewing_side() or "")  # R21.8.5: never another side's
        if stretch is not None:
            self.stretches[stretch.viewing] = stretch
        elif again and last is not None:
            stretch = last
        elif again:
            self.battlefield.hint("nothing happened while you waited (W shows the other sides' actions)")
        if stretch is not None:
            self.battlefield.show_waited(stretch)
