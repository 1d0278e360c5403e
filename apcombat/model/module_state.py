"""R18: the optional modules' state, in slots of their own on a unit, a side and the encounter.

Each module's state is one small frozen class; a holder's `slots` has one of them per module that keeps
state there, under the module's `[modules]` key. The core's `Unit`, `Side` and `Encounter` read them through
properties of the old flat names (`unit.markers`), and the engine's modules write them with `with_state`.
Encounter files, `apcombat run --json` and the screens keep the flat names; a save writes the slots as they are.
"""

from __future__ import annotations

from typing import Any

import attrs

from apcombat.model.battlemap import Cell
from apcombat.model.converters import as_frozenset, as_tuple
from apcombat.model.deck import Deck
from apcombat.model.fates import Edge, MoraleState
from apcombat.model.fires import TableFire
from apcombat.model.fog_state import FogOfEncounter, FogOfSide, FogOfUnit


@attrs.frozen
class RolledDie:
    """R18.6.2: one die of the action just played, numbered as the log shows it (`place`, from 1): what it was
    for, whose it is (`owner`, a unit's id; "" for no one's: initiative, burning, fires) and its face."""

    place: int
    sides: int
    purpose: str
    value: int
    notation: str = ""
    owner: str = ""
    needed: int | None = None  # a test's die: it succeeded on this or less (None: a damage or other die)


@attrs.frozen
class MoraleOfUnit:
    """R18.1: a unit's morale state and what its tests count."""

    morale: MoraleState = MoraleState.STEADY  # R18.1.3
    start: Cell | None = None  # R18.1.3: where it started the fight (its edge when its side names none)
    gm_friends_near: bool = False  # R18.1.1 table mode: the game master said three friends are within 3 m
    gm_leader_near: str | None = None  # R18.1.1 table mode: the leader the game master said is near, in sight


@attrs.frozen
class CasualtiesOfUnit:
    """R18.2: a stunned unit, and how often it was (`fate`, out of the fight, is the core's)."""

    stunned: bool = False  # R18.2.1: its next turn (or the rest of this one) is lost but for moving
    times_stunned: int = 0  # R18.2.4: for the victory summary


@attrs.frozen
class SuppressionOfUnit:
    """R18.4: the suppression markers a unit holds."""

    markers: int = 0  # R18.4: suppression markers held (0-3)
    markers_new: int = 0  # R18.4.1: markers gained in round `markers_round` (at most 2 a round)
    markers_round: int = 0


@attrs.frozen
class UnitSlots:
    """A unit's module state, by module key."""

    morale: MoraleOfUnit = attrs.field(factory=MoraleOfUnit)
    casualties: CasualtiesOfUnit = attrs.field(factory=CasualtiesOfUnit)
    suppression: SuppressionOfUnit = attrs.field(factory=SuppressionOfUnit)
    fog_of_war: FogOfUnit = attrs.field(factory=FogOfUnit)


@attrs.frozen
class MoraleOfSide:
    """R18.1.3: where a side's broken characters flee."""

    edge: Edge | None = None  # None: nearest their start


@attrs.frozen
class RerollsOfSide:
    """R18.6.1: a side's re-roll points."""

    reroll_points: int = 0  # two buy a re-roll


@attrs.frozen
class SideSlots:
    """A side's module state, by module key."""

    morale: MoraleOfSide = attrs.field(factory=MoraleOfSide)
    rerolls: RerollsOfSide = attrs.field(factory=RerollsOfSide)
    fog_of_war: FogOfSide = attrs.field(factory=FogOfSide)


@attrs.frozen
class MoraleOfEncounter:
    """R18.1.2: this round's losses and tests."""

    lost: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)  # units lost this round
    morale_tested: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)  # units tested this round


@attrs.frozen
class CasualtiesOfEncounter:
    """R18.2.2 table mode: a helper the game master put by a patient."""

    gm_next_to: tuple[str, str] | None = None


@attrs.frozen
class FireSpreadOfEncounter:
    """R18.3: fires not on the map (the map's fires and burnt cells are the map's)."""

    # R18.3.3: the map's cells that caught fire this round, not rolled until the next
    fresh_fires: frozenset[Cell] = attrs.field(factory=frozenset, converter=as_frozenset)
    table_fires: tuple[TableFire, ...] = attrs.field(default=(), converter=as_tuple)  # R18.3.4: in the order lit


@attrs.frozen
class SuppressionOfEncounter:
    """Table mode: the game master says the second unit is within 5 m of the first, in sight (R18.4.4)."""

    gm_near: tuple[str, str] | None = None


@attrs.frozen
class ActivationDeckOfEncounter:
    """R18.5: this round's activation deck (None: the module is off, or round 0)."""

    deck: Deck | None = None


@attrs.frozen
class RerollsOfEncounter:
    """R18.6.2: the last action's dice, and what playing it again needs."""

    rolls: tuple[RolledDie, ...] = attrs.field(default=(), converter=as_tuple)  # the last action's dice
    # The state before that action and the action, to play it again (`RerollBase`, the rerolls part's).
    # Not part of the state's value: not compared, not saved (a loaded game rebuilds it from its history).
    reroll_base: Any = attrs.field(default=None, eq=False, repr=False)


@attrs.frozen
class EncounterSlots:
    """The encounter's module state, by module key."""

    morale: MoraleOfEncounter = attrs.field(factory=MoraleOfEncounter)
    casualties: CasualtiesOfEncounter = attrs.field(factory=CasualtiesOfEncounter)
    fire_spread: FireSpreadOfEncounter = attrs.field(factory=FireSpreadOfEncounter)
    suppression: SuppressionOfEncounter = attrs.field(factory=SuppressionOfEncounter)
    activation_deck: ActivationDeckOfEncounter = attrs.field(factory=ActivationDeckOfEncounter)
    rerolls: RerollsOfEncounter = attrs.field(factory=RerollsOfEncounter)
    fog_of_war: FogOfEncounter = attrs.field(factory=FogOfEncounter)
