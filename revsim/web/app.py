"""The director's desk: a Starlette application serving the page and its API on the local machine.

Routes: ``GET /`` the desk, ``GET /static/...`` its script and style (no CDN, works offline),
``POST /api/adjudicate``, ``/api/report``, ``/api/load`` and ``/api/case`` with the file's text as the
body and the options as query parameters, ``GET /api/health``, and ``GET /api/progress?request=ID``: how the
request the desk named ``request=ID`` gets on (``web.requests``).

Every request's work runs in a pool of worker processes (one by default): the solver (DDS) keeps state
per process and must not run in two threads of one process, and the web server answers from a thread
pool. Requests queue for the worker; a worker that dies is replaced and the request answered 500; a request
whose client goes away (the desk's Cancel) stops its worker's process, which is replaced.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from revsim.outputs.terminal import printable
from revsim.web.capabilities import capabilities
from revsim.web.guard import WILDCARDS, LocalOnly
from revsim.web.progress import Channel, adopt
from revsim.web.requests import Requests
from revsim.web.service import (
    Handler,
    Query,
    Reply,
    adjudicate_text,
    answer,
    case_text,
    load_text,
    report_text,
    rule_text,
)

STATIC = Path(str(resources.files("revsim.web").joinpath("static")))
MAX_BYTES = 5_000_000
"""The largest request body the desk takes (a session's records are well under this)."""


class Worker:
    """The worker processes the requests' work runs in: ``processes`` pools of one process each, so that a worker
    that dies fails only the request it was doing; a pool found broken is rebuilt.

    Requests wait here for a free pool, not in a pool's own queue. A worker that died while idle (killed by the
    system, say) is found when the next request is handed to it, before any work of that request started: the
    pool is rebuilt and the request runs there, so nobody sees the death. A worker that dies during a request
    fails that request alone, with a 500 saying so."""

    def __init__(self, processes: int, max_waiting: int | None = None) -> None:
        self.processes = processes
        self.max_waiting = MAX_WAITING * processes if max_waiting is None else max_waiting
        self.waiting = 0
        self.free: asyncio.Queue[int] = asyncio.Queue()
        self.context = multiprocessing.get_context("spawn")
        self.channels = [Channel(self.context) for _ in range(processes)]
        self.pools = [self._new(index) for index in range(processes)]
        self.requests = Requests()
        for index in range(processes):
            self.free.put_nowait(index)

    def _new(self, index: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=1, mp_context=self.context, initializer=adopt,
                                   initargs=(self.channels[index],))

    def _renew(self, index: int) -> ProcessPoolExecutor:
        self.pools[index].shutdown(wait=False, cancel_futures=True)
        self.pools[index] = self._new(index)
        return self.pools[index]

    def progress(self, request: str) -> dict[str, Any]:
        """How the request ``request`` (the desk's id for it) gets on: waiting (with how many ahead of it), working
        (for how long, on what kind of case, doing what, and how long that kind takes), or unknown (done, or never
        asked)."""
        return self.requests.progress(request, self.channels)

    async def run(self, handler: Handler, body: bytes, query: Query,
                  gone: Callable[[], Awaitable[bool]] | None = None) -> Reply:
        """The handler's reply, worked in a free worker process. ``gone`` tells whether the client has gone (it
        cancelled): the worker's process is then stopped at once and replaced, so the next request does not
        wait behind work nobody reads."""
        loop = asyncio.get_running_loop()
        if self.free.empty() and self.waiting >= self.max_waiting:
            return Reply.problem(503, f"the desk is busy: {self.waiting} requests are waiting for its worker "
                                 f"already; try again in a minute", kind="busy")
        request = (query.get("request") or [""])[0][:64]
        self.waiting += 1
        self.requests.wait(request, self.waiting)
        try:
            index = await self.free.get()
        finally:
            self.waiting -= 1
        self.requests.work(request, index)
        self.channels[index].start("")   # the last request's kind is not this one's
        try:
            pool = self.pools[index]
            if _broken(pool):
                pool = self._renew(index)
            work = loop.run_in_executor(pool, answer, handler, body, query)
            try:
                while gone is not None:
                    done, _ = await asyncio.wait({work}, timeout=CANCEL_POLL)
                    if done:
                        break
                    if await gone():
                        work.add_done_callback(_read_quietly)
                        _stop_processes(pool)
                        self._renew(index)
                        return Reply.problem(499, "the request was cancelled")
                reply = await work
                self.requests.done(request, self.channels[index], reply.status == 200)
                return reply
            except BrokenProcessPool:
                self._renew(index)
                return Reply.problem(500, "the worker process stopped while ruling on this input; it was restarted")
        finally:
            self.requests.forget(request)
            self.free.put_nowait(index)

    def close(self) -> None:
        for pool in self.pools:
            pool.shutdown(wait=True, cancel_futures=True)


MAX_WAITING = 8
"""The most requests that wait for each worker process; one past it is answered 503 at once ("the desk is busy"),
so a burst of requests never queues more work than the worker gets through in a few of its time budgets."""
CANCEL_POLL = 0.25
"""How often, in seconds, a request being worked checks whether its client has gone."""


def _read_quietly(work: asyncio.Future[Reply]) -> None:
    """Read the stopped work's error, so that nothing reports it as never retrieved."""
    if not work.cancelled():
        work.exception()


def _stop_processes(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's worker process now (its work is for a client that has gone)."""
    for process in list(getattr(pool, "_processes", {}).values()):
        process.kill()


def _broken(pool: ProcessPoolExecutor) -> bool:
    """Whether the pool's process has died since its last request (a dead process is reaped by the pool's own
    thread, or found here by its exit code), so that no request is handed to it."""
    if getattr(pool, "_broken", False):
        return True
    return any(process.exitcode is not None for process in list(getattr(pool, "_processes", {}).values()))


def create_app(processes: int = 1, max_bytes: int = MAX_BYTES, host: str = "127.0.0.1",
               max_waiting: int | None = None) -> Starlette:
    """The desk's application with ``processes`` worker processes, a request size limit and at most ``max_waiting``
    requests waiting for them (``MAX_WAITING`` a process), answering only requests addressed to ``host`` (or to
    this machine's local names; see ``guard``). Each request's work has the time budget of ``service.TIME_BUDGET``
    unless its query says ``time_budget=``."""
    worker: Worker | None = None

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        nonlocal worker
        worker = Worker(processes, max_waiting)
        try:
            yield
        finally:
            worker.close()

    def endpoint(handler: Handler) -> Callable[[Request], Any]:
        async def respond(request: Request) -> Response:
            body = await _limited_body(request, max_bytes)
            if isinstance(body, Response):
                return body
            query: Query = {}
            for key, value in request.query_params.multi_items():
                query.setdefault(key, []).append(value)
            assert worker is not None
            reply = await worker.run(handler, body, query, request.is_disconnected)
            return Response(reply.body, status_code=reply.status, media_type=reply.media_type)
        return respond

    async def desk(_: Request) -> Response:
        return FileResponse(STATIC / "desk.html", media_type="text/html")

    async def favicon(_: Request) -> Response:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    async def capabilities_answer(_: Request) -> Response:
        return JSONResponse(capabilities())

    async def progress(request: Request) -> Response:
        assert worker is not None
        return JSONResponse(worker.progress(request.query_params.get("request", "")))

    async def health(_: Request) -> Response:
        busy = {"waiting": worker.waiting, "idle": worker.free.qsize()} if worker is not None else {}
        return JSONResponse({"status": "ok", "revsim": _version(), "processes": processes, **busy})

    routes = [
        Route("/", desk),
        Route("/api/health", health),
        Route("/api/progress", progress),
        Route("/api/capabilities", capabilities_answer),
        Route("/favicon.ico", favicon),
        Route("/api/rule", endpoint(rule_text), methods=["POST"]),
        Route("/api/adjudicate", endpoint(adjudicate_text), methods=["POST"]),
        Route("/api/report", endpoint(report_text), methods=["POST"]),
        Route("/api/load", endpoint(load_text), methods=["POST"]),
        Route("/api/case", endpoint(case_text), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    application = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: _not_found, 405: _not_allowed})
    application.add_middleware(LocalOnly, served=host)
    application.add_middleware(QueryLimit)
    application.add_middleware(ContentPolicy)
    return application


CONTENT_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                  "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                  "frame-ancestors 'none'")
"""The desk's Content-Security-Policy: nothing is loaded from outside the desk (no image or style a stored report or a
statement names elsewhere, no script but the desk's own), and no other page may frame it."""


class ContentPolicy:
    """Every answer of the desk carries ``CONTENT_POLICY`` (and ``X-Content-Type-Options: nosniff``)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_policy(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = [(name, value) for name, value in message.get("headers", [])
                           if name.lower() not in (b"content-security-policy", b"x-content-type-options")]
                headers += [(b"content-security-policy", CONTENT_POLICY.encode()),
                            (b"x-content-type-options", b"nosniff")]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_policy)


MAX_QUERY = 64_000
"""The longest query string the desk takes (its longest real one, a session's facts, is well under 4 KB)."""
MAX_REQUEST_LINE = 1_000_000
"""What the HTTP parser reads of a request's head, so that a query string over ``MAX_QUERY`` gets its 414
answer instead of a reset connection."""


class QueryLimit:
    """A 414 JSON answer to a query string longer than ``MAX_QUERY``, before any work."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and len(scope.get("query_string", b"")) > MAX_QUERY:
            answer_414 = JSONResponse({"status": "error", "error": f"the query string is longer than {MAX_QUERY:,} "
                                       "characters; send the file's text as the body"}, 414)
            await answer_414(scope, receive, send)
            return
        await self.app(scope, receive, send)


def server_config(application: Any, host: str, port: int) -> Any:
    """uvicorn's configuration of the desk: the application, the address, quiet logs, and a request head long
    enough for ``QueryLimit`` to answer an overlong query itself."""
    import uvicorn

    return uvicorn.Config(application, host=host, port=port, log_level="warning", http="h11",
                          h11_max_incomplete_event_size=MAX_REQUEST_LINE)


async def _limited_body(request: Request, max_bytes: int) -> bytes | Response:
    """The request body, or a 413 answer when it is larger than ``max_bytes``."""
    too_large = JSONResponse({"status": "error", "error": f"the request is larger than {max_bytes:,} bytes"}, 413)
    declared = request.headers.get("content-length")
    if declared is not None and declared.isascii() and declared.strip().isdigit() and len(declared) < 19 \
            and int(declared) > max_bytes:
        return too_large
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > max_bytes:
            return too_large
        chunks.append(chunk)
    return b"".join(chunks)


async def _not_found(request: Request, _: Exception) -> Response:
    return JSONResponse({"status": "error", "error": f"no such page: {request.url.path}"}, 404)


async def _not_allowed(request: Request, _: Exception) -> Response:
    return JSONResponse({"status": "error", "error": f"{request.method} is not allowed on {request.url.path}"}, 405)


def _version() -> str:
    try:
        return metadata.version("revsim")
    except metadata.PackageNotFoundError:  # pragma: no cover
        return "unknown"


def serve(host: str = "127.0.0.1", port: int = 8765, processes: int = 1, open_browser: bool = False) -> None:
    """Run the desk until interrupted (``revsim serve``)."""
    import socket
    import threading
    import webbrowser

    import uvicorn

    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.bind((host, port))  # OSError now, with a clear message, rather than from inside the server
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    print(printable(f"revsim desk at {url} (Ctrl-C to stop)"), flush=True)
    if host in WILDCARDS:
        print("the desk listens on every interface: anyone who can reach this machine can use it", flush=True)
    uvicorn.Server(server_config(create_app(processes, host=host), host, port)).run()
