"""R21: the fog of war's state — who is hidden, and what each side knows of its enemies.

A unit's slot says whether it is hidden (R21.3); a side's slot holds what the side knew at the last update
(R21.1.3): the enemies it saw then, its last-seen marks (R21.2), each enemy as it last saw it (R21.2.4, and
what an AI's beliefs start from, R21.9.1), the enemies it bumped into (R21.6.2) and, in table mode, the
enemies the game master said it sees (R21.7.3). The engine's `fog_of_war` part writes them at each update;
`engine.view` reads them to say what a side is shown.
"""

from __future__ import annotations

import attrs

from apcombat.model.battlemap import Cell
from apcombat.model.converters import as_frozenset, as_tuple
from apcombat.model.enums import Facing, Pose
from apcombat.model.fates import Fate


@attrs.frozen
class FogOfUnit:
    """R21.3: a hidden unit is seen by no enemy and no attack can name it."""

    hidden: bool = False
    # R21.4.3: revealed by `gm reveal` or R21.4.2 (c)-(g): it enters no enemy's watch until its own next action
    quietly_revealed: bool = False


@attrs.frozen
class Mark:
    """R21.2.1: where a side last saw an enemy it no longer sees (`at` None in table mode, R21.7.3), the
    enemy's pose then, and the round of the update that made the mark."""

    unit: str
    at: Cell | None = None  # defaults, so that a save leaves them out (TOML has no None)
    pose: Pose = Pose.UPRIGHT
    round: int = 0


@attrs.frozen
class Sighting:
    """An enemy as a side last saw it (R21.2.4, R21.2.5): what the side's view keeps of it once it is out of
    sight — its cell, facing, pose, cover, HP, the weapon in hand, its fate — and the round it was seen."""

    unit: str
    at: Cell | None = None  # defaults, so that a save leaves them out (TOML has no None)
    facing: Facing = Facing.N
    pose: Pose = Pose.UPRIGHT
    in_cover: bool = False
    hp: int = 0
    weapon: str | None = None  # the weapon's id in its hand, None for none
    fate: Fate = Fate.NONE
    round: int = 0


@attrs.frozen
class FogOfSide:
    """R21.1.2, R21.2: what a side knows of its enemies, as of the last update."""

    seen: frozenset[str] = attrs.field(factory=frozenset, converter=as_frozenset)  # enemies seen now
    marks: tuple[Mark, ...] = attrs.field(default=(), converter=as_tuple)  # one per enemy at most
    # every enemy it ever saw, in the order it first saw them: named, not "an enemy", and its marks on the
    # side's screen number its enemies in that order (so they neither change nor betray the enemies unseen)
    ever_seen: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    last_seen: tuple[Sighting, ...] = attrs.field(default=(), converter=as_tuple)  # each enemy as last seen
    bumped: tuple[tuple[str, Cell], ...] = attrs.field(default=(), converter=as_tuple)  # R21.6.2: who, where
    told: frozenset[str] = attrs.field(factory=frozenset, converter=as_frozenset)  # R21.7.3: `gm sees SIDE WHO on`
    # R21.8.3: the enemies it saw at any update of the command being played (for which log lines it is shown)
    glimpsed: frozenset[str] = attrs.field(factory=frozenset, converter=as_frozenset)
    # R21.8.3: and where it saw each of them at those updates (a move line lists only the cells it saw it at)
    glimpsed_at: tuple[tuple[str, Cell], ...] = attrs.field(default=(), converter=as_tuple)  # sorted


@attrs.frozen
class FogOfEncounter:
    """`view_of`: the side whose view this state is (`engine.view`), None for the fight itself. A view is what
    a side may know, handed to its AI and its screen; the engine gives no verdict on one (its unseen enemies
    are left out, not gone)."""

    view_of: str | None = None
