"""Reading case files is linear in their size: session files of 1,000 to 100,000 fact rows, timed.

Each session file holds boards of ``--rows-per-board`` ``[[board.facts.play_restriction]]`` rows (200, the most
a board may hold); a file of N rows has N / 200 boards. Every board is read (``parse_case``: TOML, the schema,
each fact and its line) and the seconds per thousand rows printed: linear reading keeps that figure flat from
the smallest file to the largest. The same is timed for one board holding every row (refused at the first row
past the limit, ``MAX_FACT_ROWS``) and for a session whose every board is damaged (not TOML as a whole: each
board read on its own). Files past the desk's and the command line's size limit (``MAX_CASE_CHARACTERS``)
are read with the limit lifted, to time the reading itself; the limit refuses them in use.
Run: .venv/bin/python benchmarks/bench_reading.py [--sizes 1000,10000,100000] [--rows-per-board 200] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import revsim.records.casefile as casefile  # noqa: E402
from revsim.records.casefacts import MAX_FACT_ROWS  # noqa: E402
from revsim.records.errors import RecordError  # noqa: E402

HEAD = (ROOT / "hands" / "law61a-play-restriction-after-a-premature-play.toml").read_text(encoding="utf-8")
BOARD = HEAD[:HEAD.index("[[facts.play_restriction]]")]
ROW = '[[board.facts.play_restriction]]\ntrick = 11\nplayer = "W"\nplay = "highest"\n\n'


def session(rows: int, per_board: int, damaged: bool = False) -> str:
    """A session file of ``rows`` fact rows, ``per_board`` a board (the last board takes what is left)."""
    body = "".join(line + "\n" for line in BOARD.splitlines() if not line.startswith(("#", "board =")))
    parts = []
    for number, start in enumerate(range(0, rows, per_board), 1):
        board = f'[[board]]\nboard = "{number}"\n{body}' + ROW * min(per_board, rows - start)
        parts.append(board.replace('declarer = "', 'declarer = "S\n', 1) if damaged else board)  # unclosed: not TOML
    return "".join(parts)


def timed(text: str, repeat: int) -> tuple[float, int, int]:
    """The fastest of ``repeat`` readings (seconds), with the boards read and the errors among them."""
    best, items = float("inf"), []
    for _ in range(repeat):
        started = time.perf_counter()
        items = list(casefile.parse_case(text, "bench.toml"))
        best = min(best, time.perf_counter() - started)
    return best, len(items), sum(isinstance(item, RecordError) for item in items)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--rows-per-board", type=int, default=MAX_FACT_ROWS)
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    casefile.MAX_CASE_CHARACTERS = 10**9   # time the reading, not the size limit that refuses these files in use
    sizes = [int(size) for size in arguments.sizes.split(",")]
    print(f"{'file':<22} {'rows':>8} {'chars':>11} {'boards':>7} {'errors':>7} {'seconds':>8} {'ms / 1,000 rows':>16}")
    for kind in ("session", "one board", "damaged session"):
        per_row = []
        for rows in sizes:
            text = session(rows, rows if kind == "one board" else arguments.rows_per_board, kind == "damaged session")
            seconds, boards, errors = timed(text, arguments.repeat)
            per_row.append(seconds / rows * 1000)
            print(f"{kind:<22} {rows:>8,} {len(text):>11,} {boards:>7,} {errors:>7,} {seconds:>8.3f} "
                  f"{per_row[-1] * 1000:>16.2f}")
        print(f"{kind}: the cost a row at {sizes[-1]:,} rows is {per_row[-1] / per_row[0]:.2f}x that at "
              f"{sizes[0]:,} (1 is linear)\n")


if __name__ == "__main__":
    main()
