"""The battlefield on the players' page, in map mode: the map as the page's side knows it (R21.8.1: the state
given is `view(state, side)`, or the whole state with the fog of war off) — its cells, the units in the view
with their marks, facing and fates, the side's last-seen marks (R21.2) and the last action's line (a shot's,
a throw's or a move's) — drawn as inline SVG that the page's CSS scales to each layout, named in words for a
screen reader. Table mode has no map: nothing is drawn."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from apcombat.engine import Event, marks_of, unit_marks
from apcombat.model import Encounter, Facing, Terrain, Unit
from apcombat.model.fates import Fate
from apcombat.model.side_colours import colour_place
from apcombat.rules.throw_resolve import COMPASS

TERRAIN_CLASSES: dict[Terrain, str] = {
    Terrain.WALL: "wall",
    Terrain.LOW: "low",
    Terrain.STAIRS: "stairs",
    Terrain.GAP: "gap",
    Terrain.RUBBLE: "rubble",
    Terrain.BRUSH: "brush",
    Terrain.CRATES: "crates",
    Terrain.HUT: "hut",
    Terrain.BURNT: "burnt",
    Terrain.FIRE: "fire",
}
"""Each terrain's class on the map (the page's CSS colours it); the floor is the map's ground, drawn once."""

HALF_HIGH = frozenset({Terrain.LOW, Terrain.CRATES})
"""Drawn as the cell's lower half: hip-high, not walls (the app draws a low wall ▄▄ and crates ▗▖; here their
colours tell them apart)."""

LINE_KINDS = frozenset({"move", "jump", "attack", "throw"})
"""The log lines whose action the map draws a line for: the last one the page's side is shown."""

_FACING_STEPS: dict[Facing, tuple[float, float]] = {
    Facing.N: (0, -1),
    Facing.NE: (0.71, -0.71),
    Facing.E: (1, 0),
    Facing.SE: (0.71, 0.71),
    Facing.S: (0, 1),
    Facing.SW: (-0.71, 0.71),
    Facing.W: (-1, 0),
    Facing.NW: (-0.71, -0.71),
}
_MOVED_FROM = re.compile(r" (?:moves|runs) (\d+),(\d+) -> ")  # movement.py's line: "Ana moves 1,2 -> 3,2: 2 AP"
_SEEN_AT = re.compile(r" (?:moves|runs), seen at ([\d, ]+)$")  # R21.8.3's: "Jed moves, seen at 5,4, 6,4"
_CELL = re.compile(r"(\d+),(\d+)")


def map_html(state: Encounter, viewing: str | None, last: Event | None = None, last_words: str | None = None) -> str:
    """The battlefield as a `<figure>`; "" in table mode. `viewing`: the side whose view `state` is (None: the
    fog is off); `last`: the newest log line the page shows (R21.8.3) of an action with a line (LINE_KINDS),
    and `last_words` that line as the page words it (HP figures taken out where the page hides them)."""
    battle_map = state.map
    if battle_map is None:
        return ""
    hex_rows = battle_map.kind == "hex"
    width = battle_map.width + (0.5 if hex_rows else 0)
    height = battle_map.height
    marks = unit_marks(state)
    shapes = [f'<rect class="ground" width="{width:g}" height="{height}"/>']
    shapes += _terrain(state, hex_rows)
    line = _last_line(state, last)
    if line:
        points = " ".join(f"{_x(cell, hex_rows):g},{cell[1] + 0.5:g}" for cell in line)
        shapes.append(f'<polyline class="last" points="{points}"/>')
    drawn = sorted(_on_map(state), key=lambda unit: (not unit.down, unit.id == state.active))
    shapes += [_unit(state, unit, marks.get(unit.id, "??"), hex_rows) for unit in drawn]
    shapes += [_mark(state, viewing, unit, cell, hex_rows) for unit, cell in _last_seen(state, viewing)]
    words = _words(state, drawn, marks, viewing, last_words)
    caption = f"The battlefield, {battle_map.width} × {height} m"
    if line:
        caption += " — dashed: the last action's line"  # its words are the log's newest (and the picture's)
    return (
        '<figure class="map">\n'
        f'<svg viewBox="0 0 {width:g} {height}" role="img" aria-labelledby="map-words" '
        'preserveAspectRatio="xMinYMin meet">\n'
        f'<title id="map-words">{_text(words)}</title>\n' + "\n".join(shapes) + "\n</svg>\n"
        f"<figcaption>{_text(caption)}</figcaption>\n</figure>"
    )


def _x(cell: tuple[int, int], hex_rows: bool) -> float:
    """A cell's centre across: R20.1, on a hex map the odd rows are drawn half a cell east."""
    return cell[0] + 0.5 + (0.5 if hex_rows and cell[1] % 2 else 0)


def _terrain(state: Encounter, hex_rows: bool) -> list[str]:
    """The cells that are not floor, a run of alike cells on a row as one shape (a big map stays small)."""
    assert state.map is not None
    shapes = []
    for y, row in enumerate(state.map.terrain):
        shift = 0.5 if hex_rows and y % 2 else 0
        x = 0
        while x < len(row):
            terrain = row[x]
            end = x + 1
            while end < len(row) and row[end] is terrain:
                end += 1
            name = TERRAIN_CLASSES.get(terrain)
            if name is not None:
                top, tall = (y + 0.5, 0.5) if terrain in HALF_HIGH else (y, 1)
                shapes.append(
                    f'<rect class="{name}" x="{x + shift:g}" y="{top:g}" width="{end - x}" height="{tall:g}"/>'
                )
            x = end
    return shapes


def _on_map(state: Encounter) -> list[Unit]:
    """The units the map draws: those in the state (a side's view holds only what the side knows), not fled."""
    return [unit for unit in state.units if unit.at is not None and unit.fate is not Fate.FLED]


def _unit(state: Encounter, unit: Unit, mark: str, hex_rows: bool) -> str:
    assert unit.at is not None
    classes = [f"unit s{colour_place(state.sides, unit.side)}"]
    if unit.down or unit.fate is not Fate.NONE:
        classes.append("down")
    if unit.id == state.active:
        classes.append("acting")
    if unit.hidden:
        classes.append("hidden")
    dx, dy = _FACING_STEPS.get(unit.facing, (0, -1))
    tip = f"{dx * 0.5:.2f},{dy * 0.5:.2f}"
    left = f"{dx * 0.3 - dy * 0.14:.2f},{dy * 0.3 + dx * 0.14:.2f}"
    right = f"{dx * 0.3 + dy * 0.14:.2f},{dy * 0.3 - dx * 0.14:.2f}"
    return (
        f'<g class="{" ".join(classes)}" transform="translate({_x(unit.at, hex_rows):g} {unit.at[1] + 0.5:g})">'
        f'<polygon class="facing" points="{tip} {left} {right}"/><circle r="0.36"/>'
        f'<text dy="0.17">{_text(mark)}</text></g>'
    )


def _last_seen(state: Encounter, viewing: str | None) -> list[tuple[Unit | None, tuple[int, int]]]:
    """R21.2: the viewing side's last-seen marks with a cell, and the marked enemy where the view still holds
    it (out of the fight); none without a side (the fog off: everyone is drawn where they are)."""
    if viewing is None:
        return []
    units = {unit.id: unit for unit in state.units}
    return [(units.get(mark.unit), mark.at) for mark in marks_of(state, viewing) if mark.at is not None]


def _mark(state: Encounter, viewing: str | None, unit: Unit | None, cell: tuple[int, int], hex_rows: bool) -> str:
    """A last-seen mark: `?` in the enemy side's colour (the other side's when there are two), as the app's map."""
    others = [side.id for side in state.sides if side.id != viewing]
    side = others[0] if len(others) == 1 else unit.side if unit is not None else None
    colour = f" s{colour_place(state.sides, side)}" if side is not None else ""
    return (
        f'<g class="seen{colour}" transform="translate({_x(cell, hex_rows):g} {cell[1] + 0.5:g})">'
        '<circle r="0.36"/><text dy="0.17">?</text></g>'
    )


def _last_line(state: Encounter, event: Event | None) -> list[tuple[int, int]]:
    """The cells of the last action's line — a move's or jump's path, a shot from the attacker to its target,
    a throw from the thrower to where it landed — when the side is shown the line with its numbers (a line
    told in other words gives only the cells it names, R21.8.3); only units in the view are used."""
    if event is None:
        return []
    seen = _SEEN_AT.search(event.text)
    if seen and not event.data:
        return [(int(x), int(y)) for x, y in _CELL.findall(seen[1])]
    if not event.data:
        return []
    units = {unit.id: unit for unit in state.units}
    actor = units.get(event.unit or "")
    if "path" in event.data:
        path = [(int(x), int(y)) for x, y in event.data["path"]]
        start = _MOVED_FROM.search(event.text)
        return ([(int(start[1]), int(start[2]))] if start else []) + path
    if actor is None or actor.at is None:
        return []
    if event.kind == "attack":
        target = next((unit for unit in state.units if unit.name == event.data.get("target")), None)
        return [actor.at, target.at] if target is not None and target.at is not None else []
    landing = event.data.get("landing")
    return [actor.at, (int(landing[0]), int(landing[1]))] if event.kind == "throw" and landing else []


def _words(
    state: Encounter, drawn: Sequence[Unit], marks: dict[str, str], viewing: str | None, last_words: str | None
) -> str:
    """The map in words, for a screen reader (the picture's text alternative)."""
    assert state.map is not None
    whose = f", as {state.side(viewing).name} know it" if viewing else ""
    parts = [f"The battlefield{whose}: {state.map.width} by {state.map.height} metres"]
    for unit in drawn:
        assert unit.at is not None
        fate = " (down)" if unit.down else " (hidden)" if unit.hidden else ""
        parts.append(
            f"{unit.name} ({marks.get(unit.id, '')}, {state.side(unit.side).name}) at {unit.at[0]},{unit.at[1]} "
            f"facing {COMPASS.get(unit.facing, unit.facing.value)}{fate}"
        )
    parts += [f"an enemy last seen at {cell[0]},{cell[1]}" for _, cell in _last_seen(state, viewing)]
    if last_words:
        parts.append(f"the last action: {last_words}")
    return "; ".join(parts) + "."


def _text(value: str) -> str:
    return html.escape(value, quote=True)
