"""Shared paths and helpers for the tests."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import settings

from revsim.records.pbn import parse_pbn
from revsim.records.record import Record

# CI explores the same examples every run (reproducible); local runs keep exploring new ones.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"


def expected_cases() -> dict[str, dict]:
    """The worked cases in hands/ with the experts' rulings."""
    return json.loads((HANDS / "expected.json").read_text())


def needs_corpus() -> pytest.MarkDecorator:
    """Skip where ../shared/corpus (the real records beside the project) is absent."""
    return pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not beside the project")


def one_record(text: str) -> Record:
    """The single record of a PBN snippet (fails the test if it is an error)."""
    items = list(parse_pbn(text, "test.pbn"))
    assert len(items) == 1
    item = items[0]
    assert isinstance(item, Record), str(item)
    return item
