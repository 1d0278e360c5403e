"""R21.8.2: whose view the screen shows (`Fight.viewing_side`; None is the game master's screen, everything)."""

from __future__ import annotations

from apcombat.ai import Decision
from apcombat.fight import Fight
from tests.engine.modules.fog_fights import ana, fog_game, jed


class Ends:
    def decide(self, state, rng) -> Decision:
        return Decision("end", "ends")


def test_one_human_side_is_shown_its_view_always_the_ais_turns_included(tmp_path) -> None:  # R21.8.2 b
    game = fog_game(tmp_path, ana((0, 3)), jed((6, 3)), controls={"vault": "human", "raiders": "ai"})
    fight = Fight(game, {"raiders": Ends()})
    assert fight.viewing_side() == "vault"
    game.play("end")  # Jed's (the AI's) turn
    assert fight.ai_side() == "raiders" and fight.viewing_side() == "vault"
    assert fight.side_in_control() is None  # the AI is in control: nothing waited through is handed back yet


def test_a_gm_side_or_no_human_side_gives_the_game_masters_screen(tmp_path) -> None:  # R21.8.2 a
    for name in ("gm", "ai", "table"):
        (tmp_path / name).mkdir()
    gm = fog_game(tmp_path / "gm", ana((0, 3)), jed((6, 3)), controls={"vault": "human", "raiders": "gm"})
    assert Fight(gm, {}).viewing_side() is None
    ais = fog_game(tmp_path / "ai", ana((0, 3)), jed((6, 3)), controls={"vault": "ai", "raiders": "ai"})
    assert Fight(ais, {"vault": Ends(), "raiders": Ends()}).viewing_side() is None
    table = fog_game(tmp_path / "table", ana(None), jed(None), rows=None)
    assert Fight(table, {}).viewing_side() is None
