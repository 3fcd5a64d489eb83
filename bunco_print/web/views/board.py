"""The read-only standings board for a TV or projector: progress, standings (every player, and
for a tournament her group), prizes and who advances, and a club night's season after tonight.
Its own link (`k` signed for "board") opens nothing else."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from bunco_print.web.events import ServedEvent
from bunco_print.web.views import shown
from bunco_print.web.views.base import host_of, night_page, panel

SEASON_SHOWN = 6  # the season's top rows: with the night's standings, one TV screen


def board(request: Request) -> Response:
    return night_page(host_of(request, "board"), "web/board.html.j2", view)


def live_panel(request: Request) -> Response:
    return panel(request, host_of(request, "board"), "web/board_panel.html.j2", view)


def view(event: ServedEvent) -> dict:
    now = event.so_far()
    done, total = shown.progress(event, 0.0)
    return {
        "night": event.night,
        "k": event.role_key("board"),
        "version": event.store.version,
        "done": done,
        "total": total,
        "standings": shown.standings(event, limit=total),  # every player
        "prizes": shown.prizes(event, now),
        "seats": shown.seats(event, now),
        "locked": event.store.locked,
        "season": shown.season(event, now, limit=SEASON_SHOWN),
    }
