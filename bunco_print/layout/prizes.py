"""The prize sheet: the pot, each prize with its amount and a line for its winner."""

from __future__ import annotations

from dataclasses import dataclass

from . import svg
from .base import Inputs
from .geometry import Block, Label, Page, page_size_css

MARGIN = 54


@dataclass(frozen=True)
class PrizeRow:
    amount: Block | None  # the amount in its badge (no pot: a star instead)
    what: Block  # the prize's name and note


@dataclass(frozen=True)
class PrizePage:
    page: Page
    size: str
    kicker: Block
    heading: Block
    rule: Block
    rows: tuple[PrizeRow, ...]
    notes: Block


def prize_page(night: Inputs) -> PrizePage:
    from ..money import format_money

    event, c = night.event, night.colors
    pw, ph = night.pw, night.ph
    team = night.ruleset.sheet_kind == "team"
    n, mx = len(event.prizes), MARGIN
    cw = pw - 2 * mx
    list_y = 226 if event.pot else 166
    notes_h = 74
    row_h = min((ph - list_y - notes_h - 40) / max(n, 3), 124)
    badge = min(row_h * 0.74, 68)
    layer = svg.Layer()
    badge_style = svg.stroke(night.light("accent"), night.frame_width(2), fill="#ffffff")
    # the winner's write-in line: with --ink-saver in the line colour, as other write-in lines
    winner = svg.stroke(c["line"] if night.theme.ink_saver else c["ink"], 0.9)
    rule = svg.stroke(c["line"], 0.7)
    for k in range(n):
        ry = list_y + k * row_h
        layer.add(
            badge_style,
            svg.rrect(mx + 1, ry + row_h / 2 - badge / 2 + 1, badge - 2, badge - 2, badge / 2 - 1),
        )
        layer.add(winner, svg.seg(mx + cw * 0.6, ry + row_h * 0.72, mx + cw, ry + row_h * 0.72))
        layer.add(rule, svg.seg(mx, ry + row_h, mx + cw, ry + row_h))
    corner = night.art("corner")
    body = [
        svg.image(corner, 26, 26, 64, 64, opacity=night.art_opacity),
        svg.image(corner, -(pw - 26), 26, 64, 64, "scale(-1 1)", night.art_opacity),
        svg.image(night.art("dice"), pw / 2 - 48, 112, 96, 40.3, opacity=night.art_opacity),
    ]
    if event.pot:
        money = lambda amount: format_money(amount, event.currency)  # noqa: E731
        tiles = [
            (str(event.players), "PLAYERS"),
            (money(event.buy_in), "BUY-IN"),
            (money(event.pot), "IN THE POT"),
        ]
        tile_w, tile_h, op_w = 92, 42, 26
        tiles_x = (pw - 3 * tile_w - 2 * op_w) / 2
        display, font = night.family("display"), night.family("body")
        for k, (value, label) in enumerate(tiles):
            last = k == len(tiles) - 1
            tx = tiles_x + k * (tile_w + op_w)
            body.append(
                svg.box(
                    tx,
                    166,
                    tile_w,
                    tile_h,
                    9,
                    c["accent" if last else "line"],
                    1.6 if last else 1,
                    c["soft"] if last else "none",
                )
            )
            body.append(
                svg.text(
                    tx + tile_w / 2,
                    188,
                    value,
                    19,
                    display,
                    fill=c["accent" if last else "ink"],
                    anchor="middle",
                )
            )
            body.append(
                svg.text(tx + tile_w / 2, 200, label, 6.5, font, 700, night.muted, "middle", 0.6)
            )
            if not last:
                body.append(
                    svg.text(
                        tx + tile_w + op_w / 2,
                        192,
                        "×" if k == 0 else "=",
                        16,
                        font,
                        fill=night.muted,
                        anchor="middle",
                    )
                )
    body.append(layer.markup())
    if not event.pot:
        star = night.art("star")
        for k in range(n):
            ry = list_y + k * row_h
            body.append(
                svg.image(
                    star,
                    mx + badge * 0.18,
                    ry + row_h / 2 - badge * 0.32,
                    badge * 0.64,
                    badge * 0.64,
                    opacity=night.art_opacity,
                )
            )
    labels: tuple[Label, ...] = (
        night.label(
            mx + cw * 0.6,
            list_y + row_h * 0.72 - 22,
            "\n".join(["WINNERS" if team else "WINNER"] * n),
            6.5,
            "lb-b lb-m",
            w=cw * 0.4,
            pitch=row_h,
            spacing=0.8,
            ch=ph,
        ),
    )
    display_font = night.font("display")
    rows = []
    for k, prize in enumerate(event.prizes):
        ry = list_y + k * row_h
        amount = None
        if event.pot:
            text = format_money(prize.amount, event.currency)
            size = display_font.fit(text, badge * 0.84, badge * (0.36 if len(text) < 5 else 0.27))
            amount = Block(mx, ry + row_h / 2 - badge * 0.25, badge, size, line=badge * 0.5)
        what = Block(
            mx + badge + 16, ry + row_h / 2 - (15 if prize.note else 9), cw * 0.6 - badge - 28
        )
        rows.append(PrizeRow(amount, what))
    markup = svg.document(pw, ph, "\n".join(body))
    return PrizePage(
        Page("prize_sheet-page-0", pw, ph, svg.data_uri(markup), labels=labels),
        page_size_css(night.paper),
        Block(mx, 48, cw),
        Block(mx, 60, cw),
        Block(mx, list_y - 12, cw),
        tuple(rows),
        Block(mx, list_y + n * row_h + 14, cw),
    )
