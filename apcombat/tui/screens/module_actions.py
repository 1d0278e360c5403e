"""What the battlefield offers under the optional modules of R18 it shares with no other screen: the re-rolls a
side may buy right after an action (R18.6) and the characters a unit may calm (R18.4.4). The rules decide
(`engine.rerolls.rerollable`, the engine's preview of `calm`); this module only words the choices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from apcombat.engine import REROLL_COST, Calm, GmNear, Reroll, describe_die, format_command, rerollable
from apcombat.model import Encounter, Unit
from apcombat.tui.screens.battle_face import BattleFace
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.widgets.event_log import EventLog


def reroll_options(state: Encounter) -> list[tuple[Reroll, str]]:
    """(command, label) of every re-roll some side may buy now, each side's own dice of the action just
    played."""
    options = []
    for side in state.sides:
        for place in rerollable(state, side.id):
            die = state.rolls[place - 1]
            label = (
                f"{side.name}: die {place}, {describe_die(die)} = {die.value} "
                f"({REROLL_COST} of {side.reroll_points} points)"
            )
            options.append((Reroll(side.id, place), label))
    return options


def reroll_offer(state: Encounter) -> str:
    """The hint line's offer after an action whose dice a side may buy again ("" when there is none)."""
    sides = sorted({reroll.side for reroll, _ in reroll_options(state)})
    if not sides:
        return ""
    names = ", ".join(state.side(side).name for side in sides)
    return f"R re-rolls a die of that action (R18.6: {names} may, {REROLL_COST} points each)"


def calm_candidates(state: Encounter, unit: Unit) -> list[Unit]:
    """Who the unit might calm: itself and its friends in the fight holding suppression markers (R18.4.4)."""
    friends = [u for u in state.units if u.side == unit.side and not u.down and u.markers > 0]
    return sorted(friends, key=lambda u: u.id != unit.id)


class ModuleActions(BattleFace):
    """The battlefield's keys for the modules: `C` calm (R18.4.4) and `R` re-roll (R18.6). Mixed into the game
    screen, whose `state`, `session`, `act`, `_with_active`, `notify` and `app` it uses."""

    if TYPE_CHECKING:

        def _with_active(self) -> Unit | None: ...

    def action_calm(self) -> None:
        """R18.4.4: calm itself or a friend holding suppression markers (2 AP, a CH test)."""
        unit = self._with_active()
        if unit is None:
            return
        options = []
        table = self.state.map is None  # the game master judges distance and sight (R18.4.4, R18)
        calms = {}
        for friend in calm_candidates(self.state, unit):
            calm = Calm(unit.id, None if friend.id == unit.id else friend.id)
            preview = self.session.preview(calm)
            asked = table and friend.id != unit.id
            why = "2 AP, a CH test" if preview.allowed or asked else preview.reason
            calms[format_command(calm)] = calm
            options.append((format_command(calm), f"{friend.name} ({friend.markers} markers): {why}"))
        if not options:
            self.notify("nobody on this side holds a suppression marker (R18.4)")
            return

        def near(calm: Calm, answer: str | None) -> None:
            if answer == "yes" and calm.friend is not None:
                self.act(GmNear(unit.id, calm.friend))
                self.act(calm)

        def chosen(line: str | None) -> None:
            calm = calms.get(line or "")
            if calm is not None and table and calm.friend is not None:
                friend = self.state.unit(calm.friend)
                question = f"Is {friend.name} within 5 m of {unit.name} and in sight? (R18.4.4)"
                answers = [("yes", "yes: calm"), ("no", "no: calm reaches no farther")]
                self.app.push_screen(ChoiceScreen(question, answers), lambda answer: near(calm, answer))
            elif calm is not None:
                self.act(calm)

        self.app.push_screen(ChoiceScreen(f"{unit.name} calms (R18.4.4)", options), chosen)

    def action_reroll(self) -> None:
        """R18.6.2: buy a die of the action just played again, for 2 of its side's points."""
        rerolls = {format_command(reroll): (reroll, label) for reroll, label in reroll_options(self.state)}
        if not rerolls:
            self.notify("no die to re-roll: right after an action, a side with 2 points may buy one of its own")
            return
        self.query_one(EventLog).show_dice()  # the action's numbered dice, folded into it in short detail

        def chosen(line: str | None) -> None:
            if line:
                self.act(rerolls[line][0])

        options = [(line, label) for line, (_, label) in rerolls.items()]
        self.app.push_screen(ChoiceScreen("Re-roll which die? (R18.6)", options), chosen)
