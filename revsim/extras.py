"""How to install an optional part of revsim (the desk's ``web``, the dask ``cluster``), said for the way this
copy of revsim was installed: from a checkout in editable mode, or as a package."""

from __future__ import annotations

import json
from importlib import metadata
from urllib.parse import unquote, urlparse


def install_command(extra: str) -> str:
    """The pip command that adds ``extra`` to this installation: ``pip install -e '/path/to/revsim[web]'`` for an
    editable install from a checkout (the checkout's own path, so it works from any folder), otherwise
    ``pip install 'revsim[web]'``."""
    checkout = _editable_checkout()
    if checkout is not None:
        return f"pip install -e '{checkout}[{extra}]'"
    return f"pip install 'revsim[{extra}]'"


def _editable_checkout() -> str | None:
    """The folder revsim was installed from in editable mode (PEP 610's direct_url.json), or None."""
    texts = [found.read_text("direct_url.json") for found in metadata.distributions(name="revsim")]
    text = next((text for text in texts if text), None)   # a checkout's own egg-info, found first, has none
    if text is None:
        return None
    try:
        origin = json.loads(text)
    except ValueError:
        return None
    if not origin.get("dir_info", {}).get("editable"):
        return None
    url = urlparse(origin.get("url", ""))
    return unquote(url.path) if url.scheme == "file" and url.path else None
