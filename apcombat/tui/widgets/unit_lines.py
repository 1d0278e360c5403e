"""The unit panel's lines, each worked out alone: HP and AP (on two lines or one), the conditions in the
panel's words, the weapons with the thrown weapons left, and the bars and cuts they use. `panels.UnitPanel`
puts them together and fits them to its height."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from apcombat.engine import in_a_fire, morale_words
from apcombat.model import Encounter, Unit
from apcombat.tui.throw_aim import belt, belt_shown

HEADING_COLUMNS = 36
"""The columns of the unit panel's first line (the side panel's 40 less its border and padding)."""


def bar(value: int, maximum: int, width: int = 12, planned: int = 0) -> Text:
    """A bar of `value` out of `maximum`; `planned` of it shown as about to be spent."""
    maximum = max(maximum, 1)
    full = round(width * max(0, value) / maximum)
    spend = min(full, round(width * max(0, planned) / maximum)) if planned else 0
    text = Text()
    text.append("█" * (full - spend), style="green" if value * 3 > maximum else "red")
    text.append("█" * spend, style="yellow")
    text.append("░" * (width - full), style="grey37")
    return text


def cut_to(text: str, room: int) -> str:
    """The text in `room` columns: cut short with … when it is longer."""
    return text if len(text) <= room else text[: max(0, room - 1)] + "…"


USUAL_LINES = 8
"""The unit panel's lines when it needs fewer: name, HP, AP, place, conditions, two of weapons, spare ammo."""
FITS = ("everything", "the note from the heading on", "no spare ammunition", "HP and AP on a line", "weapons: a line")
"""The unit panel's steps to fit a short side column (80 x 24), each with the ones before it."""


def points(unit: Unit, planned_ap: int, one_line: bool) -> Text:
    """The HP and AP lines, their bars 12 columns wide; or both on one line, with bars of 5."""
    width = 5 if one_line else 12
    text = Text()
    max_hp, max_ap = unit.character.hit_points, unit.character.ap_per_round
    text.append("HP ")
    text.append_text(bar(unit.hp, max_hp, width))
    text.append(f" {unit.hp}/{max_hp}" + ("  " if one_line else "\n"))
    text.append("AP ")
    text.append_text(bar(unit.ap, max_ap, width, planned=planned_ap))
    text.append(f" {unit.ap}/{max_ap}")
    if planned_ap:
        text.append(f" -{planned_ap}", style="yellow")
    text.append("\n")
    return text


def first_line(arms: Text, console: Console) -> Text:
    """The weapons' first line, with … when more follow."""
    lines = arms.wrap(console, HEADING_COLUMNS)
    first = lines[0]
    first.rstrip()
    if len([line for line in lines if line.plain.strip()]) > 1:
        first.truncate(HEADING_COLUMNS - 2)
        first.append(" …")
    first.append("\n")
    return first


def unit_conditions(state: Encounter, unit: Unit) -> list[str]:
    """The unit's conditions in the panel's words (hidden, in cover, wounds, exhaustion, fire, morale ...)."""
    conditions = []
    if unit.hidden:
        conditions.append("hidden (R21.3)")
    if unit.in_cover:
        conditions.append("in cover")
    if unit.wounds:
        conditions.append("wounds: " + ", ".join(sorted(w.value for w in unit.wounds)))
    if unit.exhaustion.active:
        conditions.append(f"exhausted -{unit.exhaustion.penalty} ({unit.exhaustion.turns} turns)")
    if unit.burning is not None:
        conditions.append(f"burning ({unit.burning.dice} next)")
    if in_a_fire(state, unit):
        conditions.append("in a fire (2d10+5 as its turn starts, R18.3.1)")
    if unit.unconscious_rounds:
        conditions.append(f"unconscious {unit.unconscious_rounds} rounds")
    conditions += morale_words(unit)  # R18.2.1, R18.1.3
    if unit.markers:
        count = unit.markers
        conditions.append(f"suppressed: {count} marker{'s' if count != 1 else ''} (-{count} AP, -{10 * count})")
    if unit.carried_mm:
        conditions.append(f"{unit.carried_mm} mm of movement left" if unit.at is None else "part of a step left")
    return conditions


def arms_text(state: Encounter, unit: Unit, console: Console) -> Text:
    """The weapons, sharing lines (in hand ▶ first, off hand ◀: short terminals still show them all), and the
    thrown weapons left (R22.1.2) run on after them, with the line's end."""
    order = sorted(range(len(unit.weapons)), key=lambda i: (i != unit.in_hand, i != unit.offhand, i))
    arms = Text()
    for position, index in enumerate(order):
        carried = unit.weapons[index]
        mark = "▶ " if index == unit.in_hand else "◀ " if index == unit.offhand else ""
        weapon = carried.weapon
        ammo = f" {carried.loaded}/{weapon.magazine}" if weapon.magazine else ""
        broken = " BROKEN" if carried.broken else ""
        separator = "" if position == 0 else "  "
        arms.append(f"{separator}{mark}{weapon.name}{ammo}{broken}", style="bold" if index == unit.in_hand else "")
    # the belt runs on after the weapons (the panel of an 80 x 24 terminal has six lines: a belt on a line of
    # its own under two lines of weapons was cut off)
    belt_words = [words for _, words in belt(unit)] if belt_shown(state, unit) else []
    room = arms.wrap(console, HEADING_COLUMNS)[-1].cell_len if unit.weapons else 0
    for words in belt_words:
        if room and room + 2 + len(words) <= HEADING_COLUMNS:
            arms.append(f"  {words}")
            room += 2 + len(words)
        else:
            arms.append(("\n" if room else "") + words)
            room = len(words)
    if unit.weapons or belt_words:
        arms.append("\n")
    return arms
