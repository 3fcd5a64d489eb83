"""What every document's layout starts from: the paper, the night, the theme and its fonts."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from bunco_print.game import night as model
from bunco_print.game.rulesets import Ruleset
from bunco_print.printing.layout.fonts import FontMetrics, breaks, metrics
from bunco_print.printing.layout.geometry import PAPERS, Block, Box, Label, Slot
from bunco_print.printing.pdf.model import LINE_PITCH
from bunco_print.theming.ink_saver import ART_OPACITY, FRAME_THIN, RULE_DASH
from bunco_print.theming.themes import Theme

# Stamped text fills at most this share of its slot's height (the rest is air around it).
TEXT_FILL = 0.7
# Nothing is printed smaller than this (pt); small print for four sheets a page may go to
# MIN_TEXT_QUARTER. Text that cannot fit at it wraps or is shortened with an ellipsis.
MIN_TEXT, MIN_TEXT_QUARTER = 6.0, 5.0
LARGE = 1.3  # --large-print: how much larger text and write-in boxes are
# --large-print: the smallest word each document prints (pt). Large-print guidance asks 16 pt
# for what is read (the rules, the prizes, the cards and markers on the tables), clear-print
# guidance 14 pt for forms filled in at the table and 12 pt at the very least (tally pads).
LARGE_TEXT = {
    "rules": 16.0,
    "prize_sheet": 16.0,
    "seat_cards": 16.0,
    "table_marker": 16.0,
    "score_sheet": 14.0,
    "team_card": 14.0,
    "tally_pad": 12.0,
    # the party extras (--extras): the invitation and the host's checklist are read as the rules
    # are, the sign-in sheet and the prize tags filled in and read at the table as the sheets
    # are; the name tags' small words as the pads' (eight tags a page), their names NAME_TAG
    "invitation": 16.0,
    "host_checklist": 16.0,
    "sign_in_sheet": 14.0,
    "prize_tags": 14.0,
    "name_tags": 12.0,
}
NAME_TAG = 16.0  # --large-print: a name tag's name, read across the room, at least this (pt)
LARGE_LEADING = 1.4  # --large-print: running text's lines at least this many ems apart
MIN_NAME = 7.0  # a player's name: on two lines, or cut short, rather than smaller


@dataclass(frozen=True)
class Inputs:
    """The inputs of every layout."""

    event: model.Night
    ruleset: Ruleset
    theme: Theme
    paper: str = "letter"
    per_page: int = 1
    large: bool = False  # --large-print: text and write-in boxes LARGE times their size
    editable: bool = False  # --editable: write-in lines become fillable fields ("field" slots)
    qr: bool = True  # QR codes that open the scoring engine (--no-qr: totalled by hand)

    @property
    def undated(self) -> bool:
        """--date none: no date printed, a line to write it in where one belongs."""
        return not self.event.date

    @property
    def amounts_written(self) -> bool:
        """--buy-in none: no amounts printed, boxes to write the buy-in, pot and prizes in."""
        return not self.event.amounts_known

    @property
    def scale(self) -> float:
        return LARGE if self.large else 1.0

    @property
    def pw(self) -> float:
        return PAPERS[self.paper][0]

    @property
    def ph(self) -> float:
        return PAPERS[self.paper][1]

    @property
    def min_text(self) -> float:
        """The smallest text size on this night's pages (pt): small print on quarter-page
        sheets may go a point lower."""
        return MIN_TEXT_QUARTER if self.per_page == 4 else MIN_TEXT

    def least(self, doc: str) -> float:
        """The smallest word document `doc` prints (pt): in large print its LARGE_TEXT."""
        return LARGE_TEXT[doc] if self.large else self.min_text

    def words(self, size: float, doc: str) -> float:
        """A word `size` pt in the normal pack, as document `doc` prints it: LARGE times as
        large in large print, and never under the document's smallest."""
        return max(size * self.scale, self.least(doc))

    @property
    def colors(self) -> dict[str, str]:
        return self.theme.colors

    @property
    def frame(self) -> str:
        """The colour of the frames around grids and boxes: the theme's accent2, or with
        --ink-saver its (light) line colour."""
        return self.colors["line" if self.theme.ink_saver else "accent2"]

    def light(self, name: str) -> str:
        """A colour for large text and thick rings: with --ink-saver its lighter "-large"
        shade (ink_saver.py), else the colour itself."""
        return self.colors[f"{name}-large"] if self.theme.ink_saver else self.colors[name]

    @property
    def die_color(self) -> str:
        """The colour of the dice that mark each round's row: accent2, or with --ink-saver its
        lighter shade (a picture needs 3:1 on paper, as large text does)."""
        return self.light("accent2")

    def frame_width(self, width: float) -> float:
        """A frame's or an outline's stroke width (pt): with --ink-saver a thinner one."""
        return round(width * FRAME_THIN, 2) if self.theme.ink_saver else width

    @property
    def rule_dash(self) -> str:
        """The dash pattern of the rules inside grids: solid, or with --ink-saver dashed."""
        return RULE_DASH if self.theme.ink_saver else ""

    @property
    def art_opacity(self) -> float:
        return ART_OPACITY if self.theme.ink_saver else 1.0

    @property
    def muted(self) -> str:
        return self.colors.get("muted", self.colors["ink"])

    def font(self, role: str, weight: str = "400") -> FontMetrics:
        return metrics(self.theme.font(role, weight))

    def family(self, role: str) -> str:
        return self.theme.family(role)

    def baseline(self, top: float, line: float, size: float, role="body", weight="400") -> float:
        """Where CSS sets the baseline of words `size` pt in a line box `line` pt tall from
        `top`: the font's ascent-to-descent box centred in it (what a layer's text is drawn on
        to look as the HTML's would)."""
        return top + line / 2 + self.font(role, weight).mid * size

    def art(self, name: str) -> str:
        return self.theme.art(f"{name}.svg").as_uri()

    @cached_property
    def own_rule(self) -> bool:
        """Whether the theme draws its rules with its own rule.svg strip."""
        return any((folder / "rule.svg").is_file() for folder in self.theme.folders)

    def label(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        cls: str = "",
        anchor: str = "start",
        w: float = 200,
        pitch: float = 0,
        spacing: float = 0,
        role: str = "body",
        ch: float = 0,
    ) -> Label:
        """A block of labels placed the way SVG <text> is: x where the label starts, centres or
        ends (anchor start | middle | end), y the BASELINE of its first line. w: the block's
        width, wider than its longest line. ch: the height of the containing block, for a
        stack of lines (pitch apart), which is then placed by its bottom."""
        left = x if anchor == "start" else (x - w / 2 if anchor == "middle" else x - w)
        top = round(y - (pitch or size) / 2 - self.font(role).mid * size, 2)
        classes = "lb" + {"middle": " lb-c", "end": " lb-r"}.get(anchor, "")
        classes += " display" if role == "display" else ""
        classes += f" {cls}" if cls else ""
        if ch and pitch:
            bottom = ch - top - (text.count("\n") + 1) * pitch
            return Label(
                text, left, w, size, bottom=bottom, pitch=pitch, spacing=spacing, classes=classes
            )
        return Label(text, left, w, size, top=top, pitch=pitch, spacing=spacing, classes=classes)

    def on_baseline(self, x: float, y: float, w: float, size: float, role: str = "body") -> Block:
        """The block of one line (LINE_PITCH em tall) of `size` pt whose baseline is at y, as
        `label` places a line: for words_in."""
        return Block(x, y - self.font(role).mid * size - LINE_PITCH * size / 2, w)

    def words_in(
        self,
        slot_id: str,
        at: Block,
        text: str,
        size: float,
        color: str,
        index: int = 0,
        role: str = "body",
        weight: str = "400",
        align: str = "left",
        line: float = 0.0,
        spacing: float = 0.0,
        rotate: int = 0,
    ) -> Slot:
        """A "words" slot: the night's words the layout fitted, stamped as they are (previews
        show them as their sample), in lines placed as a block of the template's (`at`: its
        left, top, width) with line height `line` em (0: the font's own, CSS's "normal")."""
        line = line or self.font(role, weight).line
        box = Box(at.x, at.y, at.w, line * size * (text.count("\n") + 1))
        return Slot(
            slot_id, box, "words", index, role=role, weight=weight, size=size, rotate=rotate,
            sample=text, sample_size=size, color=color, text=text, align=align,
            spacing=spacing, pitch=line,
        )  # fmt: skip

    def kicker_words(
        self, date: str, room: float, size: float, floor: float = 0.0
    ) -> tuple[str, float, float]:
        """The night's title and date as a kicker `room` pt wide: its words as printed (small
        capitals; large print: their own case), at `size` or as kicker_lines fits them, and
        the spacing between its letters (em)."""
        fitted, fitted_fs = kicker_lines(self, date, room, size, floor)
        if not fitted:
            fitted, fitted_fs = kicker_case(self, titled(self.event.title, date)), size
        return fitted, fitted_fs, kicker_spacing(self)

    def text_slot(
        self,
        slot_id: str,
        box: Box,
        kind: str,
        index: int = 0,
        sample: str = "",
        role: str = "label",
        rotate: int = 0,
    ) -> Slot:
        """A slot for stamped text: "label" text in the display font, "name" in bold body,
        "caption" in regular body."""
        font_role, weight = {"name": ("body", "700"), "caption": ("body", "400")}.get(
            role, ("display", "400")
        )
        font = self.font(font_role, weight)
        # the text's ascent..descent box must fit the slot's height too
        size = min(box.h * TEXT_FILL, box.h / font.line)
        return Slot(
            slot_id,
            box,
            kind,
            index,
            role=font_role,
            weight=weight,
            size=size,
            rotate=rotate,
            sample=sample,
            sample_size=font.fit(sample, box.w, size) if sample else 0.0,
        )


KICKER_SPACING_EM = 0.12  # small capitals (.smallcaps in common.css) are spaced this much
LARGE_KICKER_SPACING_EM = 0.02  # large print's kickers, in their own case (common.css)


def titled(title: str, date: str) -> str:
    """The night's title and date as one line ("Bunco Night · Friday, December 4, 2026"): the
    title alone for an undated pack."""
    return f"{title} · {date}" if date else title


def kicker_case(night: Inputs, text: str) -> str:
    """A kicker's words as printed: small capitals, or in large print their own case."""
    return text if night.large else text.upper()


def kicker_spacing(night: Inputs) -> float:
    """The space between a kicker's letters, in ems."""
    return LARGE_KICKER_SPACING_EM if night.large else KICKER_SPACING_EM


def kicker_line(
    night: Inputs, date: str, room: float, size: float, floor: float = 0.0
) -> tuple[str, float]:
    """The night's title and date as one line of small capitals `room` pt wide: ("", 0) when
    they fit at `size`; else smaller, down to `floor` (by default the smallest text), then with
    the title cut short (the date kept whole). The text is in capitals (large print: its own
    case), as printed."""
    font, spacing = night.font("body", "700"), kicker_spacing(night)
    title, tail = kicker_case(night, night.event.title), kicker_case(night, f" · {date}")
    tail = tail if date else ""
    fitted = font.fit(title + tail, room, size, spacing)
    if fitted >= size:
        return "", 0.0
    floor = floor or night.min_text * night.scale
    if fitted >= floor:
        return title + tail, fitted
    while title and font.width(title.rstrip() + "…" + tail, floor, spacing * floor) > room:
        title = title[:-1]
    return title.rstrip() + "…" + tail, floor


def kicker_lines(
    night: Inputs, date: str, room: float, size: float, floor: float = 0.0
) -> tuple[str, float]:
    """As kicker_line, but a title that one line cannot hold whole at the smallest text size
    goes on two (split by a newline: the title's first words, then the rest and the date);
    cut short, the date kept whole, only when two lines cannot hold it either."""
    one, one_fs = kicker_line(night, date, room, size, floor)
    if "…" not in one:
        return one, one_fs
    font, spacing = night.font("body", "700"), kicker_spacing(night)
    title, tail = kicker_case(night, night.event.title), kicker_case(night, f" · {date}")
    tail = tail if date else ""

    def natural(line: str) -> float:
        return font.width(line, 1) + spacing * len(line)

    splits = [(first, rest + tail) for first, rest, _ in breaks(title)]
    if not splits:
        return one, one_fs
    first, second = min(splits, key=lambda pair: max(map(natural, pair)))
    two_fs = min(size, room / max(natural(first), natural(second)))
    floor = floor or night.min_text * night.scale
    if two_fs >= floor:
        return f"{first}\n{second}", two_fs
    # two lines at the smallest size: the first as long as fits, the rest cut short
    fitting = [pair for pair in breaks(title) if natural(pair[0]) * floor <= room]
    if not fitting:
        return one, one_fs
    first, rest, _ = fitting[-1]
    while rest and natural(rest.rstrip() + "…" + tail) * floor > room:
        rest = rest[:-1]
    return f"{first}\n{rest.rstrip()}…{tail}", floor


_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def nice_date(iso: str, paper: str) -> str:
    """'Friday, December 4, 2026' (letter) or 'Friday 4 December 2026' (A4); other text as it is."""
    from datetime import date

    try:
        day = date.fromisoformat(iso)
    except ValueError:
        return iso
    weekday, month = _DAYS[day.weekday()], _MONTHS[day.month - 1]
    if paper == "a4":
        return f"{weekday} {day.day} {month} {day.year}"
    return f"{weekday}, {month} {day.day}, {day.year}"
