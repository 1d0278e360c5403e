"""The AI's choices with the activation deck (R18.5.1): which card its side holds, and whether the side that
won the d6 goes last.

A held card is the one turn of the round the side is sure to play early, before the shuffled deck. It is
worth most on the character with the most to gain from acting before the enemies: the one with the best
turn of attacks from where it stands (it fires before its target does), or — for `tactical`, weighed by its
caution — the one most in danger (it gets to cover or fires back before the enemies' cards come up). Going
last lets the enemies' held card move first: it pays only when nobody can hurt anybody from where they stand,
so the enemy walks into sight before our held card acts.
"""

from __future__ import annotations

import attrs

from apcombat.ai.decision import Decision, Option
from apcombat.ai.tactical.danger import enemy_turn_damage
from apcombat.engine import legal_commands
from apcombat.engine.modules.activation_deck.deck import side_asked
from apcombat.model import AiSettings, Encounter, Unit


@attrs.frozen
class CardValue:
    """What holding one character's card is worth: its best turn of attacks now (capped at the target's HP)
    and the damage the enemies could deal it in their turns from where they stand (capped at its HP)."""

    unit: Unit
    attack: float
    danger: float

    def score(self, settings: AiSettings | None) -> float:
        """Baseline (`settings` None): the attack, the danger only breaking ties; tactical: both, as weighed."""
        if settings is None:
            return self.attack + self.danger / 1000
        return settings.aggression * self.attack + settings.caution * self.danger


def card_values(state: Encounter, side: str) -> list[CardValue]:
    """Every character of `side` whose card it may hold, valued, in the encounter's order."""
    enemies = [u for u in state.units if u.side != side and not u.down and u.at is not None]
    values = []
    for line in legal_commands(state):
        words = line.split()
        if words[0] != "hold":
            continue
        unit = state.unit(words[2])
        if unit.at is None or unit.unconscious_rounds > 0:
            values.append(CardValue(unit, 0.0, 0.0))
            continue
        attack = max((min(enemy_turn_damage(state, unit, e), float(e.hp)) for e in enemies), default=0.0)
        danger = min(sum(enemy_turn_damage(state, e, unit) for e in enemies if e.standing), float(unit.hp))
        values.append(CardValue(unit, attack, danger))
    return values


def deck_decision(state: Encounter, settings: AiSettings | None = None) -> Decision:
    """The line for the side the deck asks now: `last SIDE` when going last pays, else `hold SIDE WHO` for the
    best card. `settings` None plays as `baseline`, else as `tactical` with those knobs."""
    side = side_asked(state)
    lines = legal_commands(state)
    if side is None or not lines:
        return Decision("end", "the deck asks nobody")
    values = card_values(state, side)
    if f"last {side}" in lines:
        quiet = all(value.attack == 0 for value in values)
        if settings is not None:
            quiet = quiet and all(value.danger == 0 for value in values)
        if quiet:
            why = "nobody can hit anybody from where they stand: the enemy moves first, into our sights"
            return Decision(f"last {side}", f"goes last: {why} (R18.5.1)", (f"last {side}",))
    if not values:
        return Decision(lines[0], "no card to choose")
    ranked = sorted(values, key=lambda value: -value.score(settings))  # stable: the first listed wins a tie
    best = ranked[0]
    options = tuple(
        Option(f"hold {side} {v.unit.id}", _why(v), v.score(settings), (f"hold {side} {v.unit.id}",)) for v in ranked
    )
    return Decision(f"hold {side} {best.unit.id}", f"holds {best.unit.name}'s card: {_why(best)} (R18.5.1)", options)


def _why(value: CardValue) -> str:
    if value.attack == 0 and value.danger == 0:
        return f"{value.unit.name} can neither hit nor be hit from where it stands"
    return f"{value.attack:.1f} damage expected from {value.unit.name}'s turn, {value.danger:.1f} in danger"
