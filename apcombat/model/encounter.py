"""An encounter's whole state: sides, units on the map, the round and whose turn it is.

Immutable: the engine makes a new state with `attrs.evolve` for every command, which is what makes undo,
saves and replays exact.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, TypeVar

import attrs

from apcombat.model.ai_settings import DEFAULT_AI, AiRole, AiSettings
from apcombat.model.armor import NO_ARMOR, Armor
from apcombat.model.battlemap import BattleMap, Cell
from apcombat.model.character import Character
from apcombat.model.conditions import NO_EXHAUSTION, Burning, Exhaustion
from apcombat.model.converters import as_frozenset, as_tuple
from apcombat.model.criticals import DEFAULT_CRITICALS, CriticalTable
from apcombat.model.deck import Deck
from apcombat.model.enums import BodyLocation, Facing, Pose
from apcombat.model.fates import Edge, Fate, MoraleState
from apcombat.model.fires import TableFire
from apcombat.model.fog_state import Mark, Sighting
from apcombat.model.house_rules import HouseRules, OptionalRules
from apcombat.model.module_state import EncounterSlots, RolledDie, SideSlots, UnitSlots
from apcombat.model.weapon import Weapon


@attrs.frozen
class AiDice:
    """One AI side's own generator: the PCG32 state of apcombat.dice (two 64-bit integers). It is part of the
    state so that undo rewinds it and saves keep it; only apcombat.ai knows how it is seeded and drawn from."""

    side: str
    seeded: tuple[int, int]


class Control(StrEnum):
    """Who plays a side. Until an AI exists an `ai` side is played like a `human` one."""

    HUMAN = "human"
    AI = "ai"
    GM = "gm"


class UnitStatus(StrEnum):
    """Where a unit stands in the round (the `status` of `apcombat run --json`)."""

    READY = "ready"  # has not had its turn this round
    ACTED = "acted"  # its turn is over
    WATCHING = "watching"  # R16: sacrificed its turn to react
    PINNING = "pinning"  # R17: sacrificed its turn to give covering fire
    DELAYED = "delayed"  # R13.3: will act later this round
    UNCONSCIOUS = "unconscious"  # R12.1: head wound
    DOWN = "down"  # R12.2: 0 HP, out of the fight
    MAN_DOWN = "man_down"  # R18.2.1: out of the fight until a friend treats it
    DEAD = "dead"  # R18.2.1
    SURRENDERED = "surrendered"  # R18.1.5
    FLED = "fled"  # R18.1.3

    @property
    def words(self) -> str:
        """The status as the screens and the page say it: "man down", not its saved name `man_down`."""
        return self.value.replace("_", " ")


class HpShown(StrEnum):
    """How the players' view (`apcombat serve --watch`) shows a side's hit points: the game master's choice."""

    EXACT = "exact"  # "18/31 HP"
    WORDS = "words"  # a wound word: "badly hurt"
    HIDDEN = "hidden"  # nothing about its HP


AI_LEVEL_NAMES = ("baseline", "random", "tactical")
"""The built-in AI levels a side's `ai` may name (`apcombat.ai.LEVELS` builds them; a test keeps the two
agreeing)."""


@attrs.frozen
class PlayersShown:
    """What the players' view shows beyond each side's HP (`Side.hp_shown`): the game master's choice, per fight
    (`gm show reasons|statuses on|off`). Undone lines are never shown; with the fog of war on an enemy's watch
    never is (R21.2.5), whatever `statuses` says."""

    reasons: bool = False  # the AI's one-line reasons after its commands
    statuses: bool = False  # watching, pinning, burning ... of enemies whose HP the players' view hides


@attrs.frozen
class Side:
    """One party of the fight; `ai` is how the AI plays it when `control` is ai (its level, effort and
    knobs), kept in the state so that a saved game goes on as it was set up."""

    id: str
    name: str
    control: Control = Control.HUMAN
    ai: AiSettings = DEFAULT_AI
    hp_shown: HpShown = HpShown.EXACT  # on the players' view; the game master changes it with `gm show`
    slots: SideSlots = attrs.field(factory=SideSlots)  # R18: the modules' state (`model.module_state`)
    colour: str | None = None  # its colour on the map, a name of `side_colours.SIDE_COLOURS`; None: by its place

    @property
    def edge(self) -> Edge | None:
        """R18.1.3: where its broken characters flee (None: nearest their start)."""
        return self.slots.morale.edge

    @property
    def reroll_points(self) -> int:
        """R18.6.1: two buy a re-roll (the `rerolls` module)."""
        return self.slots.rerolls.reroll_points

    # R21, the fog of war: what the side knows of its enemies (`engine.view` and `engine.marks_of` read it).

    @property
    def seen(self) -> frozenset[str]:
        return self.slots.fog_of_war.seen

    @property
    def marks(self) -> tuple[Mark, ...]:
        return self.slots.fog_of_war.marks

    @property
    def ever_seen(self) -> tuple[str, ...]:
        return self.slots.fog_of_war.ever_seen

    @property
    def last_seen(self) -> tuple[Sighting, ...]:
        return self.slots.fog_of_war.last_seen

    @property
    def bumped(self) -> tuple[tuple[str, Cell], ...]:
        return self.slots.fog_of_war.bumped

    @property
    def told(self) -> frozenset[str]:
        return self.slots.fog_of_war.told

    @property
    def glimpsed(self) -> frozenset[str]:
        return self.slots.fog_of_war.glimpsed

    @property
    def glimpsed_at(self) -> tuple[tuple[str, Cell], ...]:
        return self.slots.fog_of_war.glimpsed_at


@attrs.frozen
class CarriedWeapon:
    """A weapon a unit carries, with what is loaded in it (rounds, or seconds of fuel for flamers)."""

    weapon: Weapon
    loaded: int
    broken: bool = False  # R12.1 weapon wound, R19.1


@attrs.frozen
class ThrownStock:
    """R22.1.2: thrown weapons of one kind on a unit's belt, and how many are left (0-99)."""

    weapon: Weapon
    count: int

    @property
    def words(self) -> str:
        """How the panels, the log and the players' view name it: "frag grenade × 2" (R22.1.2)."""
        return f"{self.weapon.name.lower()} × {self.count}"


@attrs.frozen
class WaitingBlast:
    """R22.9.2: table mode's throw, made and landed, waiting for the game master's `gm blast` line.

    `distance_m` is the throw's distance (the line gave it in cm); `hit` whether it landed on the point aimed
    at; on a miss `direction` (the table's compass, a d8's) and `cells` (how far it scattered, R22.4.2)."""

    thrower: str
    item: str
    distance_m: float
    lean: bool = False
    hit: bool = True
    direction: Facing | None = None
    cells: int = 0


@attrs.frozen
class Watch:
    """R16: a unit on reaction watch, and the enemies that already caused a perception test."""

    tested: frozenset[str] = attrs.field(factory=frozenset, converter=as_frozenset)


@attrs.frozen
class Pin:
    """R17: a unit giving covering fire on one enemy in cover."""

    target: str


@attrs.frozen
class Unit:
    """One character in the encounter and everything about it that changes during the fight."""

    id: str
    side: str
    character: Character
    hp: int
    ap: int = 0  # AP left in the current turn
    at: Cell | None = None  # None in table mode (no map)
    facing: Facing = Facing.N
    pose: Pose = Pose.UPRIGHT
    armor: Armor = NO_ARMOR
    weapons: tuple[CarriedWeapon, ...] = attrs.field(default=(), converter=as_tuple)
    thrown: tuple[ThrownStock, ...] = attrs.field(default=(), converter=as_tuple)  # R22.1.2: on the belt
    in_hand: int = 0  # index into weapons
    offhand: int | None = None  # index of the second gun for two-gun fire (R11)
    ammo: dict[str, int] = attrs.field(factory=dict)  # spare rounds by ammunition id (R19.1)
    in_cover: bool = False
    wounds: frozenset[BodyLocation] = attrs.field(factory=frozenset, converter=as_frozenset)
    exhaustion: Exhaustion = NO_EXHAUSTION
    burning: Burning | None = None
    unconscious_rounds: int = 0
    ap_loss_next_turn: int = 0  # R12.1 head wound
    carried_mm: int = 0  # R7.1: movement bought and not used yet
    carried_rate: int = 0  # R7.1: the mm per AP that movement was bought at (0: the pose's walking rate)
    recent_steps: tuple[Facing, ...] = attrs.field(default=(), converter=as_tuple)  # R15.1: last two steps
    turn_degrees: float = 0.0  # R7.3: signed rotation of the current run of consecutive turns
    turn_paid: int = 0  # R7.3: AP already paid for that run of turns
    sacrificed_ap: int = 0  # R16.2: the AP a watcher gave up, to be used when it interrupts
    ran_ap: int = 0  # R14.2: AP spent running this turn
    spent_ap: bool = False  # R13.3, R16.1, R17.1: anything spent this turn
    initiative: int | None = None
    initiative_bonus: int = 0  # R13.1: the game master's bonus
    watch: Watch | None = None
    pin: Pin | None = None
    ai_role: AiRole | None = None  # standing orders an AI side's plans respect (None: none given)
    note: str = ""  # the game master's note beside the name ("has the key"): the GM's screens only, never the players'
    # R18.1, R18.2: man down, dead, surrendered or fled. The core's, though morale and casualties write it:
    # out of the fight is what `down`, the status and victory count.
    fate: Fate = Fate.NONE
    slots: UnitSlots = attrs.field(factory=UnitSlots)  # R18: the modules' state (`model.module_state`)

    # The modules' state by its flat names, as encounter files, `run --json`, the screens and plug-ins read it.

    @property
    def morale(self) -> MoraleState:
        """R18.1.3: steady, shaken or broken (the morale module's)."""
        return self.slots.morale.morale

    @property
    def start(self) -> Cell | None:
        """R18.1.3: where it started the fight (its edge when its side names none)."""
        return self.slots.morale.start

    @property
    def gm_friends_near(self) -> bool:
        """R18.1.1 table mode: the game master said three friends are within 3 m."""
        return self.slots.morale.gm_friends_near

    @property
    def gm_leader_near(self) -> str | None:
        """R18.1.1 table mode: the leader the game master said is near, in sight."""
        return self.slots.morale.gm_leader_near

    @property
    def stunned(self) -> bool:
        """R18.2.1: its next turn (or the rest of this one) is lost but for moving."""
        return self.slots.casualties.stunned

    @property
    def times_stunned(self) -> int:
        """R18.2.4: for the victory summary."""
        return self.slots.casualties.times_stunned

    @property
    def markers(self) -> int:
        """R18.4: suppression markers held (0-3)."""
        return self.slots.suppression.markers

    @property
    def markers_new(self) -> int:
        """R18.4.1: markers gained in round `markers_round` (at most 2 a round)."""
        return self.slots.suppression.markers_new

    @property
    def markers_round(self) -> int:
        """R18.4.1: the round of `markers_new`."""
        return self.slots.suppression.markers_round

    @property
    def hidden(self) -> bool:
        """R21.3: seen by no enemy, whatever the lines (the `fog_of_war` module)."""
        return self.slots.fog_of_war.hidden

    @property
    def quietly_revealed(self) -> bool:
        """R21.4.3: revealed by no action of its own; it enters no watch until its own next action."""
        return self.slots.fog_of_war.quietly_revealed

    @property
    def name(self) -> str:
        return self.character.name

    @property
    def weapon(self) -> CarriedWeapon | None:
        return self.weapons[self.in_hand] if self.weapons else None

    def thrown_stock(self, item: str) -> ThrownStock | None:
        """R22.1.2: the unit's stock of the thrown weapon `item` (a weapon id), None if it never carried one."""
        return next((stock for stock in self.thrown if stock.weapon.id == item), None)

    @property
    def belt(self) -> tuple[ThrownStock, ...]:
        """R22.1.2: the thrown weapons the unit has one or more of, in its order."""
        return tuple(stock for stock in self.thrown if stock.count > 0)

    def thrown_count(self, item: str) -> int:
        """R22.1.2: how many of the thrown weapon `item` the unit has left."""
        stock = self.thrown_stock(item)
        return stock.count if stock is not None else 0

    def with_thrown_count(self, item: str, count: int) -> Unit:
        """The unit with `count` of the thrown weapon `item` left (one it already carries)."""
        thrown = tuple(attrs.evolve(s, count=count) if s.weapon.id == item else s for s in self.thrown)
        return attrs.evolve(self, thrown=thrown)

    @property
    def second_gun(self) -> CarriedWeapon | None:
        return self.weapons[self.offhand] if self.offhand is not None else None

    @property
    def down(self) -> bool:
        """Out of the fight: R12.2 at 0 HP, or R18 man down, dead, surrendered or fled."""
        return self.hp <= 0 or self.fate is not Fate.NONE

    @property
    def standing(self) -> bool:
        """Able to fight: neither down nor unconscious (victory counts these)."""
        return not self.down and self.unconscious_rounds <= 0


@attrs.frozen
class Interrupt:
    """R16.2: a watcher acting in the middle of another unit's turn."""

    watcher: str
    interrupted: str


@attrs.frozen
class Encounter:
    """The whole state of a fight."""

    name: str
    sides: tuple[Side, ...] = attrs.field(converter=as_tuple)
    units: tuple[Unit, ...] = attrs.field(converter=as_tuple)
    map: BattleMap | None = None
    description: str = ""
    house_rules: HouseRules = attrs.field(factory=HouseRules)
    optional_rules: OptionalRules = attrs.field(factory=OptionalRules)
    modules: dict[str, bool] = attrs.field(factory=dict)
    criticals: CriticalTable = DEFAULT_CRITICALS  # R12.1 as content/criticals.toml says
    round: int = 0  # 0 is set-up: game master commands only (R13.1 bonuses)
    order: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)  # this round's initiative order
    taken: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)  # whose turn this round is over
    delayed: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)  # R13.3
    pre_empted: str | None = None  # R13.3: the unit a delayed one stepped in before; it goes on next
    active: str | None = None
    interrupt: Interrupt | None = None
    gm_modifier: int = 0  # on the next test
    gm_force_hit: bool | None = None  # the next to-hit result
    blast_waiting: WaitingBlast | None = None  # R22.9.2: a table throw waiting for `gm blast`
    players_shown: PlayersShown = PlayersShown()  # what the players' view shows: the game master's choice
    winner: str | None = None  # the side that won
    finished: bool = False  # the fight is over (a winner, or nobody left standing)
    ai_dice: tuple[AiDice, ...] = attrs.field(default=(), converter=as_tuple)  # each AI side's generator, once asked
    slots: EncounterSlots = attrs.field(factory=EncounterSlots)  # R18: the modules' state (`model.module_state`)

    @property
    def deck(self) -> Deck | None:
        """R18.5: this round's activation deck (None: the module is off, or round 0)."""
        return self.slots.activation_deck.deck

    @property
    def lost(self) -> tuple[str, ...]:
        """R18.1.2: units lost this round."""
        return self.slots.morale.lost

    @property
    def morale_tested(self) -> tuple[str, ...]:
        """R18.1.2: units tested this round."""
        return self.slots.morale.morale_tested

    @property
    def gm_next_to(self) -> tuple[str, str] | None:
        """R18.2.2 table mode: a helper the game master put by a patient."""
        return self.slots.casualties.gm_next_to

    @property
    def fresh_fires(self) -> frozenset[Cell]:
        """R18.3.3: the map's cells that caught fire this round, not rolled until the next."""
        return self.slots.fire_spread.fresh_fires

    @property
    def table_fires(self) -> tuple[TableFire, ...]:
        """R18.3.4: table mode's fires, in the order lit."""
        return self.slots.fire_spread.table_fires

    @property
    def rolls(self) -> tuple[RolledDie, ...]:
        """R18.6.2: the last action's dice."""
        return self.slots.rerolls.rolls

    @property
    def reroll_base(self) -> Any:
        """R18.6.2: the state before the last action and the action (not compared, not saved)."""
        return self.slots.rerolls.reroll_base

    @property
    def gm_near(self) -> tuple[str, str] | None:
        """Table mode: the GM says the second is within 5 m of the first, in sight."""
        return self.slots.suppression.gm_near

    @property
    def view_of(self) -> str | None:
        """R21.8: the side whose view this state is (`engine.view`), None for the fight itself."""
        return self.slots.fog_of_war.view_of

    def module_on(self, module: str) -> bool:
        """R18: whether the encounter's `[modules]` table switched `module` on; a module not named is off."""
        return self.modules.get(module, False)

    @property
    def turn_order(self) -> tuple[str, ...]:
        """The units in the order they take their turns: this round's initiative order, or before round 1 (no
        order rolled yet) as the encounter lists them."""
        return self.order or tuple(unit.id for unit in self.units)

    def unit(self, unit_id: str) -> Unit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    def side(self, side_id: str) -> Side:
        for side in self.sides:
            if side.id == side_id:
                return side
        raise KeyError(side_id)

    def status(self, unit: Unit) -> UnitStatus:
        """Where a unit stands in the round; derived, never stored."""
        if unit.fate is not Fate.NONE:
            return UnitStatus(unit.fate.value)
        if unit.down:
            return UnitStatus.DOWN
        if unit.unconscious_rounds > 0:
            return UnitStatus.UNCONSCIOUS
        if unit.watch is not None or (self.interrupt is not None and self.interrupt.watcher == unit.id):
            return UnitStatus.WATCHING
        if unit.pin is not None:
            return UnitStatus.PINNING
        if unit.id in self.delayed:
            return UnitStatus.DELAYED
        if unit.id in self.taken and unit.id != self.active:
            return UnitStatus.ACTED
        return UnitStatus.READY

    def ai_generator(self, side_id: str) -> AiDice | None:
        """The generator of the AI playing `side_id`, None until that AI is first asked."""
        return next((generator for generator in self.ai_dice if generator.side == side_id), None)

    def with_ai_dice(self, generator: AiDice) -> Encounter:
        """A new state with one AI side's generator replaced (or added, in the order the sides were asked)."""
        if self.ai_generator(generator.side) is None:
            return attrs.evolve(self, ai_dice=(*self.ai_dice, generator))
        replaced = tuple(generator if kept.side == generator.side else kept for kept in self.ai_dice)
        return attrs.evolve(self, ai_dice=replaced)

    def with_unit(self, unit: Unit) -> Encounter:
        """A new state with one unit replaced."""
        return attrs.evolve(self, units=tuple(unit if u.id == unit.id else u for u in self.units))


Holder = TypeVar("Holder", Unit, Side, Encounter)


def with_state(holder: Holder, module: str, **changes: Any) -> Holder:
    """A new unit, side or encounter with these fields of one module's state (its slot under `module`, the
    module's key) changed: `with_state(unit, "suppression", markers=2)`."""
    slots = holder.slots
    slot = attrs.evolve(getattr(slots, module), **changes)
    return attrs.evolve(holder, slots=attrs.evolve(slots, **{module: slot}))


def with_fields(holder: Holder, **changes: Any) -> Holder:
    """`attrs.evolve` that also takes the modules' state by its flat names, each put in its module's slot:
    `with_fields(unit, hp=3, markers=2)` (for building a state by hand, as tests and plug-ins do)."""
    for module, slot in attrs.asdict(holder.slots, recurse=False).items():
        moved = {name: changes.pop(name) for name in attrs.fields_dict(type(slot)) if name in changes}
        if moved:
            holder = with_state(holder, module, **moved)
    return attrs.evolve(holder, **changes)
