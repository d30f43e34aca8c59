"""What keeps the desk safe on a laptop: it answers only requests addressed to the address it serves (a page
elsewhere that rebinds its own name to 127.0.0.1 cannot drive it or read its answers), and it refuses a POST
sent by a page of another site (which could otherwise queue heavy work from any page the director visits).

A pure ASGI middleware: the checks run before a request is read or reaches the worker process.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

LOCAL_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
WILDCARDS = frozenset({"0.0.0.0", "::", ""})

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def host_name(value: str) -> str:
    """The name of a ``Host`` header or an origin's authority, without its port or IPv6 brackets, lower case."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value[1:]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def allowed_names(served: str) -> frozenset[str] | None:
    """The names a request may be addressed to when the desk serves ``served`` (``--host``); None when it serves
    every interface (then any name the machine is reached by is the director's choice)."""
    if served in WILDCARDS:
        return None
    return LOCAL_NAMES | {host_name(served)}


class LocalOnly:
    """Refuse (403, JSON) a request whose ``Host`` is not an address being served, and a POST whose ``Origin``
    is another site."""

    def __init__(self, app: App, served: str = "127.0.0.1") -> None:
        self.app = app
        self.names = allowed_names(served)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope.get("headers", [])}
        host = host_name(headers.get("host", ""))
        if self.names is not None and host not in self.names:
            await _refuse(send, f"this desk answers requests to {', '.join(sorted(self.names))} only, not to "
                                f"{headers.get('host', '(no Host)')!r}")
            return
        origin = headers.get("origin")
        if scope.get("method") == "POST" and origin is not None and not self._same_site(origin, host):
            await _refuse(send, f"a page of another site ({origin}) cannot send work to this desk")
            return
        await self.app(scope, receive, send)

    def _same_site(self, origin: str, host: str) -> bool:
        """Whether a POST's ``Origin`` is the desk itself (``null`` and other sites are not)."""
        if origin == "null":
            return False
        name = host_name(urlsplit(origin).netloc)
        return name == host or (self.names is not None and name in self.names)


async def _refuse(send: Send, message: str) -> None:
    body = json.dumps({"status": "error", "error": message}).encode()
    await send({"type": "http.response.start", "status": 403,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
