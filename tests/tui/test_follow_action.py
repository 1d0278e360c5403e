"""Issue 24 item 1, follow the action: while the AI plays, the map brings each line's acting unit and target
into sight (the `follow` setting, on by default) and says its reason; when control comes back, the "While you
waited" panel lists each enemy action with its effect; Enter on a line moves the map's cursor there, Escape
closes it, W opens it again.

The long field (100 x 60 cells of floor, larger than the view): Ana (vault, human) at the top left, where the
view starts; Bo (vault, human, slow) far off at the bottom right, and Rex (raiders, AI, a scripted test
level) 14 cells north of Bo, who bursts at Bo and ends."""

from __future__ import annotations

import re

import pytest
from tui_kit import SKIRMISH_UNITS, Scripted, Ui, character, write_encounter

from apcombat.ai import LEVELS, Decision
from apcombat.content.settings import Settings
from apcombat.tui.widgets.waited_panel import WaitedPanel

BO_AT = (80, 50)
REX_AT = (84, 36)
PACE = 0.001  # a pace, so the view follows (at pace 0 the lines play at once and it does not)


def raider_plays(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    """The demo duel's raider plays `lines` (then ends its turns): the default AI level, scripted."""
    from apcombat.ai import DEFAULT_LEVEL

    monkeypatch.setitem(LEVELS, DEFAULT_LEVEL, lambda settings: Scripted(lines))


async def ana_ends_her_turn_and_the_panel_opens(ui: Ui, *lines: str) -> None:
    """The demo duel started; Ana plays `lines` and ends her turn; the raider's turn is played and control is
    back with Ana, the "While you waited" panel open."""
    await ui.press("s")
    await ui.until(lambda: ui.state.active == "ana", "Ana's turn")
    if lines:
        await ui.command(*lines)
    await ui.press("e")
    await ui.until(lambda: ui.state.active == "ana" and ui.game.query(WaitedPanel), "the panel, Ana's turn")


class Watching:
    """Plays `lines`, then `end`; at each call notes where the view is and whether it shows Bo."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.ui: Ui | None = None
        self.seen: list[tuple[tuple[int, int], bool]] = []
        self.bo_hp = 0  # Bo's HP before the AI's turn

    def decide(self, state, rng) -> Decision:
        assert self.ui is not None
        view = self.ui.map
        self.seen.append((tuple(view.scroll_offset), view.shows(BO_AT)))
        line = self.lines.pop(0) if self.lines else "end"
        return Decision(line, f"scripted: {line}")


@pytest.fixture
def long_field(tmp_path, monkeypatch):
    """`long_field(steps, follow=True, size=...)`: the long field opened, Rex played by a `Watching` bot that
    bursts at Bo, the fight started and Ana's turn ended; `await steps(ui, bot)` once control is back."""
    ana, rex = SKIRMISH_UNITS
    units = (
        ana | {"at": [2, 2]},
        {
            "id": "bo",
            "side": "vault",
            "at": list(BO_AT),
            "facing": "E",
            "character": character("Bo", ["colt_1911"], {"PE": 1, "AG": 1}),
        },
        rex | {"at": list(REX_AT), "facing": "W"},
    )
    path = write_encounter(
        tmp_path / "encounters",
        "longfield",
        units,
        map={"rows": ["." * 100] * 60},
        side=[
            {"id": "vault", "name": "Vault", "control": "human"},
            {"id": "raiders", "name": "Raiders", "control": "ai", "ai": {"level": "random"}},
        ],
    )

    def run(run_ui, steps, follow: bool = True, size: tuple[int, int] = (140, 45)):
        bot = Watching("shoot rex bo burst")
        monkeypatch.setitem(LEVELS, "random", lambda settings: bot)

        async def script(ui: Ui) -> None:
            bot.ui = ui
            ui.app.settings = ui.app.settings.replace(follow=follow)
            await ui.press("s")
            await ui.until(lambda: ui.state.active == "ana", "Ana's turn")
            assert not ui.map.shows(BO_AT)
            bot.bo_hp = ui.state.unit("bo").hp
            await ui.press("e")
            await ui.until(lambda: ui.state.active == "bo" and not ui.game.ai.pending, "Bo's turn")
            await ui.settle()
            await steps(ui, bot)

        return run_ui(script, open_path=path, ai_pace=PACE, size=size)

    return run


def test_the_view_goes_to_the_wounded_unit_off_screen_and_the_panel_names_the_shot_and_its_damage(run_ui, long_field):
    async def steps(ui: Ui, bot: Watching) -> None:
        before_shot, after_shot = bot.seen
        assert not before_shot[1] and after_shot[1]  # Bo was off-screen; after the burst the view showed Bo
        assert (BO_AT, True) in ui.game.follower.followed
        panel = ui.game.query_one(WaitedPanel)
        lines = panel.stretch.lines()
        hp = ui.state.unit("bo").hp
        assert hp < bot.bo_hp
        shot = next(line for line in lines if "Rex attacks Bo" in line)
        assert f"Bo {bot.bo_hp} → {hp} HP (-{bot.bo_hp - hp})" in shot
        assert "While you waited" in ui.screen_text() and "Rex attacks Bo" in ui.screen_text()

    long_field(run_ui, steps)


def test_a_line_chosen_moves_the_view_there_escape_closes_and_w_opens_the_panel_again(run_ui, long_field):
    async def steps(ui: Ui, bot: Watching) -> None:
        ui.map.cursor = (2, 2)  # the player looks elsewhere
        ui.game.query_one(WaitedPanel).query_one("OptionList").focus()
        await ui.settle()
        assert not ui.map.shows(BO_AT)
        await ui.press("home", "enter")  # the first line: Rex's burst at Bo
        assert ui.map.cursor == BO_AT and ui.map.shows(BO_AT)
        await ui.press("escape")
        assert not ui.game.query(WaitedPanel)
        assert ui.app.focused is ui.map
        await ui.press("W")
        panel = ui.game.query_one(WaitedPanel)
        assert any("Rex attacks Bo" in line for line in panel.stretch.lines())

    long_field(run_ui, steps)


def test_follow_off_leaves_the_view_where_it_was(run_ui, long_field):
    async def steps(ui: Ui, bot: Watching) -> None:
        before_shot, after_shot = bot.seen
        assert before_shot == after_shot and not after_shot[1]  # the view never went to Bo
        assert ui.game.follower is None or not ui.game.follower.followed
        assert ui.game.query(WaitedPanel)  # the panel still tells what happened

    long_field(run_ui, steps, follow=False)


def test_w_with_nothing_waited_says_so(run_ui):
    async def script(ui: Ui) -> None:
        await ui.press("s", "W")
        assert not ui.game.query(WaitedPanel)
        assert "nothing happened while you waited" in ui.text("#hint")

    run_ui(script)


def test_settings_follow_is_on_by_default():
    assert Settings().follow is True


def test_hot_seat_w_lists_what_the_other_player_did_since_your_last_command(run_ui):
    async def script(ui: Ui) -> None:  # the test encounter: both sides played by people
        await ui.press("s")
        await ui.until(lambda: ui.state.active == "ana", "Ana's turn")
        await ui.command("pose ana crouched")
        await ui.press("e")
        assert ui.state.active == "rex" and not ui.game.query(WaitedPanel)  # it opens by itself after an AI only
        await ui.press("W")
        lines = ui.game.query_one(WaitedPanel).stretch.lines()
        assert [line.split(":")[1].strip() for line in lines] == ["V1 Ana goes crouched", "V1 Ana ends the turn"]

    run_ui(script)


@pytest.mark.parametrize("pace", [0.3, 0], ids=["paced", "pace 0"])
def test_a_fight_an_enemy_ends_shows_its_last_shot_before_and_in_the_victory_screen(run_ui, duel, monkeypatch, pace):
    from apcombat.tui.screens.victory import VictoryScreen

    raider_plays(monkeypatch, ["shoot raider ana"])

    async def script(ui: Ui) -> None:
        await ui.press("s")
        await ui.until(lambda: ui.state.active == "ana", "Ana's turn")
        await ui.command("gm set ana hp=1", "gm force hit")
        await ui.press("e")
        await ui.until(lambda: ui.state.finished, "the end of the fight")
        if pace:  # the shot is on the map, under no summary, for the pace
            assert not isinstance(ui.screen, VictoryScreen) and re.search(r"-\d+", ui.text("#map"))
        victory = await ui.wait_for_screen(VictoryScreen)
        said = ui.text("#ended-by", victory)
        assert "Raider attacks Ana" in said and "down" in said

    run_ui(script, open_path=duel, ai_pace=pace)


def test_the_damage_drawn_over_a_target_is_not_painted_over_by_the_shots_line(library, tmp_path):
    # Rex shoots Ana from the upper right: the line runs through the row above Ana, where "-N" is written.
    from apcombat.content import load_encounter
    from apcombat.engine import Game
    from apcombat.fight import action_of
    from apcombat.tui.follow import SHOT_MARK, trace_of

    units = (SKIRMISH_UNITS[0] | {"at": [2, 5]}, SKIRMISH_UNITS[1] | {"at": [10, 1]})
    field = write_encounter(tmp_path, "diagonal", units, map={"rows": ["." * 12] * 7})
    game = Game(load_encounter(field, library), seed=1)
    game.play_all(["gm dice 1 6", "start", "end", "gm force hit"])
    before, logged = game.state, len(game.log)
    game.play("shoot rex ana")
    action = action_of(before, game.state, game.log[logged:], game.history[-1], len(game.history))
    assert action is not None
    trace = trace_of(action)
    (label_at, (label, _)) = next((cell, mark) for cell, mark in trace.items() if mark[0].startswith("-"))
    assert label_at == (2, 4) and len(label) == 3  # "-NN" runs on over the next cell at zoom 1
    assert trace.get((3, 4), ("", None))[0] != SHOT_MARK
    assert any(mark == SHOT_MARK for mark, _ in trace.values())  # the rest of the line is drawn


def test_undo_right_after_an_ai_turn_closes_the_panel_and_w_does_not_list_what_was_undone(run_ui, duel, monkeypatch):
    raider_plays(monkeypatch, ["shoot raider ana"])

    async def script(ui: Ui) -> None:
        await ana_ends_her_turn_and_the_panel_opens(ui)
        await ui.press("ctrl+z")  # back to before Ana ended her turn: the raider's shot was never played
        assert ui.state.round == 1 and not ui.game.query(WaitedPanel)
        await ui.press("W")
        assert not ui.game.query(WaitedPanel)
        assert "nothing happened while you waited" in ui.text("#hint")

    run_ui(script, open_path=duel, ai_pace=0)


def test_escape_closes_the_panel_when_the_map_has_the_focus(run_ui, duel, monkeypatch):
    raider_plays(monkeypatch, ["shoot raider ana"])

    async def script(ui: Ui) -> None:
        await ana_ends_her_turn_and_the_panel_opens(ui)
        await ui.click_cell(ui.state.unit("ana").at)  # the player clicks on the map: the panel stays open
        assert ui.app.focused is ui.map and ui.game.query(WaitedPanel)
        await ui.press("escape")  # its title says Esc closes it
        assert not ui.game.query(WaitedPanel)

    run_ui(script, open_path=duel, ai_pace=0)


@pytest.mark.parametrize("keys", [("W", "W", "W"), ("escape", "escape", "W", "escape"), ("W", "ctrl+z", "W")])
def test_the_panel_closed_in_the_same_burst_of_keys_that_opened_it_is_no_crash(run_ui, duel, monkeypatch, keys):
    raider_plays(monkeypatch, ["shoot raider ana", "cover raider"])

    async def script(ui: Ui) -> None:
        await ana_ends_her_turn_and_the_panel_opens(ui)
        await ui.settle()
        await ui.press_at_once(*keys)  # a panel W opens goes before its first refresh
        await ui.settle()
        await ui.pilot.pause(0.3)
        assert len(ui.game.query(WaitedPanel)) == (keys[-1] == "W" and ui.state.round == 2)

    run_ui(script, open_path=duel, ai_pace=0.05, size=(80, 24))


def test_a_redo_into_the_ais_turn_says_the_ai_waits_and_which_key_lets_it_play(run_ui, duel, monkeypatch):
    raider_plays(monkeypatch, ["shoot raider ana"])

    async def script(ui: Ui) -> None:
        await ana_ends_her_turn_and_the_panel_opens(ui)
        await ui.press("ctrl+z", "ctrl+y")  # Ana's end again: the raider's turn, its AI held
        await ui.settle()
        assert ui.state.active == "raider" and not ui.game.ai.pending
        assert "n lets it play" in ui.text("#hint")

    run_ui(script, open_path=duel, ai_pace=0)


def test_the_maps_cursor_keys_the_panels_list_has_no_use_for_still_move_the_cursor(run_ui, duel, monkeypatch):
    raider_plays(monkeypatch, ["shoot raider ana"])

    async def script(ui: Ui) -> None:
        await ana_ends_her_turn_and_the_panel_opens(ui)
        await ui.settle()
        panel = ui.game.query_one(WaitedPanel)
        assert ui.app.focused in panel.query("OptionList")  # up/down and Enter choose a line
        x, y = ui.map.cursor
        await ui.press("right", "right", "h", "shift+right")
        assert ui.map.cursor == (x + 6, y) and ui.game.query(WaitedPanel)
        await ui.press("up")  # the list's: the line above, and no move of the map's cursor
        assert ui.map.cursor == (x + 6, y) and panel.query_one("OptionList").highlighted == 0

    run_ui(script, open_path=duel, ai_pace=0)


def test_a_line_chosen_shows_its_cell_even_where_the_panel_covers_the_map(run_ui, tmp_path, monkeypatch):
    # Four raiders at the bottom of a tall map each crouch, stand and end: 12 lines, a tall panel.
    raiders = [
        {"id": f"r{n}", "side": "raiders", "at": [2 + 3 * n, 28], "facing": "N", "character": character(f"R{n}", [])}
        for n in range(4)
    ]
    ana = {"id": "ana", "side": "vault", "at": [1, 1], "facing": "S", "character": character("Ana", ["colt_1911"])}
    path = write_encounter(
        tmp_path / "encounters",
        "tall",
        (ana, *raiders),
        map={"rows": ["." * 16] * 30},
        side=[
            {"id": "vault", "name": "Vault", "control": "human"},
            {"id": "raiders", "name": "Raiders", "control": "ai", "ai": {"level": "random"}},
        ],
        optional_rules={"initiative": False},
    )
    lines = [line for n in range(4) for line in (f"pose r{n} crouched", f"pose r{n} upright", "end")]
    monkeypatch.setitem(LEVELS, "random", lambda settings: Scripted(lines))

    async def script(ui: Ui) -> None:
        await ana_ends_her_turn_and_the_panel_opens(ui)
        await ui.settle()
        panel = ui.game.query_one(WaitedPanel)
        await ui.press("home", "enter")  # R0 crouching, at the bottom of the map
        await ui.settle()
        assert ui.map.cursor == (2, 28) and ui.map.shows((2, 28))
        row = ui.map.content_region.y + ui.cell_offset((2, 28)).y - ui.map.styles.gutter.top
        assert not panel.region.y <= row < panel.region.bottom, "the chosen cell is under the panel"

    run_ui(script, open_path=path, ai_pace=0, size=(140, 45))


def test_the_players_own_command_closes_the_panel_and_w_still_shows_it(run_ui, duel, monkeypatch):
    raider_plays(monkeypatch, ["pose raider crouched"])

    async def script(ui: Ui) -> None:
        await ana_ends_her_turn_and_the_panel_opens(ui)
        await ui.command("pose ana crouched")
        await ui.settle()
        assert not ui.game.query(WaitedPanel)  # a stale list does not sit over the player's turn
        await ui.press("escape", "W")
        await ui.settle()
        assert "Raider goes crouched" in " ".join(ui.game.query_one(WaitedPanel).stretch.lines())

    run_ui(script, open_path=duel, ai_pace=PACE)


def test_a_shooter_out_of_view_is_named_where_its_line_leaves_the_view(library, tmp_path):
    # Rex fires at Ana from the far right; the view shows only the left of the field (columns 0-5).
    from apcombat.content import load_encounter
    from apcombat.engine import Game, unit_marks
    from apcombat.fight import action_of
    from apcombat.tui.follow import SHOT_MARK, FollowAction, trace_of

    class LeftHalf:
        def shows(self, cell) -> bool:
            return cell[0] <= 5

    units = (SKIRMISH_UNITS[0] | {"at": [1, 3]}, SKIRMISH_UNITS[1] | {"at": [11, 3]})
    field = write_encounter(tmp_path, "row", units, map={"rows": ["." * 12] * 7})
    game = Game(load_encounter(field, library), seed=1)
    game.play_all(["gm dice 1 6", "start", "end"])
    before, logged = game.state, len(game.log)
    game.play("shoot rex ana")
    action = action_of(before, game.state, game.log[logged:], game.history[-1], len(game.history))
    assert action is not None
    follower = FollowAction(LeftHalf(), lambda delay, callback: None)  # type: ignore[arg-type]
    drawn = follower.with_shooter_named(action, trace_of(action))
    assert drawn[(5, 3)][0] == unit_marks(before)["rex"]  # the last cell of the line in view, nearest Rex
    assert drawn[(4, 3)][0] == SHOT_MARK
    shown_all = FollowAction(type("All", (), {"shows": lambda self, cell: True})(), lambda d, c: None)  # type: ignore[arg-type]
    assert shown_all.with_shooter_named(action, trace_of(action)) == trace_of(action)  # Rex in view: no label


def test_an_unseen_throwers_miss_marks_where_it_landed_not_where_it_was_aimed(tmp_path):  # R22.8.4, R21.8.1
    """Under the fog of war every side is shown where a blast lands, but the cell it was aimed at only when the
    side sees the thrower (its log says "thrown out of sight, lands at ..."); the map drew the aimed cell (××)
    too, telling where an unseen enemy aimed."""
    from apcombat.fight import action_of
    from apcombat.tui.follow import LANDING_MARK, TARGET_MARK, trace_of
    from tests.engine.throw_fights import ana, jed, rat, throw_game

    rows = ("......", "..#...", "..#...", "..#...", "......")
    game = throw_game(
        tmp_path, ana((1, 0)), jed((3, 0), thrown={"frag_grenade": 1}), rat((5, 4)), rows=rows, modules=("fog_of_war",)
    )
    game.play_all(["end", "move jed 4,3", "end", "end", "end"])
    before = game.state
    events = game.play("throw jed frag_grenade 3,0", dice=(99, 3, 1, 1, 4, 4, 1))  # off target: 1 cell east
    action = action_of(before, game.state, events, game.history[-1], len(game.history))
    assert action is not None
    shown = {unit.id for unit in before.units if unit.side == "vault"}  # the vault sees none of the raiders
    marks = {text for text, _ in trace_of(action, shown).values()}
    assert LANDING_MARK in marks and TARGET_MARK not in marks
    assert TARGET_MARK in {text for text, _ in trace_of(action).values()}  # the game master's screen: both


def test_a_hidden_character_the_blast_spares_leaves_no_hole_in_the_blast_drawn(tmp_path):  # R21.8.4, R22.5.3
    """The blast is drawn on the cells around the landing but not under units (their marks show): a hidden
    raider lying prone in the outer band (shifted out: not caught, not revealed) left his cell undrawn on the
    vault's map, telling where he lies; only the units the side sees keep their cells."""
    from apcombat.fight import action_of
    from apcombat.tui.follow import trace_of
    from tests.engine.throw_fights import ana, jed, moss, rat, throw_game

    rows = ("......", "..#...", "..#...", "..#...", "......")
    game = throw_game(
        tmp_path,
        ana((1, 0)),
        jed((3, 0), thrown={"frag_grenade": 1}),
        rat((5, 4)),
        moss((3, 2), hidden=True, in_cover=True, pose="prone"),  # beside the wall at 2,2
        rows=rows,
        modules=("fog_of_war",),
    )
    game.play_all(["end", "move jed 4,3", "end", "end", "end", "end"])
    before = game.state
    events = game.play("throw jed frag_grenade 3,0", dice=(1, 4, 4, 1))  # a hit: Moss, 2 m away, prone: none
    assert game.state.unit("moss").hidden and not [e for e in events if e.kind == "blast" and e.unit == "moss"]
    action = action_of(before, game.state, events, game.history[-1], len(game.history))
    assert action is not None
    shown = {unit.id for unit in game.state.units if unit.side == "vault"}
    trace = trace_of(action, shown)
    assert (3, 2) in trace and (4, 1) in trace  # the outer band's cells, Moss's as any other
