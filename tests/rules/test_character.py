"""R0.5: attributes and the derived numbers of a character."""

import pytest

from apcombat.model import Character, Skill, Special

from .builders import make_shooter, make_special


# R0.5: AP per round = 5 + AG // 2.
@pytest.mark.parametrize(("ag", "ap"), [(1, 5), (2, 6), (5, 7), (6, 8), (9, 9), (10, 10)])
def test_ap_per_round(ag, ap):
    assert Character("c", special=Special(AG=ag)).ap_per_round == ap


# R0.5: max HP = 15 + ST + 2 x EN.
@pytest.mark.parametrize(("st", "en", "hp"), [(5, 5, 30), (1, 1, 18), (10, 10, 45), (8, 3, 29)])
def test_hit_points(st, en, hp):
    assert Character("c", special=Special(ST=st, EN=en)).hit_points == hp


# R0.5: base critical chance = LU %.
@pytest.mark.parametrize("lu", [1, 5, 10])
def test_base_crit_chance_is_luck(lu):
    assert Character("c", special=Special(LU=lu)).base_crit_chance == lu


def test_derived_numbers_can_be_overridden():
    # R0.5: "each overridable per character".
    character = Character("c", special=Special(AG=10, ST=10, EN=10, LU=10), max_hp=12, ap=4, crit_chance=2)
    assert (character.hit_points, character.ap_per_round, character.base_crit_chance) == (12, 4, 2)


def test_shooter_crit_chance_is_luck_unless_overridden():
    # R0.5 / R1.4: the shooter's base critical chance.
    assert make_shooter(special=make_special(LU=7)).base_crit_chance == 7
    assert make_shooter(special=make_special(LU=7), crit_chance=12).base_crit_chance == 12


@pytest.mark.parametrize("name", ["ST", "PE", "EN", "CH", "IN", "AG", "LU"])
@pytest.mark.parametrize("value", [0, 11, -1])
def test_attributes_are_1_to_10(name, value):
    # R0.5: seven attributes, each 1-10.
    with pytest.raises(ValueError, match=name):
        Special(**{name: value})


def test_character_has_the_required_skills_and_perks():
    # R0.5: at least these skills; the perk `ambidextrous`.
    required = {
        "small_guns",
        "big_guns",
        "energy_weapons",
        "unarmed",
        "melee",
        "throwing",
        "acrobatics",
        "body_control",
    }
    assert required <= {skill.value for skill in Skill}
    character = Character("c", skills={Skill.MELEE: 40}, perks=["ambidextrous"])
    assert character.skill(Skill.MELEE) == 40
    assert character.skill(Skill.THROWING) == 0
    assert "ambidextrous" in character.perks
