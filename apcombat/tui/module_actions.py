"""What the battlefield offers under the optional modules of R18 it shares with no other screen: the re-rolls a
side may buy right after an action (R18.6) and the characters a unit may calm (R18.4.4). The rules decide
(`engine.rerolls.rerollable`, the engine's preview of `calm`); this module only words the choices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from apcombat.engine.modules.rerolls.replay import REROLL_COST, describe_die, rerollable
from apcombat.model import Encounter, Unit
from apcombat.tui.screens.dialogs import ChoiceScreen

if TYPE_CHECKING:
    from apcombat.tui.session import Session


def reroll_options(state: Encounter) -> list[tuple[str, str]]:
    """(line, label) of every re-roll some side may buy now, each side's own dice of the action just played."""
    options = []
    for side in state.sides:
        for place in rerollable(state, side.id):
            die = state.rolls[place - 1]
            label = (
                f"{side.name}: die {place}, {describe_die(die)} = {die.value} "
                f"({REROLL_COST} of {side.reroll_points} points)"
            )
            options.append((f"reroll {side.id} {place}", label))
    return options


def reroll_offer(state: Encounter) -> str:
    """The hint line's offer after an action whose dice a side may buy again ("" when there is none)."""
    sides = sorted({line.split()[1] for line, _ in reroll_options(state)})
    if not sides:
        return ""
    names = ", ".join(state.side(side).name for side in sides)
    return f"R re-rolls a die of that action (R18.6: {names} may, {REROLL_COST} points each)"


def calm_candidates(state: Encounter, unit: Unit) -> list[Unit]:
    """Who the unit might calm: itself and its friends in the fight holding suppression markers (R18.4.4)."""
    friends = [u for u in state.units if u.side == unit.side and not u.down and u.markers > 0]
    return sorted(friends, key=lambda u: u.id != unit.id)


class ModuleActions:
    """The battlefield's keys for the modules: `C` calm (R18.4.4) and `R` re-roll (R18.6). Mixed into the game
    screen, whose `state`, `session`, `act`, `_with_active`, `notify` and `app` it uses."""

    state: Encounter
    session: Session

    def action_calm(self) -> None:
        """R18.4.4: calm itself or a friend holding suppression markers (2 AP, a CH test)."""
        unit = self._with_active()
        if unit is None:
            return
        options = []
        table = self.state.map is None  # the game master judges distance and sight (R18.4.4, R18)
        for friend in calm_candidates(self.state, unit):
            line = f"calm {unit.id}" + ("" if friend.id == unit.id else f" {friend.id}")
            preview = self.session.preview(line)
            asked = table and friend.id != unit.id
            why = "2 AP, a CH test" if preview.allowed or asked else preview.reason
            options.append((line, f"{friend.name} ({friend.markers} markers): {why}"))
        if not options:
            self.notify("nobody on this side holds a suppression marker (R18.4)")
            return

        def near(line: str, answer: str | None) -> None:
            if answer == "yes":
                self.act(f"gm near {unit.id} {line.split()[2]}")
                self.act(line)

        def chosen(line: str | None) -> None:
            if line and table and len(line.split()) == 3:
                friend = self.state.unit(line.split()[2])
                question = f"Is {friend.name} within 5 m of {unit.name} and in sight? (R18.4.4)"
                answers = [("yes", "yes: calm"), ("no", "no: calm reaches no farther")]
                self.app.push_screen(ChoiceScreen(question, answers), lambda answer: near(line, answer))
            elif line:
                self.act(line)

        self.app.push_screen(ChoiceScreen(f"{unit.name} calms (R18.4.4)", options), chosen)

    def action_reroll(self) -> None:
        """R18.6.2: buy a die of the action just played again, for 2 of its side's points."""
        options = reroll_options(self.state)
        if not options:
            self.notify("no die to re-roll: right after an action, a side with 2 points may buy one of its own")
            return

        def chosen(line: str | None) -> None:
            if line:
                self.act(line)

        self.app.push_screen(ChoiceScreen("Re-roll which die? (R18.6)", options), chosen)
