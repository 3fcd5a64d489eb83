"""A table's page (its tally pad's QR code): the night's progress and standings, and entries
made for the players at the table who have no phone. Its form is the sheet's (sheet.py) with
the sheet to enter chosen from a list."""

from __future__ import annotations

from bunco_print.web.events import ServedEvent
from bunco_print.web.views import shown

TEMPLATE = "web/table.html.j2"


def context(event: ServedEvent, max_age: float) -> dict:
    """What a table's page shows beyond the sheet's form: every sheet, in or not, and the
    standings even right after an entry."""
    entries = event.entries()
    return {
        "sheets": [
            {"id": s.id, "label": shown.label(event, s.id), "in": s.id in entries}
            for s in event.night.sheets
        ],
        "standings": shown.standings(event, max_age=max_age),
    }
