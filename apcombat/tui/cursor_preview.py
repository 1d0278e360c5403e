"""What the battlefield shows of the cell under the cursor: the previewed walk there (its path, with the AP
left after each step, and what it costs) and the hint line's sentence — an enemy's state, the walk's cost, a
jump where walking does worse, or why nothing gets there; and, asked by key, the same of a run (`M`) and of
the sight from a cell (`S`). The walk is read from the overlays kept for the state (`KeptOverlays.walk`: no
search per cell); the jump, the run and the sight are the engine's."""

from __future__ import annotations

import attrs

from apcombat.engine import Jump, Move, Preview, SightFrom, visible_enemies, watch_reach
from apcombat.fight import mark_at, mark_name, mark_words, shown_marks
from apcombat.model import Cell, Encounter, Unit
from apcombat.tui.default_attack import MODE_NAMES, default_attack
from apcombat.tui.overlays import KeptOverlays
from apcombat.tui.session import Session


@attrs.frozen
class CursorPreview:
    """The path to draw, the AP it would spend (the unit panel shows them), and the hint (None: keep the
    hint line as it is); `ready`: the command previewed may be played as it is."""

    path: tuple[tuple[Cell, int], ...] = ()
    planned_ap: int = 0
    hint: str | None = None
    ready: bool = False  # the previewed command may be played as it is (a run a second `M` plays)


def cursor_preview(session: Session, kept: KeptOverlays, unit: Unit | None, cell: Cell) -> CursorPreview:
    """The preview for the acting unit (None: nobody acts) with the cursor on `cell`."""
    if unit is None or unit.at is None or cell == unit.at:
        return CursorPreview(hint=mark_hint(session, cell))
    state = session.shown  # R21.8.4: the view of the side the screen shows, everything on the game master's
    other = next((u for u in state.units if u.at == cell and not u.down), None)
    if other is not None and other.watch is not None:
        return CursorPreview(hint=watch_hint(other))
    if other is not None:
        return CursorPreview(hint=enemy_hint(session, unit, other))
    side = session.shown_side()
    if side is not None and unit.side != side:  # R21.8.4: reach and walks for the side's own characters only
        return CursorPreview(hint=mark_hint(session, cell))
    walk = kept.walk(cell)
    path = drawn_path(walk)
    hint = jump_hint(session, unit, cell, walk) or move_hint(cell, walk)
    marked = mark_hint(session, cell)
    return CursorPreview(path, walk.ap_cost if walk.path else 0, f"{marked} — {hint}" if marked else hint)


def mark_hint(session: Session, cell: Cell) -> str | None:
    """A last-seen mark under the cursor (R21.2.5, R21.8.4): the enemy's name ("an enemy" if never seen),
    the round the mark was made and the pose then; None where the side holds no mark."""
    side = session.shown_side()
    mark = mark_at(shown_marks(session.shown, side), cell)
    if side is None or mark is None:
        return None
    return mark_words(mark_name(session.state, side, mark), mark)


def unit_hint(unit: Unit) -> str:
    """What the hint line says of a unit under the cursor."""
    return f"{unit.name} ({unit.id}): {unit.hp} HP, {unit.pose.value} — f to attack"


def enemy_hint(session: Session, unit: Unit, other: Unit) -> str:
    """What the hint line says of `other` under the cursor: for an enemy the acting `unit` sees, the attack `f`
    would open with, from where the unit stands — mode, weapon, chance and expected damage, all the engine's;
    else the unit's state."""
    state = session.acting_view()
    attack = default_attack(state, unit.id, other.id) if other.id in seen_ids(state, unit) else None
    preview = session.preview(attack) if attack is not None else None
    if preview is None or not preview.allowed or preview.attack is None:
        return unit_hint(other)
    plan = preview.attack
    weapons = " and the ".join(gun.weapon.name for gun in plan.guns)
    chances = " and ".join(f"{gun.hit_chance}%" for gun in plan.guns)
    damage = preview.expected_damage
    return (
        f"{other.name}: {MODE_NAMES[plan.situation.shot.mode.value]} with the {weapons}, {chances} to hit, "
        f"{damage:.1f} damage expected ({other.hp} HP, {other.pose.value}) — f to attack"
    )


def seen_ids(state: Encounter, unit: Unit) -> set[str]:
    return {enemy.id for enemy in visible_enemies(state, unit)}


def watch_hint(unit: Unit) -> str:
    """What the hint line says of a unit on watch (R16): what makes it fire, and what does not."""
    reach = watch_reach(unit)
    at = f" at {reach}" if reach else ""
    return (
        f"{unit.name} ({unit.id}) watches: it fires when an enemy enters its cone{at} (R16.2) — "
        "not at an enemy already inside; its cone is drawn"
    )


def move_hint(cell: Cell, walk: Preview, running: bool = False) -> str:
    """The walk's cost (or the run's: `running`), or why there is none."""
    if not walk.path:
        return walk.reason or f"{cell[0]},{cell[1]}"
    turns = sum(step.turn_ap for step in walk.path)
    cost = f"{cell[0]},{cell[1]}: {walk.ap_cost} AP ({turns} for turning)"
    if running:
        if not walk.allowed:  # the engine's path costs more than the AP left: it is drawn, it does not run
            return f"no run to {cost} — {walk.reason}, so M does not run there"
        return f"run to {cost}, {walk.ap_left} left — M again runs"
    verdict = "m to walk, M to run" if walk.allowed else walk.reason
    return f"move to {cost}, {walk.ap_left} left — {verdict}"


def run_preview(session: Session, unit: Unit, cell: Cell) -> CursorPreview:
    """The first `M`: the run to `cell` as the engine's preview judges it — its path, its AP and the hint;
    `ready` when a second `M` may run it. A run beyond the AP left is said, not drawn (as a walk's)."""
    run = session.preview(Move(unit.id, (cell,), True, manner="run"))
    path = drawn_path(run) if run.allowed else ()
    hint = move_hint(cell, run, running=True) if run.path else f"no run to {cell[0]},{cell[1]}: {run.reason}"
    return CursorPreview(path, run.ap_cost if path else 0, hint, ready=run.allowed)


def drawn_path(move: Preview) -> tuple[tuple[Cell, int], ...]:
    """A previewed move's path as the map draws it: each step's cell and the AP left after it."""
    return tuple((step.cell, step.ap_left) for step in move.path)


def sight_preview(kept: KeptOverlays, unit: Unit, seen: SightFrom) -> CursorPreview:
    """`S`: the walk to the cell the sight is seen from (drawn when the unit can walk there) and the hint."""
    walk = kept.walk(seen.cell)
    path = drawn_path(walk) if walk.allowed else ()
    return CursorPreview(path, walk.ap_cost if path else 0, sight_hint(unit, seen, walk))


def sight_hint(unit: Unit, seen: SightFrom, walk: Preview) -> str:
    """What the hint line says of the sight from a cell (`S`): the enemies of the side's view in sight from
    there, whether an enemy watches the cell, and what the walk there costs (the engine's walk preview)."""
    x, y = seen.cell
    if seen.reason:
        return seen.reason
    enemies = ", ".join(enemy.name for enemy in seen.enemies) or "no enemy"
    watched = " (in an enemy's watch cone, R16.1)" if seen.cell in seen.cones else ""
    if seen.cell == unit.at:
        return f"from {x},{y}{watched}, where {unit.name} stands, it sees {enemies} — S again clears"
    there = f"walk there: {walk.ap_cost} AP, {walk.ap_left} left" if walk.path and walk.allowed else walk.reason
    return f"from {x},{y}{watched} {unit.name} would see {enemies}; {there} — S again clears"


def jump_hint(session: Session, unit: Unit, cell: Cell, walk: Preview) -> str:
    """A jump (R15) where no walk leads, or where walking costs more: its AP and its test from the engine's
    preview; nothing when walking does better or the jump is refused."""
    jump = session.preview(Jump(unit.id, cell))
    if not jump.allowed or (walk.path and walk.allowed and walk.ap_cost <= jump.ap_cost):
        return ""
    walking = f" (walking: {walk.ap_cost} AP, m)" if walk.path and walk.allowed else ""
    return f"jump to {cell[0]},{cell[1]}: {jump.ap_cost} AP, {jump.ap_left} left; {jump.roll} — J to jump{walking}"
