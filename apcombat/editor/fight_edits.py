"""Edits of who fights: units placed, moved, turned, copied, removed and changed (what they carry and how
they start), sides added, changed and removed, the rules and the heading. A unit's start is changed through
its `[[unit]]` table, read back by the same reader as a file (`UnitReader`), so the editor and the files
agree on every default and every check of a value."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from apcombat.board.kinds import GRIDS
from apcombat.content.encounter_units import UnitReader, UnitSection, default_facing
from apcombat.content.library import Library
from apcombat.content.loader import structure
from apcombat.content.paths import ENCOUNTERS_FOLDER
from apcombat.content.roster import content_id, new_unit_id, unique_id
from apcombat.content.writer import character_table, unit_table
from apcombat.editor.refusal import EditRefused
from apcombat.model.battlemap import Cell
from apcombat.model.character import Character
from apcombat.model.encounter import Control, Encounter, Side, Unit
from apcombat.model.enums import Facing
from apcombat.model.fates import Edge
from apcombat.model.house_rules import HouseRules, OptionalRules
from apcombat.model.modules import MODULES
from apcombat.model.side_colours import SIDE_COLOURS
from apcombat.model.wording import control_character

UNIT_FIELDS = (
    "name",
    "pose",
    "weapons",
    "thrown",
    "offhand",
    "armor",
    "ammo",
    "hp",
    "ai_role",
    "morale_state",
    "fate",
    "stunned",
    "markers",
    "hidden",
    "cover",
)
"""What `change_unit` changes: the keys of a `[[unit]]` table but its id, side, cell and facing."""


def _named(text: str, what: str) -> str:
    """A name typed for `what` ("the side"), without its surrounding spaces: EditRefused if there is none, or
    if it holds a control character (a line break, an escape a terminal obeys)."""
    name = text.strip()
    if not name:
        raise EditRefused(f"give {what} a name")
    found = control_character(name)
    if found is not None:
        raise EditRefused(f"a name is one line of plain text: remove its control character ({found})")
    return name


def _unit(encounter: Encounter, unit_id: str) -> Unit:
    unit = next((unit for unit in encounter.units if unit.id == unit_id), None)
    if unit is None:
        raise EditRefused(f"there is no unit {unit_id!r} in this fight")
    return unit


def _replaced(encounter: Encounter, unit: Unit) -> Encounter:
    return attrs.evolve(encounter, units=tuple(unit if old.id == unit.id else old for old in encounter.units))


def _reader(library: Library) -> UnitReader:
    return UnitReader(library.root / ENCOUNTERS_FOLDER / "editor.toml", library)


def _unit_from(table: dict[str, Any], library: Library) -> Unit:
    """A unit from its [[unit]] table without a cell (placed after), or EditRefused with every problem."""
    table = {key: value for key, value in table.items() if key not in ("at", "facing")}
    section, found = structure(table, UnitSection)
    reader = _reader(library)
    unit = None
    if section is not None:
        found += reader.reference_findings(table)
        unit, more = reader.unit(section, None, False)
        found += more
    if unit is None or found:
        raise EditRefused(
            "; ".join(f"{path}: {message}" if path else message for path, message in found) or "not a unit"
        )
    return unit


def place_unit(
    encounter: Encounter, library: Library, side_id: str, character: Character | str, at: Cell | None
) -> tuple[Encounter, Unit]:
    """A new unit of `character` (a library id, or a character) on the side at `at` (None in table mode),
    with the id made from its name and an encounter file's defaults for everything it carries; and that unit."""
    if not any(side.id == side_id for side in encounter.sides):
        raise EditRefused(f"there is no side {side_id!r}: add it first")
    sheet = library.characters.get(character) if isinstance(character, str) else character
    if sheet is None:
        raise EditRefused(f"there is no character {character!r} in the characters folders")
    unit_id = new_unit_id(sheet.name, (unit.id for unit in encounter.units))
    written = character if isinstance(character, str) else character_table(character)  # as a file writes it
    unit = _unit_from({"id": unit_id, "side": side_id, "character": written}, library)
    unit = attrs.evolve(unit, at=at, facing=default_facing(encounter.map))
    return attrs.evolve(encounter, units=(*encounter.units, unit)), unit


def move_unit(encounter: Encounter, unit_id: str, at: Cell) -> Encounter:
    """The unit on another cell of the map (another unit's cell, or a wall, is the checks' to point out)."""
    if encounter.map is None or not encounter.map.inside(at):
        raise EditRefused(f"{at[0]},{at[1]} is not a cell of the map")
    return _replaced(encounter, attrs.evolve(_unit(encounter, unit_id), at=at))


def turn_unit(encounter: Encounter, unit_id: str, facing: Facing) -> Encounter:
    """The unit facing another way (R7.3; on a hex map one of its six facings, R20.2)."""
    grid = GRIDS.get(encounter.map.kind if encounter.map is not None else "square", GRIDS["square"])
    if facing not in grid.facings:
        shown = ", ".join(f.value for f in grid.facings)
        raise EditRefused(f"{facing.value} is no facing on this map: one of {shown}")
    return _replaced(encounter, attrs.evolve(_unit(encounter, unit_id), facing=facing))


def turned(encounter: Encounter, unit_id: str, steps: int) -> Encounter:
    """The unit turned `steps` facings clockwise (negative: anticlockwise)."""
    unit = _unit(encounter, unit_id)
    grid = GRIDS.get(encounter.map.kind if encounter.map is not None else "square", GRIDS["square"])
    facings = grid.facings
    here = facings.index(unit.facing) if unit.facing in facings else 0
    return turn_unit(encounter, unit_id, facings[(here + steps) % len(facings)])


def remove_unit(encounter: Encounter, unit_id: str) -> Encounter:
    _unit(encounter, unit_id)
    return attrs.evolve(encounter, units=tuple(unit for unit in encounter.units if unit.id != unit_id))


def move_to_side(encounter: Encounter, unit_id: str, side_id: str) -> Encounter:
    """The unit joins another side (placed on the wrong one: the unit's form), keeping its cell and start."""
    unit = _unit(encounter, unit_id)
    _side(encounter, side_id)
    return _replaced(encounter, attrs.evolve(unit, side=side_id))


def copy_unit(encounter: Encounter, unit_id: str, at: Cell | None) -> tuple[Encounter, Unit]:
    """Another unit like this one (same side, character, kit and start) at `at`, with a new id; and it."""
    unit = _unit(encounter, unit_id)
    base = unit_id.rstrip("0123456789").rstrip("_") or unit_id
    copy = attrs.evolve(unit, id=unique_id(base, (other.id for other in encounter.units)), at=at)
    return attrs.evolve(encounter, units=(*encounter.units, copy)), copy


def change_unit(encounter: Encounter, library: Library, unit_id: str, **fields: Any) -> Encounter:
    """The unit with `fields` of its [[unit]] table changed (`UNIT_FIELDS`; None: back to the default), read
    back as a file reads it: a value the file would refuse is refused with the same sentence."""
    unknown = [name for name in fields if name not in UNIT_FIELDS]
    if unknown:
        raise EditRefused(f"a unit has no {unknown[0]!r}; it has {', '.join(UNIT_FIELDS)}")
    unit = _unit(encounter, unit_id)
    table = unit_table(unit, library, default_facing(encounter.map))
    for name, value in fields.items():
        if value is None:
            table.pop(name, None)
        else:
            table[name] = value.value if hasattr(value, "value") else value
    changed = _unit_from(table, library)
    return _replaced(encounter, attrs.evolve(changed, at=unit.at, facing=unit.facing))


def unit_fields(unit: Unit, library: Library) -> dict[str, Any]:
    """The unit's start as its [[unit]] table says it (what differs from its character's defaults)."""
    return unit_table(unit, library)


# ----- sides ------------------------------------------------------------------------------------------------------


def _side(encounter: Encounter, side_id: str) -> Side:
    side = next((side for side in encounter.sides if side.id == side_id), None)
    if side is None:
        raise EditRefused(f"there is no side {side_id!r} in this fight")
    return side


def add_side(encounter: Encounter, name: str, control: Control = Control.HUMAN) -> tuple[Encounter, Side]:
    """One more side, with an id made from its name; and that side."""
    name = _named(name, "the side")
    side = Side(unique_id(content_id(name, "side"), (side.id for side in encounter.sides)), name, control)
    return attrs.evolve(encounter, sides=(*encounter.sides, side)), side


def remove_side(encounter: Encounter, side_id: str) -> Encounter:
    """The fight without the side and its units."""
    _side(encounter, side_id)
    return attrs.evolve(
        encounter,
        sides=tuple(side for side in encounter.sides if side.id != side_id),
        units=tuple(unit for unit in encounter.units if unit.side != side_id),
    )


def change_side(encounter: Encounter, side_id: str, **fields: Any) -> Encounter:
    """The side with `fields` of Side changed (name, control, ai, hp_shown, slots, colour: a name of
    `SIDE_COLOURS` or None, by its place)."""
    side = _side(encounter, side_id)
    if "name" in fields:
        _named(str(fields["name"]), "the side")  # kept as given, as a file writes it
    if fields.get("colour") is not None:
        _check_colour(encounter, side_id, fields["colour"])
    try:
        changed = attrs.evolve(side, **fields)
    except TypeError as error:
        raise EditRefused(f"a side has no such field: {error}") from None
    return attrs.evolve(encounter, sides=tuple(changed if old.id == side_id else old for old in encounter.sides))


REROLL_POINTS = range(0, 11)
"""R18.6.1: the re-roll points a side may start with."""


def set_side_module_fields(
    encounter: Encounter, side_id: str, *, edge: Edge | str | None = "", reroll_points: int | None = None
) -> Encounter:
    """The side's module fields as its [[side]] table writes them: its edge (R18.1.3; None: nearest their
    start; "" leaves it) and its re-roll points (R18.6.1, 0-10; None leaves them)."""
    side = _side(encounter, side_id)
    slots = side.slots
    if edge != "":
        if edge is not None and edge not in tuple(Edge):
            raise EditRefused(f"an edge is one of N, E, S, W or none (R18.1.3), not {edge!r}")
        chosen = None if edge is None else Edge(edge)
        slots = attrs.evolve(slots, morale=attrs.evolve(slots.morale, edge=chosen))
    if reroll_points is not None:
        if reroll_points not in REROLL_POINTS:
            raise EditRefused(f"re-roll points are 0 to 10 (R18.6.1), not {reroll_points}")
        slots = attrs.evolve(slots, rerolls=attrs.evolve(slots.rerolls, reroll_points=reroll_points))
    return change_side(encounter, side_id, slots=slots)


def units_of(encounter: Encounter, side_id: str) -> tuple[Unit, ...]:
    """The side's units, in the file's order (what removing the side removes with it)."""
    return tuple(unit for unit in encounter.units if unit.side == side_id)


def _check_colour(encounter: Encounter, side_id: str, colour: object) -> None:
    """A side colour no other side has: sides are told apart by their colour on the map."""
    if colour not in SIDE_COLOURS:
        raise EditRefused(f"{colour!r} is no side colour: choose {', '.join(SIDE_COLOURS)}")
    taken = next((side for side in encounter.sides if side.colour == colour and side.id != side_id), None)
    if taken is not None:
        raise EditRefused(f"{taken.name} is {colour} already: give each side a colour of its own")


# ----- rules and heading --------------------------------------------------------------------------------------------


def set_rules(
    encounter: Encounter,
    *,
    optional_rules: OptionalRules | None = None,
    house_rules: HouseRules | None = None,
    modules: Mapping[str, bool] | None = None,
) -> Encounter:
    """The optional rules (R0.6), house rules and modules (R18, R21, R22) of the fight."""
    changes: dict[str, Any] = {}
    if optional_rules is not None:
        changes["optional_rules"] = optional_rules
    if house_rules is not None:
        changes["house_rules"] = house_rules
    if modules is not None:
        unknown = [name for name in modules if name not in MODULES]
        if unknown:
            raise EditRefused(f"there is no module {unknown[0]!r}: the modules are {', '.join(MODULES)}")
        changes["modules"] = {name: on for name, on in modules.items() if on}
    return attrs.evolve(encounter, **changes)


def set_heading(encounter: Encounter, name: str | None = None, description: str | None = None) -> Encounter:
    """The fight's name and its one line on the title screen."""
    if description is not None and (found := control_character(description, lines=True)) is not None:
        raise EditRefused(f"remove the description's control character ({found}): a terminal would obey it")
    return attrs.evolve(
        encounter,
        name=_named(name, "the fight") if name is not None else encounter.name,
        description=description if description is not None else encounter.description,
    )


def units_at(encounter: Encounter, cell: Cell) -> tuple[Unit, ...]:
    """The units standing on `cell` (more than one is a problem the checks show)."""
    return tuple(unit for unit in encounter.units if unit.at == cell)


def ids(units: Iterable[Unit]) -> tuple[str, ...]:
    return tuple(unit.id for unit in units)
