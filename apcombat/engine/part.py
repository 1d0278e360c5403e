"""The one interface between the engine's core and the optional rule modules (R18, and R21 after them).

A module is a `RuleModule`: its `[modules]` key, words and rule; its commands and game-master commands (word,
parser, usage, and the handler that plays them); and hooks the core calls at fixed points of the fight —
refusals, hit-chance and test modifiers, turn start, each move step, after an action, turn end, and its steps
in the end of a round. Every hook does nothing unless a part overrides it, and the core calls the hooks only of
the parts whose module the encounter has on (`parts_on`); the command tables are every installed part's, so a
command of a module that is off is refused by its own part, in the one sentence `module_off` gives.

The core names no module: it calls these hooks over `installed()`. `apcombat.engine.modules` lists the parts
(its `REGISTRY`) and installs them when the engine is imported; a new module is one new part and one line there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from apcombat.dice import DiceSource
from apcombat.engine import commands as command_words
from apcombat.engine.command_base import Command
from apcombat.engine.events import Event
from apcombat.engine.notes import told_to_nobody
from apcombat.model import Cell, Encounter, Unit

if TYPE_CHECKING:
    from apcombat.board.paths import Path
    from apcombat.engine.blast import Caught
    from apcombat.model import Weapon
    from apcombat.rules.resolve import AttackResult

Handler = Callable[[Encounter, Any, DiceSource, list[Event]], Encounter]
"""Plays one command (of the class it is filed under): the state after it, its events appended."""

Apply = Callable[[Encounter, Command, DiceSource], tuple[Encounter, list[Event]]]
"""`engine.apply.apply`, handed to a command that plays another one again (R18.6.2)."""

OwnApply = Callable[[Encounter, Any, DiceSource, Apply], tuple[Encounter, list[Event]]]
"""Plays a command outside `apply`'s turn rules (a re-roll plays the action before it again)."""

RoundEndStep = Callable[[Encounter, DiceSource, list[Event], Encounter], Encounter]
"""One step of the end of a round: the state now, and `before`, the state when this end of round began."""

Accepted = Callable[[Encounter, Command], bool]
"""Whether `apply` would take the command now (what `legal_commands` asks of each line it lists)."""


@attrs.frozen
class CommandForm:
    """One word of the command language that a module adds: its parser (the words after it), its usage, the
    command class it makes with its handler (None: the part plays it through `own_apply`), and its formatter
    (the command's canonical line, which the parser reads back)."""

    word: str
    parser: Callable[[list[str]], Command]
    usage: str
    command: type[Command]
    handler: Handler | None
    format: Callable[[Any], str]
    listed: int = 100  # its place among the modules' words where the language lists them (R18's kept theirs)


@attrs.frozen
class RoundEnd:
    """A part's step in the end of a round, at `place` in R18's order (fires 10, man-down bleeding 20,
    suppression recovery 30, morale tests 40, rally 50; R21.2.2 b's marks go last, after them)."""

    place: int
    step: RoundEndStep


class RuleModule:
    """An optional rule module as the core sees it. Subclasses set `key`, `words` and `rule` and override the
    hooks they need; every hook here does nothing."""

    key: str = ""  # its key in an encounter's [modules] table
    words: str = ""  # how a sentence names it ("spreading fires")
    rule: str = ""  # the rule that describes it ("R18.3")
    commands: tuple[CommandForm, ...] = ()  # a unit's or a side's commands: `aid WHO PATIENT`
    gm_commands: tuple[CommandForm, ...] = ()  # the game master's: `gm fire X,Y on`
    side_commands: tuple[type[Command], ...] = ()  # played by a side between turns (R18.5.1), not by the unit acting
    own_apply: Mapping[type[Command], OwnApply] = {}  # played outside `apply`'s turn rules (R18.6.2)
    round_end: tuple[RoundEnd, ...] = ()
    # Its state: the fields of its slot (under `key`) in a unit's, a side's and the encounter's `slots`
    # (`model.module_state`), which the holders also show by these flat names. `fate`, out of the fight, is the
    # core's: morale, casualties and fires write it, and `down`, the status and victory read it.
    unit_state: tuple[str, ...] = ()
    side_state: tuple[str, ...] = ()
    encounter_state: tuple[str, ...] = ()

    # The order of turns (R18.5: a deck instead of initiative).

    def initiative_instead(self, state: Encounter) -> str | None:
        """The log's line when this module decides the order of turns instead of initiative (R13.1)."""
        return None

    def round_begins(self, state: Encounter, number: int, dice: DiceSource, events: list[Event]) -> Encounter:
        """At the start of round `number`, after its event."""
        return state

    def begin_round(self, state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter | None:
        """A round begun by this module instead of handing the turn on (None: not taken)."""
        return None

    def next_up(self, state: Encounter, dice: DiceSource, events: list[Event]) -> tuple[Encounter, str | None] | None:
        """The unit whose turn comes next, chosen by this module (None: the initiative order's)."""
        return None

    def waiting_for_sides(self, state: Encounter) -> bool:
        """Whether the round waits for the sides' `side_commands` before anyone acts."""
        return False

    def actions_while_waiting(self, state: Encounter) -> list[Command]:
        """The commands the sides may play while the round waits for them."""
        return []

    def stop_waiting(self, state: Encounter, events: list[Event]) -> Encounter:
        """Another command came while the round waited for the sides: play begins."""
        return state

    # Refusals, before a command is played.

    def refuse(self, state: Encounter, command: Command, who: str | None) -> None:
        """Raise CommandError when the module forbids the command of the acting unit `who`."""

    def refuse_target(self, state: Encounter, attacker: Unit, target: Unit) -> None:
        """Raise CommandError when the attacker may not name this target (R21.5.1)."""

    def refuse_pin(self, state: Encounter, pinner: Unit, target: Unit) -> None:
        """Raise CommandError when the pinner may not pin this enemy (R21.5.4)."""

    def refuse_gm(self, state: Encounter, command: Command) -> None:
        """Raise CommandError when the module forbids a game master's command (R21.7.3's `gm spot`)."""

    def refuse_unknown(self, state: Encounter, command: Command) -> None:
        """Raise CommandError, before anything else is judged, when a player's command names a unit its side
        may not know of (R21.5.1: the refusal then tells nothing)."""

    def hides(self, state: Encounter, looker: Unit, other: Unit) -> bool:
        """True when the module keeps `other` out of `looker`'s sight although the line is clear (R21.1.4:
        every rule asking whether a character sees another — a watch, morale's "in sight" — asks this too)."""
        return False

    def unknown_to(self, state: Encounter, side: str, unit: Unit) -> bool:
        """True when `side` does not know `unit` is there: its cell counts as free for that side's paths,
        jumps and falls (R21.6.2)."""
        return False

    def judged_on(self, state: Encounter) -> Encounter | None:
        """The state the acting side's `legal_commands` and previews are worked out on (None: the state
        itself; R21.9.2: the fog of war gives that side's view)."""
        return None

    def refuse_running(self, state: Encounter, unit: Unit) -> None:
        """Raise CommandError when the unit may not run."""

    def may_move(self, state: Encounter, unit: Unit) -> bool:
        """False when the module forbids the unit every move (`legal_commands` then lists none)."""
        return True

    def may_attack(self, state: Encounter, unit: Unit) -> bool:
        """False when the module forbids the unit every attack."""
        return True

    def checks_paths(self, state: Encounter, unit: Unit) -> bool:
        """Whether `path_problem` may refuse a path of this unit (building every path costs time)."""
        return False

    def path_problem(self, state: Encounter, unit: Unit, path: Path) -> str | None:
        """Why the unit may not walk this path (None: it may)."""
        return None

    # Modifiers.

    def shot_fields(self, state: Encounter, unit: Unit) -> Mapping[str, int]:
        """What the module adds to the rules' view of a shooter or a target (`rules.shot`), by field."""
        return {}

    def d10_modifier(self, state: Encounter, unit: Unit) -> int:
        """Added to the unit's d10 tests (perception, covering fire's luck)."""
        return 0

    # Turns and actions.

    def burn_at_turn_start(self, state: Encounter, unit: Unit, dice: DiceSource, events: list[Event]) -> Unit | None:
        """The unit burnt as its turn would start instead of its burn's tick (None: the tick, R6.2)."""
        return None

    def turn_begins(self, state: Encounter, unit: Unit) -> tuple[Unit, str]:
        """The unit as its turn begins, and words added to the turn's line."""
        return unit, ""

    def before_action(self, state: Encounter, command: Command, events: list[Event]) -> Encounter:
        """A command of the acting unit accepted by every refusal so far, before its handler pays AP or rolls
        a die: the state it is played from (R21.4.2 b: a hidden character is revealed first). A refusal by the
        handler afterwards undoes this too (`apply` changes nothing on a refusal)."""
        return state

    def interruption_begins(self, state: Encounter, watcher_id: str, events: list[Event]) -> Encounter:
        """A watcher's perception test succeeded and it interrupts (R16.2): the state as its interruption
        begins (R21.4.2 c: a hidden watcher is revealed)."""
        return state

    def after_step(
        self, state: Encounter, mover_id: str, dice: DiceSource, events: list[Event]
    ) -> tuple[Encounter, bool]:
        """After each step of a move, before its watchers' reactions (R21.1.3: an update's sight comes before
        R16.2's tests): the state, and whether the move stops after those reactions (R21.6.1)."""
        return state, False

    def bumps(
        self, state: Encounter, mover_id: str, cell: Cell, jumping: bool, events: list[Event]
    ) -> Encounter | None:
        """Before a step or (`jumping`) a jump's landing on `cell`: the state after the mover bumped into a
        character its side did not know was there (the step or jump is then not made, R21.6.2), or None: the way
        is free."""
        return None

    def at_update(self, state: Encounter, events: list[Event]) -> Encounter:
        """At a moment of the fight the modules may take stock of (R21.1.3): a turn's start after its burns
        and lost AP, an interruption's start and its end."""
        return state

    def after_move(self, state: Encounter, unit_id: str, events: list[Event]) -> Encounter:
        """After a move command of the acting unit, its aftermath played."""
        return state

    def after_attack(
        self,
        state: Encounter,
        attacker_id: str,
        target_id: str,
        result: AttackResult,
        dice: DiceSource,
        events: list[Event],
    ) -> Encounter:
        """After an attack's result is applied."""
        return state

    def shot_at(self, state: Encounter, target_id: str, hit: bool, events: list[Event], how: str) -> Encounter:
        """After a unit was shot at (any attack but close combat; covering fire), hit or not."""
        return state

    def blast_fires(self, state: Encounter, weapon: Weapon, landing: Cell) -> frozenset[Cell]:
        """R22.6.2: the cells a burning weapon's blast at `landing` sets on fire (asked before the bands: a
        character in one counts as caught in the inner band)."""
        return frozenset()

    def blast_landed(
        self,
        state: Encounter,
        thrower_id: str,
        weapon: Weapon,
        landing: Cell | None,
        caught: tuple[Caught, ...],
        lost: Mapping[str, int],
        fires: frozenset[Cell],
        dice: DiceSource,
        events: list[Event],
    ) -> Encounter:
        """R22.7.1 (4)-(6), after a blast's damage (`landing` None at the table): `caught`, whom it reached with
        their bands; `lost`, the HP each caught character in the fight lost (0 included); `fires`, the cells
        `blast_fires` named. The fires are lit, markers given (R22.7.1 5), hidden characters revealed (6)."""
        return state

    def covering_fire_resolved(self, state: Encounter, pinner_id: str, target_id: str) -> Encounter:
        """After a pinner's covering fire resolved on its target (R17.2)."""
        return state

    def reacting_shown(self, state: Encounter, attacker: Unit, target: Unit, reacting: bool) -> bool:
        """Whether the target counts as reacting against this attacker (R9.3), given the core's `reacting`
        (R21.2.5: under the fog only where the attacker's side is shown the reaction)."""
        return reacting

    def after_action(self, before: Encounter, state: Encounter, dice: DiceSource, events: list[Event]) -> Encounter:
        """After every action and every step outside one (a burn at a turn's start, an end-of-round step)."""
        return state

    def holds_verdict(self, state: Encounter) -> bool:
        """Whether the fight's verdict waits (dice still to roll)."""
        return False

    def victory_note(self, state: Encounter) -> str:
        """What the victory line adds ("" for nothing)."""
        return ""

    def unit_turn_ends(self, unit: Unit) -> Unit:
        """The acting unit as its turn ends, before the turn's end is logged."""
        return unit

    def turn_ended(self, state: Encounter, unit_id: str, events: list[Event]) -> Encounter:
        """After a turn's end is logged."""
        return state

    # Commands.

    def legal_actions(self, state: Encounter, unit: Unit, accepted: Accepted) -> Iterator[Command]:
        """The module's commands the acting unit may play now, for `legal_actions`."""
        return iter(())

    def recorder(self, state: Encounter, command: Command, dice: DiceSource) -> DiceSource | None:
        """A dice source recording the command's dice (None: not recorded)."""
        return None

    def recorded(
        self, state: Encounter, before: Encounter, command: Command, recording: DiceSource, events: list[Event]
    ) -> Encounter:
        """After a command played with this part's `recorder`."""
        return state

    def after_command(self, state: Encounter, command: Command, gm: bool) -> Encounter:
        """After every command `apply` played (`gm`: a game master's)."""
        return state

    # Re-rolls (R18.6.2).

    def replay_base(self, base: Encounter, first: Encounter) -> Encounter:
        """The state a re-roll plays the action again from (`base`, the state before it), given `first`, the
        state the first play left (R21.8.8: who the first play revealed starts revealed)."""
        return base

    def replayed(self, first: Encounter, base: Encounter, after: Encounter) -> Encounter:
        """The state a re-roll's replay left (`after`), given the first play's (`first`) and the state both
        were played from (`base`) (R21.8.8: each side keeps the marks the first play showed it)."""
        return after

    # What each side is told (R21.8.3).

    def command_begins(self, state: Encounter, command: Command) -> Encounter:
        """Before `apply` plays a command (the fog of war starts counting what each side glimpses in it)."""
        return state

    def tell(self, before: Encounter, state: Encounter, command: Command, events: list[Event]) -> list[Event]:
        """After a command, `after_command` run: its events with the sides shown each line (`Event.shown_to`)
        and the words a side reads instead (`Event.told`)."""
        return events

    def tell_line(self, state: Encounter, event: Event) -> Event:
        """A line the game adds around a command (an AI's reason, undo, redo), as `tell` tells the command's."""
        return event

    def shows_die(self, state: Encounter, side: str, owner: str | None, purpose: str) -> bool:
        """Whether `side` is shown a die of the command just played (rolled for `owner`'s `purpose`): the dice
        a side is shown are numbered 1, 2, 3 ... for it, in the `dice:` line and for `reroll SIDE N`."""
        return True


_installed: tuple[RuleModule, ...] = ()


def install(parts: tuple[RuleModule, ...]) -> tuple[RuleModule, ...]:
    """Make `parts` the modules the engine plays, in the order their hooks run; returns the ones before."""
    global _installed
    before, _installed = _installed, tuple(parts)
    _on.clear()
    command_words.use_module_commands(
        tuple(form for part in parts for form in part.commands),
        tuple(form for part in parts for form in part.gm_commands),
    )
    return before


def installed() -> tuple[RuleModule, ...]:
    """Every module the engine knows, on or off, in the order their hooks run."""
    return _installed


_on: dict[tuple[tuple[str, bool], ...], tuple[RuleModule, ...]] = {}
"""`parts_on` by the `[modules]` table's entries (asked for every hook of every command an AI weighs)."""


def parts_on(state: Encounter) -> tuple[RuleModule, ...]:
    """The modules the encounter's `[modules]` table switched on, in the order their hooks run."""
    table = tuple(state.modules.items())
    found = _on.get(table)
    if found is None:
        if len(_on) >= 64:  # a few tables in a game; many only where tests draw them at random
            _on.clear()
        found = _on[table] = tuple(part for part in _installed if state.module_on(part.key))
    return found


def told_line(state: Encounter, event: Event) -> Event:
    """A line the game adds around a command, as the modules that are on tell it (R21.8.3)."""
    for part in parts_on(state):
        event = part.tell_line(state, event)
    return told_to_nobody(event)  # a note's lines are the game master's, fog or not (R21.7.4)


def die_shown(state: Encounter, side: str, owner: str | None, purpose: str) -> bool:
    """Whether `side` is shown a die of the command just played (every die, unless a module says not)."""
    return all(part.shows_die(state, side, owner, purpose) for part in parts_on(state))


def rule_modules() -> tuple[RuleModule, ...]:
    """Every module the engine knows in its rule's order (R18.1 first), as the set-up screen lists them."""
    return tuple(sorted(_installed, key=lambda part: tuple(int(n) for n in part.rule.removeprefix("R").split("."))))


def round_end_steps(state: Encounter) -> tuple[RoundEndStep, ...]:
    """The steps of the end of a round of the modules that are on, at their places in R18's order."""
    steps = sorted((step for part in parts_on(state) for step in part.round_end), key=lambda step: step.place)
    return tuple(step.step for step in steps)
