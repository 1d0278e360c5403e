"""The Markdown export for the campaign diary (issue 28, item 8): after the log, the summary table of each side
and who took what damage from whom."""

from __future__ import annotations

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import Game, log_markdown
from tests.engine.builders import write_encounter
from tests.engine.test_covering_fire import PIN, pinning
from tests.engine.throw_fights import ana, jed, rat, throw_game
from tests.saves.save_helpers import duel


def shot_and_hurt() -> Game:
    game = Game(duel(), seed=7)  # seed 7: Ana acts first; the forced shot hits Raider for 4
    game.play_all(["end", "end", "gm force hit", "shoot ana raider", "gm hp ana -3"])
    return game


def test_the_export_ends_with_the_summary_table_and_the_damage_taken():
    game = shot_and_hurt()
    text = log_markdown(game.state, game.log)
    assert text.endswith(
        "## Summary: 2 rounds\n\n"
        "| side | shots | hits | damage dealt | standing |\n"
        "|---|---|---|---|---|\n"
        "| Vault dweller | 1 | 1 | 4 | 1 |\n"
        "| Raiders | 0 | 0 | 0 | 1 |\n\n"
        "## Damage taken\n\n"
        "| who | damage | from |\n"
        "|---|---|---|\n"
        "| Raider | 4 | Ana |\n"
        "| Ana | 3 | the game master |\n"
    )


def test_an_undone_command_is_not_counted():
    game = shot_and_hurt()
    game.play_all(["undo", "undo"])
    text = log_markdown(game.state, game.log)
    assert "| Vault dweller | 0 | 0 | 0 | 1 |" in text
    assert text.endswith("## Damage taken\n\nNobody took damage.\n")


def test_a_blast_is_the_throwers_damage(tmp_path):
    # R22: the blast's damage is the thrower's, to each one it catches.
    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 1}), jed((4, 2)), rat((5, 2)))
    game.play_all(["gm dice 41 4 2 5", "throw ana frag_grenade 4,2"])
    caught = {event.unit: event.data["damage"] for event in game.log if event.kind == "blast"}
    assert any(caught.values())
    text = log_markdown(game.state, game.log)
    for uid, damage in caught.items():
        if damage:
            assert f"| {game.state.unit(uid).name} | {damage} | Ana |" in text


def test_covering_fire_is_the_pinners_damage(tmp_path):
    # R17.2: Ana pins Bob, in cover behind the low wall; Bob leaves cover and takes two hits of 5 (luck d10 4
    # against LU 6: success by 2, two hits; each Grease Gun hit 1d10+3 with a 2).
    path = write_encounter(tmp_path / "pin.toml", pinning())
    game = Game(load_encounter(path, load_library(content_root())), seed=1)
    game.play_all([*PIN, "gm dice 4 2 2", "uncover bob"])
    assert game.state.unit("bob").hp == 20
    assert "| Bob | 10 | Ana |" in log_markdown(game.state, game.log)
