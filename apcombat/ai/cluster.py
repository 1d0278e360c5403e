"""`--cluster ADDRESS`: the same games on a Dask distributed cluster (the optional extra
`pip install 'apcombat[cluster]'`). Each worker plays whole games; results come back in the plan's order.

The encounter is sent to every worker once. Plug-ins are looked for in the submitting working directory
(enough for a cluster on this machine) and a plug-in module that is a single file there is uploaded to the
workers, so a cluster on other machines finds it too.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from apcombat.ai.errors import AiError
from apcombat.ai.match import MatchResult
from apcombat.ai.runner import BatchSettings, PlannedGame, play_planned
from apcombat.model import Encounter

EXTRA = "pip install 'apcombat[cluster]'"
BATCH = 50  # games per task at most: the progress bar still moves, the scheduler is not flooded


def run_on_cluster(
    address: str, encounter: Encounter, plan: list[PlannedGame], settings: BatchSettings, folder: str
) -> Iterator[MatchResult]:
    """Play `plan` on the Dask scheduler at `address`; AiError in one sentence if that cannot be done."""
    try:
        from distributed import Client
    except ImportError:
        raise AiError(f"--cluster needs Dask distributed, the cluster extra: {EXTRA}") from None
    try:
        client = Client(address, timeout="5s")
    except (OSError, TimeoutError, ValueError) as error:
        raise AiError(f"cannot reach the cluster at {address} ({error}): is a Dask scheduler running there?") from None
    with client:
        for path in _plugin_files(plan, folder):
            client.upload_file(str(path))
        shared = client.scatter(encounter, broadcast=True)
        batches = _batches(plan, sum(client.nthreads().values()))
        futures = client.map(play_batch, batches, encounter=shared, settings=settings, folder=folder, pure=False)
        for future in futures:
            yield from future.result()


def play_batch(
    games: list[PlannedGame], encounter: Encounter, settings: BatchSettings, folder: str
) -> list[MatchResult]:
    """A worker's task: several games, so that a million games are not a million tasks for the scheduler."""
    return [play_planned(game, encounter, settings, folder) for game in games]


def _batches(plan: list[PlannedGame], threads: int) -> list[list[PlannedGame]]:
    """The plan cut in order into batches: about eight per worker thread, at most BATCH games each."""
    size = max(1, min(BATCH, len(plan) // max(1, 8 * threads)))
    return [plan[start : start + size] for start in range(0, len(plan), size)]


def _plugin_files(plan: list[PlannedGame], folder: str) -> list[Path]:
    """The single-file plug-in modules of the run that live in `folder`."""
    modules = sorted({spec.partition(":")[0] for game in plan for _, spec in game.sides if ":" in spec})
    files = []
    for name in modules:
        path = Path(folder) / f"{name}.py"
        if path.is_file():
            files.append(path)
    return files
