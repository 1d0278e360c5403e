"""No unit is called by a word a command reads in a unit's place with a meaning of its own (issue 29): `all`
(`gm sees SIDE all`, R21.7.3) and `none` (`gm morale WHO leader none`, R18.1.1) — refused in an encounter file
by `apcombat check`, in `gm add`, and never made from a character's name."""

from __future__ import annotations

import attrs
import pytest

from apcombat.content import Library, content_root
from apcombat.content.roster import Roster
from apcombat.engine import CommandError, Game
from tests.engine.modules.fog_fights import ana, fog_game, jed

DUEL = (content_root() / "encounters" / "duel.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("word", "why"), [("all", "gm sees SIDE all"), ("none", "gm morale WHO leader none")])
def test_an_encounter_with_a_unit_called_all_or_none_fails_check(apcombat, tmp_path, word, why):
    encounter = tmp_path / "reserved.toml"
    text = DUEL.replace('id = "raider"', f'id = "{word}"', 1).replace('"../characters/ana.toml"', '"ana"')
    encounter.write_text(text, encoding="utf-8")
    checked = apcombat("check", encounter)
    assert checked.code == 1
    (line,) = [line for line in checked.out.splitlines() if "a word of the commands" in line]
    assert f'"{word}" is a word of the commands, no unit\'s id: `{why}`' in line
    assert "reserved.toml" in line and "id" in line and line.endswith("choose another id")


@pytest.mark.parametrize("word", ["all", "ALL", "none"])
def test_gm_add_refuses_a_newcomer_called_all_or_none(tmp_path, word):
    game: Game = fog_game(tmp_path, ana((0, 6)), jed((6, 6)), modules=())
    before = game.state
    with pytest.raises(CommandError, match=f"^'{word.lower()}' is a word of the commands, no unit's id: "):
        game.play(f"gm add {word} raider raiders 3,3")
    assert game.state == before


def test_a_character_called_all_gives_its_unit_another_id(library: Library) -> None:
    everyone = attrs.evolve(library.character("raider"), name="All")
    _, unit = Roster.start().with_unit("opponents", everyone, library)
    assert unit.id == "all_2" and unit.name == "All"
