"""The rules of a fight as a game master chooses them: the optional rules (R0.6), the optional modules (R18, and
the fog of war, R21) and the house rules, with R20.2's hex turns on a hex map. One widget for the set-up screen
and the editor's rules dialog, so that a module added to the game appears in both."""

from __future__ import annotations

from typing import cast

import attrs
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select

from apcombat.engine import rule_modules
from apcombat.model import CoverExempts, Encounter, HexTurns, HouseRules, OptionalRules

OPTIONAL = ("initiative", "reaction", "covering_fire", "poses", "jumping", "running", "two_guns")
HOUSE_SWITCHES = ("prone_shows_head", "ambidextrous_removes_strength", "reroll_initiative_each_round")
HEX_TURN_NAMES = {
    HexTurns.BY_STEPS: "by steps: one facing step free",
    HexTurns.BY_DEGREES: "by degrees: 60 degrees costs 1 AP",
}
"""R20.2's two readings as they are offered."""


@attrs.frozen
class ChosenRules:
    """The rules as chosen: the optional rules, the house rules and each module on or off."""

    optional_rules: OptionalRules
    house_rules: HouseRules
    modules: dict[str, bool]


class RulesChoices(Vertical):
    """A checkbox per optional rule, module and house switch; the house rules' choices; hex turns on a hex map.
    Pre-filled from `encounter`; `chosen()` reads them back."""

    DEFAULT_CSS = """
    RulesChoices {
        height: auto;
    }
    """

    def __init__(self, encounter: Encounter, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.encounter = encounter

    def compose(self) -> ComposeResult:
        encounter = self.encounter
        yield Label("Optional rules (R0.6)", classes="section")
        with Horizontal(classes="checks"):
            for name in OPTIONAL:
                yield Checkbox(name.replace("_", " "), getattr(encounter.optional_rules, name), id=f"opt-{name}")
        yield Label("Optional modules (R18, R21)", classes="section")
        with Horizontal(classes="checks"):
            for module in rule_modules():
                label = f"{module.words} ({module.rule})"
                yield Checkbox(label, encounter.module_on(module.key), id=f"module-{module.key}")
        yield Label("House rules", classes="section")
        with Horizontal(classes="checks"):
            for name in HOUSE_SWITCHES:
                yield Checkbox(name.replace("_", " "), getattr(encounter.house_rules, name), id=f"house-{name}")
        with Horizontal(classes="row"):
            yield Label("cover exempts  ")
            yield Select(
                [(c.value.replace("_", " "), c.value) for c in CoverExempts],
                value=encounter.house_rules.cover_exempts.value,
                allow_blank=False,
                id="house-cover_exempts",
            )
        with Horizontal(classes="row"):
            yield Label("aim max extra AP (empty: no cap)  ")
            cap = encounter.house_rules.aim_max_extra_ap
            yield Input(value="" if cap is None else str(cap), restrict=r"[0-9]*", id="house-aim_max_extra_ap")
        if self.on_hexes:
            with Horizontal(classes="row"):
                yield Label("hex turns (R20.2)  ")
                yield Select(
                    [(HEX_TURN_NAMES[reading], reading.value) for reading in HexTurns],
                    value=encounter.house_rules.hex_turns.value,
                    allow_blank=False,
                    id="house-hex_turns",
                )

    @property
    def on_hexes(self) -> bool:
        """R20.2's hex turns are asked on hex maps only (elsewhere they stay as the file says)."""
        return self.encounter.map is not None and self.encounter.map.kind == "hex"

    def chosen(self) -> ChosenRules:
        """The rules as the boxes say now (the house rules not offered here kept as they were)."""
        optional = OptionalRules(**{name: self._checked(f"opt-{name}") for name in OPTIONAL})
        cap = self.query_one("#house-aim_max_extra_ap", Input).value
        house = self.encounter.house_rules
        house = attrs.evolve(
            house,
            hex_turns=HexTurns(self._chosen("house-hex_turns")) if self.on_hexes else house.hex_turns,
            aim_max_extra_ap=int(cap) if cap else None,
            cover_exempts=CoverExempts(self._chosen("house-cover_exempts")),
            **{name: self._checked(f"house-{name}") for name in HOUSE_SWITCHES},
        )
        modules = {module.key: self._checked(f"module-{module.key}") for module in rule_modules()}
        return ChosenRules(optional, house, modules)

    def _checked(self, widget_id: str) -> bool:
        return self.query_one(f"#{widget_id}", Checkbox).value

    def _chosen(self, widget_id: str) -> str:
        return cast(str, self.query_one(f"#{widget_id}", Select).value)  # allow_blank=False: one of its options
