"""R22.6: burning weapons (the Molotov cocktail) and fires — a Molotov into R22.11 D's brush with spreading
fires on and off, the cells that catch fire (R22.6.2), the burn sequence (R22.6.1), fires and weapons that do
not burn (R22.6.3)."""

from __future__ import annotations

from apcombat.engine import Throw, preview
from apcombat.engine.modules.fire_spread import FIRE_SPREAD
from apcombat.model.fates import Fate
from tests.engine.modules.throw_module_fights import hp, man_down, module_game, texts
from tests.engine.throw_fights import MAP_D, ana, jed, kid, moss, rat, zed

FIRES = ("fire_spread", "casualties")


def molotov_into_brush(tmp_path, modules):
    """Map D: Ana at 3,3 throws a Molotov at the brush 3,1 (2 m, cqc +10: 70 %); Jed on it, Rat prone in the
    brush at 2,1, Kid on the floor at 3,2, Zed a man down in the brush at 4,1, Moss far off at 6,3."""
    game = module_game(
        tmp_path,
        ana((3, 3), thrown={"molotov": 1}),
        jed((3, 1)),
        rat((2, 1), pose="prone"),
        kid((3, 2)),
        man_down(zed((4, 1))),
        moss((6, 3)),
        rows=MAP_D,
        modules=modules,
    )
    game.play("gm dice 41 5 6")  # a hit; 2d10+5 = 5+6+5 = 16
    return game, game.play("throw ana molotov 3,1")


def test_r22_6_2_a_molotov_into_brush_with_fires_on(tmp_path):  # R22.6.1, R22.6.2, R22.7.1 (2)-(4)
    game, events = molotov_into_brush(tmp_path, FIRES)
    # R22.6.2: the landing cell and the flammable cells within the middle distance (1.33 m) catch fire; 2,2's
    # brush is 1.41 m away and does not
    assert game.state.map.fires == {(2, 1), (3, 1), (4, 1)}
    # R22.6.2: Rat, prone in a cell that catches fire, counts as inner whatever its shifts; R22.6.1 both set
    # burning by the blast (its first burn), Kid in the middle band takes fire damage and does not burn
    assert texts(events, "blast") == [
        "Jed is caught in the inner band (0 m, its cell catches fire): 16 damage, 28 -> 12 HP (R22.5.4)",
        "Rat is caught in the inner band (1 m, its cell catches fire): 16 damage, 25 -> 9 HP (R22.5.4)",
        "Kid is caught in the middle band (1 m): 10 - 4 armour = 6 damage, 26 -> 20 HP (R22.5.4)",
    ]
    assert [unit.id for unit in game.state.units if unit.burning is not None] == ["jed", "rat"]
    # R22.5.5, R18.3.1: the man down in a cell that catches fire is dead
    assert game.state.unit("zed").fate is Fate.DEAD
    # R22.7.1 (4): the fires after the damage, in reading order; R18.3.1: set burning at most once by one
    # action, so the fires roll no 2d10+5 for Jed and Rat
    kinds = [event.kind for event in events]
    assert kinds.index("fire") > max(i for i, kind in enumerate(kinds) if kind == "blast")
    assert texts(events, "fire") == [
        "the brush at 2,1 catches fire from the molotov cocktail (R22.6.2)",
        "the brush at 3,1 catches fire from the molotov cocktail (R22.6.2)",
        "the brush at 4,1 catches fire from the molotov cocktail (R22.6.2)",
    ]
    assert hp(game) | {"zed": 0} == {"ana": 30, "jed": 12, "rat": 9, "kid": 20, "zed": 0, "moss": 31}
    # R18.3.3: the new fires are not rolled at this round's end
    assert game.state.fresh_fires == {(2, 1), (3, 1), (4, 1)}


def test_r22_6_2_one_left_standing_in_the_fire_restarts_at_2d10_plus_5(tmp_path):  # R22.6.2, R18.3.1
    game, _ = molotov_into_brush(tmp_path, FIRES)
    game.play("gm dice 1 1")
    events = game.play("end")  # Jed's turn starts in the fire at 3,1
    assert texts(events, "burning")[0] == (
        "Jed starts the turn in the fire at 3,1: 2d10+5 = [1+1]+5 = 7 fire damage, 12 -> 5 HP; burning, the burn "
        "started again (R18.3.1)"
    )


def test_r22_6_3_a_molotov_into_brush_with_fires_off(tmp_path):  # R22.6.1, R22.6.3, R22.5.5
    game, events = molotov_into_brush(tmp_path, ("casualties",))
    assert game.state.map.fires == frozenset() and not texts(events, "fire")
    # no cell catches fire: Rat is prone one cell away, middle -> outer; Zed the man down, prone, 1 m: outer,
    # and lives
    assert hp(game)["rat"] == 25 - 16 // 3
    assert game.state.unit("zed").fate is Fate.MAN_DOWN
    assert [unit.id for unit in game.state.units if unit.burning is not None] == ["jed"]


def test_r22_6_1_the_burn_goes_on_1d10_plus_5_then_1d10(tmp_path):  # R22.6.1, R6.2
    game = module_game(tmp_path, ana((3, 3), thrown={"molotov": 1}), jed((3, 1)), rows=MAP_D)
    game.play("gm dice 41 5 6")
    game.play("throw ana molotov 3,1")
    assert hp(game)["jed"] == 12
    game.play("gm dice 3")
    assert texts(game.play("end"), "burning") == ["Jed burns: 1d10+5 = [3]+5 = 8 damage, 12 -> 4 HP"]
    game.play("end")  # Jed's turn ends; round 2: Ana, then Jed
    game.play("gm dice 2")
    assert texts(game.play("end"), "burning") == ["Jed burns: 1d10 = [2] = 2 damage, 4 -> 2 HP; the fire goes out"]


def test_r22_6_2_bare_ground_a_hut_wall_and_crates_catch_a_low_wall_does_not(tmp_path):  # R22.6.2
    rows = (
        "..^....",
        ".c.=...",
        ".......",
    )
    game = module_game(tmp_path, ana((2, 2), thrown={"molotov": 2}), moss((6, 0)), rows=rows, modules=("fire_spread",))
    game.play("gm dice 41")  # nobody caught: no damage dice
    game.play("throw ana molotov 2,1")
    # the floor it lands on, the hut's wall 2,0 (a wall cell does not block the line to itself) and the crates
    # 1,1; not the low wall 3,1, which does not burn
    assert game.state.map.fires == {(2, 1), (2, 0), (1, 1)}


def test_r22_6_2_a_molotov_on_a_low_wall_lights_only_the_flammable_around_it(tmp_path):  # R22.6.2
    rows = (
        ".......",
        "..b=...",
        ".......",
    )
    game = module_game(tmp_path, ana((3, 2), thrown={"molotov": 1}), moss((6, 0)), rows=rows, modules=FIRES)
    game.play("gm dice 41")
    game.play("throw ana molotov 3,1")
    assert game.state.map.fires == {(2, 1)}


def test_r22_6_3_a_frag_grenade_lights_no_fire(tmp_path):  # R22.6.3
    game = module_game(tmp_path, ana((3, 3), thrown={"frag_grenade": 1}), jed((3, 1)), rows=MAP_D, modules=FIRES)
    game.play("gm dice 41 1 1 1")
    events = game.play("throw ana frag_grenade 3,1")
    assert game.state.map.fires == frozenset() and not texts(events, "fire")
    assert game.state.unit("jed").burning is None


def test_r22_6_2_a_molotov_on_hexes_lights_the_brush_around_it(tmp_path):  # R22.6.2, R20
    rows = (
        ".......",
        "..bbb..",
        "..bb...",
        ".......",
    )
    game = module_game(
        tmp_path,
        ana((3, 3), thrown={"molotov": 1}, facing="E"),
        rat((6, 3), facing="E"),
        rows=rows,
        hexes=True,
        modules=FIRES,
    )
    game.play("gm dice 41 5 6")
    events = game.play("throw ana molotov 3,1")
    # R20.1's odd-r layout: 3,1's six neighbours (all 1 m) are 2,1 4,1 3,0 4,0 3,2 4,2; its brush catches, and
    # 2,2's brush (1.73 m) does not
    assert game.state.map.fires == {(2, 1), (3, 1), (4, 1), (3, 2)}
    assert len(texts(events, "fire")) == 4


def test_r22_6_2_the_new_fires_are_not_rolled_at_this_round_s_end(tmp_path):  # R22.6.2, R18.3.3
    game = module_game(tmp_path, ana((3, 3), thrown={"molotov": 1}), moss((6, 0)), rows=MAP_D, modules=FIRES)
    game.play("gm dice 41")
    game.play("throw ana molotov 3,1")
    game.play("end")
    events = game.play("end")  # Moss ends: the round's end, then round 2
    assert not texts(events, "fire")
    assert game.state.map.fires == {(2, 1), (3, 1), (4, 1)} and game.state.fresh_fires == frozenset()


def test_r22_8_2_a_molotov_s_new_direction_lights_its_fires_where_it_now_lands(tmp_path):  # R22.8.2, R22.6.2
    game = module_game(
        tmp_path,
        ana((3, 3), thrown={"molotov": 1}),
        moss((6, 0)),
        rows=MAP_D,
        modules=("fire_spread", "rerolls"),
        points={"vault": 2},
    )
    game.play("gm dice 90 5 1 1")  # misses by 20: mild; d8 5 (S), 1 cell: lands at 3,2 (floor)
    game.play("throw ana molotov 3,1")
    assert game.state.map.fires == {(3, 2), (2, 2), (3, 1)}  # the ground it lands on, the brush beside it
    game.play("gm dice 1")
    game.play("reroll vault 2")  # d8 1 (N): lands at 3,0; the brush 3,1 below it catches
    assert game.state.map.fires == {(3, 0), (3, 1)}


def test_r22_6_2_the_preview_counts_a_character_in_a_cell_that_will_catch_fire_as_inner(tmp_path):  # R22.6.2
    def rat_band(modules):
        game = module_game(
            tmp_path, ana((3, 3), thrown={"molotov": 1}), rat((2, 1), pose="prone"), rows=MAP_D, modules=modules
        )
        shown = preview(game.state, Throw("ana", "molotov", (3, 1), None, False)).throw
        return [(share.band.value, share.in_fire) for share in shown.caught if share.unit == "rat"]

    assert rat_band(FIRES) == [("inner", True)]
    assert rat_band(("casualties",)) == [("outer", False)]  # prone: middle -> outer


def test_r22_9_2_at_the_table_the_game_master_names_a_molotov_s_fires(tmp_path):  # R22.9.2, R22.6.2, R18.3.4
    game = module_game(tmp_path, ana(None, thrown={"molotov": 1}), jed(None), rows=None, modules=FIRES)
    molotov = game.state.unit("ana").thrown_stock("molotov").weapon
    events: list = []
    state = FIRE_SPREAD.blast_landed(game.state, "ana", molotov, None, (), {}, frozenset(), None, events)
    assert state == game.state
    assert texts(events) == [
        "the molotov cocktail lights the ground at its point and whatever burns within 4 cm of it with a clear "
        "line: the game master names each fire (gm fire NAME on, R22.6.2, R18.3.4)"
    ]
    frag = module_game(tmp_path, ana(None, thrown={"frag_grenade": 1}), jed(None), rows=None, modules=FIRES)
    grenade = frag.state.unit("ana").thrown_stock("frag_grenade").weapon
    events = []
    FIRE_SPREAD.blast_landed(frag.state, "ana", grenade, None, (), {}, frozenset(), None, events)
    assert events == []  # R22.6.3
