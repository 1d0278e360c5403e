"""The acting unit's keys on the battlefield: move, turn, pose, cover, targets and the shot dialog, reload,
swap, watch, pin, jump, delay, first aid, end, start and redo; each plays a command of the command language
(`act`) or opens the dialog that makes one. The game screen mixes them in (`GameScreen`); table mode
(`screens.table`) has its own move, turn, jump and fire."""

from __future__ import annotations

from typing import TYPE_CHECKING

from apcombat.engine import (
    Aid,
    ChangePose,
    Command,
    Delay,
    End,
    Jump,
    LeaveCover,
    Move,
    PinDown,
    React,
    Redo,
    Reload,
    Start,
    Swap,
    TakeCover,
    Turn,
    visible_enemies,
)
from apcombat.model import Cell, Pose, Unit
from apcombat.tui.cursor_preview import enemy_hint, watch_hint
from apcombat.tui.default_attack import suggested_mode
from apcombat.tui.screens.battle_face import BattleFace
from apcombat.tui.screens.dialogs import ChoiceScreen
from apcombat.tui.screens.shot import ShotScreen
from apcombat.tui.widgets.map_view import MapView


class UnitActions(BattleFace):
    """The acting unit's keys, mixed into the game screen."""

    target: str | None
    shot_screen: ShotScreen | None
    shot_screen_name: str

    if TYPE_CHECKING:

        def _with_active(self, acting: bool = True) -> Unit | None: ...

        def _players(self, unit: Unit) -> bool: ...

        def _unit_at(self, cell: Cell) -> Unit | None: ...

        def run_key(self) -> None: ...

    def _cursor(self) -> Cell:
        return self.query_one(MapView).cursor

    def action_move(self, run: bool = False) -> None:
        if run:
            self.run_key()  # previewed first (BeforeCommit)
            return
        unit = self._with_active()
        if unit is None:
            return
        x, y = self._cursor()
        self.act(Move(unit.id, ((x, y),)))

    def action_turn(self) -> None:
        unit = self._with_active()
        if unit is None or unit.at is None:
            return
        from apcombat.engine import facing_towards

        cell = self._cursor()
        if cell == unit.at:
            self.notify("put the cursor where the unit should face")
            return
        self.act(Turn(unit.id, facing_towards(self.state, unit, cell)))

    def action_pose(self) -> None:
        unit = self._with_active()
        if unit is None:
            return
        options = []
        for pose in Pose:
            if pose is not unit.pose:
                preview = self.session.preview(ChangePose(unit.id, pose))
                cost = f"{preview.ap_cost} AP" if preview.allowed else preview.reason
                options.append((pose.value, f"{pose.value} ({cost})"))

        def chosen(pose: str | None) -> None:
            if pose:
                self.act(ChangePose(unit.id, Pose(pose)))

        self.app.push_screen(ChoiceScreen(f"{unit.name} is {unit.pose.value}: change pose", options), chosen)

    def action_cover(self) -> None:
        unit = self._with_active()
        if unit is not None:
            self.act(LeaveCover(unit.id) if unit.in_cover else TakeCover(unit.id))

    def action_target(self, step: int) -> None:
        unit = self._with_active(acting=False)  # picking a target plays nothing
        if unit is None:
            return
        enemies = visible_enemies(self.session.acting_view(), unit)  # R21.8.4: only enemies its side sees
        if not enemies:
            self.notify(f"{unit.name} sees no enemy")
            return
        ids = [enemy.id for enemy in enemies]
        index = (ids.index(self.target) + step) % len(ids) if self.target in ids else 0
        self.target = ids[index]
        target = self.state.unit(self.target)
        if target.at is None:
            self.hint(f"target: {target.name} ({target.hp} HP) — f to attack, Tab for the next")
        else:
            self.query_one(MapView).cursor = target.at
            self.hint(enemy_hint(self.session, unit, target) + ", Tab for the next")
        self.refresh_view()

    def action_fire(self) -> None:
        unit = self._with_active()
        if unit is None:
            return
        if self.target is None:
            under = self._unit_at(self._cursor())
            if under is not None and under.side != unit.side:
                self.target = under.id
        if self.target is None:
            self.notify("pick a target first: Tab cycles the enemies in sight")
            return
        self._fire_at(self.target)

    def _fire_at(self, target: str | None) -> None:
        unit = self.active_unit
        if target is None or unit is None:
            return
        self.target = target
        mode = suggested_mode(unit)

        def fired(line: Command | str | None) -> None:
            if line:
                self.fire(line)

        if self.shot_screen is None:
            self.shot_screen = ShotScreen(self.session, unit.id, target, mode)
            self.shot_screen_name = f"shot-{id(self)}"
            self.app.install_screen(self.shot_screen, self.shot_screen_name)
        else:
            self.shot_screen.aim(unit.id, target, mode)
            self.shot_screen.update_preview()  # before it shows: its first frame has the breakdown
        self.app.push_screen(self.shot_screen_name, fired)

    def fire(self, line: Command | str) -> None:
        """Play the attack the shot dialog chose."""
        self.act(line)

    def action_reload(self) -> None:
        if unit := self._with_active():
            self.act(Reload(unit.id))

    def action_swap(self) -> None:
        if unit := self._with_active():
            self.act(Swap(unit.id))

    def action_react(self) -> None:
        if unit := self._with_active():
            self.act(React(unit.id))
            if self.state.unit(unit.id).watch is not None:
                self.hint(watch_hint(self.state.unit(unit.id)))

    def action_pin(self) -> None:
        unit = self._with_active()
        if unit is None:
            return
        if self.target is None:
            self.notify("pick the enemy to pin first: Tab cycles the enemies in sight")
            return
        self.act(PinDown(unit.id, self.target))

    def action_jump(self) -> None:
        unit = self._with_active()
        if unit is None:
            return
        x, y = self._cursor()
        self.act(Jump(unit.id, (x, y)))

    def action_delay(self) -> None:
        if unit := self._with_active():
            self.act(Delay(unit.id))

    def action_aid(self) -> None:
        """R18.2.2: first aid for a friend who is man down (asked whom when there are several)."""
        unit = self._with_active()
        if unit is None:
            return
        patients = [u for u in self.state.units if u.side == unit.side and u.fate.value == "man_down"]
        if not patients:
            self.notify(f"{unit.name} has no friend who is man down to treat (R18.2.2)")
            return
        if len(patients) == 1:
            self.act(Aid(unit.id, patients[0].id))
            return

        def chosen(patient: str | None) -> None:
            if patient:
                self.act(Aid(unit.id, patient))

        options = [(p.id, f"{p.name} ({p.id})") for p in patients]
        self.app.push_screen(ChoiceScreen("Give first aid to whom?", options), chosen)

    def action_end(self) -> None:
        unit = self.active_unit
        if unit is None or self._players(unit):
            self.act(End())

    def action_start(self) -> None:
        if self.state.round == 0:
            self.act(Start())

    def action_redo(self) -> None:
        self.act(Redo())
