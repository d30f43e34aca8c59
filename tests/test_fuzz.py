"""Fuzzing the readers and the ruling with mutated real records (../shared/corpus) and case files (hands/):
truncation, byte flips, duplicated, deleted and swapped lines, wrong types in TOML. Reading and ruling may
only ever raise revsim's own RecordError, and a scan of mutated files gives every file at least one row."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.adjudicate import Settings, adjudicate
from revsim.records.errors import RecordError
from revsim.records.readers import read_records
from revsim.records.record import Record
from revsim.scan import scan
from tests.conftest import CORPUS, HANDS

SMALL_CORPUS = [
    "bridge-bots/sample.pbn", "bridge-bots/sample.lin", "endplay-tests/example1.lin", "endplay-tests/example4.pbn",
    "pbn-verifier/correct_10.pbn", "pbn-verifier/errors_10.pbn",
]
SOURCES = sorted(HANDS.glob("*.pbn")) + sorted(HANDS.glob("*.toml"))
SOURCES += [CORPUS / name for name in SMALL_CORPUS if (CORPUS / name).is_file()]
SOURCES += sorted((CORPUS / "bbo-club-2017").rglob("*.lin"))[:6] if CORPUS.is_dir() else []

WRONG_TOML_VALUES = ['"x"', "7", "[1, 2]", "{ a = 1 }", "true", "9.5", '"E:S2@3"', "[]", '["H3"]']


def mutate(data: bytes, rng: random.Random, toml: bool) -> bytes:
    """One to three random mutations of a file's bytes."""
    for _ in range(rng.randint(1, 3)):
        lines = data.splitlines(keepends=True) or [b""]
        kind = rng.choice(["truncate", "flip", "duplicate", "delete", "swap"] + (["wrong-type"] * 3 if toml else []))
        index = rng.randrange(len(lines))
        if kind == "truncate":
            data = data[: rng.randint(0, len(data))]
        elif kind == "flip" and data:
            raw = bytearray(data)
            for _ in range(rng.randint(1, 4)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            data = bytes(raw)
        elif kind == "duplicate":
            data = b"".join(lines[: index + 1] + [lines[index]] + lines[index + 1:])
        elif kind == "delete":
            data = b"".join(lines[:index] + lines[index + 1:])
        elif kind == "swap":
            other = rng.randrange(len(lines))
            lines[index], lines[other] = lines[other], lines[index]
            data = b"".join(lines)
        elif kind == "wrong-type":
            candidates = [i for i, line in enumerate(lines) if b"=" in line and not line.lstrip().startswith(b"#")]
            if candidates:
                index = rng.choice(candidates)
                key = lines[index].split(b"=", 1)[0]
                lines[index] = key + b"= " + rng.choice(WRONG_TOML_VALUES).encode() + b"\n"
                data = b"".join(lines)
    return data


def _read_and_rule(path: Path) -> int:
    """Read every board and rule on it; only RecordError may come out. Returns the number of items."""
    count = 0
    for item in read_records(path):
        count += 1
        if isinstance(item, Record) and item.contract is not None and item.play:
            try:
                adjudicate(item, Settings(estimator="dd"))
            except RecordError:
                pass
    return count


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(SOURCES), st.integers(0, 2**32 - 1))
def test_mutated_records_only_ever_raise_revsims_own_errors(source: Path, seed: int) -> None:
    data = mutate(source.read_bytes(), random.Random(seed), source.suffix == ".toml")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"mutated{source.suffix}"
        path.write_bytes(data)
        assert _read_and_rule(path) >= 1, "every file gives at least one board or one error"


def test_scan_of_mutated_files_gives_every_file_a_row() -> None:
    rng = random.Random(20261122)
    with tempfile.TemporaryDirectory() as folder:
        written = []
        for number in range(40):
            source = rng.choice(SOURCES)
            path = Path(folder) / f"m{number:02d}{source.suffix}"
            path.write_bytes(mutate(source.read_bytes(), rng, source.suffix == ".toml"))
            written.append(str(path))
        boards, _ = scan([folder], jobs=1)
        assert set(boards.file) == set(written)
        assert set(boards.status) <= {"ok", "error", "no-play"}
        errors = boards[boards.status == "error"]
        assert all(str(error).startswith(str(Path(folder))) for error in errors.error)
