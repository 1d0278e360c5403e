"""What `apcombat sim` prints on stderr after its games: the tables per AI, per side and per unit, a picture
of the win rates and fight lengths (plotext), and the one-row-per-game CSV."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Sequence
from typing import Any

from apcombat.model import Encounter
from apcombat.sim.match import MatchResult
from apcombat.sim.summary import mean_rounds, unit_totals


def text_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Columns aligned: the first to the left, the others (numbers) to the right."""
    cells = [list(map(str, headers))] + [[str(cell) for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = []
    for row in cells:
        parts = [row[0].ljust(widths[0])] + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(parts).rstrip())
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _rate(record: dict[str, Any]) -> list[str]:
    low, high = record["ci95"]
    return [
        record["games"],
        record["wins"],
        record["draws"],
        f"{record['win_rate']:.1%}",
        f"{low:.1%} - {high:.1%}",
    ]


def report_tables(report: dict[str, Any], results: Sequence[MatchResult], encounter: Encounter) -> str:
    """The per-AI, per-side and per-unit tables."""
    ai_rows = []
    for ai, record in report["ai"].items():
        ms = report["decision_ms"][ai]
        ai_rows.append(
            [
                ai,
                *_rate(record),
                f"{mean_rounds(results, ai):.1f}",
                f"{ms['p50']:.2f}",
                f"{ms['p95']:.2f}",
                f"{ms['max']:.2f}",
                report["illegal"][ai],
            ]
        )
    ai_table = text_table(
        [
            "AI",
            "games",
            "wins",
            "draws",
            "win rate",
            "95 % interval",
            "mean rounds",
            "p50 ms",
            "p95 ms",
            "max ms",
            "illegal",
        ],
        ai_rows,
    )
    names = {side.id: side.name for side in encounter.sides}
    side_table = text_table(
        ["side", "games", "wins", "draws", "win rate", "95 % interval"],
        [[f"{names[side]} ({side})", *_rate(record)] for side, record in report["sides"].items()],
    )
    totals = unit_totals(results)
    unit_rows = []
    for unit in encounter.units:
        tally = totals.get(unit.id)
        if tally is None:
            continue
        per_kill = f"{tally.shots_per_kill:.1f}" if tally.shots_per_kill is not None else "-"
        unit_rows.append(
            [
                f"{unit.name} ({unit.id}, {unit.side})",
                tally.damage_dealt,
                tally.hits_taken,
                tally.downed,
                tally.shots,
                per_kill,
            ]
        )
    unit_table = text_table(
        ["unit", "damage dealt", "hits taken", "times downed", "attacks", "attacks per kill"], unit_rows
    )
    games = len(results)
    return (
        f"per AI ({games} games; a game counts once for each side an AI played)\n{ai_table}\n\n"
        f"per side of the map\n{side_table}\n\nper unit, all games\n{unit_table}\n"
    )


def report_picture(report: dict[str, Any], results: Sequence[MatchResult], width: int = 100) -> str:
    """Win rates with their intervals (per AI, then per side), each bar named whole with its figures, and
    how many fights lasted how many rounds, drawn with plotext."""
    import plotext

    records = [(ai, record) for ai, record in report["ai"].items()]
    records += [(f"side {side}", record) for side, record in report["sides"].items()]
    figure = plotext.figure
    figure.clear()
    figure.plot_size(width, 12)
    figure.title("fights by length in rounds")
    counts = Counter(r.rounds for r in results)
    figure.draw(figure.bar([str(n) for n in sorted(counts)], [counts[n] for n in sorted(counts)]))
    picture = plotext.uncolorize(str(figure.build()))
    return f"{win_rate_bars(records, width)}\n\n{picture}"


def win_rate_bars(records: Sequence[tuple[str, dict[str, Any]]], width: int = 100) -> str:
    """One line per record: its name, a bar of its win rate (█) reaching on to the top of its 95 % interval
    (░) on a scale of 0 to 100 %, and the figures. Drawn here rather than by plotext, which cuts long names
    and the labels it writes over the bars."""
    figures = [f"{r['win_rate']:.0%} ({r['ci95'][0]:.0%}-{r['ci95'][1]:.0%})" for _, r in records]
    name_width = max(len(name) for name, _ in records)
    figures_width = max(len(text) for text in figures)
    cells = max(10, width - name_width - figures_width - 6)
    lines = ["win rate (95 % interval)", f"{'':{name_width}}   0{'100 %':>{cells}}"]
    for (name, record), text in zip(records, figures, strict=True):
        rate, high = round(record["win_rate"] * cells), round(record["ci95"][1] * cells)
        bar = "█" * rate + "░" * max(0, high - rate)
        lines.append(f"{name:{name_width}}  |{bar:{cells}}|  {text:>{figures_width}}")
    return "\n".join(lines)


def csv_text(results: Sequence[MatchResult], side_ids: Sequence[str]) -> str:
    """One row per game: seed, each side's AI, the winner (empty for a draw), rounds."""
    text = io.StringIO(newline="")
    writer = csv.writer(text)
    writer.writerow(["seed", *(f"ai_{side}" for side in side_ids), "winner", "rounds"])
    for result in results:
        sides = result.side_ai
        writer.writerow([result.seed, *(sides[side] for side in side_ids), result.winner or "", result.rounds])
    return text.getvalue()
