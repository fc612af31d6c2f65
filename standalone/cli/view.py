"""`agent-memory view`: write the memory inspector page, optionally open it.

The page is built by standalone/inspector.py; this module only reads the
command's options, opens the memory without an embedder (looking needs no
vectors) and writes the file.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import webbrowser
from pathlib import Path

from ...toolkit import args as check
from ..inspector import ViewFilters, collect, render_html
from ..inspector_server import LOOPBACK, Inspector, start
from .io import CliError, Output, plural
from .session import open_host

DEFAULT_OUT = "agent-memory-view.html"


async def run(args: argparse.Namespace, out: Output) -> int:
    filters = _filters(args)
    if args.serve:
        return await _serve(args, filters, out)
    target = _target(args.out, args.force)
    async with open_host(args, embed=False, read_only=True) as host:
        data = await collect(host.services.storage, filters)
    page = render_html(data)
    await asyncio.to_thread(target.write_text, page, "utf-8")
    meta = data["meta"]
    out.result(
        {
            "file": str(target),
            "bytes": len(page.encode("utf-8")),
            "nodes": meta["shown"],
            "entities": len(data["entities"]),
            "edges": len(data["edges"]),
        },
        f"wrote {target}: {plural(meta['shown'], 'memory', 'memories')}"
        " (replaced ones included),"
        f" {plural(len(data['entities']), 'entity', 'entities')};"
        " open it in a web browser",
    )
    if args.open:
        webbrowser.open(target.resolve().as_uri())
    return 0


async def _serve(args: argparse.Namespace, filters: ViewFilters, out: Output) -> int:
    """Serve the page until interrupted; it reads the memory on every load."""
    if not 0 <= args.port <= 65535:
        raise CliError("--port must be 0..65535")
    async with open_host(args) as host:
        inspector = Inspector(host, filters)
        try:
            server = start(inspector, asyncio.get_running_loop(), args.port)
        except OSError as exc:
            raise CliError(f"--port {args.port}: {exc.strerror or exc}") from exc
        url = f"http://{LOOPBACK}:{server.server_address[1]}/"
        out.result(
            {"url": url}, f"serving the memory inspector at {url} (Ctrl-C stops)"
        )
        out.stream.flush()
        if args.open:
            webbrowser.open(url)
        try:
            stopped_by = await _until_stopped()
        finally:
            server.shutdown()
            server.server_close()
    if stopped_by == signal.SIGINT:
        raise KeyboardInterrupt  # Ctrl-C ends as everywhere in the CLI (130)
    return 0


async def _until_stopped() -> int:
    """Wait for Ctrl-C or SIGTERM; the signal that came.

    The loop's own handlers wake it whichever thread the signal lands on. With
    only asyncio.run's (signal.signal), a Ctrl-C taken by the server's thread
    left the loop asleep in select(), and the command never ended.
    """
    loop = asyncio.get_running_loop()
    came: asyncio.Future[int] = loop.create_future()
    signals = (signal.SIGINT, signal.SIGTERM)
    for number in signals:
        loop.add_signal_handler(number, _settle, came, number)
    try:
        return await came
    finally:
        for number in signals:
            loop.remove_signal_handler(number)


def _settle(came: asyncio.Future[int], number: int) -> None:
    if not came.done():
        came.set_result(number)


def _target(out: str | None, force: bool) -> Path:
    """The file to write; its folder must exist (a typo makes no folders), and
    a file already there is replaced only with --force (like export)."""
    target = Path(out or DEFAULT_OUT).expanduser()
    if target.is_dir():
        raise CliError(f"--out {target}: is a folder; name the HTML file to write")
    if target.exists() and not force:
        raise CliError(f"{target} exists; pass --force to overwrite it")
    if not target.parent.is_dir():
        raise CliError(f"--out {target}: folder {target.parent} does not exist")
    return target


def _filters(args: argparse.Namespace) -> ViewFilters:
    after, before = check.window(args.after, args.before)
    if args.limit < 1:
        raise CliError("--limit must be at least 1")
    return ViewFilters(
        limit=args.limit,
        entity=(args.entity or "").strip() or None,
        thread=(args.thread or "").strip() or None,
        after=after,
        before=before,
    )
