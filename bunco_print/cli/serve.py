"""`bunco-print serve`: the scoring engine on the web, for the QR codes on the sheets."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from bunco_print.cli.main import app, debugging
from bunco_print.edges import config
from bunco_print.errors import InputError

INSTALL = "serve needs the web extra: pip install 'bunco-print[server]'"
MAX_WORKERS = 64


DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database",
        metavar="URL",
        help="A hosted engine: every night in one database, postgresql://USER@HOST/NAME "
        "(many processes, many machines) or sqlite:///PATH. Also $BUNCO_DATABASE_URL.",
        show_default=False,
    ),
]
WorkersOption = Annotated[
    int,
    typer.Option(
        metavar="N", help="Serve with N processes on one port (a PostgreSQL --database only)."
    ),
]
NewTokenOption = Annotated[
    bool,
    typer.Option(
        "--new-token",
        help="Make another admin token for `publish` (written owner-only to the config "
        "folder's engine-token), then stop.",
    ),
]
ProxyOption = Annotated[
    bool,
    typer.Option(
        "--behind-proxy",
        help="Behind a proxy on this machine (for TLS): trust its X-Forwarded-For and "
        "X-Forwarded-Proto, from 127.0.0.1 only.",
    ),
]
RevokeTokenOption = Annotated[
    int | None,
    typer.Option(
        "--revoke-token",
        metavar="ID",
        help="Revoke admin token ID (as --new-token numbered it), then stop.",
        show_default=False,
    ),
]


@app.command("serve", short_help="The scoring engine on the web, for the QR codes.")
def serve_command(
    folders: Annotated[
        list[Path] | None,
        typer.Argument(
            metavar="FOLDER",
            help="Folders made by `pack` or `simulate`, one night each (with --database, "
            "nights published to it are served too).",
            show_default=False,
        ),
    ] = None,
    host: Annotated[
        str,
        typer.Option(
            metavar="ADDRESS",
            help="The address to listen on; 0.0.0.0 lets phones on your network in.",
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(metavar="N", help="The port to listen on; 0 is any free port.")
    ] = 8765,
    data: Annotated[
        Path | None,
        typer.Option(
            "--data",
            metavar="FOLDER",
            help="Keep the nights' entries here.  [default: in each night's folder]",
        ),
    ] = None,
    database: DatabaseOption = None,
    workers: WorkersOption = 1,
    new_token: NewTokenOption = False,
    revoke_token: RevokeTokenOption = None,
    behind_proxy: ProxyOption = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="No line per entry made.")] = False,
) -> None:
    """Serve the pages behind the printed QR codes: players enter their totals on their phones,
    the host's dashboard settles the night. Runs until Ctrl-C; a restart resumes the night."""
    try:
        from bunco_print.edges.store import open_url
        from bunco_print.web import app as _web  # noqa: F401 - the extra is there
        from bunco_print.web import server
    except ImportError:
        raise InputError(INSTALL) from None

    url = config.database_url(database)
    if new_token or revoke_token is not None:
        return _tokens(url, new_token, revoke_token)
    if not folders and url is None:
        raise InputError(
            "give the folders made by pack or simulate, or a hosted engine's `database URL`",
            field="database",
        )
    if url is not None and data is not None:
        raise InputError("give `data FOLDER` or `database URL`, not both", field="database")
    _check_workers(workers, url)
    # Listening first: a host or port refused leaves no night.sqlite behind in any folder.
    sock = server.bind(host, port)
    events: dict = {}
    db = None
    try:
        db = None if url is None else open_url(url)
        events = _open(folders or [], data, db, host, server.base_url(host, sock))
        log = (lambda _: None) if quiet else print  # a line an entry: buffered on a pipe
        _run(events, db, sock, workers, log, behind_proxy)
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        for event in events.values():
            event.store.close()
        if db is not None:
            db.close()
    _line("Stopped. Everything entered is kept; serve the same folders again to go on.")


def _open(folders: list[Path], data: Path | None, db, host: str, base: str):
    """The nights, warmed and announced; a hosted engine's first admin token made."""
    from bunco_print.web import app as web_app
    from bunco_print.web import events as web_events
    from bunco_print.web import server

    events = web_events.open_events(folders, data, db)
    web_app.warm(events)
    _announce(events, host, base, server)
    if db is not None:
        _hosted(db, base)
    return events


def _run(events, db, sock, workers: int, log, proxied: bool) -> None:
    from bunco_print.web import app as web_app
    from bunco_print.web import server

    engine = web_app.make_app(events, log, debugging())
    if workers == 1:
        server.run(engine, sock, proxied)
        return
    from bunco_print.web import workers as several

    db.idle()  # each worker opens its own connections
    several.serve(engine, sock, workers, db.after_fork, _line, proxied)


def _hosted(db, base: str) -> None:
    """A hosted engine's lines: how nights are published to it, and its first admin token
    (written owner-only, never printed)."""
    from bunco_print.edges.store import hosted

    _line(f"Hosted: {hosted.registered_count(db)} published nights in {db.where}.")
    first = hosted.first_token(db, _keep_token)
    if first is not None:
        _line(f"Admin token {first} written owner-only to {config.token_file()}.")
    _line(f"Publish a printed night: bunco-print publish FOLDER --engine {base}")
    _line("")


def _keep_token(number: int, token: str) -> None:
    from bunco_print.edges.output import write_file

    write_file(config.token_file(), token.encode() + b"\n", what="token", mode=0o600)


def _tokens(url: str | None, new: bool, revoke: int | None) -> None:
    """`--new-token` and `--revoke-token ID`: the hosted engine's admin tokens, then stop."""
    from bunco_print.edges.store import hosted, open_url

    if url is None:
        raise InputError("admin tokens are a hosted engine's: give its `database URL`", "database")
    if new and revoke is not None:
        raise InputError("give `new_token` or `revoke_token ID`, not both", field="token")
    db = open_url(url)
    try:
        if new:
            number = hosted.new_token(db, _keep_token)
            _line(f"Admin token {number} written owner-only to {config.token_file()}.")
            _line("Earlier tokens work until revoked (--revoke-token ID).")
        elif hosted.revoke(db, revoke):
            _line(f"Admin token {revoke} revoked: it publishes nothing from now on.")
        else:
            live = ", ".join(str(n) for n, _ in hosted.live_tokens(db)) or "none"
            raise InputError(f"no live admin token {revoke} (live: {live})", field="token")
    finally:
        db.close()


def _check_workers(workers: int, url: str | None) -> None:
    """More than one process needs a database they can all share: PostgreSQL. A SQLite file
    is kept by one process (several would each wait on its one writer lock)."""
    if not 1 <= workers <= MAX_WORKERS:
        raise InputError(f"workers must be from 1 to {MAX_WORKERS}, not {workers}", "workers")
    if workers > 1:
        from bunco_print.edges.store import database

        if url is None or database.parse(url).get_backend_name() != "postgresql":
            raise InputError(
                "`workers N` above 1 needs a PostgreSQL `database URL`; a SQLite file is "
                "served by one process",
                field="workers",
            )


def _line(text: str) -> None:
    print(text, flush=True)


def _announce(events, host: str, base: str, server) -> None:
    """Where the engine listens, and each night's host link (as text and as a QR code)."""
    _line(f"Listening on {base}  (Ctrl-C stops; the night is kept)")
    if server.loopback(host):
        _line("Only this computer can open it: --host 0.0.0.0 lets phones on your network in.")
    colour = sys.stdout.isatty()
    for event in events.values():
        night = event.night
        _line("")
        _line(
            f"{night.title} ({event.id}): {len(event.entries())} of {len(night.sheets)} sheets in"
        )
        if not server.loopback(host) and _local_only(night.engine_url):
            _line(
                f"  its codes point at {night.engine_url}, which phones cannot reach; print it "
                f"again with --engine-url {base}"
            )
        link = f"{base}{event.role_path('host')}"
        _line(f"host: {link}")
        _line(server.terminal_qr(link, colour))
    _line("")


def _local_only(url: str) -> bool:
    from urllib.parse import urlsplit

    from bunco_print.web.server import loopback

    return loopback(urlsplit(url).hostname or "")
