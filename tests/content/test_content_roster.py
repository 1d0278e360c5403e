"""The roster of a table fight: unit ids from names, sides, new characters checked field by field, and the
encounter it makes, which its written file loads back as."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from apcombat.content import Library, load_encounter
from apcombat.content.encounter_document import encounter_to_toml
from apcombat.content.roster import Roster, content_id, new_character_id, read_new_character, unique_id
from apcombat.content.writer import write_text_file
from apcombat.model import AiSettings, Control, Effort

FORM = {
    "name": "Big Sue",
    "special": {"ST": 7, "PE": 5, "EN": 6, "CH": 4, "IN": 4, "AG": 7, "LU": 5},
    "skills": {"small_guns": 45, "unarmed": 85},
    "perks": ["ambidextrous"],
    "armor": "leather_armor",
    "weapons": ["brass_knuckles", "colt_1911"],
}


def form(**changes: Any) -> dict[str, Any]:
    return FORM | changes


def test_ids_come_from_names_and_never_repeat() -> None:
    assert content_id("Big Sue") == "big_sue"
    assert content_id("  Ürsula-3! ") == "ursula_3"
    assert content_id("!!!", "unit") == "unit"
    assert unique_id("raider", ["raider", "raider_2"]) == "raider_3"


def test_units_of_one_character_get_numbered_ids(library: Library) -> None:
    roster = Roster.start()
    raider = library.character("raider")
    for _ in range(3):
        roster, _ = roster.with_unit("opponents", raider, library)
    assert [unit.id for unit in roster.units] == ["raider", "raider_2", "raider_3"]
    assert roster.without_unit("raider_2").side_units("opponents")[1].id == "raider_3"


def test_a_new_roster_has_two_sides_the_game_master_plays() -> None:
    roster = Roster.start()
    assert [(side.id, side.name, side.control) for side in roster.sides] == [
        ("players", "Players", Control.GM),
        ("opponents", "Opponents", Control.GM),
    ]
    assert roster.problems() == [
        "Players have no one: add a character to them.",
        "Opponents have no one: add a character to them.",
    ]


def test_renaming_a_side_gives_it_an_id_its_units_follow(library: Library) -> None:
    roster, _ = Roster.start().with_unit("opponents", library.character("raider"), library)
    bold = AiSettings("random", Effort.HIGH, aggression=1.0)
    roster = attrs.evolve(roster, sides=(roster.sides[0], attrs.evolve(roster.sides[1], ai=bold)))
    roster = roster.with_side_renamed("opponents", "Raiders of the Mug")
    assert roster.sides[1].id == "raiders_of_the_mug"
    assert roster.units[0].side == "raiders_of_the_mug"
    assert roster.sides[1].ai == bold  # what else the side had stays with it


def test_an_empty_side_can_go_but_two_always_stay(library: Library) -> None:
    roster, side = Roster.start().with_side("Drifters")
    assert [s.id for s in roster.without_side(side.id).sides] == ["players", "opponents"]
    assert len(Roster.start().without_side("players").sides) == 2


def test_the_roster_is_the_encounter_its_file_loads_as(library: Library, tmp_path: Path) -> None:
    sue, found = read_new_character(FORM, library)
    assert found == [] and sue is not None
    roster = Roster.start()
    roster, _ = roster.with_unit("opponents", library.character("raider"), library)
    roster, _ = roster.with_unit("players", library.character("ana"), library)
    roster, _ = roster.with_unit("players", sue, library)
    roster = roster.with_control("players", Control.HUMAN)
    encounter = roster.encounter("Saloon rematch", library)
    assert [unit.id for unit in encounter.units] == ["ana", "big_sue", "raider"]  # side by side
    assert encounter.description == "Players: Ana, Big Sue. Opponents: Raider."
    path = write_text_file(tmp_path / "encounters" / "rematch.toml", encounter_to_toml(encounter, library))
    assert load_encounter(path, library) == encounter


def test_a_new_character_with_problems_names_each_field(library: Library) -> None:
    fields = form(name=" ", special=FORM["special"] | {"ST": 11, "PE": ""}, perks=["ambidextrus"], weapons=[])
    character, found = read_new_character(fields, library)
    assert character is None
    assert found == [
        ("name", "give the character a name"),
        ("special.ST", "expected a whole number from 1 to 10, got 11"),
        ("special.PE", 'expected a whole number, got ""'),
        ("weapons", "pick at least one weapon (Fists to fight bare-handed)"),
        ("perks", "unknown perk 'ambidextrus' (did you mean 'ambidextrous'?)"),
        ("perks", "the perks the rules know: ambidextrous, more_criticals, leader"),
    ]


def test_a_new_character_carries_only_what_the_content_has(library: Library) -> None:
    _, found = read_new_character(form(weapons=["colt1911"], armor="tin_can"), library)
    assert found == [
        ("weapons[0]", "unknown weapon 'colt1911' (did you mean 'colt_1911'?)"),
        ("armor", "unknown armour 'tin_can'"),
    ]


def test_a_saved_character_never_takes_the_file_of_another(library: Library) -> None:
    assert new_character_id("Big Sue", library.root) == "big_sue"
    assert new_character_id("Raider", library.root) == "raider_2"
    assert new_character_id("Big Sue", library.root, known=["big_sue"]) == "big_sue_2"


def test_a_side_named_with_an_escape_is_a_problem_of_the_roster(library: Library) -> None:
    # issue 29: the roster's encounter would reach the screens and its file with the escape in it
    roster = Roster.start().with_side_renamed("opponents", "Raiders\x1b[2J")
    assert "The side 'Raiders\\x1b[2J' holds a control character (U+001B): rename it." in roster.problems()
