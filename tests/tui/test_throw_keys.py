"""The throw key on the map (R22): `T` picks the thrown weapon, the cursor aims with the blast drawn around it
and the engine's figures in the hint line, friends in the blast are asked about first, Esc leaves, a refused
cell says the engine's sentence, and a throw's landing is marked; the unit panel shows the belt (R22.1.2).

The field (7 x 9): Ana (vault) at 1,3 carries two frag grenades and a Molotov; Ben (vault) stands at 6,0; Rex
and Rat (raiders) stand behind the low wall (x 5, y 2-4) at 6,3 and 6,4; a wall cell at 3,6 hides 3,7 from Ana.
"""

from __future__ import annotations

from tui_kit import SKIRMISH_UNITS, character, write_encounter

from apcombat.engine import Throw, preview
from apcombat.model import BlastBand
from apcombat.tui.follow import LANDING_MARK, TARGET_MARK
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.screens.game import GameScreen
from apcombat.tui.screens.throw_keys import ConfirmThrow

ROWS = [
    ".........",
    ".........",
    ".....=...",
    ".....=...",
    ".....=...",
    ".........",
    "...#.....",
    ".........",
]
ANA = {**SKIRMISH_UNITS[0], "thrown": {"frag_grenade": 2, "molotov": 1}}
BEN = {"id": "ben", "side": "vault", "at": [6, 0], "facing": "E", "character": character("Ben", ["colt_1911"])}
REX = {**SKIRMISH_UNITS[1], "at": [6, 3]}
RAT = {"id": "rat", "side": "raiders", "at": [6, 4], "facing": "W", "character": character("Rat", ["grease_gun"])}


def field(tmp_path, *units, hexes=False):
    battlemap = {"rows": ROWS} | ({"kind": "hex"} if hexes else {})
    return write_encounter(tmp_path / "encounters", "wall", units=units or (ANA, BEN, REX, RAT), map=battlemap)


def panel_text(ui) -> str:
    return ui.text("#unit")


async def aim_frag(ui) -> None:
    """Start the fight and aim the frag grenade (the first of Ana's two kinds)."""
    await ui.press("s")
    await ui.press("T")
    choice = await ui.wait_for_screen(ChoiceScreen)
    assert "frag grenade × 2" in ui.screen_text() and "molotov cocktail × 1" in ui.screen_text()  # R22.1.2
    assert choice.title_text == "Ana throws what?"
    await ui.press("enter")
    await ui.wait_for_screen(GameScreen)


def test_t_aims_a_grenade_with_its_blast_drawn_round_the_cursor_and_esc_leaves(run_ui, tmp_path):
    async def script(ui):
        await aim_frag(ui)
        panel = panel_text(ui)
        assert "frag grenade × 2" in panel and "molotov cocktail × 1" in panel  # R22.1.2: the panel's belt
        assert ui.map.cursor == (6, 3)  # the nearest enemy in sight
        judged = preview(ui.game.session.acting_view(), Throw("ana", "frag_grenade", (6, 3))).throw
        assert judged is not None
        blast = ui.map.overlay.blast
        # R22.5.1: the target cell is in the inner band, the farthest cells in the outer; R22.5.3: each caught
        # character's cell is in the band it takes
        assert blast[(6, 3)] is BlastBand.INNER and BlastBand.OUTER in blast.values()
        assert {share.unit: share.band for share in judged.caught} == {"rex": BlastBand.INNER, "rat": blast[(6, 4)]}
        hint = ui.text("#hint")
        assert f"throw the frag grenade at 6,3: {judged.plan.chance}% to hit" in hint
        assert f"{judged.plan.ap} AP" in hint and f"of {judged.reach_m:g} m reach" in hint and "scatters" in hint
        assert "caught: Rex inner" in hint and "Enter throws, Esc leaves" in hint
        assert "throwing the frag grenade" in ui.map.border_title
        await ui.press("right")  # the blast follows the cursor
        assert ui.map.overlay.blast[(7, 3)] is BlastBand.INNER
        await ui.press("escape")
        assert ui.map.overlay.blast == {} and ui.game.aim is None
        assert "no throw: the frag grenade stays on the belt" in ui.text("#hint")
        assert ui.state.unit("ana").thrown_count("frag_grenade") == 2
        await ui.press("down")  # the cursor previews walks again
        assert "move to 7,4" in ui.text("#hint")
        await ui.press("T", "enter")  # aiming again, then a walk to the cursor with m: the aiming ends
        await ui.wait_for_screen(GameScreen)
        assert ui.game.aim is not None and ui.map.overlay.blast
        await ui.press("m")
        await ui.until(lambda: ui.state.unit("ana").at == (7, 4), "Ana's walk")
        assert ui.map.overlay.blast == {} and ui.game.aim is None

    run_ui(script, open_path=field(tmp_path))


def test_friends_in_the_blast_are_named_before_the_throw(run_ui, tmp_path):
    async def script(ui):
        await aim_frag(ui)
        await ui.move_cursor_to((6, 2))  # Ben at 6,0 and the two raiders are all in reach of the blast
        assert "Ben" in ui.text("#hint") and "a friend" in ui.text("#hint")
        await ui.press("enter")
        confirm = await ui.wait_for_screen(ConfirmThrow)
        assert confirm.question == "Ben is in the blast: throw anyway? Enter / Esc"
        await ui.press("escape")  # back to aiming, nothing thrown
        await ui.wait_for_screen(GameScreen)
        assert ui.game.aim is not None and ui.state.unit("ana").thrown_count("frag_grenade") == 2
        await ui.press("enter")
        await ui.wait_for_screen(ConfirmThrow)
        await ui.press("enter")
        await ui.until(lambda: ui.state.unit("ana").thrown_count("frag_grenade") == 1, "the throw")
        assert "Ana throws a frag grenade at 6,2" in ui.log_text()
        assert ui.game.aim is None and ui.map.overlay.blast == {}

    run_ui(script, open_path=field(tmp_path))


def test_a_cell_out_of_line_is_refused_with_the_engines_sentence(run_ui, tmp_path):
    async def script(ui):
        await aim_frag(ui)
        await ui.move_cursor_to((3, 7))  # R22.2.4: the wall at 3,6 stands between Ana and the cell
        refusal = preview(ui.game.session.acting_view(), Throw("ana", "frag_grenade", (3, 7))).reason
        assert refusal and refusal in ui.text("#hint") and "Esc leaves" in ui.text("#hint")
        await ui.press("enter")
        await ui.settle()
        assert refusal in ui.notices()[-1]
        assert ui.state.unit("ana").thrown_count("frag_grenade") == 2 and ui.game.aim is not None

    run_ui(script, open_path=field(tmp_path))


def test_a_missed_throw_shows_where_it_landed_and_its_scatter_dice(run_ui, tmp_path):
    async def script(ui):
        await ui.press("s")
        await ui.command("gm dice 99 3 2 2")  # R22.4: d100 99 off target; d8 3 (E); 2d6 2+2
        await ui.press("T", "enter")
        await ui.wait_for_screen(GameScreen)
        await ui.move_cursor_to((3, 1))  # nobody caught there: no question
        await ui.press("enter")
        await ui.until(lambda: ui.state.unit("ana").thrown_count("frag_grenade") == 1, "the throw")
        log = ui.log_text()
        assert "d100 99" in log and "d8 3" in log and "2+2" in log
        landing = next(e for e in ui.game.session.game.log if e.kind == "throw").data["landing"]
        assert landing != [3, 1]
        marks = {x: text for x, text, _ in ui.map._traces[landing[1]]}
        assert marks[landing[0]] == LANDING_MARK and marks[3] == TARGET_MARK  # R22.4: where it came down, aimed
        assert "frag grenade × 1" in panel_text(ui)

    run_ui(script, open_path=field(tmp_path))


def test_the_blast_is_drawn_on_a_hex_map(run_ui, tmp_path):
    async def script(ui):
        await aim_frag(ui)
        blast = ui.map.overlay.blast
        assert blast[(6, 3)] is BlastBand.INNER
        # R20.1: on hexes the odd row's neighbours of 6,3 are 6,2, 7,2, 6,4 and 7,4: the next band, like 5,3's
        assert {cell for cell, band in blast.items() if band is not BlastBand.INNER} >= {(7, 2), (7, 4), (6, 2)}

    run_ui(script, open_path=field(tmp_path, hexes=True))


def test_a_unit_without_thrown_weapons_is_told_so(run_ui, tmp_path):
    async def script(ui):
        await ui.press("s", "T")
        await ui.settle()
        assert "Ana carries no thrown weapons (R22.1.2)" in ui.notices()[-1]
        assert ui.game.aim is None and not panel_text(ui).count("×")

    run_ui(script, open_path=field(tmp_path, SKIRMISH_UNITS[0], REX))


def test_the_panel_shows_an_enemys_belt_without_the_fog(run_ui, tmp_path):
    quick = character("Rex", ["grease_gun"], {"AG": 10, "PE": 10, "LU": 10})  # Rex acts first
    raider = {**REX, "thrown": {"dynamite": 1}, "character": quick}

    async def script(ui):
        await ui.press("s")
        assert ui.state.active == "rex"
        assert "dynamite × 1" in panel_text(ui)  # R22.1.2: fog off, every belt is known

    run_ui(script, open_path=field(tmp_path, SKIRMISH_UNITS[0], raider))


def test_an_ai_throw_is_drawn_with_its_landing_and_blast_for_the_pace(library, tmp_path):
    # R22.8.4: every side is shown where a throw lands; the follow-the-action trace draws it and its blast
    from apcombat.content import load_encounter
    from apcombat.engine import Game, blast_cells
    from apcombat.fight import action_of
    from apcombat.tui.follow import blast_style, trace_of

    rex = {**REX, "thrown": {"frag_grenade": 1}}
    game = Game(load_encounter(field(tmp_path, SKIRMISH_UNITS[0], rex), library), seed=1)
    game.play_all(["gm dice 1 6", "start", "end", "gm dice 99 7 3 3"])  # R22.4: off target, d8 7 (W), 3+3
    before, logged = game.state, len(game.log)
    game.play("throw rex frag_grenade 3,1")
    action = action_of(before, game.state, game.log[logged:], game.history[-1], len(game.history))
    assert action is not None
    landing = tuple(next(e for e in action.events if e.kind == "throw").data["landing"])
    assert landing != (3, 1)
    trace = trace_of(action)
    assert trace[landing][0] == LANDING_MARK and trace[(3, 1)][0] == TARGET_MARK
    weapon = before.unit("rex").thrown_stock("frag_grenade").weapon
    area = blast_cells(game.state, weapon, landing)
    drawn = {cell: mark for cell, mark in trace.items() if cell not in (landing, (3, 1)) and cell in area}
    assert drawn and all(style == blast_style(area[cell]) for cell, (_, style) in drawn.items())


def test_under_the_fog_the_blast_is_drawn_on_the_cells_the_side_sees_only(tmp_path):
    # R21.8.4: the app draws what the side's view holds; `aim_view` gets the side's sight under the fog
    from apcombat.engine import blast_cells
    from apcombat.tui.throw_aim import Aim, aim_view
    from tests.engine.throw_fights import ana, jed, throw_game

    game = throw_game(tmp_path, ana((0, 2), thrown={"frag_grenade": 2}), jed((4, 2)))
    state = game.state
    weapon = state.unit("ana").thrown_stock("frag_grenade").weapon
    area = blast_cells(state, weapon, (4, 2))
    seen = frozenset(cell for cell in area if cell[0] <= 4)  # say the side sees the blast's near half only
    aimed = aim_view(state, Aim("ana", "frag_grenade", weapon), (4, 2), lambda c: preview(state, c), seen)
    assert aimed.cells and set(aimed.cells) <= seen < set(area)
    assert aimed.cells[(4, 2)] is BlastBand.INNER and aimed.command == Throw("ana", "frag_grenade", (4, 2))
    everything = aim_view(state, Aim("ana", "frag_grenade", weapon), (4, 2), lambda c: preview(state, c), None)
    assert set(everything.cells) == set(area)


def test_from_cover_the_throw_leans_out(run_ui, tmp_path):
    beside = {**ANA, "at": [4, 3]}  # beside the low wall at 5,3

    async def script(ui):
        await ui.press("s", "c")  # R9.1: into cover; R22.2.5: from cover a throw only leaning out
        await ui.until(lambda: ui.state.unit("ana").in_cover, "Ana in cover")
        await ui.press("T", "enter")
        await ui.wait_for_screen(GameScreen)
        assert ui.map.cursor == (6, 3)
        plain = preview(ui.game.session.acting_view(), Throw("ana", "frag_grenade", (6, 3)))
        assert plain.throw is None  # the engine refuses the plain throw from cover
        assert "throw the frag grenade at 6,3 leaning out (R22.2.5):" in ui.text("#hint")
        assert ui.game.aimed.command == Throw("ana", "frag_grenade", (6, 3), lean=True)

    run_ui(script, open_path=field(tmp_path, beside, REX, RAT))


def test_a_cell_beyond_the_reach_is_refused_with_the_engines_sentence(run_ui, tmp_path):
    weak = {**ANA, "character": character("Ana", ["colt_1911"], {"ST": 1, "PE": 8, "AG": 8, "LU": 2}, ap=12)}

    async def script(ui):
        await aim_frag(ui)
        assert ui.map.cursor == (6, 3)  # 5 m away; R22.2.3: 3 x ST 1 = 3 m
        assert "Ana throws a frag grenade at most 3 m (3 × ST 1, R22.2.3)" in ui.text("#hint")
        assert ui.game.aimed.command is None
        await ui.move_cursor_to((4, 3))
        assert "Enter throws" in ui.text("#hint")

    run_ui(script, open_path=field(tmp_path, weak, REX, RAT))


def test_at_80_by_24_the_unit_panel_shows_the_belt_after_two_lines_of_weapons(run_ui, tmp_path):
    """R22.1.2: the unit panel shows the counts. At 80 x 24 the panel has six lines; a rifle and a pistol take
    two, and the belt, on a line of its own, was cut off the panel (low_wall.toml's Vera): it shares the
    weapons' last line when it fits."""
    vera = {
        **SKIRMISH_UNITS[0],
        "thrown": {"frag_grenade": 2},
        "character": character("Vera", ["sniper_rifle", "browning_high_power"], {"PE": 8, "AG": 8}, ap=12),
    }

    async def script(ui):
        await ui.press("s")
        await ui.settle()
        assert ui.state.active == "ana"
        screen = ui.screen_text()
        assert "Browning" in screen and "frag grenade × 2" in screen

    run_ui(script, open_path=field(tmp_path, vera, REX, RAT), size=(80, 24))
