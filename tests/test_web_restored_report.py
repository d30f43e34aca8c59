"""A report restored from the browser's storage is cleaned by a real sanitizer (DOMPurify, vendored in
revsim/web/static with its licence), not a hand-written list: ten disguises of a script link, each put into a kept
session's report and clicked in Chromium, run nothing, while the report's own text and styles are shown."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.desk_browser import CHROMIUM, fresh_desk, open_record, rule_and_wait

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package chromium)")

RUN = "window.pwned=1"
DISGUISES = [
    f'<a id="d0" href="java\tscript:{RUN}">tab</a>',
    f'<a id="d1" href="java\nscript:{RUN}">line feed</a>',
    f'<a id="d2" href="java\rscript:{RUN}">carriage return</a>',
    f'<a id="d3" href="\x01javascript:{RUN}">leading control</a>',
    f'<a id="d4" href="&#106;avascript:{RUN}">entity</a>',
    f'<a id="d5" href="JaVaScRiPt&colon;{RUN}">named colon</a>',
    f'<svg width="60" height="20"><a id="d6"><animate attributeName="href" to="javascript:{RUN}"/>'
    '<text x="0" y="15">animate</text></a></svg>',
    f'<svg width="60" height="20"><a id="d7"><set attributeName="href" to="javascript:{RUN}"/>'
    '<text x="0" y="15">set</text></a></svg>',
    f'<svg width="60" height="20"><a id="d8" xlink:href="javascript:{RUN}"><text x="0" y="15">xlink</text></a></svg>',
    f'<a id="d9" href="data:text/html,<script>parent.{RUN}</script>">data</a>',
]


def test_a_restored_report_runs_none_of_ten_disguised_script_links(browser: Any, desk_url: str) -> None:
    context, page = fresh_desk(browser, desk_url, "true", viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_record(page, "duschek-too-late-a.pbn")
        rule_and_wait(page)
        kept = json.loads(page.evaluate("localStorage.getItem('revsim-desk-case')"))
        case = kept["cases"][kept["current"] if "current" in kept else 0]
        report = case["ruled"]["report"]
        case["ruled"]["report"] = report.replace("</body>", "<p id='planted'>" + " ".join(DISGUISES) + "</p></body>")
        page.evaluate("(text) => localStorage.setItem('revsim-desk-case', text)", json.dumps(kept))
        page.reload()
        page.wait_for_function("desk.ready === true")
        page.wait_for_selector("#report-section:not([hidden])")
        shown = page.locator("#report")
        text = page.evaluate("document.getElementById('report').shadowRoot.textContent")
        assert "64A" in text and "tab" in text and shown.locator("#planted").count() == 1
        for index in range(len(DISGUISES)):
            link = shown.locator(f"#d{index}")
            if link.count():
                link.first.click(force=True)
                page.wait_for_timeout(150)
            assert page.evaluate("window.pwned") is None, DISGUISES[index]
            hrefs = page.evaluate("""(i) => [...document.getElementById('report').shadowRoot
                .querySelectorAll(`#d${i}, #d${i} *`)].map((e) => (e.getAttribute('href') || '')
                + (e.getAttribute('xlink:href') || '') + (e.getAttribute('to') || ''))""", index)
            assert not any("script" in href.lower().replace("\t", "").replace("\n", "").replace("\r", "")
                           for href in hrefs), (DISGUISES[index], hrefs)
        assert page.evaluate("document.getElementById('report').shadowRoot.querySelectorAll('style').length") > 0
        assert errors == []
    finally:
        context.close()


def test_a_restored_report_loads_nothing_from_outside_the_desk(browser: Any, desk_url: str) -> None:
    """An image, a CSS ``url()`` and a style sheet naming an address outside the desk, planted in a kept report and shown in a
    browser that enforces the desk's Content-Security-Policy: no request to any address but the desk's own goes out
    (Chromium reports each blocked one as failed, "blocked by CSP", and the console says which directive blocked it)."""
    context, page = fresh_desk(browser, desk_url, "true", viewport={"width": 1280, "height": 800})
    try:
        open_record(page, "duschek-too-late-a.pbn")
        rule_and_wait(page)
        kept = json.loads(page.evaluate("localStorage.getItem('revsim-desk-case')"))
    finally:
        context.close()
    case = kept["cases"][kept["current"] if "current" in kept else 0]
    planted = ('<p id="outside"><img src="http://127.0.0.2:9/pixel.png" alt="x">'
               '<span style="background: url(http://127.0.0.2:9/bg.png)">styled</span></p>'
               '<style>@import url("http://127.0.0.2:9/sheet.css"); p { background: url(http://127.0.0.2:9/p.png) }'
               '</style>')
    case["ruled"]["report"] = case["ruled"]["report"].replace("</body>", planted + "</body>")
    enforcing = browser.new_context(viewport={"width": 1280, "height": 800})   # the policy enforced, not bypassed
    asked: list[str] = []
    violations: list[str] = []
    try:
        shown = enforcing.new_page()
        shown.on("requestfinished", lambda request: asked.append(request.url))   # a request the policy blocks fails
        shown.on("console", lambda message: violations.append(message.text)
                 if "Content Security Policy" in message.text else None)
        shown.goto(desk_url + "/")
        shown.evaluate("(text) => localStorage.setItem('revsim-desk-case', text)", json.dumps(kept))
        shown.reload()
        shown.wait_for_selector("#report-section:not([hidden])")
        shown.wait_for_timeout(500)
        assert "outside" in shown.evaluate("document.getElementById('report').shadowRoot.innerHTML")
        origin = desk_url.rstrip("/")
        assert [url for url in asked if not url.startswith(origin)] == []
        assert any("img-src" in text for text in violations) and any("style-src" in text for text in violations)
        assert all("127.0.0.2:9" in text for text in violations)   # the desk's own page breaks none of it
    finally:
        enforcing.close()
