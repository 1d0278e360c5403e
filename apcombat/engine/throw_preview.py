"""What a throw on the map would do, without rolling (R22.2-R22.6): its hit chance and breakdown, the landing cell
on a hit with whom the blast catches there (band and expected damage), and the chance of every cell it may land
in, each with its own catches — what the app draws around the cursor and what the AI weighs. It is worked out
on the state it is given: `preview` hands it the acting side's view (R21.8, R21.9.2), so it names only the
characters that side sees."""

from __future__ import annotations

from collections import defaultdict

import attrs

from apcombat.board.blast import blast_line, cells_within, scatter_walk
from apcombat.engine.blast import Caught, reached
from apcombat.engine.geometry import grid_of
from apcombat.engine.part import parts_on
from apcombat.engine.throwing import ThrowPlan
from apcombat.model import BlastBand, Cell, Encounter, Weapon
from apcombat.rules.fires import miss_directions
from apcombat.rules.throwing import band_by_distance, expected_band_damage, reach_m, scatter_length_chances


@attrs.frozen
class BlastShare:
    """One character a blast at a cell would catch: its final band (R22.5.3), how it came to it, and its mean
    damage after armour (R22.5.4); `friend` when it is on the thrower's side (the thrower included)."""

    unit: str
    name: str
    band: BlastBand
    by_distance: BlastBand
    prone: bool
    covered: bool
    in_fire: bool
    expected_damage: float
    friend: bool


@attrs.frozen
class LandingChance:
    """A cell the throw may land in, the chance it does (the hit and every scatter that ends there, R22.4), and
    whom a blast there catches."""

    cell: Cell
    chance: float
    caught: tuple[BlastShare, ...]


@attrs.frozen
class ThrowPreview:
    """A throw judged without rolling: the plan (chance, AP, distance), the thrower's reach, the blast at the
    target cell (`caught`) and every landing cell with its chance, most likely first (`landings`)."""

    plan: ThrowPlan
    reach_m: float
    caught: tuple[BlastShare, ...]
    landings: tuple[LandingChance, ...]

    @property
    def expected_enemy_damage(self) -> float:
        """The mean damage to enemies over every landing (friends excluded)."""
        return sum(land.chance * sum(s.expected_damage for s in land.caught if not s.friend) for land in self.landings)

    @property
    def expected_friend_damage(self) -> float:
        """The mean damage to the thrower's own side (itself included) over every landing."""
        return sum(land.chance * sum(s.expected_damage for s in land.caught if s.friend) for land in self.landings)

    @property
    def friend_caught_chance(self) -> float:
        """The chance that the blast catches someone of the thrower's side."""
        return sum(land.chance for land in self.landings if any(s.friend for s in land.caught))

    @property
    def friends_at_target(self) -> tuple[BlastShare, ...]:
        """The thrower's side caught if it lands on the target: the app names them before the throw."""
        return tuple(share for share in self.caught if share.friend)


def throw_preview(state: Encounter, plan: ThrowPlan) -> ThrowPreview:
    """R22.3-R22.5: the plan's target blast and every landing cell's chance on the map of `state`."""
    assert state.map is not None and plan.target is not None
    thrower = state.unit(plan.thrower)
    grid = grid_of(state)
    faces = miss_directions(grid.kind == "hex")
    chances: dict[Cell, float] = defaultdict(float)
    for cells, chance in scatter_length_chances(plan.chance, plan.distance_m).items():
        if cells == 0:
            chances[plan.target] += float(chance)
            continue
        for direction in faces:
            landing = scatter_walk(state.map, grid, plan.target, direction, cells)[-1]
            chances[landing] += float(chance) / len(faces)
    found = {cell: blast_shares(state, thrower.side, plan.weapon, cell) for cell in chances}
    landings = tuple(
        LandingChance(cell, chance, found[cell])
        for cell, chance in sorted(chances.items(), key=lambda item: (-item[1], item[0][1], item[0][0]))
    )
    target = found.get(plan.target) or blast_shares(state, thrower.side, plan.weapon, plan.target)
    return ThrowPreview(plan, reach_m(plan.weapon, thrower.character.special.ST), target, landings)


def blast_shares(state: Encounter, side: str, weapon: Weapon, landing: Cell) -> tuple[BlastShare, ...]:
    """R22.5: whom a blast of `weapon` at `landing` would catch on this state's map, with their bands and mean
    damage (those reached but shifted out of every band left out; men down too: a blast hurts none)."""
    fires: frozenset[Cell] = frozenset()
    for part in parts_on(state):
        fires |= part.blast_fires(state, weapon, landing)  # R22.6.2
    return tuple(
        _share(state, side, weapon, found) for found in reached(state, weapon, landing, fires) if _hurt(state, found)
    )


def _hurt(state: Encounter, found: Caught) -> bool:
    return found.band is not None and not state.unit(found.unit).down


def _share(state: Encounter, side: str, weapon: Weapon, found: Caught) -> BlastShare:
    unit = state.unit(found.unit)
    band = found.band
    assert band is not None
    return BlastShare(
        unit=unit.id,
        name=unit.name,
        band=band,
        by_distance=found.by_distance,
        prone=found.prone,
        covered=found.covered,
        in_fire=found.in_fire,
        expected_damage=expected_band_damage(band, weapon, unit.armor),
        friend=unit.side == side,
    )


def blast_cells(state: Encounter, weapon: Weapon, landing: Cell) -> dict[Cell, BlastBand]:
    """R22.5.1, R22.5.2: the band by distance of every cell of the map a blast of `weapon` at `landing` reaches
    (within its outer distance, with a clear blast line) — the area the app draws around its cursor; who is
    caught, after the shifts, is `blast_shares`'s."""
    assert state.map is not None and weapon.blast is not None
    grid = grid_of(state)
    found: dict[Cell, BlastBand] = {}
    for cell in cells_within(state.map, grid, landing, weapon.blast[2]):
        band = band_by_distance(grid.distance_m(landing, cell), weapon.blast)
        if band is not None and blast_line(state.map, grid, landing, cell):
            found[cell] = band
    return found
