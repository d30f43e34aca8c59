"""The report's two charts as SVG trees (``xml.etree.ElementTree``, so every label is escaped): declarer's
double-dummy tricks after every card along the table and no-infraction lines, and the full estimate beside
the score assigned. The traces are computed before rendering (``traces.py``); nothing here calls the solver.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass

from revsim.equity.steps import Weighted
from revsim.equity.trace import Trace
from revsim.likely.solver import DealTable
from revsim.outputs.weights import labels_by_tricks

SVG = "http://www.w3.org/2000/svg"


@dataclass(frozen=True)
class BoardTraces:
    """The solver's work a board's report shows: the double-dummy table line, the no-infraction line (None without
    an estimate), the places of the revoke cards along the table line, and the deal's makeable contracts."""

    table: Trace
    no_infraction: Trace | None
    revoke_indices: tuple[int, ...]
    moved: int = 0
    """Declarer's side's tricks Law 64A moves in the world without the revoke (negative: tricks lost)."""
    ruled: int | None = None
    """Declarer's side's tricks in the ruling's most weighted result."""
    deal_table: DealTable | None = None
    """The deal's makeable contracts and par (a full deal only), shown beside the deal."""


def _svg(width: int, height: int, label: str) -> ET.Element:
    return ET.Element("svg", {"xmlns": SVG, "width": str(width), "height": str(height),
                              "viewBox": f"0 0 {width} {height}", "role": "img", "aria-label": label})


def _add(parent: ET.Element, tag: str, text: str | None = None, title: str | None = None, **attributes: object
         ) -> ET.Element:
    element = ET.SubElement(parent, tag, {key.replace("_", "-"): str(value) for key, value in attributes.items()})
    if text is not None:
        element.text = text
    if title is not None:
        ET.SubElement(element, "title").text = title
    return element


NARROW = 360
"""The width a chart is drawn at for a phone (shown about 350 px wide, so its labels keep their size)."""


def wide_and_narrow(draw: Callable[[int], str], wide: int) -> str:
    """A chart drawn twice, for a wide screen and paper and for a phone; the style sheet shows one."""
    return f'<div class="chart-wide">{draw(wide)}</div><div class="chart-narrow">{draw(NARROW)}</div>'


def _written(svg: ET.Element) -> str:
    return ET.tostring(svg, encoding="unicode", short_empty_elements=True)


def chart_svg(traces: BoardTraces, width: int = 760, height: int = 260) -> str:
    """An SVG line chart of declarer's double-dummy tricks after every card, along one or two lines; narrower than
    500, every other trick is numbered (a phone's drawing, its labels at their size)."""
    table, other = traces.table, traces.no_infraction
    count = max(len(table.values), (other.start + len(other.values)) if other else 0)
    values = list(table.values) + (list(other.values) if other else [])
    low, high = max(0, min(values) - 1), min(13, max(values) + 1)
    left, right, top, bottom = 40, 10, 15, 35
    plot_w, plot_h = width - left - right, height - top - bottom

    marked = other is not None and (traces.moved != 0 or traces.ruled is not None)
    if other is not None and marked:
        right = 90
        values += [other.values[-1] + traces.moved] + ([traces.ruled] if traces.ruled is not None else [])
        low, high = max(0, min(values) - 1), min(13, max(values) + 1)
    plot_w = width - left - right

    def x(index: float) -> str:
        return f"{left + plot_w * index / max(count - 1, 1):.1f}"

    def y(value: float) -> str:
        return f"{top + plot_h * (high - value) / max(high - low, 1):.1f}"

    svg = _svg(width, height, "Declarer's double-dummy tricks after every card")
    for value in range(low, high + 1):
        _add(svg, "line", x1=left, x2=width - right, y1=y(value), y2=y(value), stroke="#eee")
        _add(svg, "text", str(value), x=left - 6, y=f"{float(y(value)) + 4:.1f}", text_anchor="end")
    first_trick = 14 - (count - 1) // 4 if count > 1 else 1
    for cards in range(0, count - 1, 4):
        _add(svg, "line", x1=x(cards), x2=x(cards), y1=top, y2=height - bottom, stroke="#e6e6e6")
        if width >= 500 or (cards // 4) % 2 == 0:
            _add(svg, "text", str(first_trick + cards // 4), x=x(cards + 2), y=height - bottom + 14, text_anchor="middle")
    _add(svg, "text", "trick (each card one step)", x=f"{left + plot_w / 2:.0f}", y=height - 4, text_anchor="middle")

    def polyline(trace: Trace, colour: str, dash: str | None = None) -> None:
        points = " ".join(f"{x(trace.start + i)},{y(v)}" for i, v in enumerate(trace.values))
        extra = {"stroke_dasharray": dash} if dash else {}
        _add(svg, "polyline", title=trace.name, fill="none", stroke=colour, stroke_width=2, points=points, **extra)

    polyline(table, "#34495e")
    if other is not None:
        polyline(other, "#2e7a3a", "6 3")
    for index in traces.revoke_indices:
        if 0 <= index < len(table.values):
            _add(svg, "circle", title="revoke", cx=x(index), cy=y(table.values[index]), r=5, fill="#c0392b")
    if marked and other is not None:
        _mark_the_ruling(svg, traces, float(x(count - 1)), other.values[-1], y)
    legend_y, legend_x = top + 2, max(left + 4, width - right - 230)
    _add(svg, "rect", x=legend_x, y=legend_y - 10, width=min(220, width - right - legend_x), height=44 if other else 28,
         fill="white", stroke="#ccc")
    _add(svg, "line", x1=legend_x + 8, x2=legend_x + 34, y1=legend_y, y2=legend_y, stroke="#34495e", stroke_width=2)
    _add(svg, "text", "as played", x=legend_x + 40, y=legend_y + 4)
    if other is not None:
        _add(svg, "line", x1=legend_x + 8, x2=legend_x + 34, y1=legend_y + 16, y2=legend_y + 16, stroke="#2e7a3a",
             stroke_width=2, stroke_dasharray="6 3")
        _add(svg, "text", "without the revoke", x=legend_x + 40, y=legend_y + 20)
    return _written(svg)


def _mark_the_ruling(svg: ET.Element, traces: BoardTraces, end: float, line_end: int, y: Callable[[float], str]) -> None:
    """At the right of the chart: the tricks Law 64A moves between the line without the revoke and the ruling (an
    arrow, labelled), and the ruling's result (a green square)."""
    at = end + 14
    if traces.moved:
        after = line_end + traces.moved
        _add(svg, "line", x1=f"{at:.1f}", x2=f"{at:.1f}", y1=y(line_end), y2=y(after), stroke="#8e44ad", stroke_width=2)
        _add(svg, "circle", cx=f"{at:.1f}", cy=y(after), r=3, fill="#8e44ad")
        word = "trick" if abs(traces.moved) == 1 else "tricks"
        _add(svg, "text", f"{traces.moved:+d} {word} (64A)", x=f"{at + 6:.1f}",
             y=f"{(float(y(line_end)) + float(y(after))) / 2 + 4:.1f}", font_size=11,
             title="tricks transferred in the world without the revoke (Law 64A)")
    if traces.ruled is not None:
        _add(svg, "rect", title=f"the ruling: {traces.ruled} tricks", x=f"{at + 22:.1f}",
             y=f"{float(y(traces.ruled)) - 4:.1f}", width=8, height=8, fill="#2e7a3a")
        _add(svg, "text", "ruling", x=f"{at + 34:.1f}", y=f"{float(y(traces.ruled)) + 4:.1f}", font_size=11)


def distribution_chart(distribution: Weighted, assigned: Weighted, width: int = 520, height: int = 200) -> str:
    """Bars of the full estimate and the score assigned, by declarer's side's tricks, labelled by the one
    rounding rule (so the chart says what the text and the rows say); narrower than 500, the axis says less (the
    caption says the rest)."""
    tricks = sorted({t for t, _ in distribution} | {t for t, _ in assigned})
    estimate_labels, assigned_labels = labels_by_tricks(distribution), labels_by_tricks(assigned)
    estimate, given = dict(distribution), dict(assigned)
    left, bottom, top = 40, 30, 20
    slot = (width - left - 10) / max(len(tricks), 1)
    bar = slot * 0.35
    plot = height - bottom - top

    def y(weight: float) -> float:
        return top + plot * (1 - weight)

    svg = _svg(width, height, "The estimate and the score assigned, by declarer's tricks")
    for step in (0, 0.5, 1):
        _add(svg, "line", x1=left, x2=width - 10, y1=f"{y(step):.1f}", y2=f"{y(step):.1f}", stroke="#eee")
        _add(svg, "text", f"{step:.0%}", x=left - 6, y=f"{y(step) + 4:.1f}", text_anchor="end")
    for index, count in enumerate(tricks):
        x = left + index * slot + slot * 0.12
        for offset, weight, label, colour in ((0.0, estimate.get(count, 0.0), estimate_labels.get(count, ""), "#b9a27a"),
                                              (bar, given.get(count, 0.0), assigned_labels.get(count, ""), "#2e7a3a")):
            if weight <= 0:
                continue
            _add(svg, "rect", title=label, x=f"{x + offset:.1f}", y=f"{y(weight):.1f}", width=f"{bar:.1f}",
                 height=f"{plot * weight:.1f}", fill=colour)
            _add(svg, "text", label, x=f"{x + offset + bar / 2:.1f}", y=f"{y(weight) - 3:.1f}", text_anchor="middle",
                 font_size=11)
        _add(svg, "text", str(count), x=f"{x + bar:.1f}", y=height - bottom + 14, text_anchor="middle")
    axis = ("declarer's side's tricks: the estimate (light) and the score assigned (green)" if width >= 500
            else "declarer's side's tricks")
    _add(svg, "text", axis, x=f"{left + (width - left) / 2:.0f}", y=height - 4, text_anchor="middle")
    return _written(svg)
