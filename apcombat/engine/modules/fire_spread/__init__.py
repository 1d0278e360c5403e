"""R18.3 Spreading fires: a flamer's stream lights what burns, a character in a fire is set burning, and at
the end of every round each fire goes out, burns on or spreads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from apcombat.dice import DiceSource
from apcombat.engine.events import Event
from apcombat.engine.modules.fire_spread.blast import blast_fires, fires_after_blast
from apcombat.engine.modules.fire_spread.commands import GmFire, format_gm_fire, parse_gm_fire
from apcombat.engine.modules.fire_spread.damage import burn_in_fire, in_a_fire
from apcombat.engine.modules.fire_spread.fires import after_stream, fire_step, gm_fire
from apcombat.engine.part import CommandForm, RoundEnd, RuleModule
from apcombat.model import Cell, Encounter, Unit, Weapon
from apcombat.model.modules import Module
from apcombat.rules.resolve import AttackResult

if TYPE_CHECKING:
    from apcombat.engine.blast import Caught

_GM_FIRE_USAGE = "gm fire X,Y on|off  (table mode: gm fire NAME on|off)"


class FireSpread(RuleModule):
    key, words, rule = Module.FIRE_SPREAD.value, Module.FIRE_SPREAD.words, Module.FIRE_SPREAD.rule
    gm_commands = (CommandForm("fire", parse_gm_fire, _GM_FIRE_USAGE, GmFire, gm_fire, format_gm_fire, listed=1),)
    round_end = (RoundEnd(10, fire_step),)  # R18.3.3
    encounter_state = ("fresh_fires", "table_fires")  # the map's fires and burnt cells are the map's

    def burn_at_turn_start(self, state: Encounter, unit: Unit, dice: DiceSource, events: list[Event]) -> Unit | None:
        if not in_a_fire(state, unit) or unit.at is None:
            return None
        # R18.3.1: 2d10+5 again instead of the burn's tick
        return burn_in_fire(unit, dice, events, f"starts the turn in the fire at {unit.at[0]},{unit.at[1]}")

    def after_attack(
        self,
        state: Encounter,
        attacker_id: str,
        target_id: str,
        result: AttackResult,
        dice: DiceSource,
        events: list[Event],
    ) -> Encounter:
        return after_stream(state, attacker_id, target_id, result, dice, events)  # R18.3.2

    def blast_fires(self, state: Encounter, weapon: Weapon, landing: Cell) -> frozenset[Cell]:
        return blast_fires(state, weapon, landing)  # R22.6.2

    def blast_landed(
        self,
        state: Encounter,
        thrower_id: str,
        weapon: Weapon,
        landing: Cell | None,
        caught: tuple[Caught, ...],
        lost: Mapping[str, int],
        fires: frozenset[Cell],
        dice: DiceSource,
        events: list[Event],
    ) -> Encounter:
        return fires_after_blast(state, weapon, caught, fires, dice, events)  # R22.6.2, R22.7.1 (4)


FIRE_SPREAD = FireSpread()
