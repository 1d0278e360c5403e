"""How a unit looks on the map at each zoom: its mark (`R1`, from the engine's `unit_marks`), its side's shape
or case, its pose, facing and flags (`unit_flags`). The map, the legend and the panels all draw units here.

    zoom 1 (2 columns, 1 line)   R1  b1            the mark; the first, third ... side in capitals, the others
                                                   in small letters (sides differ by more than colour)
    zoom 2 (4 columns, 2 lines)  [R1]  (B1)        the mark in its side's brackets: [] () <> {} || ::
                                 →▄▪◎              facing, pose, the first two flags
    zoom 3 (6 columns, 3 lines)  [R1]→▄            the mark, facing and pose
                                 ▪◎#~              every flag

    pose      upright: bold, no pose mark   crouched ▄   prone ▁ and the mark underlined and in italics
    flags     ▪ in cover   ◎ watching   # pinned (an enemy's covering fire)   ~ suppressed (and a grey
              background)   * stunned   ? shaken   ! broken   ^ burning
    hidden    R21.3: faint, and ◌ among its flags (its own side and the game master see it)
    marks     R21.2: `?` in the marked enemy's side colour where its side last saw it ([?] zoomed, with the pose)
    out       dim (struck through at zoom 1); below the mark x down, z unconscious, + man down, † dead,
              _ surrendered
    the acting unit in reverse video
"""

from __future__ import annotations

from functools import lru_cache

import attrs
from rich.style import Style

from apcombat.model import Encounter, Facing, Pose, Unit
from apcombat.model.fates import Fate
from apcombat.model.side_colours import colour_place
from apcombat.tui.widgets.map_palettes import palette

FACING_MARKS: dict[Facing, str] = {
    Facing.N: "↑",
    Facing.NE: "↗",
    Facing.E: "→",
    Facing.SE: "↘",
    Facing.S: "↓",
    Facing.SW: "↙",
    Facing.W: "←",
    Facing.NW: "↖",
}
POSE_MARKS: dict[Pose, str] = {Pose.UPRIGHT: " ", Pose.CROUCHED: "▄", Pose.PRONE: "▁"}
FLAG_MARKS: dict[str, str] = {
    "cover": "▪",
    "watching": "◎",
    "pinned": "#",
    "suppressed": "~",
    "stunned": "*",
    "shaken": "?",
    "broken": "!",
    "burning": "^",
    "hidden": "◌",
}
FLAG_WORDS: dict[str, str] = {
    "cover": "in cover",
    "watching": "watching (R16)",
    "pinned": "pinned by covering fire (R17)",
    "suppressed": "suppressed (R18.4)",
    "stunned": "stunned (R18.2.1)",
    "shaken": "shaken (R18.1.3)",
    "broken": "broken (R18.1.3)",
    "burning": "burning (R6.2)",
    "hidden": "hidden (R21.3): seen by no enemy until revealed",
}
OUT_MARKS = {"down": "x", "unconscious": "z", "man_down": "+", "dead": "†", "surrendered": "_"}
"""R12.2, R12.1, R18.2.1, R18.1.5: the mark of a unit out of the fight (or knocked out)."""
SIDE_SHAPES = ("[]", "()", "<>", "{}", "||", "::")


@attrs.frozen(cache_hash=True)
class UnitLook:
    """What the map draws of a unit: everything its cells' lines depend on but the palette and the zoom."""

    mark: str
    side: int  # the side's place in the encounter
    pose: Pose = Pose.UPRIGHT
    facing: Facing = Facing.E
    out: str = ""  # a key of OUT_MARKS, or "" (in the fight)
    active: bool = False
    flags: tuple[str, ...] = ()  # keys of FLAG_MARKS, in the engine's order
    remembered: bool = False  # a last-seen mark (R21.2), drawn `?`, not a character seen now
    colour: int | None = None  # the side's colour, its place in `model.side_colours.SIDE_COLOURS`; None: `side`


def mark_look(side: int, pose: Pose, colour: int | None = None) -> UnitLook:
    """A last-seen mark's look (R21.2, R21.8.4): `?` in the enemy side's colour, with the pose it was seen in."""
    return UnitLook("?", side, pose, remembered=True, colour=colour)


def shown_flags(flags: tuple[str, ...], unit: Unit) -> tuple[str, ...]:
    """The engine's flags of a unit (`unit_flags`) and, shown to its own side and the game master, hidden."""
    return (*flags, "hidden") if unit.hidden and "hidden" not in flags and "down" not in flags else flags


def look_of(state: Encounter, unit: Unit, mark: str, flags: tuple[str, ...]) -> UnitLook:
    """The look of this unit; `mark` and `flags` are the engine's (`unit_marks`, `unit_flags`)."""
    if unit.fate is not Fate.NONE:
        out = unit.fate.value
    else:
        out = "down" if unit.down else "unconscious" if unit.unconscious_rounds > 0 else ""
    side = next((i for i, side in enumerate(state.sides) if side.id == unit.side), 0)
    shown = tuple(flag for flag in shown_flags(flags, unit) if flag in FLAG_MARKS)
    colour = colour_place(state.sides, unit.side)
    return UnitLook(mark, side, unit.pose, unit.facing, out, unit.id == state.active, shown, colour=colour)


def shaped(mark: str, side: int) -> str:
    """The mark in its side's brackets, as the map draws it from 4 columns a cell and the panels always."""
    shape = SIDE_SHAPES[side % len(SIDE_SHAPES)]
    return shape[0] + mark + shape[1]


def cased(mark: str, side: int) -> str:
    """The mark as the map draws it at 2 columns a cell: the second, fourth ... side in small letters."""
    return mark.lower() if side % 2 else mark


def flag_text(flags: tuple[str, ...]) -> str:
    """The flags' marks, in order."""
    return "".join(FLAG_MARKS[flag] for flag in flags if flag in FLAG_MARKS)


@lru_cache(maxsize=4096)
def unit_line(look: UnitLook, palette_name: str, zoom: int, sub: int) -> tuple[str, Style]:
    """Line `sub` of the unit's cell at this zoom: 2 x zoom characters and their style (module note)."""
    colours = palette(palette_name)
    colour = colours.sides[(look.side if look.colour is None else look.colour) % len(colours.sides)]
    out = bool(look.out)
    prone = look.pose is Pose.PRONE
    width = 2 * zoom
    if look.remembered:
        return _remembered_line(look, colour, zoom, sub)
    hidden = "hidden" in look.flags
    if sub == 0:
        bold = not out and not hidden and (look.pose is Pose.UPRIGHT or colours.bold_units)
        lying = prone and not out and zoom == 1  # from zoom 2 the pose has its mark
        style = Style(color=colour, bold=bold, dim=out, underline=lying, italic=lying)
        if zoom == 1:
            text = cased(look.mark, look.side)
            style += Style(strike=out)
        else:
            text = shaped(look.mark, look.side)
            if zoom >= 3:
                text += OUT_MARKS.get(look.out, "x") + " " if out else FACING_MARKS[look.facing] + POSE_MARKS[look.pose]
        style += Style(dim=hidden or None)
    else:
        style = Style(color=colour, dim=out, bold=colours.bold_units)
        if out:
            text = OUT_MARKS.get(look.out, "x") if sub == 1 and zoom == 2 else ""
        elif zoom == 2:
            text = FACING_MARKS[look.facing] + POSE_MARKS[look.pose] + flag_text(look.flags)
        else:
            text = flag_text(look.flags)[(sub - 1) * width : sub * width]
    if "suppressed" in look.flags and not out:
        style += Style(bgcolor=colours.suppressed)
    if look.active:
        style += Style(reverse=True)
    return text[:width].ljust(width), style


def _remembered_line(look: UnitLook, colour: str, zoom: int, sub: int) -> tuple[str, Style]:
    """A mark's line: `?` (zoom 1), `[?]` and its pose's mark (zoom 2 and 3), italic in the side's colour."""
    width = 2 * zoom
    if sub == 0:
        text = "?" if zoom == 1 else shaped("?", look.side) + (POSE_MARKS[look.pose] if zoom >= 3 else "")
    else:
        text = POSE_MARKS[look.pose] if zoom == 2 and sub == 1 else ""
    return text[:width].ljust(width), Style(color=colour, italic=True)
