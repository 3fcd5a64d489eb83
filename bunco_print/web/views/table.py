"""A table's page (its tally pad's QR code): the night's progress and standings, and entries
made for the players at the table who have no phone. It first asks which sheet, among those
that can sit at this table tonight; that sheet's form (sheet.py's) then shows its entry as
kept, and the post replaces only the entry it showed."""

from __future__ import annotations

from bunco_print.nights import live
from bunco_print.web.events import Link, ServedEvent
from bunco_print.web.views import shown

TEMPLATE = "web/table.html.j2"


def context(event: ServedEvent, link: Link, max_age: float) -> dict:
    """What a table's page shows beyond the sheet's form: its sheets, in or not, and the
    standings even right after an entry."""
    entries = event.entries()
    return {
        "sheets": [
            {"id": s, "label": shown.label(event, s), "in": s in entries}
            for s in live.table_sheets(event.night, link.table)
        ],
        "choose": event.sheet_path(link.sheet).split("?")[0],
        "k": event.sheet_path(link.sheet).split("k=")[1],
        "standings": shown.standings(event, max_age=max_age),
    }
