"""The command line of the battlefield (`:`): what is typed in it is played as the command language reads it."""

from __future__ import annotations

from tui_kit import Ui


def test_a_colon_typed_again_in_the_open_line_is_no_part_of_the_command(run_ui) -> None:
    # `:` opens the line and it stays open after Enter: a game master who presses `:` again for the next line
    # typed ":gm note …", refused as "unknown command ':gm'".
    async def script(ui: Ui) -> None:
        await ui.press("colon")
        for line in (":start", "::gm note rex has the key"):
            await ui.type(line)
            await ui.press("enter")
        await ui.settle()
        assert ui.state.round == 1
        assert next(unit for unit in ui.state.units if unit.id == "rex").note == "has the key"

    run_ui(script)
