"""On-demand benchmark of headless AI-vs-AI runs (not run by pytest or CI): games per second of the street
fight played here (`--jobs 1`, `--jobs 2`) and on a local two-worker cluster, Dask or Ray, with the cluster's
start-up timed apart.

    python tests/bench/bench_sim.py [--seeds 200] [--ai greedy_bot:play] [--with local,dask,ray]

The plug-in bots of tests/ai/plugins are on the path (`--ai greedy_bot:play`); the default is `baseline`.
Beside the wall-clock rate it prints the processor time the local runs used, this process and its pool
workers together: on a machine shared with other work the wall clock says little about what a second
process buys, the processor time says what the pool costs over one process. Ray is not an apcombat
dependency: install it in a throw-away venv to compare (docs/ai.md, "On a cluster", gives the figures that chose Dask).
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from pathlib import Path

from apcombat.ai.players import working_directory_on_path
from apcombat.content import content_root, load_encounter, load_library
from apcombat.sim.runner import BatchSettings, plan_games, play_planned, run_games

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = str(ROOT / "tests" / "ai" / "plugins")


def _cpu_seconds() -> float:
    """Processor time of this process and of its finished children (the pool's workers once joined)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _rate(label: str, games: int, seconds: float, cpu: float | None = None) -> None:
    used = "" if cpu is None else f", {cpu:6.1f} s of processor time ({games / cpu:5.2f} games per processor s)"
    print(f"{label:<34} {games} games in {seconds:6.1f} s = {games / seconds:6.1f} games/s{used}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--ai", default="baseline")
    parser.add_argument("--encounter", default=str(ROOT / "content" / "encounters" / "street_fight.toml"))
    parser.add_argument("--with", dest="engines", default="local,dask")
    args = parser.parse_args()
    os.chdir(PLUGINS)
    working_directory_on_path(PLUGINS)
    encounter = load_encounter(args.encounter, load_library(content_root(None)))
    plan = plan_games({side.id: args.ai for side in encounter.sides}, 0, args.seeds, swap=True)
    engines = args.engines.split(",")
    if "local" in engines:
        for jobs in (1, 2):
            started, cpu = time.perf_counter(), _cpu_seconds()
            run_games(encounter, plan, BatchSettings(), jobs=jobs)
            _rate(f"--jobs {jobs}", len(plan), time.perf_counter() - started, _cpu_seconds() - cpu)
    if "dask" in engines:
        from distributed import Client, LocalCluster

        started = time.perf_counter()
        with LocalCluster(
            n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address="127.0.0.1:0"
        ) as cluster:
            with Client(cluster.scheduler_address) as client:  # closed before the cluster: no reconnect errors
                client.wait_for_workers(2)
            print(f"dask: local 2-worker cluster up in {time.perf_counter() - started:.1f} s")
            started = time.perf_counter()
            run_games(encounter, plan, BatchSettings(), cluster=cluster.scheduler_address)
            _rate("dask cluster, 2 workers", len(plan), time.perf_counter() - started)
    if "ray" in engines:
        import ray

        started = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False)
        remote = ray.remote(play_planned)
        ray.get([ray.remote(lambda: 0).remote() for _ in range(2)])
        print(f"ray: local 2-worker cluster up in {time.perf_counter() - started:.1f} s")
        started = time.perf_counter()
        shared = ray.put(encounter)
        ray.get([remote.remote(game, shared, BatchSettings(), PLUGINS) for game in plan])
        _rate("ray cluster, 2 workers", len(plan), time.perf_counter() - started)
        ray.shutdown()


if __name__ == "__main__":
    main()
