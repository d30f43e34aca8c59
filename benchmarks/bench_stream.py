"""Memory of `revsim adjudicate` on big PBN files, and of `adjudicate` and `scan` on hostile input.

Seeded archives (revsim.synthetic, about 5% revoke boards) of two sizes are adjudicated in fresh processes
with the output thrown away (double dummy, ``--estimator dd``: tens of thousands of boards); the peak memory
(max RSS) should not grow with the file. With ``--hostile``, files built to hurt a reader (a PBN tag of
10 MB on one line, 50 MB on one line, a LIN board of millions of pairs, a 50 MB LIN value, a 15 MB TOML
array, 50 MB of real LIN boards when ../shared/corpus is there) go through `adjudicate` and `scan` and
through the desk's service, each in a fresh process; the target is at most 400 MB of peak memory.
Run: .venv/bin/python benchmarks/bench_stream.py [--small 10000] [--big 80000] [--seed 1] [--hostile]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revsim.synthetic import write_archive  # noqa: E402


def peak_of(code: str) -> tuple[float, float]:
    """Seconds and peak RSS (MiB, this process and its children) of ``code`` run in a fresh process."""
    wrapped = ("import os, resource, sys, time\n"
               "sys.stdout = open(os.devnull, 'w')\n"
               "started = time.perf_counter()\n"
               f"try:\n    exec({code!r})\nexcept SystemExit:\n    pass\n"
               "own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
               "children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
               "sys.stderr.write(f'{time.perf_counter() - started} {max(own, children)}\\n')\n")
    result = subprocess.run([sys.executable, "-c", wrapped], check=True, cwd=ROOT, capture_output=True, text=True)
    seconds, peak = result.stderr.split()[-2:]
    return float(seconds), int(peak) / 1024


def peak_of_adjudicate(path: str, as_json: bool) -> tuple[float, float]:
    """Seconds and peak RSS (MiB) of one `revsim adjudicate` in a child process, output discarded."""
    flags = ["--estimator", "dd", *(["--json"] if as_json else [])]
    return peak_of(f"from revsim.cli import main\nsys.argv = ['revsim', 'adjudicate', {path!r}, *{flags!r}]\nmain()")


def hostile_files(folder: Path) -> None:
    """Files built to hurt a reader, written into ``folder``."""
    board = (ROOT / "hands" / "duschek-too-late-a.pbn").read_text(encoding="utf-8")
    files = {
        "tag-10mb.pbn": '[Event "' + "x" * 10_000_000 + '"]\n' + board,
        "tag-4mb.pbn": '[Event "' + "x" * 4_500_000 + '"]\n' + board,
        "one-line-50mb.pbn": "[" * 50_000_000,
        "pairs-5mb.lin": "md|3SAKQ,H2,D2,C2|" + "pc|SA|" * 800_000,
        "value-50mb.lin": "md|" + "3" * 50_000_000 + "|",
        "array-15mb.toml": "board = [" + "1," * 7_500_000 + "]\n",
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    corpus = ROOT.parent / "shared" / "corpus" / "bridge-bots" / "usbf_sf_14502.lin"
    if corpus.is_file():
        real = corpus.read_text(encoding="utf-8", errors="replace")
        (folder / "real-boards-50mb.lin").write_text(real * (50_000_000 // len(real) + 1), encoding="utf-8")


def hostile(folder: Path) -> None:
    """Peak memory of adjudicate, scan and the desk's service on each hostile file. The files are written by a
    child process: a child's peak memory starts from its parent's at fork, so this process stays small."""
    print("hostile input (target: at most 400 MiB peak):")
    subprocess.run([sys.executable, __file__, "--write-hostile", str(folder)], check=True, cwd=ROOT)
    for path in sorted(folder.iterdir(), key=lambda found: found.stat().st_mtime):
        size = path.stat().st_size / 2**20
        runs = {
            "adjudicate": f"from revsim.cli import main\nsys.argv = ['revsim', 'adjudicate', {str(path)!r}, "
                          "'--estimator', 'dd', '--json']\nmain()",
            "scan": f"from revsim.cli import main\nsys.argv = ['revsim', 'scan', {str(path)!r}, '--jobs', '1', "
                    f"'--quiet', '--out', {str(folder / 'out.csv')!r}]\nmain()",
        }
        if size < 5:  # the desk refuses bodies over 5 MB before reading them
            runs["desk service"] = (f"from revsim.web.service import adjudicate_text\n"
                                    f"adjudicate_text(open({str(path)!r}, 'rb').read(), "
                                    f"{{'format': [{path.suffix[1:]!r}], 'estimator': ['dd']}})")
        for name, code in runs.items():
            seconds, peak = peak_of(code)
            print(f"  {path.name:<22} ({size:5.1f} MB) {name:<13} {seconds:6.1f} s, peak {peak:6.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--small", type=int, default=10_000)
    parser.add_argument("--big", type=int, default=80_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hostile", action="store_true", help="Also measure the hostile inputs.")
    parser.add_argument("--hostile-only", action="store_true", help="Only the hostile inputs.")
    parser.add_argument("--write-hostile", metavar="FOLDER", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write_hostile:
        hostile_files(Path(args.write_hostile))
        return
    print(f"seed {args.seed}")
    with tempfile.TemporaryDirectory(prefix="revsim-stream-") as scratch:
        if args.hostile or args.hostile_only:
            hostile(Path(scratch))
        if args.hostile_only:
            return
        for boards in (args.small, args.big):
            path = str(Path(scratch) / f"archive-{boards}.pbn")
            write_archive(path, args.seed, boards)
            size = Path(path).stat().st_size / 2**20
            for as_json in (False, True):
                seconds, peak = peak_of_adjudicate(path, as_json)
                print(f"{boards:>7,} boards ({size:5.1f} MB), {'--json' if as_json else 'text  '}: {seconds:6.1f} s, "
                      f"{boards / seconds:6,.0f} boards/s, peak {peak:6.0f} MiB")


if __name__ == "__main__":
    main()
