"""The season's printed pages (standings, year-end awards, schedule) in the club's theme,
through the one Jinja environment: each context is plain values, already worded."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from datetime import date

from bunco_print.club.config import Club
from bunco_print.club.schedule import Month
from bunco_print.club.standings import Row
from bunco_print.club.year_end import YearEnd
from bunco_print.errors import BuncoError
from bunco_print.game.money import format_money
from bunco_print.game.values import counted
from bunco_print.printing import render
from bunco_print.theming import themes

ROLE_WORDS = {"member": "", "alternate": "alternate", "guest": "guest"}


def _art(theme: themes.Theme, name: str) -> str:
    try:
        svg = theme.art_svg(name)
    except BuncoError:
        return ""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def _page(club: Club, kicker: str, title: str, paper: str) -> dict:
    theme = themes.load(club.theme)
    return {
        "club": club.name,
        "kicker": kicker,
        "title": title,
        "theme": theme,
        "css": theme.css(),
        "art": _art(theme, "dice.svg"),
        "corner": _art(theme, "corner.svg"),
        "page_size": "A4" if paper == "a4" else "letter",
    }


def _pdf(template: str, context: dict) -> bytes:
    return render.write_pdf(render.layout(render.render_html(template, **context)))


def standings_context(club: Club, rows: Sequence[Row], nights: int, paper: str = "letter") -> dict:
    money = club.currency
    season = f"{club.year} season · after {counted(nights, 'night')}"
    return _page(club, season, "Season standings", paper) | {
        "minis": club.minis,
        "rule": _points_rule(club),
        "rows": [
            {
                "rank": r.rank,
                "name": r.name,
                "role": ROLE_WORDS[r.role],
                "nights": r.nights,
                "wins": r.wins,
                "losses": r.losses,
                "buncos": r.buncos,
                "minis": r.mini_buncos,
                "points": r.points,
                "prizes": r.prizes or "",
                "won": format_money(r.winnings, money) if r.winnings else "",
                "podium": r.rank if r.rank <= 3 else 0,
            }
            for r in rows
        ],
    }


def _points_rule(club: Club) -> str:
    words = {"win": "win", "loss": "loss", "bunco": "Bunco", "mini_bunco": "mini Bunco",
             "night": "night played", "prize": "prize won"}  # fmt: skip
    parts = [f"{counted(n, 'point')} a {words[key]}" for key, n in club.points.items() if n]
    return "Points: " + ("; ".join(parts) if parts else "none counted") + "."


def standings_pdf(club: Club, rows: Sequence[Row], nights: int, paper: str = "letter") -> bytes:
    return _pdf("club/standings.html.j2", standings_context(club, rows, nights, paper))


def year_end_context(club: Club, result: YearEnd, paper: str = "letter") -> dict:
    money = club.currency
    prizes = []
    for a in result.prizes:
        if a.status == "awarded":
            split = len(a.paid) > 1
            who = [f"{w} ({format_money(a.paid[w], money)})" if split else w for w in a.winners]
        else:
            who = []
        prizes.append(
            {
                "name": a.name,
                "amount": format_money(a.amount, money),
                "status": a.status,
                "winners": who,
                "tied": list(a.tied),
                "note": a.note,
            }
        )
    return _page(club, f"{club.year} season", "Year-end awards", paper) | {
        "pot": format_money(result.pot, money),
        "kept": format_money(result.kept, money) if result.kept else "",
        "prizes": prizes,
    }


def year_end_pdf(club: Club, result: YearEnd, paper: str = "letter") -> bytes:
    return _pdf("club/year_end.html.j2", year_end_context(club, result, paper))


def schedule_context(club: Club, months: Sequence[Month], paper: str = "letter") -> dict:
    titles = {name: themes.load(name).title for name in {m.theme for m in months}}
    first, last = months[0].date, months[-1].date
    span = f"{first:%B %Y} to {last:%B %Y}"
    return _page(club, span, f"The {club.year} schedule", paper) | {
        "rule": f"We meet on the {_meets(club.meets)} of the month; buy-in "
        f"{format_money(club.buy_in, club.currency)}"
        + (f", dues {format_money(club.dues, club.currency)}" if club.dues else "")
        + ".",
        "months": [
            {
                "month": f"{m.date:%B}",
                "date": _day(m.date),
                "host": m.host,
                "theme": titles[m.theme],
                "state": m.state,
            }
            for m in months
        ],
    }


def _meets(meets: str) -> str:
    which, weekday = meets.split()
    return f"{which} {weekday.title()}"


def _day(when: date) -> str:
    return f"{when:%A} {when.day} {when:%B}"


def schedule_pdf(club: Club, months: Sequence[Month], paper: str = "letter") -> bytes:
    return _pdf("club/schedule.html.j2", schedule_context(club, months, paper))
