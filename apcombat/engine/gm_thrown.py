"""`gm set WHO thrown.ID=N`: the game master sets how many of a thrown weapon a character carries (R22.1.2)."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from apcombat.engine.numbers import WrongInput, shown_word, whole_number
from apcombat.model import Encounter, Unit, limits
from apcombat.model.encounter import ThrownStock

THROWN_FIELD = "thrown."
"""The prefix of the field: `thrown.frag_grenade=2`."""


def thrown_setter(field: str) -> Callable[[Encounter, Unit, str], Unit] | None:
    """The setter of a `thrown.ID` field, None for any other field."""
    if not field.startswith(THROWN_FIELD):
        return None
    item = field.removeprefix(THROWN_FIELD)
    return lambda state, unit, value: set_thrown(state, unit, item, value)


def set_thrown(state: Encounter, unit: Unit, item: str, value: str) -> Unit:
    """R22.1.2: the unit with N (0 to 99) of the thrown weapon `item` — one it carries, or one someone in the
    fight carries (the encounter keeps no weapon list of its own: any other is named in the file's `thrown`)."""
    if not item:
        raise WrongInput("thrown.: name the thrown weapon after the dot, e.g. thrown.frag_grenade=2 (R22.1.2)")
    try:
        count = whole_number(value, limits.THROWN_COUNT, f"thrown.{item}")
    except WrongInput as error:
        raise WrongInput(f"{error} (R22.1.2)") from None
    if unit.thrown_stock(item) is not None:
        return unit.with_thrown_count(item, count)
    held = next((c.weapon for u in state.units for c in u.weapons if c.weapon.id == item), None)
    if held is not None:
        raise WrongInput(f"thrown.{item}: the {held.name} is no thrown weapon (R22.1.2)")
    stock = next((s for u in state.units for s in u.thrown if s.weapon.id == item), None)
    if stock is None:
        raise WrongInput(
            f"thrown.{item}: no one in this fight carries {shown_word(item)}: give it in the encounter's "
            f"thrown = {{ {item} = N }} (R22.1.2)"
        )
    return attrs.evolve(unit, thrown=(*unit.thrown, ThrownStock(stock.weapon, count)))
