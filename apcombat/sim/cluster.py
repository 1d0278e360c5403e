"""`--cluster ADDRESS`: the same games on a Dask distributed cluster (the optional extra
`pip install 'apcombat[cluster]'`). Each worker plays whole games; results come back in the plan's order.

The encounter is sent to every worker once. Plug-ins are looked for in the submitting working directory
(enough for a cluster on this machine) and a plug-in module that is a single file there is uploaded to the
workers, so a cluster on other machines finds it too.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from apcombat.ai.errors import AiError
from apcombat.model import Encounter
from apcombat.sim.batch import BatchSettings, Plan, PlannedGame, play_planned
from apcombat.sim.match import MatchResult

if TYPE_CHECKING:
    from distributed import Future

EXTRA = "pip install 'apcombat[cluster]'"
BATCH = 50  # games per task at most: the progress bar still moves, the scheduler is not flooded
BATCHES_IN_FLIGHT = 4  # per worker thread: the workers kept busy, the plan never sent whole


def run_on_cluster(
    address: str, encounter: Encounter, plan: Plan, settings: BatchSettings, folder: str
) -> Generator[MatchResult, None, None]:
    """Play `plan` on the Dask scheduler at `address`; AiError in one sentence if that cannot be done. However
    the iteration ends before its last result (an error, Ctrl-C, SIGTERM, the caller closing it) the run's
    tasks still on the scheduler are cancelled; the cluster's workers are the user's and stay."""
    try:
        from distributed import Client
    except ImportError:
        raise AiError(f"--cluster needs Dask distributed, the cluster extra: {EXTRA}") from None
    try:
        client = Client(address, timeout="5s")
    except (OSError, TimeoutError, ValueError) as error:
        raise AiError(f"cannot reach the cluster at {address} ({error}): is a Dask scheduler running there?") from None
    pending: deque[Future] = deque()
    with client:
        try:
            for path in _plugin_files(plan, folder):
                client.upload_file(str(path))
            shared = client.scatter(encounter, broadcast=True)
            threads = sum(client.nthreads().values())
            batches = _batches(plan, threads)

            def submit(batch: list[PlannedGame]) -> None:
                pending.append(
                    client.submit(play_batch, batch, encounter=shared, settings=settings, folder=folder, pure=False)
                )

            for batch in itertools.islice(batches, BATCHES_IN_FLIGHT * max(1, threads)):
                submit(batch)
            while pending:
                results = pending.popleft().result()
                for batch in itertools.islice(batches, 1):
                    submit(batch)
                yield from results
        finally:
            if pending:
                client.cancel(list(pending))


def play_batch(
    games: list[PlannedGame], encounter: Encounter, settings: BatchSettings, folder: str
) -> list[MatchResult]:
    """A worker's task: several games, so that a million games are not a million tasks for the scheduler."""
    return [play_planned(game, encounter, settings, folder) for game in games]


def _batches(plan: Plan, threads: int) -> Iterator[list[PlannedGame]]:
    """The plan cut in order into batches, made as they are asked for: about eight per worker thread, at
    most BATCH games each."""
    size = max(1, min(BATCH, len(plan) // max(1, 8 * threads)))
    games = iter(plan)
    while batch := list(itertools.islice(games, size)):
        yield batch


def _plugin_files(plan: Plan, folder: str) -> list[Path]:
    """The single-file plug-in modules of the run that live in `folder`."""
    modules = sorted({spec.partition(":")[0] for game in plan for _, spec in game.sides if ":" in spec})
    files = []
    for name in modules:
        path = Path(folder) / f"{name}.py"
        if path.is_file():
            files.append(path)
    return files
