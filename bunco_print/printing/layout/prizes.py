"""The prize sheet: the pot, each prize with its amount and a line for its winner."""

from __future__ import annotations

from dataclasses import dataclass

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import Inputs, kicker_lines
from bunco_print.printing.layout.geometry import Block, Box, Label, Page, Slot, page_size_css

MARGIN = 54
LONG_AMOUNT = 0.75  # an amount of five characters or more ("$1,000") starts this much smaller


@dataclass(frozen=True)
class PrizeRow:
    what: Block  # the prize's name and note (its amount is stamped in its badge: prize-i-amount)


@dataclass(frozen=True)
class PrizePage:
    page: Page
    size: str
    kicker: Block
    heading: Block
    rule: Block
    rows: tuple[PrizeRow, ...]
    notes: Block
    scale: float = 1.0  # --large-print: the CSS's words this much larger
    kicker_text: str = ""  # the title and date, when too long for the kicker's line: as they
    # fit, on two lines (split by a newline) if need be


def prize_page(night: Inputs, date: str = "") -> PrizePage:
    event, c, k = night.event, night.colors, night.scale  # k: --large-print's words
    pw, ph = night.pw, night.ph
    team = night.ruleset.sheet_kind == "team"
    n, mx = len(event.prizes), MARGIN
    cw = pw - 2 * mx
    tile_w, tile_h, op_w = 92 * k, 42 * k, 26 * k  # the pot's sum: players x buy-in = pot
    list_y = 166 + tile_h + 18 if event.pot else 166
    notes_h = 74 * k

    def badge_for(list_y: float, notes_h: float) -> tuple[float, float]:
        row_h = min((ph - list_y - notes_h - 40) / max(n, 3), 124)
        return row_h, min(row_h * 0.74, 68)

    row_h, badge = badge_for(list_y, notes_h)
    # large print: the amounts k times as large as in the normal sheet's badges, in a pill as
    # wide as they need (the rows are a little shorter: the sum and the notes take more room)
    normal_badge = badge_for(226 if event.pot else 166, 74)[1] if k != 1 else badge
    badge_w = badge * k
    layer = svg.Layer()
    badge_style = svg.stroke(night.light("accent"), night.frame_width(2), fill="#ffffff")
    # the winner's write-in line: with --ink-saver in the line colour, as other write-in lines
    winner = svg.stroke(c["line"] if night.theme.ink_saver else c["ink"], 0.9)
    rule = svg.stroke(c["line"], 0.7)
    for i in range(n):
        ry = list_y + i * row_h
        layer.add(
            badge_style,
            svg.rrect(
                mx + 1, ry + row_h / 2 - badge / 2 + 1, badge_w - 2, badge - 2, badge / 2 - 1
            ),
        )
        layer.add(winner, svg.seg(mx + cw * 0.6, ry + row_h * 0.72, mx + cw, ry + row_h * 0.72))
        layer.add(rule, svg.seg(mx, ry + row_h, mx + cw, ry + row_h))
    corner = night.art("corner")
    body = [
        svg.image(corner, 26, 26, 64, 64, opacity=night.art_opacity),
        svg.image(corner, -(pw - 26), 26, 64, 64, "scale(-1 1)", night.art_opacity),
        svg.image(night.art("dice"), pw / 2 - 48, 112, 96, 40.3, opacity=night.art_opacity),
    ]
    slots: list[Slot] = []
    if event.pot:
        tiles = [("players", "PLAYERS"), ("buy-in", "BUY-IN"), ("pot", "IN THE POT")]
        tiles_x = (pw - 3 * tile_w - 2 * op_w) / 2
        font = night.family("body")
        display = night.font("display")
        size = 19 * k
        # each sum's number is stamped (it changes with the player count), its baseline where
        # the tile's words leave room: the box of its ascent and descent, centred there
        centre = 166 + 22 * k - (display.ascent - display.descent) / 2 * size
        for i, (value, label) in enumerate(tiles):
            last = i == len(tiles) - 1
            tx = tiles_x + i * (tile_w + op_w)
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
            slots.append(
                Slot(
                    f"pot-{value}",
                    Box(tx + 4, centre - display.line * size / 2, tile_w - 8, display.line * size),
                    "number",
                    role="display",
                    size=size,
                    color="accent" if last else "ink",
                )
            )
            body.append(
                svg.text(
                    tx + tile_w / 2,
                    166 + 34 * k,
                    label,
                    6.5 * k,
                    font,
                    700,
                    night.muted,
                    "middle",
                    0.6,
                )
            )
            if not last:
                body.append(
                    svg.text(
                        tx + tile_w + op_w / 2,
                        166 + 26 * k,
                        "×" if i == 0 else "=",
                        16 * k,
                        font,
                        fill=night.muted,
                        anchor="middle",
                    )
                )
    body.append(layer.markup())
    if not event.pot:
        star = night.art("star")
        for i in range(n):
            ry = list_y + i * row_h
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
            list_y + row_h * 0.72 - 22 * k,  # room to write a name: k times as tall
            "\n".join(["WINNERS" if team else "WINNER"] * n),
            6.5 * k,
            "lb-b lb-m",
            w=cw * 0.4,
            pitch=row_h,
            spacing=0.8,
            ch=ph,
        ),
    )
    # the kicker on one line between the corners' art: smaller, or on two lines (the second
    # where the one would be), then cut short, if need be
    kicker_text, kicker_fs = kicker_lines(night, date, cw - 2 * 40, 8 * k)
    kicker_y = 48 - 1.3 * kicker_fs if "\n" in kicker_text else 48  # 1.25 a line, not ~1.2
    rows = []
    for i, prize in enumerate(event.prizes):
        ry = list_y + i * row_h
        if event.pot:  # the amount is stamped in its badge: as large as fits, or LONG_AMOUNT
            top = ry + row_h / 2 - badge * 0.25
            box = Box(mx + badge_w * 0.08, top, badge_w * 0.84, badge * 0.5)
            slots.append(Slot(f"prize-{i}-amount", box, "number", i, size=normal_badge * 0.36 * k))
        what = Block(
            mx + badge_w + 16,
            ry + row_h / 2 - (15 if prize.note else 9) * k,
            cw * 0.6 - badge_w - 28,
        )
        rows.append(PrizeRow(what))
    markup = svg.document(pw, ph, "\n".join(body))
    return PrizePage(
        Page("prize_sheet-page-0", pw, ph, svg.data_uri(markup), tuple(slots), labels),
        page_size_css(night.paper),
        Block(mx, kicker_y, cw, kicker_fs),
        Block(mx, 60, cw),
        Block(mx, list_y - 12, cw),
        tuple(rows),
        Block(mx, list_y + n * row_h + 14, cw),
        k,
        kicker_text,
    )
