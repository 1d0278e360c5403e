"""Aiming a throw on the map (R22.2-R22.5): what the battlefield shows while the cursor picks the target cell —
the blast's bands around the cursor, who of the characters the side sees is caught in which band, and the hint
line's sentence (chance and breakdown, AP, reach, the chance of a scatter, whom it catches). Every figure is the
engine's (`preview(...).throw`, `blast_cells`); nothing here works out a rule."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from apcombat.engine import BlastShare, Preview, Throw, belt_known, blast_cells
from apcombat.model import BlastBand, Cell, Encounter, Unit, Weapon


@attrs.frozen
class Aim:
    """A throw being aimed: who throws which thrown weapon (its id and its name as the log writes it)."""

    unit: str
    item: str
    weapon: Weapon

    @property
    def name(self) -> str:
        return self.weapon.name.lower()


@attrs.frozen
class AimView:
    """What the map and the hint line show with the cursor on `cell`: the blast's cells by band (the cells the
    side sees only, under the fog), each caught character's cell in its final band, the sentence, the throw
    Enter would play (None: refused, `hint` says why) and the friends the blast would catch there."""

    cell: Cell
    cells: dict[Cell, BlastBand]
    hint: str
    command: Throw | None
    friends: tuple[str, ...] = ()


def belt(unit: Unit) -> list[tuple[str, str]]:
    """The thrown weapons a unit carries one or more of: (id, "frag grenade × 2"), in its order (R22.1.2)."""
    return [(stock.weapon.id, stock.words) for stock in unit.belt]


def belt_shown(state: Encounter, unit: Unit) -> bool:
    """R22.1.2: whether the screen's view (`state.view_of`; None: the game master's) shows the unit's belt."""
    return belt_known(state, unit, state.view_of)


def aim_view(
    state: Encounter, aim: Aim, cell: Cell, judge: Callable[[Throw], Preview], seen: frozenset[Cell] | None
) -> AimView:
    """The throw at `cell` as the engine judges it (`judge`: the session's preview of a command, on the acting
    side's view): plain, or leaning out where only a lean-out throw is allowed (R22.2.5). `seen`: the cells the
    side sees under the fog (None: every cell is drawn)."""
    command = Throw(aim.unit, aim.item, cell)
    judged = judge(command)
    if judged.throw is None:
        leaning = Throw(aim.unit, aim.item, cell, lean=True)
        leaning_out = judge(leaning)
        if leaning_out.throw is not None:
            command, judged = leaning, leaning_out
    area = blast_cells(state, aim.weapon, cell) if state.map is not None and state.map.inside(cell) else {}
    cells = {c: band for c, band in area.items() if seen is None or c in seen}
    throw = judged.throw
    if throw is None:
        return AimView(cell, cells, f"{_where(aim, cell)}: {judged.reason} — Esc leaves the throw", None)
    units = {unit.id: unit for unit in state.units}
    for share in throw.caught:  # R22.5.3: the band after the shifts, on the caught character's cell
        at = units[share.unit].at
        if at is not None and (seen is None or at in seen):
            cells[at] = share.band
    for unit in state.units:  # a character in the area caught by nothing (shifted out, or down) is not tinted
        if unit.at in cells and unit.id not in {share.unit for share in throw.caught}:
            del cells[unit.at]
    plan = throw.plan
    on_target = next((land.chance for land in throw.landings if land.cell == cell), 0.0)
    lean = " leaning out (R22.2.5)" if command.lean else ""
    breakdown = "; ".join(" ".join(line.split()) for line in judged.lines[1 : len(judged.lines) - len(throw.caught)])
    said = (
        f"{_where(aim, cell)}{lean}: {plan.chance}% to hit, {round(100 * (1 - on_target))}% it scatters; "
        f"{plan.ap} AP ({judged.ap_left} left); {plan.distance_m:.1f} m of {throw.reach_m:g} m reach — "
        f"{_caught_words(throw.caught)}"
    )
    # the breakdown last: on a narrow terminal the hint line is cut, and the keys must stay in it
    if not judged.allowed:
        return AimView(cell, cells, f"{said} — {judged.reason}; Esc leaves — {breakdown}", None)
    friends = tuple(share.name for share in throw.friends_at_target)
    return AimView(cell, cells, f"{said} — Enter throws, Esc leaves — {breakdown}", command, friends)


def friends_question(friends: tuple[str, ...]) -> str:
    """The confirm step's question: "Ben and Ana are in the blast: throw anyway?"."""
    names = friends[0] if len(friends) == 1 else ", ".join(friends[:-1]) + f" and {friends[-1]}"
    verb = "is" if len(friends) == 1 else "are"
    return f"{names} {verb} in the blast: throw anyway?"


def _where(aim: Aim, cell: Cell) -> str:
    return f"throw the {aim.name} at {cell[0]},{cell[1]}"


def _caught_words(caught: tuple[BlastShare, ...]) -> str:
    """ "caught: Jed inner (9.2), Ben middle, prone (3.1; a friend)", or "nobody caught there"."""
    if not caught:
        return "nobody caught there"
    said = []
    for share in caught:
        why = [
            word for word, on in (("prone", share.prone), ("covered", share.covered), ("in fire", share.in_fire)) if on
        ]
        friend = "; a friend" if share.friend else ""
        how = "".join(f", {word}" for word in why)
        said.append(f"{share.name} {share.band.value}{how} ({share.expected_damage:.1f}{friend})")
    return "caught: " + ", ".join(said)
