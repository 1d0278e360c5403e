"""On-demand benchmark of the AI levels with thrown weapons (R22, issue 26's "Measured"; not run by pytest or CI).

    python tests/bench/bench_throws.py [--seeds 200] [--fights street_fight ...] [--give frag_grenade=2 ...]
                                       [--max-rounds 30] [--preview-only] [--skip-preview]

1. Each fight that carries thrown weapons (the shipped encounters with a `thrown` table; `--fights` names
   others, and `--give ITEM=N` hands every unit on the map N of ITEM, for fights that carry none), played
   `tactical` against `baseline` with `--swap` over the same seeds twice: as it is, and with every thrown
   weapon taken out (`apcombat sim --no-thrown`). Said per fight: tactical's win rate each way (and the
   difference, at most -3 points wanted), its throws' and its shots' mean damage to enemies per AP (the
   throws' at least the shots' wanted: damage from the `blast` and `attack` events, AP from the plans), its
   throws and how many of them caught one of its own side (at most 2 % wanted), and its decision CPU time
   p95 each way (`time.process_time` around `decide`, in this one process: with thrown weapons at most 1.3 x
   without).
2. A throw's preview on the big battlefield (content/encounters/big_battlefield.toml, every unit given a frag
   grenade): `preview(state, Throw)` of each throw `legal_commands` lists for the first unit, CPU time p50 /
   p95 / max (at most 5 ms p95 wanted).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterable
from pathlib import Path

import attrs

from apcombat.ai.decision import Decision
from apcombat.ai.levels import LEVELS
from apcombat.content import load_encounter, load_library
from apcombat.engine import Attack, Game, Start, Throw, grid_of, preview
from apcombat.fight import AiToPlay, Fight
from apcombat.model import DEFAULT_AI, Encounter, ThrownStock

ROOT = Path(__file__).resolve().parents[2]
ENCOUNTERS = ROOT / "content" / "encounters"


def without_thrown(encounter: Encounter) -> Encounter:
    """Every thrown weapon taken out (as `apcombat sim --no-thrown`)."""
    return attrs.evolve(encounter, units=tuple(attrs.evolve(unit, thrown=()) for unit in encounter.units))


def given(encounter: Encounter, items: dict[str, int]) -> Encounter:
    """Every unit on the map handed `items` (thrown weapon id -> count) on top of what it carries."""
    weapons = load_library(ROOT / "content").weapons
    stocks = tuple(ThrownStock(weapons[item], count) for item, count in items.items())
    units = tuple(
        attrs.evolve(unit, thrown=(*unit.thrown, *(s for s in stocks if unit.thrown_stock(s.weapon.id) is None)))
        if unit.at is not None
        else unit
        for unit in encounter.units
    )
    return attrs.evolve(encounter, units=units)


class Timed:
    """A level whose every decision's CPU time is kept."""

    def __init__(self, level: str) -> None:
        self.level = LEVELS[level](attrs.evolve(DEFAULT_AI, level=level))
        self.cpu_ms: list[float] = []

    def decide(self, state: Encounter, rng: random.Random) -> Decision:
        start = time.process_time()
        decision = self.level.decide(state, rng)
        self.cpu_ms.append(1000 * (time.process_time() - start))
        return decision


@attrs.define
class Tally:
    """Tactical's games and its lines' outcomes over one fight's batch."""

    games: int = 0
    wins: int = 0
    throws: int = 0
    throw_ap: int = 0
    throw_damage: int = 0
    throw_expected: float = 0.0
    friends_caught: int = 0
    shots: int = 0
    shot_ap: int = 0
    shot_damage: int = 0
    cpu_ms: list[float] = attrs.field(factory=list)


def play(encounter: Encounter, seed: int, tactical_side: str, tally: Tally, max_rounds: int) -> None:
    """One game, tactical on `tactical_side` and baseline on the other; its lines counted into `tally`."""
    game = Game(encounter, seed=seed)
    game.play(Start())
    sides = [side.id for side in encounter.sides]
    tactical, baseline = Timed("tactical"), Timed("baseline")
    fight = Fight(game, {side: tactical if side == tactical_side else baseline for side in sides})
    while not game.state.finished and game.state.round <= max_rounds:
        awaiting = fight.next_ai()
        if not isinstance(awaiting, AiToPlay):
            break
        before = game.state
        if awaiting.side == tactical_side and before.active is not None and before.interrupt is None:
            asked = len(tactical.cpu_ms)
            step = fight.ai_step()
            if len(tactical.cpu_ms) > asked and step.illegal is None:
                count(before, step.command, step.events, tally)
        else:
            fight.ai_step()
    tally.games += 1
    tally.wins += game.state.finished and game.state.winner == tactical_side
    tally.cpu_ms += tactical.cpu_ms


def count(before: Encounter, command: object, events: Iterable, tally: Tally) -> None:  # type: ignore[type-arg]
    """A tactical line's AP and damage to enemies, a throw's friends caught (R22.5: its `blast` events)."""
    if isinstance(command, Throw):
        judged = preview(before, command).throw
        side = before.unit(command.unit).side
        blasts = [e for e in events if e.kind == "blast" and e.unit is not None]
        tally.throws += 1
        tally.throw_ap += judged.plan.ap if judged is not None else 0
        tally.throw_expected += judged.expected_enemy_damage if judged is not None else 0.0
        tally.throw_damage += sum(e.data["damage"] for e in blasts if before.unit(e.unit).side != side)
        tally.friends_caught += any(before.unit(e.unit).side == side for e in blasts)
    elif isinstance(command, Attack):
        judged_attack = preview(before, command).attack
        side = before.unit(command.unit).side
        if before.unit(command.target).side == side:
            return
        tally.shots += 1
        tally.shot_ap += judged_attack.ap_cost if judged_attack is not None else 0
        for event in events:
            if event.kind == "attack" and event.unit == command.unit:
                tally.shot_damage += sum(r.get("damage") or 0 for r in event.data.get("rounds_fired", []))


def batch(encounter: Encounter, seeds: range, max_rounds: int, tally: Tally) -> Tally:
    """Those seeds with --swap: tactical on each side in turn."""
    for seed in seeds:
        for side in (s.id for s in encounter.sides):
            play(encounter, seed, side, tally, max_rounds)
    return tally


def p95(values: list[float]) -> float:
    return (
        statistics.quantiles(values, n=20, method="inclusive")[-1]
        if len(values) >= 2
        else (values[0] if values else 0.0)
    )


def per_ap(damage: int, ap: int) -> str:
    return f"{damage / ap:.2f}" if ap else "-"


def report(name: str, thrown: Tally, bare: Tally) -> None:
    rate, rate_bare = 100 * thrown.wins / max(1, thrown.games), 100 * bare.wins / max(1, bare.games)
    caught = 100 * thrown.friends_caught / thrown.throws if thrown.throws else 0.0
    ratio = p95(thrown.cpu_ms) / max(1e-9, p95(bare.cpu_ms))
    print(
        f"{name}: tactical wins {rate:.1f} % with thrown weapons, {rate_bare:.1f} % without "
        f"({rate - rate_bare:+.1f} points, {thrown.games} games each); throws {thrown.throws} "
        f"({per_ap(thrown.throw_damage, thrown.throw_ap)} damage/AP; the previews expected "
        f"{thrown.throw_expected / max(1, thrown.throw_ap):.2f}), shots {thrown.shots} "
        f"({per_ap(thrown.shot_damage, thrown.shot_ap)} damage/AP); friends caught {thrown.friends_caught} "
        f"({caught:.1f} % of throws); decision CPU p95 {p95(thrown.cpu_ms):.1f} ms with, "
        f"{p95(bare.cpu_ms):.1f} ms without ({ratio:.2f} x)",
        flush=True,
    )


EVERY = 5
"""Seeds between two reports of a fight's figures so far."""

OFFSETS = ((6, 0), (-6, 0), (0, 6), (0, -6), (4, 4), (-4, -4))
"""Where a thrower is put around each enemy for the preview's timing (the sides start out of each other's reach)."""


def preview_times(
    items: dict[str, int], path: Path = ENCOUNTERS / "big_battlefield.toml", content: Path = ROOT / "content"
) -> None:
    """On the big battlefield at its start, each character with a thrown weapon put (and made the acting one)
    4-6 cells from each enemy in turn, time `preview(state, Throw)` of a throw at the enemy's cell and every
    cell around it (the cells `legal_commands` lists), keeping the throws the rules allow."""
    library = load_library(content)
    encounter = given(load_encounter(path, library), items)
    game = Game(encounter, seed=1)
    game.play(Start())
    state = game.state
    assert state.map is not None
    grid = grid_of(state)
    times: list[float] = []
    for unit in state.units:
        if unit.at is None or not unit.thrown:
            continue
        for enemy in state.units:
            if enemy.side == unit.side or enemy.at is None:
                continue
            for dx, dy in OFFSETS:
                at = (enemy.at[0] + dx, enemy.at[1] + dy)
                if not state.map.inside(at):
                    continue
                units = tuple(attrs.evolve(u, at=at) if u.id == unit.id else u for u in state.units)
                acting = attrs.evolve(state, units=units, active=unit.id)
                before = len(times)
                for cell in (enemy.at, *(step.to for step in grid.steps(enemy.at))):
                    command = Throw(unit.id, unit.thrown[0].weapon.id, cell)
                    start = time.process_time()
                    judged = preview(acting, command)
                    spent = 1000 * (time.process_time() - start)
                    if judged.allowed:
                        times.append(spent)
                if len(times) > before:
                    break  # one place per enemy
    times.sort()
    if not times:
        print(f"{path.stem}: no throw allowed")
        return
    print(
        f"{path.stem} ({state.map.width} x {state.map.height}): {len(times)} throws previewed; "
        f"preview CPU p50 {statistics.median(times):.2f} ms, p95 {p95(times):.2f} ms, max {times[-1]:.2f} ms",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--fights", nargs="*", default=None, help="encounter names (default: those carrying thrown)")
    parser.add_argument("--give", action="append", default=[], metavar="ITEM=N")
    parser.add_argument("--max-rounds", type=int, default=30)
    parser.add_argument("--content", type=Path, default=ROOT / "content", help="the content folder (default: ours)")
    parser.add_argument("--preview-only", action="store_true")
    parser.add_argument("--preview-fights", nargs="*", default=[], help="more encounters to time previews on")
    parser.add_argument("--skip-preview", action="store_true")
    args = parser.parse_args()
    items = {item: int(n) for item, _, n in (given.partition("=") for given in args.give)}
    if not args.skip_preview:
        preview_times(items or {"frag_grenade": 1})
        for name in args.preview_fights:  # their own thrown weapons, and `--give`'s
            preview_times(items, args.content / "encounters" / f"{name}.toml", args.content)
    if args.preview_only:
        return
    library = load_library(args.content)
    folder = args.content / "encounters"
    names = args.fights or sorted(p.stem for p in folder.glob("*.toml") if "\nthrown" in p.read_text())
    for name in names:
        encounter = load_encounter(folder / f"{name}.toml", library)
        if encounter.map is None:
            continue
        if items:
            encounter = given(encounter, items)
        thrown, bare = Tally(), Tally()
        for first in range(0, args.seeds, EVERY):  # the figures so far, every EVERY seeds
            seeds = range(first, min(args.seeds, first + EVERY))
            batch(encounter, seeds, args.max_rounds, thrown)
            batch(without_thrown(encounter), seeds, args.max_rounds, bare)
            report(f"{name} (seeds 0-{seeds[-1]})", thrown, bare)


if __name__ == "__main__":
    main()
