"""What the baseline AI knows when asked for one line: the acting unit, the lines it may play, every attack
with its expected damage, and the map seen from each enemy — computed once per decision and shared by every
candidate action. It reads only what the app shows a player (positions, HP, armour, ammunition, watches)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

import attrs

from apcombat.ai.baseline.throws import ThrowOption, judged_throws
from apcombat.ai.beliefs import seen_only
from apcombat.ai.decision import Decision, Option
from apcombat.ai.reckoning.fire_risk import lit_cell_damage
from apcombat.ai.reckoning.memo import MapMemo, memo_of
from apcombat.board.cover import can_take_cover, protected
from apcombat.board.grid import Grid
from apcombat.engine import (
    Attack,
    Command,
    format_command,
    grid_of,
    legal_actions,
    preview,
    reachable_cells,
)
from apcombat.model import Cell, Encounter, FromCover, Unit
from apcombat.rules.attack import AttackPlan
from apcombat.rules.expected_damage import expected_damage

FROM_COVER_SAID = {FromCover.BLIND: "firing blind", FromCover.LEAN_OUT: "leaning out"}  # R9.5, R9.4
ATTACK_WORDS = {"shoot": "shoots", "dual": "fires two guns at", "flame": "burns", "melee": "strikes"}


@attrs.frozen
class AttackOption:
    """One legal attack line judged by `preview`: its plan and expected damage against the target."""

    line: str
    command: Attack
    target: Unit
    plan: AttackPlan
    damage: float

    @property
    def ap_cost(self) -> int:
        return self.plan.ap_cost

    def describe(self, shooter: Unit) -> str:
        """ "Raider shoots Ana: burst, 3 rounds at 41 %, 9.2 damage expected"."""
        command = self.command
        aimed = f"aimed at the {command.location.value}" if command.location else "single"
        mode = "burst" if command.burst else aimed
        if command.kind in ("flame", "melee"):
            mode = command.kind if command.location is None else f"{command.kind} at the {command.location.value}"
        if command.extra_ap:
            mode += f" +{command.extra_ap} AP"
        if command.from_cover is not FromCover.NONE:
            mode += f", {FROM_COVER_SAID[command.from_cover]}"
        chances = "/".join(f"{gun.hit_chance} %" for gun in self.plan.guns)
        rounds = self.plan.rounds
        shots = f"{rounds} round{'s' if rounds != 1 else ''} at {chances}"
        verb = ATTACK_WORDS.get(command.kind, "attacks")
        return f"{shooter.name} {verb} {self.target.name}: {mode}, {shots}, {self.damage:.1f} damage expected"


class Situation:
    """The acting unit's view of the state for one decision; every costly answer is cached here."""

    def __init__(self, state: Encounter, jumps: bool = True) -> None:
        assert state.active is not None
        self.state = state
        self.me = state.unit(state.active)
        # `jumps`: see legal_actions; under the fog, no line names an enemy the side only believes in (R21.9.1)
        self.actions: tuple[Command, ...] = seen_only(state, legal_actions(state, jumps))
        self.lines: tuple[str, ...] = tuple(format_command(command) for command in self.actions)
        self.legal = frozenset(self.lines)
        self.legal_actions = frozenset(self.actions)

    @cached_property
    def commands(self) -> dict[str, Command]:
        """Each legal line's command."""
        return dict(zip(self.lines, self.actions, strict=True))

    def decision(self, line: str, reason: str, options: Iterable[str | Option] = ()) -> Decision:
        """The decision to play the legal `line`, with its command."""
        return Decision.of(self.commands[line], reason, options)

    @cached_property
    def enemies(self) -> tuple[Unit, ...]:
        """Enemies still standing, in the encounter's order."""
        return tuple(u for u in self.state.units if u.side != self.me.side and u.standing and u.at is not None)

    @cached_property
    def attacks(self) -> tuple[AttackOption, ...]:
        """Every legal attack with its expected damage, in the order `legal_commands` lists them."""
        options = []
        for line, command in self.commands.items():
            if not isinstance(command, Attack) or self.state.unit(command.target).side == self.me.side:
                continue  # the rules allow shooting a friend; this AI never does
            judged = preview(self.state, command)
            if not judged.allowed or judged.attack is None:
                continue
            target = self.state.unit(command.target)
            dealt = expected_damage(judged.attack, target.armor)
            dealt += lit_cell_damage(self.state, command, judged.attack, target)  # R18.3.2
            damage = min(dealt, float(max(target.hp, 0)) * 1.5)
            options.append(AttackOption(line, command, target, judged.attack, damage))
        return tuple(options)

    @cached_property
    def throws(self) -> tuple[ThrowOption, ...]:
        """The listed throws worth more than the unit's best shot for the same AP, best first (R22)."""
        return judged_throws(self)

    @cached_property
    def grid(self) -> Grid:
        return grid_of(self.state)

    @cached_property
    def memo(self) -> MapMemo:
        assert self.state.map is not None
        return memo_of(self.state.map, self.grid)

    def seen_by(self, cell: Cell) -> tuple[Unit, ...]:
        """The standing enemies that see `cell` within their gun's range (R0.1, R1.3)."""
        return tuple(
            enemy
            for enemy in self.enemies
            if enemy.at is not None
            and self.distance(cell, enemy.at) <= self.range_of(enemy)
            and self.memo.sees(cell, enemy.at)
        )

    @staticmethod
    def range_of(unit: Unit) -> float:
        """The farthest its gun in hand shoots (R1.3), in metres; 1.5 m bare-handed."""
        return unit.weapon.weapon.ranges.extreme.max if unit.weapon is not None else 1.5

    def protected_from(self, cell: Cell, enemy: Unit) -> bool:
        """R9.2: whether cover at `cell` would stand between it and `enemy`."""
        assert self.state.map is not None and enemy.at is not None
        return can_take_cover(self.state.map, self.grid, cell) and protected(self.state.map, self.grid, cell, enemy.at)

    def distance(self, a: Cell, b: Cell) -> float:
        return self.grid.distance_m(a, b)

    @cached_property
    def reach(self) -> dict[Cell, int]:
        """Cells the unit can walk to now, with the AP each costs (R7)."""
        return reachable_cells(self.state, self.me) if self.state.map is not None else {}
