"""`bunco-print pack`: a pack request's options in, orders.pack_request and make_pack, a summary
out."""

from __future__ import annotations

import typing
from pathlib import Path

from rich.table import Table

from bunco_print.cli import files
from bunco_print.cli.main import app, out, say
from bunco_print.cli.options import Declared, declared, plain
from bunco_print.game.values import counted
from bunco_print.printing import orders
from bunco_print.printing.request import PackRequest, options


def pack_options(*, leave: tuple[str, ...] = (), unset: dict[str, str] | None = None):
    """Each option a pack request declares (printing/request.py) as the command line shows it,
    but those in `leave` (decided by the command); `unset` says what an option left out becomes
    when the command decides that instead."""
    hints, unset = typing.get_type_hints(PackRequest), unset or {}
    return [
        Declared(
            name,
            option.kind or hints[name],
            None if name in unset else default,
            option.help
            + (f"  [default: {said}]" if (said := unset.get(name, option.unset)) else ""),
            option.metavar,
            choices=option.choices,
        )
        for name, option, default in options()
        if name not in leave
    ]


def _declared() -> list[Declared]:
    """`pack`'s options: each option a pack request declares, and --out."""
    where = "The folder to write.  [default: a folder in output named after the night]"
    return [*pack_options(), Declared("out", Path, None, where, "FOLDER")]


@app.command(short_help="Print the night's whole pack: sheets, pads, cards, rules.")
@declared(*_declared())
def pack(*, out: Path | None = None, **given) -> None:
    """Print everything tonight needs: score sheets, tally pads, seat cards, prize sheet, rules
    handout and table markers, as one pack.pdf plus one PDF per document."""
    from bunco_print.edges import inputs, output

    given = plain(given)
    if (names := given.pop("names")) is not None:
        given["names"] = inputs.read_names(names)
    if out is not None:
        files.check_out(out)
    request = orders.pack_request(given, names_source=str(names))
    if given["per_page"] != request.per_page:
        say(f"large print: {request.per_page} score sheet(s) a page instead of {given['per_page']}")
    target = {}

    def before_render(event) -> None:
        target["shown"] = out or files.default_folder(event.event_id)
        target["folder"] = files.check_out(target["shown"])

    from bunco_print.printing.pack import (
        pack_files,  # WeasyPrint: loaded once every option has been checked
    )

    result = orders.make_pack(request, before_render=before_render)
    output.write_folder(target["folder"], pack_files(result))
    for note in result.notes:
        say(f"note: {note}")
    for warning in result.warnings:
        say(f"warning: {warning}", "yellow")
    if request.qr and _loopback(request.engine_url):
        say(
            f"warning: the QR codes point at {request.engine_url}, this computer only: phones "
            "cannot open them; print again with --engine-url http://<this laptop's address>:8765",
            "yellow",
        )
    _summary(result, target["shown"], request.seed)


def _loopback(url: str) -> bool:
    """Does `url` lead back to the computer that opens it (localhost, 127.x, ::1)?"""
    import ipaddress
    from urllib.parse import urlsplit

    host = (urlsplit(url).hostname or "").lower()
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host == "localhost" or host.endswith(".localhost")
    return address.is_loopback or address.is_unspecified


def _summary(result, folder: Path, seed: int) -> None:
    from bunco_print.cli.report import plain
    from bunco_print.game.money import format_money

    event = result.event
    when = event.date or "undated (--date none)"
    table = Table(title=plain(f"{event.title} — {when}"), show_header=False, box=None)
    table.add_column()
    table.add_column(overflow="fold")  # a long path is shown whole, never cut
    ghosts = f", {counted(event.ghosts, 'ghost seat')}" if event.ghosts else ""
    rows = {
        "players": f"{event.players} at {counted(len(event.tables), 'table')}{ghosts}",
        "pages": str(result.pages),
        "pot": format_money(event.pot, event.currency)
        if event.amounts_known
        else "written in by hand (--buy-in none)",
        "seed": f"{seed} (repeat with --seed {seed})",
        "written": str(folder / "pack.pdf"),
    }
    for key, value in rows.items():
        table.add_row(plain(key), plain(value))
    out.print(table)
