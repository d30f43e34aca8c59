"""The page around a report: the HTML document with its style sheet (``report.css``, package data, so the
page needs no network), the settings as one line, and the versions that made it."""

from __future__ import annotations

from functools import cache
from importlib import metadata, resources
from typing import Any

from revsim.likely.settle import MAX_PLAYOUTS, MIN_PLAYOUTS
from revsim.outputs.report.evidence import escape

_e = escape


@cache
def style_sheet() -> str:
    """The report's CSS (screen and print), read once a process."""
    return resources.files("revsim.outputs.report").joinpath("report.css").read_text(encoding="utf-8")


def page(title: str, body: str, print_method: bool = False) -> str:
    """A self-contained HTML document; ``print_method``: the Method appendix is printed too (it is always on
    screen)."""
    marked = " class='print-method'" if print_method else ""
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'><title>{_e(title)}</title>"
            f"<style>{style_sheet()}</style></head><body{marked}>{body}</body></html>")


def version(package: str) -> str:
    """The installed version of ``package``."""
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:  # pragma: no cover
        return "unknown"


def settings_text(used: dict[str, Any]) -> str:
    """The settings as one line, ``key = value``; sd's blend, a weight for each agreement of the play-outs
    and each cut, as ``blend = unanimous 0.6 / 0.55 / 0.5; strong ...; split ... (after 1 / 3 / 6 tricks)``."""
    def by_cut(value: dict[str, Any]) -> str:
        return " / ".join(f"{weight:g}" for weight in value.values())

    def shown(key: str, value: Any) -> str:
        if isinstance(value, dict) and value and all(isinstance(part, dict) for part in value.values()):
            cuts = next(iter(value.values()))
            return (f"{key} = {'; '.join(f'{name} {by_cut(part)}' for name, part in value.items())} "
                    f"(after {' / '.join(str(cut) for cut in cuts)} tricks)")
        if isinstance(value, dict):
            return f"{key} = {by_cut(value)} (after {' / '.join(str(cut) for cut in value)} tricks)"
        if key == "play_outs":
            most = used.get("max_playouts", MAX_PLAYOUTS)
            return (f"play_outs = {value} a round, as the level was fitted (a ruling runs {MIN_PLAYOUTS} to {most}, "
                    "round by round until settled)")
        return f"{key} = {value}"

    return ", ".join(shown(key, value) for key, value in used.items())
