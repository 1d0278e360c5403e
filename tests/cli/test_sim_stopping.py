"""`apcombat sim --jobs 2` stopped midway — by Ctrl-C, SIGTERM or SIGKILL — leaves no process of the run
behind, no half-written file, and keeps the saves of the games it finished. The run is a real `apcombat`
process, its workers found through /proc (Linux)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from apcombat.saves import load_game

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "content" / "encounters" / "duel.toml"
WATCHDOG = 60  # seconds: only catches a hang; every wait below ends as soon as its condition holds
RANDOM = ("--max-rounds", "3", "--ai", "vault=random", "--ai", "raiders=random")
LONG_RUN = ("--games", "100000", *RANDOM, "--jobs", "2")


def _state(pid: int) -> str | None:
    """The process's state letter (`Z` a zombie), None if there is no such process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rpartition(")")[2].split()[0]


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _running(pids: set[int]) -> set[int]:
    return {pid for pid in pids if _state(pid) not in (None, "Z")}


def _until(condition, what: str):
    deadline = time.monotonic() + WATCHDOG
    while not (value := condition()):
        assert time.monotonic() < deadline, f"still waiting after {WATCHDOG} s for {what}"
        time.sleep(0.05)
    return value


@pytest.fixture
def started() -> list[int]:
    """The processes the test started (the run, its workers): any still running at the end is killed, so
    that a failing test leaves nothing behind either."""
    pids: list[int] = []
    yield pids
    for pid in _running(set(pids)):
        os.kill(pid, signal.SIGKILL)


def _sim(started: list[int], folder: Path, *args: str) -> subprocess.Popen:
    """`apcombat sim` on the duel, started."""
    run = subprocess.Popen(
        [sys.executable, "-m", "apcombat", "sim", DUEL, *args],
        cwd=folder,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # signals go to the run alone, never to pytest
    )
    started.append(run.pid)
    return run


def _start(started: list[int], folder: Path, *args: str) -> tuple[subprocess.Popen, set[int]]:
    """A long `apcombat sim --jobs 2` on the duel, once its two workers are up; the run and their process ids."""
    run = _sim(started, folder, *LONG_RUN, *args)
    workers = _until(lambda: _children(run.pid) if len(_children(run.pid)) >= 2 else None, "the two workers")
    started.extend(workers)
    return run, workers


def _stop(run: subprocess.Popen, signum: int) -> tuple[str, str]:
    run.send_signal(signum)
    return run.communicate(timeout=WATCHDOG)


def test_a_run_killed_with_sigkill_leaves_no_worker(tmp_path, started):
    run, workers = _start(started, tmp_path)
    _stop(run, signal.SIGKILL)
    assert run.returncode == -signal.SIGKILL
    _until(lambda: not _running(workers), "the workers to end with their parent")


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_run_stopped_by_a_signal_ends_its_workers_and_says_so_in_one_line(tmp_path, started, signum, code):
    run, workers = _start(started, tmp_path, "--csv", "games.csv")
    out, err = _stop(run, signum)
    _until(lambda: not _running(workers), "the workers to be stopped")
    assert run.returncode == code, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith(f"apcombat: stopped by {signal.Signals(signum).name} after "), lines
    assert lines[0].endswith(" of 100,000 games; --csv games.csv not written; no report") and out == ""
    assert not (tmp_path / "games.csv").exists()  # whole or not at all


def test_a_stopped_run_keeps_the_saves_of_the_games_it_finished_whole(tmp_path, started):
    fights = tmp_path / "fights"
    run, workers = _start(started, tmp_path, "--save-games", str(fights))
    _until(lambda: len(list(fights.glob("*.toml"))) >= 2, "two games saved")
    _, err = _stop(run, signal.SIGTERM)
    _until(lambda: not _running(workers), "the workers to be stopped")
    saves = sorted(fights.iterdir())
    assert f"after {len(saves)} of 100,000 games; their saves are in {fights}; no report" in err
    for number, path in enumerate(saves, start=1):  # every game finished is kept, whole, and nothing else
        assert path.name.startswith(f"game_{number:05d}_seed_{number - 1}")
        assert load_game(path).seed == number - 1


def test_with_json_a_stopped_run_prints_one_object_saying_so(tmp_path, started):
    run, workers = _start(started, tmp_path, "--json")
    out, _ = _stop(run, signal.SIGINT)
    _until(lambda: not _running(workers), "the workers to be stopped")
    assert run.returncode == 130
    assert json.loads(out)["error"].startswith("stopped by SIGINT after ")


def test_a_cluster_run_stopped_cancels_its_tasks_and_leaves_the_clusters_worker(tmp_path, started):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0"
    ) as cluster:
        scheduler = cluster.scheduler

        def the_runs_tasks() -> list:
            return [key for key in list(scheduler.tasks) if "play_batch" in str(key)]

        run = _sim(started, tmp_path, "--games", "80", *RANDOM, "--cluster", cluster.scheduler_address)
        _until(the_runs_tasks, "the run's tasks on the scheduler")
        _, err = _stop(run, signal.SIGTERM)
        assert run.returncode == 143 and err.startswith("apcombat: stopped by SIGTERM after "), err
        _until(lambda: not the_runs_tasks(), "the run's tasks to be cancelled")
        assert len(scheduler.workers) == 1
