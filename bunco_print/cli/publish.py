"""`bunco-print publish`: a printed night registered with a hosted engine, its host link back."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bunco_print.cli.main import app
from bunco_print.edges import config


@app.command("publish", short_help="Register a printed night with a hosted engine.")
def publish_command(
    folder: Annotated[
        Path,
        typer.Argument(metavar="FOLDER", help="A folder made by `pack`.", show_default=False),
    ],
    engine: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="The hosted engine (`serve --database`).  [default: where the night's codes "
            "point]",
            show_default=False,
        ),
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(
            metavar="TOKEN",
            help="An admin token of that engine.  [default: $BUNCO_ENGINE_TOKEN, else the "
            "engine-token file `serve --database` wrote in the config folder]",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Send the night's event.json and event.secret to a hosted engine (HTTP or HTTPS), which
    then serves its QR codes; prints the host's dashboard link."""
    from bunco_print.nights import publish

    given = engine if engine is not None else publish.read_folder(folder)[2]
    done = publish.publish(folder, given, config.engine_token(token))
    said = "registered" if done.new else "was registered already"
    print(f"{done.title} ({done.event}) {said} with {publish.engine_base(given)}")
    if publish.codes_elsewhere(done):
        print(f"  its codes point at {done.codes}: print it again with --engine-url "
              f"{publish.engine_base(given)} for phones to find this engine")  # fmt: skip
    print(f"host: {done.host}")
    print(f"board: {done.board}")
