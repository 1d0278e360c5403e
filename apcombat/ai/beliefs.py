"""R21.9.1: what an AI side believes of the enemies it does not see, built from its side's view alone.

With the fog of war on, an AI is handed `view(state, side)`: its own characters, the enemies it sees and its
last-seen marks. Its plans treat an enemy it holds a mark of as standing at the mark's cell, in the mark's
pose, with what it showed when last seen (`last_seen`) — and one whose mark has faded as standing where it was
last seen, until the side looks at that cell; an enemy it has never seen does not exist for it.
`planning_state` is the copy the levels plan on: the view with those *believed* enemies added (kept apart
from the seen ones by `believed`: no line of an AI names one, R21.5.1) and the fog part switched off on the
copy, so that judging a plan neither stops at a believed enemy coming into sight nor spends the time of a
sight update at every step of every plan the AI weighs (R21.9.2 still holds for the line it plays: every
attack it plays names a seen enemy, and a move it plays may stop early, R21.6).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import attrs

from apcombat.ai.reckoning.memo import memo_of
from apcombat.engine import Command, fog_on, grid_of, last_seen, marks_of, side_asked, view
from apcombat.model import CarriedWeapon, Cell, Encounter, Unit, Weapon
from apcombat.model.fates import Fate
from apcombat.model.fog_state import Mark, Sighting

FOG = "fog_of_war"


def side_of_view(state: Encounter) -> str | None:
    """The side whose view (or planning copy of it) `state` is; None for the fight itself."""
    return state.slots.fog_of_war.view_of


def shown_to_asker(state: Encounter) -> Encounter:
    """What the side asked now is shown (R21.8.1): the side of `state.active`, or the side the deck asks
    (R18.5.1); the state itself while the fog of war is off."""
    if not fog_on(state):
        return state
    side = side_asked(state)
    if side is None and state.active is not None:
        side = state.unit(state.active).side
    return view(state, side) if side is not None else state


def planning_state(view: Encounter) -> Encounter:
    """The view with the believed enemies added and the fog part off (see the module's note); the view
    itself while the fog is off or when it is no side's view."""
    side = side_of_view(view)
    if side is None or not fog_on(view):
        return view
    added = believed_units(view, side)
    return attrs.evolve(view, units=(*view.units, *added), modules={**view.modules, FOG: False})


def believed_units(view: Encounter, side: str) -> tuple[Unit, ...]:
    """Each enemy `side` holds a mark of (on the map), as it believes it stands (R21.9.1); and each enemy it
    saw standing whose mark has faded, at the cell where it was last seen, as long as none of the side's
    characters sees that cell now (a place in plain sight that shows nobody holds nobody)."""
    present = {unit.id for unit in view.units}
    marks = [mark for mark in marks_of(view, side) if mark.at is not None and mark.unit not in present]
    marked = {mark.unit for mark in marks}
    older = [
        Mark(sight.unit, sight.at, sight.pose, sight.round)
        for sight in view.side(side).slots.fog_of_war.last_seen
        if sight.at is not None
        and sight.hp > 0
        and sight.fate is Fate.NONE
        and sight.unit not in present | marked
        and not _in_plain_sight(view, side, sight.at)
    ]
    return tuple(_believed(view, side, mark) for mark in (*marks, *older))


def _in_plain_sight(view: Encounter, side: str, cell: Cell) -> bool:
    """Whether a character of `side` in the fight has a clear line to `cell` now."""
    if view.map is None:
        return False
    memo = memo_of(view.map, grid_of(view))
    return any(
        unit.at is not None and unit.standing and memo.sees(cell, unit.at) for unit in view.units if unit.side == side
    )


def believed(state: Encounter) -> frozenset[str]:
    """The enemies of a planning copy that its side only believes in (from marks), not sees: no AI line may
    name one. Empty for the fight itself and for a view (which holds only seen enemies and bodies)."""
    side = side_of_view(state)
    if side is None or fog_on(state):
        return frozenset()
    seen = state.side(side).slots.fog_of_war.seen
    return frozenset(unit.id for unit in state.units if unit.side != side and unit.id not in seen and not unit.down)


def seen_only(state: Encounter, commands: Iterable[Command]) -> tuple[Command, ...]:
    """`commands` without those that name a believed enemy (an attack, a pin: R21.5.1, R21.5.4)."""
    ghosts = believed(state)
    if not ghosts:
        return tuple(commands)
    return tuple(command for command in commands if getattr(command, "target", None) not in ghosts)


def _believed(view: Encounter, side: str, mark: Mark) -> Unit:
    """An enemy as believed from its mark and its last sighting: its cell and pose from the mark, its facing,
    cover, HP and weapon as last seen. What the side never saw of it — its character's numbers, its armour,
    its ammunition — is taken from a stand-in it did see: a seen enemy (or body) of the same side if any, else
    one of its own characters (it assumes the enemy fights as well as its own)."""
    sight = last_seen(view, side, mark.unit)
    model = _stand_in(view, side)
    enemy_side = model.side if model.side != side else _other_side(view, side)
    label = mark.unit if mark.unit in view.side(side).slots.fog_of_war.ever_seen else "an enemy"
    character = attrs.evolve(model.character, name=f"{label} (last seen)")
    weapons, in_hand = _weapons_shown(view, model, sight)
    unit = Unit(
        id=mark.unit,
        side=enemy_side,
        character=character,
        hp=sight.hp if sight is not None else character.hit_points,
        ap=character.ap_per_round,
        at=mark.at,
        facing=sight.facing if sight is not None else model.facing,
        pose=mark.pose,
        armor=model.armor,
        weapons=weapons,
        in_hand=in_hand,
        ammo=dict(model.ammo),
        in_cover=sight.in_cover if sight is not None else False,
    )
    return unit


def _stand_in(view: Encounter, side: str) -> Unit:
    others = [unit for unit in view.units if unit.side != side]
    if others:
        return others[0]
    return next(unit for unit in view.units if unit.side == side)


def _other_side(view: Encounter, side: str) -> str:
    return next(other.id for other in view.sides if other.id != side)


def _weapons_shown(view: Encounter, model: Unit, sight: Sighting | None) -> tuple[tuple[CarriedWeapon, ...], int]:
    """The weapon the enemy held when last seen, as carried by any character in the view that holds one of
    the same kind (else the stand-in's own weapons)."""
    if sight is not None and sight.weapon is not None:
        for unit in view.units:
            for carried in unit.weapons:
                if carried.weapon.id == sight.weapon:
                    return (carried,), 0
        weapon = shipped_weapons().get(sight.weapon)
        if weapon is not None:
            return (CarriedWeapon(weapon, weapon.magazine),), 0
    return model.weapons, model.in_hand


@functools.cache
def shipped_weapons() -> dict[str, Weapon]:
    """The content files' weapons, which an AI may know (R21.9.1: the rules and the content files), read
    once; none when they cannot be read (a belief then keeps its stand-in's weapon)."""
    from apcombat.content import content_root, read_weapons

    try:
        return dict(read_weapons(content_root(None) / "weapons.toml").value)
    except Exception:  # a belief is a guess: a missing or broken file leaves it the stand-in's weapon
        return {}
