"""`bunco-print serve`: the scoring engine on the web, for the QR codes on the sheets."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from ..errors import InputError
from .main import app, debugging, face

INSTALL = "serve needs the web extra: pip install 'bunco-print[server]'"


@app.command("serve")
@face
def serve_command(
    folders: Annotated[
        list[Path],
        typer.Argument(
            help="Folders made by `pack` or `simulate`, one night each.", show_default=False
        ),
    ],
    host: Annotated[
        str, typer.Option(help="Address to listen on; 0.0.0.0 for phones on your network.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on (0: any free port).")] = 8765,
    data: Annotated[
        Path | None,
        typer.Option("--data", help="Keep the nights' entries here (default: in each folder)."),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="No line per entry made.")] = False,
) -> None:
    """Serve the pages behind the printed QR codes: players enter their totals on their phones,
    the host's dashboard settles the night. Runs until Ctrl-C; a restart resumes the night."""
    try:
        from ..web import app as web_app
        from ..web import events as web_events
        from ..web import server
    except ImportError:
        raise InputError(INSTALL) from None

    events = web_events.open_events(folders, data)
    sock = server.bind(host, port)
    base = server.base_url(host, sock)

    def line(text: str) -> None:
        print(text, flush=True)

    line(f"Listening on {base}  (Ctrl-C stops; the night is kept)")
    if server.loopback(host):
        line("Only this computer can open it: --host 0.0.0.0 lets phones on your network in.")
    colour = sys.stdout.isatty()
    for event in events.values():
        night = event.night
        done = len(event.entries())
        line("")
        line(f"{night.title} ({event.id}): {done} of {len(night.sheets)} sheets in")
        if not server.loopback(host) and _local_only(night.engine_url):
            line(
                f"  its codes point at {night.engine_url}, which phones cannot reach; print it "
                f"again with --engine-url {base}"
            )
        line(f"host: {base}{event.role_path('host')}")
        line(server.terminal_qr(f"{base}{event.role_path('host')}", colour))
    line("")
    try:
        log = (lambda _: None) if quiet else line
        server.run(web_app.make_app(events, log, debugging()), sock)
    except KeyboardInterrupt:
        pass
    finally:
        for event in events.values():
            event.store.close()
    line("Stopped. Everything entered is kept; serve the same folders again to go on.")


def _local_only(url: str) -> bool:
    from urllib.parse import urlsplit

    from ..web.server import loopback

    return loopback(urlsplit(url).hostname or "")
