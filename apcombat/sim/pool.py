"""`apcombat sim --jobs N`: the games played in a pool of worker processes that never outlive the run.

A worker follows its parent: on Linux the kernel kills it when the parent dies (PR_SET_PDEATHSIG), and on
every system a thread of the worker ends it once its parent is gone — a parent killed with SIGKILL runs no
clean-up of its own. A worker ignores Ctrl-C (the terminal sends it to every process of the run): the parent
decides, and stops the workers itself. Games are handed out a few at a time, never the whole plan at once.
"""

from __future__ import annotations

import contextlib
import ctypes
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from apcombat.ai.errors import AiError
from apcombat.ai.players import working_directory_on_path
from apcombat.model import Encounter
from apcombat.sim.batch import BatchSettings, PlannedGame, play_planned
from apcombat.sim.match import MatchResult

STOPPING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
GAMES_IN_FLIGHT = 4  # per worker: enough to keep each busy, few enough that a stop cancels at once
PARENT_CHECK_SECONDS = 0.2
_PR_SET_PDEATHSIG = 1

_worker_encounter: Encounter | None = None


def in_pool(
    encounter: Encounter, games: Iterable[PlannedGame], settings: BatchSettings, jobs: int
) -> Generator[MatchResult, None, None]:
    """Each of `games` played in `jobs` worker processes, the results in their order. However the iteration
    ends — the last result, an error, Ctrl-C, SIGTERM, the caller closing it — no worker is left: before the
    last result the games not played are cancelled and the workers stopped at once."""
    context = multiprocessing.get_context()
    # A worker's parent is the run itself, but for a fork server's workers (the fork server's own ends with the run).
    parent = os.getpid() if context.get_start_method() in ("fork", "spawn") else None
    pool = ProcessPoolExecutor(
        jobs, context, initializer=_start_worker, initargs=(encounter, os.getcwd(), os.getpid(), parent)
    )
    pending: deque[Future[MatchResult]] = deque()
    finished = False
    try:
        waiting = iter(games)
        with signals_held():  # the workers are forked here: a signal's handler run in a fork hook is lost
            for game in itertools.islice(waiting, GAMES_IN_FLIGHT * jobs):
                pending.append(pool.submit(_play_in_worker, game, settings))
        while pending:
            result = pending.popleft().result()
            for game in itertools.islice(waiting, 1):
                pending.append(pool.submit(_play_in_worker, game, settings))
            yield result
        finished = True
    except BrokenProcessPool:
        raise AiError(
            "a worker process of --jobs stopped before its game was over (killed, or out of memory): "
            "run again with fewer --jobs"
        ) from None
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _stop(pool)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Within: SIGINT, SIGTERM and SIGHUP wait (in the main thread, where POSIX allows it) and act on leaving."""
    hold = hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread()
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING_SIGNALS) if hold else None
    try:
        yield
    finally:
        if held is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel the games not started and end the workers now, waiting until each is gone (no zombie)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())  # no public list before Python 3.14
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        with contextlib.suppress(OSError, ValueError):
            worker.terminate()
    for worker in workers:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            worker.join(5)
    # The pool's own thread notices its workers gone and closes its wake-up pipe; until it has, the interpreter's
    # exit hook for pools may write to that pipe as it closes and print "Exception ignored ... Bad file descriptor"
    # after the run's one line (seen under load).
    if manager is not None:
        manager.join(5)


def _play_in_worker(game: PlannedGame, settings: BatchSettings) -> MatchResult:
    assert _worker_encounter is not None
    return play_planned(game, _worker_encounter, settings)


def _start_worker(encounter: Encounter, folder: str, run: int, parent: int | None) -> None:
    global _worker_encounter
    for signum in STOPPING_SIGNALS:  # not the parent's handlers, nor its held signals: SIGTERM ends a worker
        signal.signal(signum, signal.SIG_IGN if signum == signal.SIGINT else signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING_SIGNALS)
    _die_with_run(run, parent)
    _worker_encounter = encounter
    working_directory_on_path(folder)


def _die_with_run(run: int, parent: int | None) -> None:
    """End this process as soon as the run (process `run`) is gone, however it went: its parent, `parent` if
    known, is gone (the kernel then makes another process its parent at once), or `run` no longer exists."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    started_under = os.getppid() if parent is None else parent
    if os.getppid() != started_under or not _alive(run):  # gone before the kernel was told to follow it
        os._exit(1)

    def watch() -> None:
        while os.getppid() == started_under and _alive(run):
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="apcombat-run-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
