"""Law 70 over the shared corpus's recorded claims: how many there are, how many a director would reduce if each had
been contested with no line stated, and at what rate.

Runs ``revsim scan FILES --audit-claims --estimator dd`` (``--engine processes`` or ``dask``) over the corpus's
expert and club records (hammond-vugraph, the USBF segment, the BBO club pairs; --sources chooses) and prints, by
source: boards, claims audited, reduced (and by how many tricks), the claims the search had to stop at a horizon,
and the rate in claims per second per core (the scan's wall time, all of it spent on the claims, over the jobs).
Run: python benchmarks/bench_claim_audit.py [--sources hammond,usbf,club] [--jobs 2] [--engine processes|dask]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revsim.outputs.rowfiles import read_rows  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
SOURCES = {
    "hammond": ["hammond-vugraph/00001.lin", "hammond-vugraph/00170.lin"],
    "usbf": ["bridge-bots/usbf_sf_14502.lin"],
    "club": ["bbo-club-2017"],
}


def audit(paths: list[Path], jobs: int, engine: str) -> tuple[float, Any]:
    """The scan's wall seconds and its board rows."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "rows.csv"
        command = [str(Path(sys.executable).parent / "revsim"), "scan", *map(str, paths), "--estimator", "dd",
                   "--audit-claims", "--jobs", str(jobs), "--engine", engine, "--out", str(out), "--quiet"]
        started = time.perf_counter()
        subprocess.run(command, check=True, cwd=ROOT)
        return time.perf_counter() - started, read_rows(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sources", default="hammond,usbf,club")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--engine", default="processes", choices=["processes", "dask"])
    arguments = parser.parse_args()
    if not CORPUS.is_dir():
        sys.exit(f"the shared corpus is not at {CORPUS}")
    print(f"{'source':<9} {'boards':>6} {'claims':>6} {'audited':>7} {'reduced':>7} {'by 1':>5} {'by 2+':>5} "
          f"{'horizon':>7} {'seconds':>8} {'claims/s/core':>13}")
    for name in arguments.sources.split(","):
        seconds, rows = audit([CORPUS / path for path in SOURCES[name]], arguments.jobs, arguments.engine)
        claims = rows[rows.claimed.fillna(False).astype(bool)]
        audited = claims[claims.audit_ruled.notna()]
        cut = audited.table_tricks - audited.audit_ruled
        reduced = audited[audited.audit_reduced.fillna(False).astype(bool)]
        print(f"{name:<9} {len(rows):>6} {len(claims):>6} {len(audited):>7} {len(reduced):>7} "
              f"{int((cut == 1).sum()):>5} {int((cut >= 2).sum()):>5} {int(audited.audit_horizon.notna().sum()):>7} "
              f"{seconds:>8.1f} {len(audited) / seconds / arguments.jobs:>13.2f}")


if __name__ == "__main__":
    main()
