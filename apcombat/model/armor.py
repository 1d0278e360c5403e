"""Armour: points stopped per damage type (R1.5, R6.2)."""

from __future__ import annotations

import attrs

from apcombat.model.enums import DamageType


@attrs.frozen
class Armor:
    """One entry of content/armor.toml."""

    id: str
    name: str
    values: dict[DamageType, int] = attrs.field(factory=dict)

    def stops(self, damage_type: DamageType) -> int:
        return self.values.get(damage_type, 0)


NO_ARMOR = Armor(id="none", name="no armour")
