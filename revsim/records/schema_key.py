"""One key of the case-file format (``records.caseschema``), declared where its table is: the board's keys there, a
fact's in ``records.fact_specs``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Key:
    """One key of the format: its name, its type (see ``KINDS``), whether it is required, its default and
    what it means; ``keys`` are the keys of a table, or of each table of an array of tables."""

    name: str
    kind: str
    meaning: str
    required: bool = False
    default: str = ""
    keys: tuple[Key, ...] = ()
    choices: tuple[str, ...] = ()
