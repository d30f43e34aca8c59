"""Stops sent at random moments into the command line: how each run ends.

Sends SIGINT or SIGTERM (in turn) at a random moment from 0 to --max-delay seconds after starting ``revsim
adjudicate FILE`` or ``revsim scan hands/ --jobs 2``, and sorts the endings:

- clean: the status of a stop (130 or 143) with no traceback, or the command finished first (0);
- early: the process ended by the signal itself (-2, -15) or with a traceback, before revsim's own handlers were
  installed: Python's start-up (the interpreter, ``site`` and the installed packages' .pth files);
- other: anything else (none expected).

Prints the counts, the latest moment at which an early ending was seen (the width of the start-up window on this
machine) and the start-up itself: the interpreter alone (``-S``), with ``site``, and up to revsim's handlers (the
import of ``revsim.cli.start``, the script's first statement).
Run: python benchmarks/bench_interrupts.py [--tries 200] [--max-delay 2] [--seed 1] [--command adjudicate|scan]
"""

from __future__ import annotations

import argparse
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REVSIM = [str(Path(sys.executable).parent / "revsim")]
COMMANDS = {
    "adjudicate": [*REVSIM, "adjudicate", str(ROOT / "hands" / "duschek-repeated-3nt.pbn"), "--estimator", "dd"],
    "scan": [*REVSIM, "scan", str(ROOT / "hands"), "--estimator", "dd", "--jobs", "2", "--quiet"],
}


def one_try(command: list[str], delay: float, stop: int) -> tuple[str, int]:
    """How one run ends when ``stop`` is sent ``delay`` seconds after it starts."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    time.sleep(delay)
    if process.poll() is None:
        process.send_signal(stop)
    _, err = process.communicate(timeout=300)
    status = process.returncode
    if status in (0, 128 + stop) and b"Traceback" not in err:
        return "clean", status
    if status < 0 or b"Traceback" in err:
        return "early", status
    return "other", status


def startup_seconds(code: str, flags: tuple[str, ...] = (), runs: int = 15) -> float:
    """The median wall time of ``python FLAGS -c CODE``, timed from outside."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, *flags, "-c", code], check=True, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=200)
    parser.add_argument("--max-delay", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--command", choices=sorted(COMMANDS), default="adjudicate")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    counts = {"clean": 0, "early": 0, "other": 0}
    early_delays: list[float] = []
    for index in range(args.tries):
        delay = rng.uniform(0, args.max_delay)
        stop = signal.SIGINT if index % 2 == 0 else signal.SIGTERM
        ending, status = one_try(COMMANDS[args.command], delay, stop)
        counts[ending] += 1
        if ending != "clean":
            early_delays.append(delay)
            print(f"  {ending}: {signal.Signals(stop).name} at {delay * 1000:.0f} ms -> status {status}")
    print(f"{args.command}: {args.tries} stops at 0-{args.max_delay:g} s (seed {args.seed}): "
          f"{counts['clean']} clean, {counts['early']} early, {counts['other']} other")
    if early_delays:
        print(f"latest early ending: {max(early_delays) * 1000:.0f} ms after the start")
    bare, with_site = startup_seconds("pass", ("-S",)), startup_seconds("pass")
    handlers = startup_seconds("import revsim.cli.start")
    print(f"start-up, median of 15: the interpreter {bare * 1000:.0f} ms; with site and the .pth files "
          f"{with_site * 1000:.0f} ms; to revsim's handlers (import revsim.cli.start) {handlers * 1000:.0f} ms")


if __name__ == "__main__":
    main()
