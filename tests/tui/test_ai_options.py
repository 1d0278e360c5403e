"""The AI explains itself in the app (issue 12 item 3): each AI command's log line gives its reason in
numbers, and `y` shows the AI's top three options for its last decision — each a first command with the
plan it starts and its score in expected HP. The decision is kept in the app's session, not in the save."""

from __future__ import annotations

import re

from tui_kit import SKIRMISH_UNITS, write_encounter

from apcombat.ai.decision import Option
from apcombat.tui.screens.ai_options import AiOptionsScreen
from apcombat.tui.screens.help import all_bindings


def tactical_skirmish(folder):
    return write_encounter(
        folder,
        "tacticalskirmish",
        SKIRMISH_UNITS,
        side=[
            {"id": "vault", "name": "Vault", "control": "human"},
            {"id": "raiders", "name": "Raiders", "control": "ai", "ai": {"level": "tactical", "effort": "low"}},
        ],
    )


def test_after_an_ai_turn_y_shows_its_top_three_options_with_scores(run_ui, tmp_path):
    async def script(ui):
        await ui.press("y")
        assert "has not decided anything yet" in ui.game.query_one("#hint").said
        await ui.press("s")
        assert ui.state.active == "ana"
        await ui.press("e")  # Rex's turn, played by the tactical AI
        await ui.until(lambda: ui.state.active == "ana" and ui.state.round == 2 and not ui.game.ai.pending, "Ana")
        unit, decision = ui.game.session.ai_decisions["raiders"]
        assert unit == "rex" and len(decision.options) >= 3
        assert all(isinstance(option, Option) and option.score is not None for option in decision.options)
        await ui.press("y")
        screen = await ui.wait_for_screen(AiOptionsScreen)
        text = screen.text.plain
        assert "Raiders (tactical, low effort): Rex's last decision" in text
        assert f"played: {decision.line}" in text and decision.reason in text
        scores = re.findall(r"^([123])\. ([+-]\d+\.\d) HP  (\S.*)$", text, re.MULTILINE)
        assert [rank for rank, _, _ in scores] == ["1", "2", "3"]
        for (_, score, line), option in zip(scores, decision.options, strict=False):
            assert float(score) == round(option.score, 1) and line == option.line
        assert text.count("plan: ") == 3
        assert "damage dealt minus damage taken" in text
        # each AI command's log line gives its reason, in numbers
        ai_lines = [line for line in ui.log_text().splitlines() if line.startswith("AI (Rex)")]
        assert ai_lines and all(re.search(r"\d", line.split(":", 1)[1]) for line in ai_lines), ai_lines
        await ui.press("escape")
        assert ui.screen is ui.game

    run_ui(script, open_path=tactical_skirmish(tmp_path / "encounters"), ai_pace=0)


def test_the_key_is_listed_with_the_others():
    keys = {binding.id: (place, binding.key) for place, binding in all_bindings()}
    assert keys["game.ai_options"] == ("game", "y") and keys["game.zoom"] == ("game", "z")
