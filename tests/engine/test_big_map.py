"""Issue 9 item 5: the first move on the largest map the program reads (1,000 x 1,000 cells; a 10,000 x
1,000 map is refused when its file is read) returns instead of hanging — the steps are worked out only for
the cells a search reaches, and a move's search looks no further than the mover's AP allow. A generous
watchdog fails the test instead of letting a hang stall the suite."""

from __future__ import annotations

import attrs
import pytest
from hang_watchdog import watchdog

from apcombat.content import content_root, load_encounter, load_library
from apcombat.engine import CommandError, Game
from apcombat.engine.views import reachable_cells
from apcombat.model import BattleMap

from .builders import duel, write_encounter

WATCHDOG_S = 60
WIDTH, HEIGHT = 1_000, 1_000


@pytest.fixture(scope="module")
def big_fight(tmp_path_factory: pytest.TempPathFactory) -> Game:
    path = write_encounter(tmp_path_factory.mktemp("big") / "duel.toml", duel())
    start = load_encounter(path, load_library(content_root()))
    big = BattleMap(rows=("." * WIDTH,) * HEIGHT)  # one row object shared: the map costs little memory
    ana, bob = start.units
    units = (attrs.evolve(ana, at=(500, 500)), attrs.evolve(bob, at=(510, 500)))
    return Game(attrs.evolve(start, map=big, units=units), seed=1)


def test_the_first_move_on_the_largest_map_returns(big_fight):
    game = big_fight
    with watchdog(WATCHDOG_S):
        game.play("gm dice 6 1")
        game.play("move ana 502,502")  # R7.1: two diagonals, 84 mm: 3 AP
        assert game.state.unit("ana").at == (502, 502) and game.state.unit("ana").ap == 5
        assert len(reachable_cells(game.state, game.state.unit("ana"), running=True)) > 50


def test_a_move_across_the_map_is_refused_at_once_with_a_sentence(big_fight):
    with watchdog(WATCHDOG_S), pytest.raises(CommandError, match=r"cannot get to 999,999 with \d+ AP"):
        big_fight.play("move ana 999,999")
