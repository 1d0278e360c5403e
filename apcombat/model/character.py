"""Characters: attributes, skills, perks and the derived numbers of R0.5."""

from __future__ import annotations

import attrs

from apcombat.model.converters import as_frozenset, as_tuple
from apcombat.model.enums import Skill

ATTRIBUTES = ("ST", "PE", "EN", "CH", "IN", "AG", "LU")


def _attribute(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not 1 <= value <= 10:
        raise ValueError(f"{attribute.name} must be between 1 and 10, got {value}")


def _morale(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not 2 <= value <= 12:
        raise ValueError(f"morale must be between 2 and 12 (R18.1.1), got {value}")


@attrs.frozen
class Special:
    """R0.5: the seven attributes, each 1-10."""

    ST: int = attrs.field(default=5, validator=_attribute)
    PE: int = attrs.field(default=5, validator=_attribute)
    EN: int = attrs.field(default=5, validator=_attribute)
    CH: int = attrs.field(default=5, validator=_attribute)
    IN: int = attrs.field(default=5, validator=_attribute)
    AG: int = attrs.field(default=5, validator=_attribute)
    LU: int = attrs.field(default=5, validator=_attribute)

    def get(self, name: str) -> int:
        value: int = getattr(self, name)
        return value


@attrs.frozen
class Character:
    """A character sheet. Equipment is named by content id and resolved by the content layer."""

    name: str
    special: Special = attrs.field(factory=Special)
    skills: dict[Skill, int] = attrs.field(factory=dict)
    perks: frozenset[str] = attrs.field(factory=frozenset, converter=as_frozenset)
    armor: str | None = None
    weapons: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    thrown: dict[str, int] = attrs.field(factory=dict)  # R22.1.2: thrown weapon id = how many (0-99)
    # R0.5: each derived number may be overridden per character; None means "use the formula".
    max_hp: int | None = None
    ap: int | None = None
    crit_chance: int | None = None
    morale: int = attrs.field(default=7, validator=_morale)  # R18.1.1: M, 2-12

    def skill(self, skill: Skill) -> int:
        return self.skills.get(skill, 0)

    @property
    def ap_per_round(self) -> int:
        """R0.5: 5 + AG // 2 unless overridden."""
        return self.ap if self.ap is not None else 5 + self.special.AG // 2

    @property
    def hit_points(self) -> int:
        """R0.5: 15 + ST + 2 x EN unless overridden."""
        return self.max_hp if self.max_hp is not None else 15 + self.special.ST + 2 * self.special.EN

    @property
    def base_crit_chance(self) -> int:
        """R0.5: LU % unless overridden."""
        return self.crit_chance if self.crit_chance is not None else self.special.LU
