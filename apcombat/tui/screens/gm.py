"""The game master's tools in the app: dice mode, edit a unit, a modifier for the next test, forcing a hit or
a miss, typed-in dice, initiative bonuses, exporting the log. Each is a `gm` command, logged."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from apcombat.tui.screens.dialogs import AskScreen, ChoiceScreen

if TYPE_CHECKING:
    from apcombat.tui.screens.game import GameScreen


def open_gm_menu(screen: GameScreen) -> None:
    """Show the game master's menu on the game screen."""
    dice = (  # what selecting it does, then how rolls are made now
        "Turn dice mode off (now on): the program rolls"
        if screen.session.dice_mode
        else "Turn dice mode on (now off): type in every roll"
    )
    options = [
        ("dice", dice),
        ("edit", "Edit a unit (HP, AP, pose, position ...)"),
        ("mod", "Modifier on the next test"),
        ("hit", "Force the next to-hit result: hit"),
        ("miss", "Force the next to-hit result: miss"),
        ("typed", "Type in the next rolls (gm dice)"),
        ("export", "Export the log as Markdown"),
    ]
    if screen.state.round == 0:
        options.insert(1, ("bonus", "Initiative bonus for a unit (before round 1)"))
    screen.app.push_screen(ChoiceScreen("Game master", options), lambda choice: _chosen(screen, choice))


def _chosen(screen: GameScreen, choice: str | None) -> None:
    if choice is None:
        return
    app = screen.app
    if choice == "dice":
        screen.enable_dice_mode(not screen.session.dice_mode)
    elif choice in ("hit", "miss"):
        screen.act(f"gm force {choice}")
    elif choice == "mod":
        app.push_screen(
            AskScreen("Modifier on the next test (e.g. -10 or 20):"), lambda v: v and screen.act(f"gm mod {v}")
        )
    elif choice == "typed":
        app.push_screen(
            AskScreen("The next rolls, one die each, in order (00 = 100):", placeholder="37 12 5"),
            lambda v: v and screen.act(f"gm dice {v.replace(',', ' ')}"),
        )
    elif choice == "edit":
        _edit_unit(screen)
    elif choice == "bonus":
        _pick_unit(
            screen,
            "Initiative bonus for",
            lambda uid: app.push_screen(
                AskScreen(f"Initiative bonus for {uid} (R13.1):"), lambda v: v and screen.act(f"gm bonus {uid} {v}")
            ),
        )
    elif choice == "export":
        _export(screen)


def _pick_unit(screen: GameScreen, title: str, then) -> None:
    options = [(u.id, f"{u.name} ({u.id}) {u.hp} HP {u.ap} AP") for u in screen.state.units]
    screen.app.push_screen(ChoiceScreen(title, options), lambda uid: uid and then(uid))


def _edit_unit(screen: GameScreen) -> None:
    def edit(unit_id: str) -> None:
        unit = screen.state.unit(unit_id)
        at = f" at={unit.at[0]},{unit.at[1]}" if unit.at else ""
        current = f"hp={unit.hp} ap={unit.ap} pose={unit.pose.value} facing={unit.facing.value}{at}"
        screen.app.push_screen(
            AskScreen(
                f"Edit {unit.name}: FIELD=VALUE ... (hp ap pose facing at in_cover wounds ammo broken burning "
                "unconscious exhaustion)",
                current,
            ),
            lambda fields: fields and screen.act(f"gm set {unit_id} {fields}"),
        )

    _pick_unit(screen, "Edit which unit?", edit)


def _export(screen: GameScreen) -> None:
    def export(name: str | None) -> None:
        if not name:
            return
        path = Path(name).expanduser()
        try:
            written = screen.session.export_log(path)
        except OSError as error:
            screen.notify(f"cannot write {path}: {error.strerror}", severity="error")
            return
        except ValueError:  # a NUL in the path
            screen.notify("a path cannot hold a NUL character; type the file's path again", severity="error")
            return
        screen.notify(f"log written to {written}")

    default = str(screen.session.saves / f"{screen.session.name}-log.md")
    screen.app.push_screen(AskScreen("Write the log as Markdown to:", default), export)
