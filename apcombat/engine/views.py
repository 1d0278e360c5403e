"""What the terminal app shows on the map, computed here so the app computes no rule: reachable cells with
their AP, line of sight, enemies' reaction cones, range bands of the weapon in hand, cells protected by cover.
"""

from __future__ import annotations

from collections.abc import Collection

import attrs

from apcombat.board.cone import watched_cells
from apcombat.board.cover import can_take_cover, protected
from apcombat.board.paths import Area
from apcombat.board.sight import visible_cells
from apcombat.engine.commands import Move
from apcombat.engine.geometry import grid_of, sees
from apcombat.engine.movement import area_of, known_others, reach_of, wound_effects
from apcombat.engine.part import parts_on
from apcombat.engine.preview import Preview, path_preview, preview
from apcombat.engine.recent import Recent
from apcombat.engine.turns import fresh_ap
from apcombat.model import BodyLocation, Cell, Encounter, Facing, Pose, RangeBand, ShotMode, Unit, Weapon
from apcombat.model.fates import MoraleState
from apcombat.rules.costs import LEAVE_COVER_AP, SWAP_WEAPON_AP, TAKE_COVER_AP, attack_cost, pose_change_cost
from apcombat.rules.movement import movement_rate
from apcombat.rules.ranges import best_ranges, range_band


def _on_map(state: Encounter, unit: Unit) -> bool:
    return state.map is not None and unit.at is not None


def reachable_area(state: Encounter, unit: Unit, running: bool = False) -> Area | None:
    """The one search of the cells the unit can walk (or run) to with the AP it has left (R7, R14): each
    cell's `Reach` (AP and facing on arrival), and `path_to(cell)`, the path a `move` there takes — the
    area `reachable_cells` shows and the moves `legal_commands` lists. None when it cannot move now."""
    return area_of(state, unit, running)


def walk_preview(state: Encounter, unit: Unit, area: Area | None, cell: Cell) -> Preview:
    """What `preview` says of `move UNIT X,Y` for the acting unit, read from its reachable area (the one
    search per state, `reachable_area`) instead of a new search per cell: the path walked back to a cell
    of the area, and for any other cell why no walk gets there — the engine's own refusal where it needs
    no search (a wall, a unit, the unit's own cell, a unit in cover), else that every way costs more AP
    than the unit has (or there is none)."""
    if area is not None and cell in area and cell != unit.at:
        return path_preview(unit, area.path_to(cell))
    assert state.map is not None
    occupied = any(other.at == cell and not other.down for other in known_others(state, unit))  # R21.6.2
    if area is None or cell == unit.at or occupied or not state.map.inside(cell) or state.map.at(cell).blocks_movement:
        return preview(state, Move(unit=unit.id, waypoints=(cell,)))  # refused before any search
    return Preview(
        allowed=False,
        reason=f"{unit.name} cannot get to {cell[0]},{cell[1]} with {unit.ap} AP: every way there costs more "
        "(turns included), or none leads there",
    )


def reachable_cells(state: Encounter, unit: Unit, running: bool = False) -> dict[Cell, int]:
    """Every cell the unit can walk (or run) to with the AP it has left, and the AP it costs (R7, R14):
    exactly the cells a `move` accepts at the AP it would spend (`engine.movement.reach_of`)."""
    return reach_of(state, unit, running)


def sight_cells(state: Encounter, unit: Unit) -> frozenset[Cell]:
    """Cells the unit has a line of sight to."""
    if not _on_map(state, unit):
        return frozenset()
    assert state.map is not None and unit.at is not None
    return visible_cells(state.map, grid_of(state), unit.at)


@attrs.frozen
class SightFrom:
    """What a unit would see standing at another cell, without moving (`sight_from`): the cells in sight
    from there, the enemies of its side's view it would see, nearest first, and the enemy watch cones its
    side is shown; `reason` says why there is none (nobody stands in that cell)."""

    cell: Cell
    cells: frozenset[Cell] = frozenset()
    enemies: tuple[Unit, ...] = ()
    cones: frozenset[Cell] = frozenset()
    reason: str = ""


def sight_from(state: Encounter, unit: Unit, cell: Cell) -> SightFrom:
    """R0.1, R8.5, R16.1: the sight the unit would have at `cell` (its pose kept), as `sight_cells` and
    `visible_enemies` give it where it stands; only the enemies and the enemy watches its side's view holds
    (`enemies_in_view`), so fog of war (R21.8.4) limits this view as it limits the others."""
    battlemap = state.map
    if battlemap is None or unit.at is None:
        return SightFrom(cell, reason="table mode has no map to look from")
    if not battlemap.inside(cell) or battlemap.at(cell).blocks_movement:
        return SightFrom(cell, reason=f"nobody can stand at {cell[0]},{cell[1]}: nothing to see from there")
    there = attrs.evolve(unit, at=cell)
    known = {enemy.id for enemy in enemies_in_view(state, unit.side)}
    seen = [enemy for enemy in visible_enemies(state, there) if enemy.id in known]
    return SightFrom(cell, sight_cells(state, there), tuple(seen), enemy_cones(state, unit.side))


def enemies_in_view(state: Encounter, side: str) -> list[Unit]:
    """The enemies of `side` that its view shows, with what the view shows of each (their watches too).
    Without fog of war (R21 is not built yet) that is every enemy: R21.8.1 will limit it to those the side
    sees now (R21.1.2), and hide their watches (R21.2.5)."""
    return [other for other in state.units if other.side != side]


_CONES: Recent[frozenset[Cell]] = Recent()
_COVER_SPOTS: Recent[tuple[Cell, ...]] = Recent(2)
_COVERED: Recent[frozenset[Cell]] = Recent()


def enemy_cones(state: Encounter, side: str) -> frozenset[Cell]:
    """R16.1: cells watched by the enemies of `side` that stand on reaction watch (kept for the same map
    and the same watchers, cells, facings and weapons: a move of another unit changes none of them); those
    of its view (`enemies_in_view`)."""
    return _watched(state, enemies_in_view(state, side))


def own_cones(state: Encounter, side: str) -> frozenset[Cell]:
    """R16.1: cells watched by the units of `side` that stand on reaction watch."""
    return _watched(state, [unit for unit in state.units if unit.side == side])


def watch_cone(state: Encounter, unit: Unit) -> frozenset[Cell]:
    """R16.1: the cells one unit watches (none when it is not on watch)."""
    return _watched(state, [unit])


def _watched(state: Encounter, units: list[Unit]) -> frozenset[Cell]:
    """The cells watched by those of `units` on watch, kept as `enemy_cones` says."""
    battlemap = state.map
    if battlemap is None:
        return frozenset()
    watchers = [
        (unit.at, unit.facing, unit.weapon.weapon)
        for unit in units
        if unit.watch is not None and unit.at is not None and unit.weapon is not None
    ]

    def work_out() -> frozenset[Cell]:
        cells: set[Cell] = set()
        for at, facing, weapon in watchers:
            cells |= watched_cells(battlemap, grid_of(state), at, facing, weapon)
        return frozenset(cells)

    same = (battlemap, *(weapon for _, _, weapon in watchers))
    return _CONES.get(same, tuple((at, facing) for at, facing, _ in watchers), work_out)


def watch_reach(unit: Unit) -> str:
    """R16.1: the distances a unit's watch covers with the weapon in hand — its two best range bands — in
    words ("0-10 m, its cqc and close ranges"); empty without a weapon."""
    if unit.weapon is None:
        return ""
    near, far = best_ranges(unit.weapon.weapon)
    low, high = _watch_distances(unit.weapon.weapon)
    return f"{low:g}-{high:g} m, its {near.value} and {far.value} ranges"


def _watch_distances(weapon: Weapon) -> tuple[float, float]:
    """R16.1: the nearest and farthest distance (m) of a weapon's two best range bands."""
    near, far = best_ranges(weapon)
    order = list(RangeBand)
    low = weapon.ranges.band(order[order.index(near) - 1]).max if order.index(near) else 0.0
    return low, weapon.ranges.band(far).max


def band_cells(state: Encounter, unit: Unit, sight: frozenset[Cell] | None = None) -> dict[Cell, RangeBand]:
    """R1.3: the range band of the weapon in hand for every visible cell (`sight`: the unit's `sight_cells`,
    when the caller has them already)."""
    if not _on_map(state, unit) or unit.weapon is None:
        return {}
    assert unit.at is not None
    grid, weapon = grid_of(state), unit.weapon.weapon
    bands = {}
    for cell in sight_cells(state, unit) if sight is None else sight:
        band = range_band(weapon, grid.distance_m(unit.at, cell))
        if band is not None and cell != unit.at:
            bands[cell] = band
    return bands


def covered_cells(state: Encounter, unit: Unit) -> frozenset[Cell]:
    """R9.2: cells where a character in cover would be protected against this unit's fire: of the cells a
    character can take cover in (R9.1, kept per map), those whose cover lies between them and the unit
    (kept for the same map and the unit's cell)."""
    if not _on_map(state, unit):
        return frozenset()
    assert state.map is not None and unit.at is not None
    grid, battlemap, shooter = grid_of(state), state.map, unit.at

    def spots() -> tuple[Cell, ...]:
        return tuple(
            (x, y)
            for y in range(battlemap.height)
            for x in range(battlemap.width)
            if not battlemap.at((x, y)).blocks_movement and can_take_cover(battlemap, grid, (x, y))
        )

    def work_out() -> frozenset[Cell]:
        return frozenset(
            cell for cell in _COVER_SPOTS.get((battlemap,), None, spots) if protected(battlemap, grid, cell, shooter)
        )

    return _COVERED.get((battlemap,), shooter, work_out)


def action_costs(state: Encounter, unit: Unit) -> dict[str, str]:
    """What each action costs this unit now, in words (table mode shows these beside the keys)."""
    factor, no_running = wound_effects(state, unit)
    walk = movement_rate(unit.pose, False, False, factor, no_running)
    costs = {"move": f"{walk} mm/AP {unit.pose.value}" + (f", {unit.carried_mm} mm left" if unit.carried_mm else "")}
    if unit.pose.value == "upright" and not no_running and state.optional_rules.running:
        costs["run"] = f"{movement_rate(unit.pose, True, False, factor, no_running)} mm/AP"
    costs["climb"] = f"{movement_rate(unit.pose, False, True, factor, no_running)} mm/AP on stairs and ladders"
    costs["turn"] = "0 AP up to 45 degrees, 1 AP up to 90, 2 AP beyond"
    others = [p for p in ("upright", "crouched", "prone") if p != unit.pose.value]
    costs["pose"] = ", ".join(f"{p} {pose_change_cost(unit.pose, Pose(p))} AP" for p in others)
    costs["cover"] = f"leave {LEAVE_COVER_AP} AP" if unit.in_cover else f"take {TAKE_COVER_AP} AP"
    carried = unit.weapon
    if carried is not None:
        weapon = carried.weapon
        shots = []
        if weapon.fires_single:
            shots.append(f"single {attack_cost(ShotMode.SINGLE, weapon)}")
            shots.append(f"aimed {attack_cost(ShotMode.AIMED, weapon)}+")
        if weapon.automatic:
            shots.append(f"burst {attack_cost(ShotMode.BURST, weapon)}")
        if unit.second_gun is not None:
            shots.append(f"dual {attack_cost(ShotMode.DUAL, weapon, unit.second_gun.weapon)}")
        costs["fire"] = ", ".join(shots) if shots else weapon.name
        if weapon.magazine:
            costs["reload"] = f"{weapon.ap_reload} AP ({carried.loaded}/{weapon.magazine})"
    if len(unit.weapons) > 1:
        costs["swap"] = f"{SWAP_WEAPON_AP} AP"
    return costs


def watch_prompts(state: Encounter, mover: Unit) -> list[tuple[Unit, str]]:
    """Table mode (R16.1): enemy watchers the mover may have come in front of, with what they watch —
    the game master judges it on the table and answers with `gm spot`."""
    if state.map is not None or state.interrupt is not None or not state.optional_rules.reaction:
        return []
    prompts = []
    for watcher in state.units:
        if watcher.watch is None or watcher.side == mover.side or not watcher.standing or watcher.weapon is None:
            continue
        if mover.id in watcher.watch.tested:
            continue
        low, high = _watch_distances(watcher.weapon.weapon)
        prompts.append(
            (
                watcher,
                f"Did {mover.name} come into {watcher.name}'s watch — the 45 degree cone ahead of it, "
                f"{low:g}-{high:g} m ({low * 3:g}-{high * 3:g} cm) away, in sight? (R16.1)",
            )
        )
    return prompts


def facing_towards(state: Encounter, unit: Unit, cell: Cell) -> Facing:
    """The facing that looks from the unit towards a cell (for `turn`)."""
    assert unit.at is not None
    return grid_of(state).facing_towards(unit.at, cell)


def visible_enemies(state: Encounter, unit: Unit) -> list[Unit]:
    """Enemies standing in sight, nearest first: what Tab cycles through when picking a target."""
    enemies = [u for u in state.units if u.side != unit.side and not u.down and sees(state, unit, u)]
    if _on_map(state, unit):
        grid, origin = grid_of(state), unit.at
        assert origin is not None
        enemies.sort(key=lambda u: grid.distance_m(origin, u.at) if u.at else 0.0)
    return enemies


def conditions_of(unit: Unit) -> list[str]:
    """A unit's conditions with what is left of them, as the turn order and the players' view show them: burns
    to come (R6.2), exhaustion's penalty and turns (R14.3), rounds unconscious and a head wound with the AP it
    costs next turn (R12.1), stunned, shaken or broken (R18.1, R18.2), suppression markers held (R18.4)."""
    words = []
    if unit.burning is not None:
        words.append(f"burning {unit.burning.burns_left}")
    if unit.exhaustion.active:
        words.append(f"exhausted {unit.exhaustion.penalty}% {unit.exhaustion.turns}")
    if unit.unconscious_rounds > 0:
        words.append(f"unconscious {unit.unconscious_rounds}")
    if BodyLocation.HEAD in unit.wounds or unit.ap_loss_next_turn:
        words.append("head wound" + (f" -{unit.ap_loss_next_turn} AP" if unit.ap_loss_next_turn else ""))
    if unit.markers:
        words.append(f"suppressed {unit.markers}")  # R18.4: markers held
    return words + morale_words(unit)


def morale_words(unit: Unit) -> list[str]:
    """R18.2.1 stunned (its turn lost but for moving), R18.1.3 shaken or broken, as the screens show them."""
    words = ["stunned"] if unit.stunned else []
    if unit.morale is not MoraleState.STEADY:
        words.append(unit.morale.value)
    return words


@attrs.frozen
class TurnToCome:
    """A unit whose turn this round is still to come (`still_to_act`): the AP it will act with, and the
    rule's words when it does not simply wait for its place in the order ("" when it does)."""

    unit: Unit
    ap: int
    why: str = ""


def still_to_act(state: Encounter, sides: Collection[str] | None = None) -> list[TurnToCome]:
    """The units of `sides` (None: every side) that have not yet acted this round, in the order their turns
    come (R13.2): one a delayed unit stepped in before, which goes on next, then those still to come in the
    order, then the delayed ones, once the others are done (R13.3). Not the acting unit (its turn has come),
    nor one that cannot act (down, unconscious: its turn is lost, R12.1). With the activation deck, a side's
    card decides which of its units acts (R18.5): the order is then the encounter's."""
    if state.round == 0 or state.finished:
        return []
    ids: list[tuple[str, str]] = []
    if state.pre_empted is not None:
        ids.append((state.pre_empted, "its turn goes on after the delayed one (R13.3)"))
    deck = "when a card of its side's comes up (R18.5)" if state.deck is not None else ""
    ids += [(uid, deck) for uid in state.order if uid not in state.taken and uid not in state.delayed]
    ids += [(uid, "delayed: acts once the others are done (R13.3)") for uid in state.delayed]
    come: list[TurnToCome] = []
    for uid, why in ids:
        unit = state.unit(uid)
        if not unit.standing or (sides is not None and unit.side not in sides):
            continue
        if uid in state.taken or uid in state.delayed:  # its turn began: it keeps the AP it had
            come.append(TurnToCome(unit, unit.ap, why))
            continue
        fresh = attrs.evolve(unit, ap=fresh_ap(unit))
        for part in parts_on(state):
            fresh, _ = part.turn_begins(state, fresh)  # R18.4.2: suppression's loss
        come.append(TurnToCome(unit, fresh.ap, why))
    return come
