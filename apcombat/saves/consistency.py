"""The cheap checks that a save agrees with itself: ids unique and known, units on the map, weapons in hand
that exist, a history of commands; and that its state could be a state of the fight without its history (HP
within the maximum, rounds within the magazine, weapons with their ranges in order, the weapons and armour
the units had at the start). A save that fails one would only fail later, in the middle of play, or play a
different game: a save of older rules goes on from its stored state, which nothing else checks."""

from __future__ import annotations

from collections.abc import Iterable

from apcombat.content import checks
from apcombat.content.diagnose import Finding
from apcombat.content.encounter_map import standing_problem
from apcombat.content.encounter_units import facing_problem
from apcombat.content.field_paths import join_path
from apcombat.content.suggest import unknown_id
from apcombat.engine import CommandError, DiceState, HistoryEntry
from apcombat.engine.commands import GmBack, GmSet, Redo, Undo, parse_command
from apcombat.model import Encounter, Unit
from apcombat.saves.format import SaveFile


def save_findings(save: SaveFile) -> list[Finding]:
    """Every way `save` contradicts itself, each with the path of its field."""
    state = encounter_findings(save.state, "state", save.start, _hp_set_by_the_game_master(save.history))
    found = encounter_findings(save.start, "start") + state
    return found + dice_and_command_findings(save.dice, {"history": save.history, "redo": save.redo})


def dice_and_command_findings(
    dice: DiceState, commands: dict[str, tuple[HistoryEntry, ...]], parse: bool = True
) -> list[Finding]:
    """The dice queued and the commands of `history` and `redo`: faces that no die shows, lines that are not
    one command. `parse=False` leaves out parsing the lines (for a history about to be played, which parses
    them) but still finds an undo or a redo among them."""
    found = _face_findings(dice.queued, "dice.queued")
    for field, entries in commands.items():
        for index, entry in enumerate(entries):
            where = f"{field}[{index}]"
            if parse:
                found += _command_findings(entry.line, f"{where}.line")
            elif entry.line.lower().split()[:2] in (["undo"], ["redo"], ["gm", "back"]):
                found.append(
                    (f"{where}.line", f"the history holds the commands that made the state, never {entry.line!r}")
                )
            found += _face_findings(entry.typed_dice, f"{where}.typed_dice")
            found += [
                (f"{where}.rolled_dice[{index}]", f"expected a place in typed_dice, 0 to {len(entry.typed_dice) - 1}")
                for index, place in enumerate(entry.rolled_dice)
                if not 0 <= place < len(entry.typed_dice)
            ]
    return found


def encounter_findings(
    encounter: Encounter, where: str, start: Encounter | None = None, hp_set: frozenset[str] = frozenset()
) -> list[Finding]:
    """Every way the encounter at `where` (`start`, `state`) contradicts itself, or (a state) the `start` it
    came from: its units carry the weapons and wear the armour they had there. A unit of `hp_set` may have
    more HP than its most: the game master set them."""
    side_ids = [side.id for side in encounter.sides]
    unit_ids = [unit.id for unit in encounter.units]
    found = _duplicates(side_ids, f"{where}.sides", "side") + _duplicates(unit_ids, f"{where}.units", "unit")
    at_start = {unit.id: unit for unit in start.units} if start is not None else {}
    for index, unit in enumerate(encounter.units):
        found += _unit_findings(encounter, unit, f"{where}.units[{index}]", unit.id in hp_set)
        found += _equipment_findings(unit, at_start.get(unit.id), f"{where}.units[{index}]")
        if unit.side not in side_ids:
            found.append((f"{where}.units[{index}].side", unknown_id("side", unit.side, side_ids)))
    named = {
        "order": encounter.order,
        "taken": encounter.taken,
        "delayed": encounter.delayed,
        "active": [encounter.active],
        "pre_empted": [encounter.pre_empted],
    }
    if encounter.interrupt is not None:
        named |= {
            "interrupt.watcher": [encounter.interrupt.watcher],
            "interrupt.interrupted": [encounter.interrupt.interrupted],
        }
    deck = encounter.deck
    if deck is not None:  # R18.5: the activation deck names units and sides too
        named |= {"deck.to_play": deck.to_play, "deck.cards": deck.cards, "deck.held": [u for _, u in deck.held]}
        deck_sides = [*deck.sides, *(side for side, _ in deck.held), *(roll.side for roll in deck.rolls)]
        found += _unknown(deck_sides, side_ids, f"{where}.deck.sides", "side")
    for field, ids in named.items():
        found += _unknown(ids, unit_ids, f"{where}.{field}", "unit")
    return found + _unknown([encounter.winner], side_ids, f"{where}.winner", "side")


def _unit_findings(encounter: Encounter, unit: Unit, where: str, hp_set: bool = False) -> list[Finding]:
    """A unit's own contradictions: where it stands, which weapons it holds, whom it watches or pins."""
    found: list[Finding] = []
    battle_map = encounter.map
    if battle_map is not None and unit.at is None:
        found.append((where, "missing 'at': the encounter has a map, so every unit stands on a cell [x, y]"))
    elif battle_map is None and unit.at is not None:
        found.append((f"{where}.at", "the encounter has no map (table mode), so units take no cell: remove 'at'"))
    elif battle_map is not None and unit.at is not None and (problem := standing_problem(unit.at, battle_map)):
        found.append((f"{where}.at", problem))
    # R20.2: the facing and the run-up's steps (R15.1) are facings of the map's grid.
    found += [(f"{where}.facing", problem) for problem in [facing_problem(unit.facing, battle_map)] if problem]
    found += [
        (f"{where}.recent_steps[{index}]", problem)
        for index, step in enumerate(unit.recent_steps)
        if (problem := facing_problem(step, battle_map))
    ]
    if unit.start is not None and battle_map is not None and (problem := standing_problem(unit.start, battle_map)):
        found.append((f"{where}.slots.morale.start", problem))  # R18.1.3: the morale slot's
    if not hp_set:
        found += [(f"{where}.{p}", message) for p, message in checks.hp_findings(unit.hp, unit.character, "unit")]
    for index, held in enumerate(unit.weapons):
        found += [(f"{where}.weapons[{index}].{path}", message) for path, message in checks.carried_findings(held)]
    carried = len(unit.weapons)
    if unit.in_hand >= max(carried, 1):
        found.append(
            (f"{where}.in_hand", f"expected the index of one of the unit's {carried} weapons, got {unit.in_hand}")
        )
    if unit.offhand is not None and (unit.offhand >= carried or unit.offhand == unit.in_hand):
        found.append(
            (f"{where}.offhand", f"expected the index of a second weapon of the unit's {carried}, got {unit.offhand}")
        )
    unit_ids = [other.id for other in encounter.units]
    if unit.pin is not None:
        found += _unknown([unit.pin.target], unit_ids, f"{where}.pin.target", "unit")
    if unit.watch is not None:
        found += _unknown(sorted(unit.watch.tested), unit_ids, f"{where}.watch.tested", "unit")
    return found


def _hp_set_by_the_game_master(history: tuple[HistoryEntry, ...]) -> frozenset[str]:
    """The units whose HP a `gm set UNIT hp=N` of the history set, which may be above their most (the game
    master's word: a tougher boss); other units' HP never goes above it (R0.5)."""
    units = set()
    for entry in history:
        try:
            command = parse_command(entry.line)
        except CommandError:
            continue  # named by the history's own check
        if isinstance(command, GmSet) and any(field == "hp" for field, _ in command.fields):
            units.add(command.unit)
    return frozenset(units)


def _equipment_findings(unit: Unit, at_start: Unit | None, where: str) -> list[Finding]:
    """The ids of a unit's weapons and armour: never blank, and (in a state) those it had at the start, since
    no command gives a unit other weapons or armour."""
    weapons = [(f"{where}.weapons[{index}].weapon.id", held.weapon.id) for index, held in enumerate(unit.weapons)]
    found = [
        (path, "expected an id, got an empty one")
        for path, item in [*weapons, (f"{where}.armor.id", unit.armor.id)]
        if not item.strip()
    ]
    if at_start is None or found:
        return found
    had = [held.weapon.id for held in at_start.weapons]
    listing = ", ".join(map(repr, had)) or "none"
    for index, (path, item) in enumerate(weapons):
        if index >= len(had) or item != had[index]:
            found.append((path, f"{unknown_id('weapon', item, had)}: the unit carried {listing} at the start"))
    armour = at_start.armor.id
    if unit.armor.id != armour:
        message = unknown_id("armour", unit.armor.id, [armour])
        found.append((f"{where}.armor.id", f"{message}: the unit wore {armour!r} at the start"))
    return found + _spare_ammunition_findings(unit, at_start, where)


def _spare_ammunition_findings(unit: Unit, at_start: Unit, where: str) -> list[Finding]:
    """R19.1: spare rounds only go into magazines (a reload), so a unit has the kinds it had at the start, each
    listed even when spent, and never more rounds of one than it had."""
    found: list[Finding] = []
    for ammo_id, rounds in unit.ammo.items():
        had = at_start.ammo.get(ammo_id)
        path = f"{where}.{join_path('ammo', ammo_id)}"
        if had is None:
            found.append((path, f"{unknown_id('ammunition', ammo_id, at_start.ammo)}: the unit had none at the start"))
        elif not 0 <= rounds <= had:
            found.append((path, f"expected 0 to the {had} rounds the unit had at the start, got {rounds}"))
    found += [
        (f"{where}.ammo", f"missing {ammo_id!r}: the unit had {had} spare rounds of it at the start (spent: 0)")
        for ammo_id, had in at_start.ammo.items()
        if ammo_id not in unit.ammo
    ]
    return found


def _duplicates(ids: list[str], where: str, kind: str) -> list[Finding]:
    first: dict[str, int] = {}
    found: list[Finding] = []
    for index, item in enumerate(ids):
        if item in first:
            found.append((f"{where}[{index}].id", f"{kind} id {item!r} is already used by {where}[{first[item]}]"))
        first.setdefault(item, index)
    return found


def _unknown(ids: Iterable[str | None], known: list[str], where: str, kind: str) -> list[Finding]:
    return [(where, unknown_id(kind, item, known)) for item in ids if item is not None and item not in known]


def _face_findings(values: Iterable[int], where: str) -> list[Finding]:
    return [
        (f"{where}[{index}]", f"expected a die's face, 0 or more, got {value}")
        for index, value in enumerate(values)
        if value < 0
    ]


def _command_findings(line: str, where: str) -> list[Finding]:
    """A history line must be one command, neither undo nor redo (the history holds what they left)."""
    try:
        command = parse_command(line)
    except CommandError as error:
        return [(where, str(error))]
    if command is None:
        return [(where, f"expected a command, got {line!r}")]
    if isinstance(command, Undo | Redo | GmBack):
        return [(where, f"the history holds the commands that made the state, never {line!r}")]
    return []
