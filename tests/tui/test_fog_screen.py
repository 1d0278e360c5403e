"""R21.8.2 (a, b) and R21.8.4 on the battlefield: one human side is shown its view, always — the map, the
panels, the turn order, the hint line, the cursor and Tab go through `view(state, side)` — and the game
master's screen shows everything, hidden characters marked, with a "view as" entry in the `g` menu.

The yard of R21.11 (fog_fights.py): the vault (Ana at 0,3, Ben at 2,6) against the raiders; Jed at 6,3 in
plain sight; Moss lying prone behind the low wall at 9,3 (R8.5 hides him from Ana, and Ben's line is cut by
the wall 5,5) and Rat hidden at 9,2 (R21.3) — the vault sees Jed only."""

from __future__ import annotations

from tui_kit import Ui

from tests.engine.modules.fog_fights import ana, ben, fog_file, jed, moss, rat

RAIDERS_AI = {"vault": "human", "raiders": "ai"}


def yard(tmp_path, *raiders, controls=RAIDERS_AI, name="fog"):
    folder = tmp_path / name
    folder.mkdir(parents=True, exist_ok=True)
    return fog_file(folder, ana((0, 3)), ben((2, 6)), *raiders, controls=controls)


def screen_of(ui: Ui) -> tuple[str, str, str]:
    """The map's lines, the unit panel's and the turn order's text, as drawn."""
    return ui.text("#map", ui.game), ui.text("#unit", ui.game), ui.text("#order", ui.game)


async def started(ui: Ui) -> None:
    await ui.press("s")
    await ui.until(lambda: ui.state.active == "ana", "Ana's turn")
    await ui.settle()


def test_two_states_with_the_same_view_draw_the_same_screen(run_ui, tmp_path):
    """R21.8.7's testable sentence for the app: Moss and Rat, unseen, change nothing the vault is shown —
    the map's lines, the unit panel, the turn order, the hint under the cursor where Rat hides."""
    drawn = []
    for name, raiders in (
        ("with", (jed((6, 3)), moss((9, 3), pose="prone"), rat((9, 2), "W", hidden=True))),
        ("without", (jed((6, 3)),)),
        ("elsewhere", (jed((6, 3)), moss((9, 6), pose="prone"), rat((4, 2), "W", hidden=True))),
    ):
        path = yard(tmp_path, *raiders, name=name)

        async def script(ui: Ui) -> None:
            await started(ui)
            await ui.move_cursor_to((9, 2))
            await ui.settle()
            drawn.append((*screen_of(ui), ui.text("#hint", ui.game)))

        run_ui(script, open_path=path)
    with_them, without, elsewhere = drawn
    assert with_them == without == elsewhere
    assert "Jed" in with_them[2] and "Moss" not in with_them[2] and "Rat" not in with_them[2]


def test_the_unseen_enemies_are_not_drawn_nor_listed_and_tab_cycles_the_seen_one(run_ui, tmp_path):
    path = yard(tmp_path, moss((9, 3), pose="prone"), jed((6, 3)), rat((9, 2), "W", hidden=True))

    async def script(ui: Ui) -> None:
        await started(ui)
        game_map, _, order = screen_of(ui)
        assert "(R1)" in game_map and "(R2)" not in game_map and "(R3)" not in game_map  # Jed only, as R1
        assert [line.split("│")[1].split()[-5:-3] for line in order.splitlines()[2:5]] == [
            ["V1", "Ana"],
            ["V2", "Ben"],
            ["R1", "Jed"],
        ]
        for _ in range(3):  # R21.8.4: Tab cycles the enemies the side sees, never Moss nor Rat
            await ui.press("tab")
            assert ui.game.target == "jed"
        await ui.press("y")  # R21.8.4: the AI's options stay secret until the fight is over
        assert "secret until the fight is over" in ui.text("#hint", ui.game)

    run_ui(script, open_path=path)


def test_a_mark_is_drawn_as_a_question_mark_and_the_hint_gives_its_round_and_pose(run_ui, tmp_path):
    """R21.2.1, R21.8.4: Jed moved where neither Ana nor Ben sees him (a game master's `gm set`): the vault
    keeps a mark at 6,3, drawn `?`, and the hint line names him with the round he was last seen in."""
    path = yard(tmp_path, jed((6, 3), pose="crouched"), rat((9, 2), "W", hidden=True))

    async def script(ui: Ui) -> None:
        await started(ui)
        await ui.command("gm set jed at=4,0")
        game_map, _, order = screen_of(ui)
        assert "Jed" not in order and "(R1)" not in game_map
        row = next(line for line in game_map.splitlines() if line.startswith("│  3"))
        assert "(?)▄" in row  # zoom 2: the mark in the raiders' brackets, and his pose then
        await ui.move_cursor_to((6, 3))
        await ui.settle()
        assert ui.text("#hint", ui.game).strip().startswith("? Jed (last seen round 1, crouched)")
        await ui.press("v")  # R21.8.4: the whole-map glance shows the side's characters and its marks
        glance = ui.text("#overview-map")
        assert glance.count("V") == 2 and glance.count("?") == 1 and "r" not in glance.lower().replace("v", "")

    run_ui(script, open_path=path)


def test_a_mark_of_an_enemy_never_seen_says_an_enemy():
    from apcombat.fight import mark_words
    from apcombat.model import Pose
    from apcombat.model.fog_state import Mark

    assert mark_words("an enemy", Mark("rat", (9, 2), Pose.PRONE, 3)) == "? an enemy (last seen round 3, prone)"


def test_the_game_masters_screen_shows_everything_marks_the_hidden_and_views_as_a_side(run_ui, tmp_path):
    """R21.8.2 a, R21.7.5: with a `gm` side the screen is the game master's: Moss and Rat drawn, Rat marked
    hidden (◌); the `g` menu's "View as a side" shows the vault's view, changing nothing, until switched back."""
    path = yard(
        tmp_path,
        jed((6, 3)),
        moss((9, 3), pose="prone"),
        rat((9, 2), "W", hidden=True),
        controls={"vault": "human", "raiders": "gm"},
    )

    async def script(ui: Ui) -> None:
        await started(ui)
        _, _, order = screen_of(ui)
        assert "Moss" in order and "Rat ▪◌" in order
        history = list(ui.game.session.game.history)
        await ui.press("g")
        await ui.settle()
        assert "View as a side" in ui.screen_text()
        await pick(ui, "View as a side")
        await pick(ui, "As The Vault sees it")
        _, _, order = screen_of(ui)
        assert "Jed" in order and "Moss" not in order and "Rat" not in order
        assert ui.game.session.game.history == history  # nothing changed in the fight
        await ui.press("g")
        await ui.settle()
        await pick(ui, "View as a side")
        await pick(ui, "Everything")
        assert "Rat ▪◌" in screen_of(ui)[2]

    run_ui(script, open_path=path)


async def pick(ui: Ui, words: str) -> None:
    """Choose the option of the dialog in front that reads `words` (down arrows, then Enter)."""
    from textual.widgets import OptionList

    options = ui.screen.query_one(OptionList)
    index = next(i for i in range(options.option_count) if words in str(options.get_option_at_index(i).prompt))
    options.highlighted = index
    await ui.press("enter")
    await ui.settle()


class Noting:
    """The raiders' AI for the test: plays `lines` in order (then `end`), noting at each decision which unit
    acts, whether the app waited out the pace before asking and whether the turn order said "out of sight"."""

    def __init__(self, ui_of, *lines: str) -> None:
        self.ui_of = ui_of
        self.lines = list(lines)
        self.noted: list[tuple[str, bool, bool]] = []

    def decide(self, state, rng):
        from apcombat.ai import Decision
        from apcombat.tui.widgets.panels import TurnOrder

        game = self.ui_of().game
        shown = game.query_one(TurnOrder).last_shown
        self.noted.append((state.active, game.ai.paced, bool(shown and shown[2])))
        line = self.lines.pop(0) if self.lines else "end"
        return Decision(line, f"scripted: {line}")


def test_an_ai_command_out_of_sight_is_neither_paced_nor_drawn(run_ui, tmp_path, monkeypatch):
    """R21.8.2 b: Jed, seen, plays at the AI's pace and the view follows him; Moss and Rat, unseen, play at
    once, the turn order saying "Round 1 — out of sight", and nothing of Rat's turn is drawn."""
    from apcombat.ai import DEFAULT_LEVEL, LEVELS

    path = yard(tmp_path, jed((6, 3)), moss((9, 3), pose="prone"), rat((9, 2), "W", hidden=True))
    uis: list[Ui] = []
    bot = Noting(lambda: uis[0], "end", "end", "turn rat S", "end")
    monkeypatch.setitem(LEVELS, DEFAULT_LEVEL, lambda settings: bot)

    async def script(ui: Ui) -> None:
        uis.append(ui)
        await started(ui)
        await ui.press("e")  # Ana's turn ends, Ben's begins
        await ui.until(lambda: ui.state.active == "ben", "Ben's turn")
        await ui.press("e")
        await ui.until(lambda: ui.state.round == 2 and ui.state.active == "ana" and not ui.game.ai.pending, "round 2")
        await ui.settle()
        followed = [cell for cell, _ in ui.game.follower.followed] if ui.game.follower is not None else []
        assert (9, 2) not in followed and (9, 3) not in followed  # never scrolled to where they stand
        assert "Rat" not in ui.text("#order", ui.game) and "Moss" not in ui.text("#order", ui.game)

    run_ui(script, open_path=path, ai_pace=0.001)
    assert bot.noted == [
        ("jed", True, False),
        ("moss", False, True),
        ("rat", False, True),
        ("rat", False, True),
    ]


def test_the_sight_from_a_cell_names_only_the_enemies_in_the_view(run_ui, tmp_path):
    """R21.8.4: `S` from 9,5 — where Moss, prone at 9,3, would be in plain sight — names Jed, whom the vault
    sees, and nobody it does not see."""
    path = yard(tmp_path, jed((6, 3)), moss((9, 3), pose="prone"), rat((9, 2), "W", hidden=True))

    async def script(ui: Ui) -> None:
        await started(ui)
        await ui.move_cursor_to((9, 5))
        await ui.press("S")
        said = ui.text("#hint", ui.game)
        assert "would see Jed" in said and "Moss" not in said and "Rat" not in said

    run_ui(script, open_path=path)


def test_viewing_as_a_side_with_a_plural_name_reads_as_one(run_ui, tmp_path):
    """R21.7.5: "As Raiders see it", "what Raiders are shown" — the side's name agrees with its verb."""
    path = yard(tmp_path, jed((6, 3)), controls={"vault": "human", "raiders": "gm"})

    async def script(ui: Ui) -> None:
        await started(ui)
        await ui.press("g")
        await ui.settle()
        await pick(ui, "View as a side")
        await pick(ui, "As Raiders see it")
        assert "viewing as Raiders: what Raiders are shown" in ui.screen_text()

    run_ui(script, open_path=path)


def test_an_illegal_ai_line_out_of_sight_is_told_without_its_words(run_ui, tmp_path, monkeypatch):
    """R21.8.3: Rat, hidden, tries to shoot from cover without leaning out — refused "Rat is in cover: ...":
    the vault is told that the AI played an illegal line, not which nor why (it would name Rat, in cover)."""
    from apcombat.ai import DEFAULT_LEVEL, LEVELS

    path = yard(tmp_path, jed((6, 3)), rat((9, 2), "W", hidden=True))
    uis: list[Ui] = []
    bot = Noting(lambda: uis[0], "end", "shoot rat ana")
    monkeypatch.setitem(LEVELS, DEFAULT_LEVEL, lambda settings: bot)

    async def script(ui: Ui) -> None:
        uis.append(ui)
        await started(ui)
        await ui.press("e")
        await ui.until(lambda: ui.state.active == "ben", "Ben's turn")
        await ui.press("e")
        await ui.until(lambda: ui.state.round == 2 and ui.state.active == "ana" and not ui.game.ai.pending, "round 2")
        await ui.settle()
        said = " ".join([*ui.notices(), ui.text("#hint", ui.game), ui.log_text()])
        assert "Rat" not in said and "in cover" not in said

    run_ui(script, open_path=path, ai_pace=0)


def test_a_move_stopped_by_a_new_sighting_says_who_came_into_sight(run_ui, tmp_path):  # R21.6.1
    """Ana walks north from 0,3; Moss stands at 6,0 beyond the wall 3-5,1 and comes into sight at 0,0: the
    hint says who came into sight (the log says only where Ana went, and a move stops at a new sighting)."""
    path = yard(tmp_path, moss((6, 0)))

    async def script(ui: Ui) -> None:
        await started(ui)
        assert "moss" not in {unit.id for unit in ui.game.state.units}
        await ui.command("move ana 0,2")
        assert "into sight" not in ui.text("#hint", ui.game)  # nobody new
        await ui.command("move ana 0,0")
        assert "Moss comes into sight (a move stops there, R21.6.1)" in ui.text("#hint", ui.game)

    run_ui(script, open_path=path)


def test_table_mode_view_as_a_side_lists_its_marks_without_cells(run_ui, tmp_path):
    """R21.7.3, R21.7.5: in table mode `gm sees vault jed off` leaves the vault a mark "Jed, last seen round 1"
    with no cell; viewing as the vault, the table screen lists it (the game master's screen does not)."""
    folder = tmp_path / "table"
    folder.mkdir()
    path = fog_file(folder, ana(None), jed(None), rows=None, controls={"vault": "human", "raiders": "gm"})

    async def script(ui: Ui) -> None:
        await started(ui)
        await ui.command("gm sees vault all on", "gm sees vault jed off")
        assert "last seen" not in ui.screen_text()
        await ui.press("g")
        await ui.settle()
        await pick(ui, "View as a side")
        await pick(ui, "As The Vault sees it")
        assert "? Jed, last seen round 1" in ui.screen_text()

    run_ui(script, open_path=path)


def test_with_the_fog_off_a_move_says_nothing_of_sight(run_ui, tmp_path):
    path = fog_file(tmp_path, ana((0, 3)), moss((6, 0)), modules=(), controls=RAIDERS_AI)

    async def script(ui: Ui) -> None:
        await started(ui)
        await ui.command("move ana 0,2")
        assert "Ana moves" in ui.text("#hint", ui.game) and "into sight" not in ui.text("#hint", ui.game)

    run_ui(script, open_path=path)
