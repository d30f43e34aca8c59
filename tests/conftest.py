"""Shared paths and helpers for the tests."""

from __future__ import annotations

import contextlib
import json
import os
import random
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from revsim.cards import Card, Seat
from revsim.equity.steps import BoardRuling
from revsim.play.replay import Replay
from revsim.records.pbn import parse_pbn
from revsim.records.record import Record
from tests import shared_rulings
from tests.tiers import TIERS_BY_FILE, TIERS_BY_FIXTURE, TIERS_BY_TEST

# CI explores the same examples every run (reproducible); local runs keep exploring new ones. The fast tier
# (docs/development.md) runs with --hypothesis-profile=dev: fewer examples where a test does not set its own.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=10, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"


CLAIM_CASES = ("kooijman-wrong-claim", "kooijman-wrong-claim-faced", "kooijman-villamoura")
"""The lecture's claims (Law 70) in hands/expected.json: not among the shared seed cases, which predate them."""


def expected_cases() -> dict[str, dict]:
    """The worked cases in hands/ with the experts' rulings."""
    return json.loads((HANDS / "expected.json").read_text())


def cards_of(text: str) -> frozenset[Card]:
    """The cards named in ``text``, separated by spaces ("SA SQ H2")."""
    return frozenset(Card.parse(token) for token in text.split())


def spade_finesse_ending(leader: Seat) -> Replay:
    """Notrump, two tricks left, ``leader`` on lead: North holds the ace and queen of spades, East two small
    spades, South two small spades, West the king of spades and a small heart. North-South have won 6 of the
    first eleven tricks."""
    hands = (cards_of("SA SQ"), cards_of("S4 S5"), cards_of("S2 S3"), cards_of("SK H2"))
    return Replay(hands, 4, leader, first_trick=12, tricks_before=(6, 5))


def random_position(seed: int, length: int) -> Replay:
    """A deal of ``length`` cards a hand, a random leader and trump, and a random part of a trick played."""
    rng = random.Random(seed)
    deck = [Card(suit, rank) for suit in range(4) for rank in range(2, 15)]
    rng.shuffle(deck)
    hands = tuple(frozenset(deck[i * 13:i * 13 + length]) for i in range(4))
    replay = Replay(hands, rng.randrange(5), rng.randrange(4), first_trick=14 - length,
                    tricks_before=(13 - length, 0))
    for _ in range(rng.randint(0, 3)):
        replay.play(rng.choice(sorted(replay.legal_cards())))
    return replay


def needs_corpus() -> pytest.MarkDecorator:
    """Skip where ../shared/corpus (the real records beside the project) is absent."""
    return pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not beside the project")


def hands_record(name: str) -> Record:
    """The one record of the case file ``hands/<name>.toml``."""
    from revsim.records.readers import read_records
    [record] = list(read_records(HANDS / f"{name}.toml"))
    assert isinstance(record, Record), str(record)
    return record


def dd_ruling(name: str, **settings: str) -> BoardRuling:
    """The ruling of ``hands/<name>.toml`` with double dummy (unless ``settings`` say otherwise)."""
    from revsim.adjudicate import Settings, adjudicate
    return adjudicate(hands_record(name), Settings(**{"estimator": "dd", **settings}))  # type: ignore[arg-type]


def deal_played_at_random(seed: int, cards_played: int) -> tuple[Replay, int]:
    """A deal shuffled by ``seed`` with ``cards_played`` legal cards played at random, and its declarer."""
    from revsim.cards import full_pack, sort_hand
    rng = random.Random(seed)
    pack = sort_hand(full_pack())
    rng.shuffle(pack)
    hands = tuple(frozenset(pack[i * 13:(i + 1) * 13]) for i in range(4))
    declarer = rng.randrange(4)
    replay = Replay(hands, rng.randrange(5), (declarer + 1) % 4)
    for _ in range(cards_played):
        replay.play(rng.choice(replay.legal_cards()))
    return replay, declarer


def one_record(text: str) -> Record:
    """The single record of a PBN snippet (fails the test if it is an error)."""
    items = list(parse_pbn(text, "test.pbn"))
    assert len(items) == 1
    item = items[0]
    assert isinstance(item, Record), str(item)
    return item


def _written_so_far(out: Path) -> int:
    """The bytes a scan has written to OUT: under its partial name until it is complete."""
    from revsim.outputs.rowfiles import partials_of

    found = [out, *partials_of(out)]
    return max((path.stat().st_size for path in found if path.is_file()), default=0)


def children_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def interrupt_scan(arguments: list[str], out: Path, written: int = 20_000, stop: int | None = None,
                   workers: set[int] | None = None) -> tuple[int, str]:
    """Run `revsim scan ARGUMENTS --out OUT` in a child process, press Ctrl-C (or send ``stop``) once OUT holds
    ``written`` bytes, and return the exit status and what it printed on standard error. ``workers``, when
    given, receives the scan's child processes as they were just before the stop."""
    import signal
    import subprocess
    import sys
    import time

    process = subprocess.Popen(
        [sys.executable, "-m", "revsim", "scan", *arguments, "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and _written_so_far(out) < written:
        time.sleep(0.05)
    if workers is not None:
        workers.update(children_of(process.pid))
    process.send_signal(signal.SIGINT if stop is None else stop)
    _, err = process.communicate(timeout=120)
    return process.returncode, err


@contextlib.contextmanager
def serving_desk(processes: int = 1, max_bytes: int | None = 1_000_000, max_waiting: int | None = None) -> Iterator[str]:
    """The director's desk served in this process on a free local port, its URL once it answers (its worker
    processes are this process's children); ``max_bytes`` None keeps the desk's own request limit. Skips
    without the web extra."""
    pytest.importorskip("starlette", reason="the web extra (starlette, uvicorn) is not installed")
    uvicorn = pytest.importorskip("uvicorn", reason="the web extra (starlette, uvicorn) is not installed")
    import socket
    import threading
    import time
    import urllib.request

    from revsim.web.app import create_app, server_config

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    application = create_app(processes, max_waiting=max_waiting) if max_bytes is None else \
        create_app(processes, max_bytes, max_waiting=max_waiting)
    server = uvicorn.Server(server_config(application, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "/api/health", timeout=2).read()
            break
        except OSError:
            time.sleep(0.05)
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=30)


@pytest.fixture(scope="module")
def desk_url() -> Iterator[str]:
    """The director's desk served on a free local port for the tests of a module (skips without the web extra)."""
    with serving_desk() as url:
        yield url


def renamed_boards(numbers: Iterable[object], source: str = "duschek-too-late-a.pbn") -> str:
    """A PBN file of one worked case repeated, its board named by each of ``numbers`` in turn."""
    text = (HANDS / source).read_text(encoding="utf-8")
    board = f'[Board "{Path(source).stem}"]'
    return "\n".join(text.replace(board, f'[Board "{number}"]') for number in numbers)


from tests.desk_browser import browser, page  # noqa: E402, F401 - the desk's browser fixtures (tests/desk_browser.py)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test marked with its tiers (``tests/tiers.py``): by the fixtures it uses (Chromium, the committee's
    rulings), its file and its name."""
    for item in items:
        markers = set(TIERS_BY_FILE.get(item.path.name, ()))
        markers.update(TIERS_BY_TEST.get(f"{item.path.name}::{getattr(item, 'originalname', item.name)}", ()))
        for fixture in getattr(item, "fixturenames", ()):
            markers.update(TIERS_BY_FIXTURE.get(fixture, ()))
        for marker in sorted(markers):
            item.add_marker(getattr(pytest.mark, marker))


@pytest.fixture(scope="session", autouse=True)
def _rulings_shared_by_the_run(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The run's folder of shared rulings (``shared_rulings``): the folder all xdist workers of the run share, else
    this process's own."""
    base = tmp_path_factory.getbasetemp()
    shared_rulings.use_folder((base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "shared-rulings")
