"""Every house rule of RULES.md in both settings, through `apcombat run`.

Tested here: aim_max_extra_ap (R3.1), ambidextrous_removes_strength (R11.3). Tested where their rules are:
prone_shows_head (R8.6) in test_poses_and_cover.py, cover_exempts (R9.3) in test_poses_and_cover.py,
reroll_initiative_each_round (R13.2) in test_initiative.py.
"""

from __future__ import annotations

import pytest

from .builders import duel, modifiers

START = "gm dice 6 1"  # R13.1: Ana first, then Bob


@pytest.mark.parametrize(
    ("cap", "extra", "allowed"),
    [(None, 2, True), (1, 1, True), (1, 2, False), (0, 1, False), (0, 0, True)],
)
def test_aim_max_extra_ap(play, cap, extra, allowed):
    # R3.1 house rule aim_max_extra_ap (default none: no cap beyond the AP available).
    enc = duel(house_rules={} if cap is None else {"aim_max_extra_ap": cap})
    aim = "aimed torso" + (f" +{extra}" if extra else "")
    out = play(enc, [START, "gm dice 99", f"shoot ana bob {aim}"])
    if allowed:
        out.ok()
        assert modifiers(out.last("attack")).get("aim_ap", 0) == 10 * extra
        assert out.ap("ana") == 8 - (5 + 1 + extra)
    else:
        out.refused(3, "aim_max_extra_ap", f"at most {cap}", "R3.1")


@pytest.mark.parametrize(
    ("perks", "removes", "strength", "handicap"),
    [
        (["ambidextrous"], False, -20, None),  # the perk removes the handicap only (default)
        (["ambidextrous"], True, None, None),  # ... and the raised minimum strength too
        ([], True, -20, -25),  # without the perk the house rule changes nothing
        ([], False, -20, -25),
    ],
)
def test_ambidextrous_removes_strength(play, perks, removes, strength, handicap):
    # R11.2: two Colts raise min ST 3 to 4; Ana has ST 3. R11.3 house rule ambidextrous_removes_strength.
    enc = duel(
        a={"weapons": ["colt_1911", "colt_1911"], "ST": 3, "perks": perks},
        house_rules={"ambidextrous_removes_strength": removes},
    )
    out = play(enc, [START, "gm dice 99 99", "dual ana bob"]).ok()
    for gun in (0, 1):
        found = modifiers(out.last("attack"), gun)
        assert (found.get("strength"), found.get("ambidextrous")) == (strength, handicap)


def test_two_handed_guns_double_their_minimum_strength_with_two_guns(play):
    # R11.2: two Grease Guns (min ST 5) fired together need ST 10: at ST 8, -40 on each.
    enc = duel(a={"weapons": ["grease_gun", "grease_gun"], "offhand": 1, "ST": 8})
    out = play(enc, [START, "gm dice 99 99", "dual ana bob"]).ok()
    assert modifiers(out.last("attack"), 1)["strength"] == -40
