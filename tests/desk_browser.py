"""The director's desk in headless Chromium, shared by its browser tests: the browser, the desk on a laptop, a
tablet and a phone, and the steps every test takes (open a file of hands/, rule and wait, a screenshot to
$REVSIM_SCREENSHOTS when it is set)."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from revsim.cli import main

HANDS = Path(__file__).resolve().parent.parent / "hands"

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


SCREENS = [{"width": 1280, "height": 800}, {"width": 768, "height": 1024}, {"width": 390, "height": 844}]
"""A laptop, a tablet and a phone; the tablet and the phone are touch screens."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture(scope="module", params=SCREENS, ids=lambda screen: f"{screen['width']}x{screen['height']}")
def page(browser: Any, desk_url: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """The desk in Chromium on a laptop, a tablet and a phone: every flow is tried on each."""
    touch = request.param["width"] < 1000
    context = desk_context(browser, accept_downloads=True, viewport=request.param, has_touch=touch,
                                  is_mobile=request.param["width"] < 500)
    opened = context.new_page()
    opened.goto(desk_url + "/")
    yield opened
    context.close()


def desk_context(browser: Any, **options: Any) -> Any:
    """A browser context for driving the desk: Playwright's waits evaluate their predicates as strings, which the
    desk's Content-Security-Policy rightly forbids, so these contexts bypass it
    (``test_web_restored_report.test_a_restored_report_loads_nothing_from_outside_the_desk`` checks it enforced)."""
    return browser.new_context(bypass_csp=True, **options)


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("REVSIM_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        screen = page.viewport_size
        page.screenshot(path=str(Path(folder) / f"{name}-{screen['width']}x{screen['height']}.png"), full_page=True)


def open_record(page: Any, name: str) -> None:
    """Open a file of hands/ in the desk (again if it was the last one) and wait until it is read."""
    page.evaluate("() => { document.getElementById('message').textContent = ''; }")
    page.set_input_files("#file", [])
    page.set_input_files("#file", str(HANDS / name))
    page.wait_for_function(f"document.getElementById('message').textContent.startsWith({json.dumps(name + ':')})")


def blank_desk(page: Any, deal: str) -> None:
    """The desk emptied of everything kept (a new board), then ``deal`` typed in as the deal."""
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_function("desk.ready === true")
    page.fill("#deal", deal)
    page.dispatch_event("#deal", "change")


def in_view(page: Any, selector: str) -> bool:
    """Whether the element is wholly on the screen, as it is scrolled now."""
    box = page.locator(selector).bounding_box()
    screen = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= screen["height"] and box["x"] >= 0 \
        and box["x"] + box["width"] <= screen["width"]


def cli_ruling(path: Path) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["adjudicate", str(path), "--json"])
    return json.loads(result.output)[0]


def rule_and_wait(page: Any) -> dict[str, Any]:
    page.evaluate("() => { desk.texts = null; document.getElementById('downloads').hidden = true; }")
    page.click("#rule")
    page.wait_for_selector("#downloads:not([hidden])", timeout=120_000)
    return json.loads(page.evaluate("() => desk.texts.json"))[0]


def fresh_desk(browser: Any, desk_url: str, ready: str, **context: Any) -> tuple[Any, Any]:
    """(context, page): the desk in a new browser context (``context``: its viewport, touch...) with nothing kept
    from an earlier test, once ``ready`` (a JavaScript condition) holds."""
    opened = desk_context(browser, accept_downloads=True, **context)
    page = opened.new_page()
    page.goto(desk_url + "/")
    page.wait_for_function("desk.ready === true")
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_function(f"desk.ready === true && {ready}")
    return opened, page
