"""R12.1: what a wound to each body location does, as data from content/criticals.toml."""

from __future__ import annotations

import attrs

from apcombat.model.enums import BodyLocation


@attrs.frozen
class CriticalEffect:
    """The lasting effect of a wound to one location."""

    location: BodyLocation
    text: str = ""
    hit_mod: int = 0  # on every attack the wounded character makes
    hit_mod_two_handed: int = 0  # on attacks with a two-handed weapon
    forbids_two_guns: bool = False
    movement_factor: float = 1.0  # R7.2: legs halve every rate
    forbids_running: bool = False
    ap_loss_next_turn: int = 0
    knockout_attribute: str | None = None  # attribute test (R0.4) against falling unconscious
    knockout_rounds: str | None = None  # dice for how long
    breaks_weapon: bool = False


@attrs.frozen
class CriticalTable:
    """One effect per body location; a location missing from the file has no effect."""

    effects: dict[BodyLocation, CriticalEffect] = attrs.field(factory=dict)

    def effect(self, location: BodyLocation) -> CriticalEffect:
        return self.effects.get(location, CriticalEffect(location=location))


DEFAULT_CRITICALS = CriticalTable(
    effects={
        BodyLocation.LEGS: CriticalEffect(
            BodyLocation.LEGS,
            text="movement halved, no running",
            movement_factor=0.5,
            forbids_running=True,
        ),
        BodyLocation.ARM: CriticalEffect(
            BodyLocation.ARM,
            text="-20 with two-handed weapons, no two-gun fire",
            hit_mod_two_handed=-20,
            forbids_two_guns=True,
        ),
        BodyLocation.HEAD: CriticalEffect(
            BodyLocation.HEAD,
            text="loses 2 AP next turn; EN test or unconscious for 1d3 rounds",
            ap_loss_next_turn=2,
            knockout_attribute="EN",
            knockout_rounds="1d3",
        ),
        BodyLocation.TORSO: CriticalEffect(BodyLocation.TORSO, text="no extra effect"),
        BodyLocation.WEAPON: CriticalEffect(
            BodyLocation.WEAPON, text="the weapon in hand is broken until repaired", breaks_weapon=True
        ),
    }
)
