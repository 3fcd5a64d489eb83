"""The printed results sheet: the settled night in the theme, through the templates."""

from __future__ import annotations

import base64

from bunco_print.engine.awards import Settlement
from bunco_print.engine.ties import Award
from bunco_print.errors import BuncoError, InputError
from bunco_print.game.money import format_money as money
from bunco_print.game.money import remainder_rule, share_words
from bunco_print.game.values import check_name
from bunco_print.nights.results import details
from bunco_print.printing import render
from bunco_print.theming import themes


def results_context(settlement: Settlement, theme, paper: str = "letter") -> dict:
    """What templates/results.html.j2 shows: plain values, already worded."""
    night = settlement.validation.night
    known = night.amounts_known
    rows = {r.sheet: r for r in settlement.validation.totals.sheets}

    def label(sheet: str) -> str:
        name = (rows[sheet].name if sheet in rows else "") or night.names.get(sheet, "")
        return f"{sheet} · {name}" if name else sheet

    shares = {c.id: share_words(c.share) for c in night.ruleset.prizes}

    def award(a: Award) -> dict:
        return {
            "name": a.name,
            # --buy-in none: the amounts were written on the prize sheet, as these shares
            "amount": money(a.amount, night.currency) if known else shares.get(a.id, ""),
            "status": a.status,
            "winners": [
                {
                    "label": label(s),
                    "paid": money(a.paid[s], night.currency) if len(a.paid) > 1 else "",
                }
                for s in a.winners
            ],
            "tied": [label(s) for s in a.tied],
            "how": details(a),
        }

    seats = []
    if (adv := settlement.advancement) is not None:
        seats.append({"title": "Semi-final seats", "seats": [award(a) for a in adv.semi_seats]})
        if adv.final_seats:
            seats.append({"title": "Final table", "seats": [award(a) for a in adv.final_seats]})
    try:
        art = (
            "data:image/svg+xml;base64,"
            + base64.b64encode(theme.art_svg("dice.svg").encode()).decode()
        )
    except BuncoError:
        art = ""
    fine = (
        remainder_rule(night.earlier_split)
        + f" Draws and virtual dice used seed {settlement.seed}."
    )
    return {
        "title": night.title,
        "date": night.date,
        "ruleset": night.ruleset,
        "theme": theme,
        "css": theme.css(),
        "art": art,
        "page_size": "A4" if paper == "a4" else "letter",
        "players": night.players,
        "pot": money(night.pot, night.currency) if night.pot else "",
        "buy_in": money(night.buy_in, night.currency) if known else "",
        "team": night.team_cards,
        "minis": night.ruleset.track_mini_buncos,
        "prizes": [award(a) for a in settlement.prizes],
        "seats": seats,
        "standings": [
            {
                "rank": s.rank,
                "label": label(s.sheet.sheet),
                "wins": f"{s.sheet.wins:g}",
                "losses": f"{s.sheet.losses:g}",
                "buncos": f"{s.sheet.buncos:g}",
                "minis": f"{s.sheet.mini_buncos:g}",
                "traveler": s.sheet.traveler == 1,
                "won": money(s.won, night.currency) if s.won else "",
            }
            for s in settlement.standings
        ],
        "traveler": night.ruleset.traveler_token if night.ruleset.traveler else "",
        "fine_print": fine,
    }


def results_html(settlement: Settlement, theme, paper: str = "letter") -> str:
    return render.render_html("results.html.j2", **results_context(settlement, theme, paper))


def results_pdf(
    settlement: Settlement, theme: str | None = None, paper: str | None = None
) -> bytes:
    """The printed results sheet as PDF bytes; theme and paper default to the pack's."""
    extra = settlement.validation.night.extra
    if theme is not None:
        check_name(theme, "theme", themes.available)
    # A manifest names a theme but never a folder (a file from anywhere must not pick the
    # templates to run): a pack printed with a theme folder gets its results in classic
    # unless `theme` names the folder again.
    packed = str(extra.get("theme", "classic"))
    chosen = themes.load(theme or (packed if packed in themes.available() else "classic"))
    sheet = paper or str(extra.get("paper", "letter"))
    if sheet not in ("letter", "a4"):
        raise InputError(f"`paper` must be letter or a4, not {sheet!r}", field="paper")
    return render.write_pdf(render.layout(results_html(settlement, chosen, sheet)))
