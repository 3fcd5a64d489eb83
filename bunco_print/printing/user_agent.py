"""WeasyPrint's user-agent stylesheet, less the rules a page has no use for.

WeasyPrint tries its user-agent rules on every element of a page it lays out. A few of them
cost more than all the others, matching every element or every page:

- the footnotes' and notes' pseudo-elements (`::footnote-call`, `::note-marker`, ...) give
  every element five styles more to compute, and `::marker` one (a list item's only matters);
- the `dir` attribute's rules are tried on every element;
- the sixteen page-margin boxes' alignments make WeasyPrint compute a style for each box of
  every page, shown or not.

An HTML page (its stylesheet inline, as render.layout lays it out) that never names footnotes
or notes, a `dir` attribute, `display: list-item` or a margin box has no use for them: without
them it is laid out the same, byte for byte, and about an eighth faster. One that names any
keeps those rules; one that links a stylesheet, which this does not read, keeps them all. The
stylesheet is read line by line as WeasyPrint writes it (a rule a line, a margin box a line):
a line this does not know is kept.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_FOOTNOTES = re.compile(r"footnote|:\s*note\b|note-(?:call|marker|callback|area)")
_DIR = re.compile(r"\bdir\s*=")
_MARGIN_BOX = re.compile(r"\s*@((?:top|bottom|left|right)-[a-z-]+)\s*\{")
_MARGIN_BOXES = re.compile(r"@((?:top|bottom|left|right)-[a-z-]+)")
_LINKED = re.compile(r"rel\s*=\s*[\"']?stylesheet|@import", re.I)


class Uses(NamedTuple):
    """What of the costly rules a page may use."""

    footnotes: bool
    direction: bool
    list_items: bool  # elements other than `li` may be list items
    margin_boxes: frozenset[str]


def uses(html: str) -> Uses | None:
    """What `html` names of the costly rules; None when it may use any (it links a stylesheet,
    which this does not read)."""
    if _LINKED.search(html):
        return None
    return Uses(
        footnotes=bool(_FOOTNOTES.search(html)),
        direction=bool(_DIR.search(html)),
        list_items="list-item" in html,
        margin_boxes=frozenset(_MARGIN_BOXES.findall(html)),
    )


def trimmed(stylesheet: str, uses: Uses) -> str:
    """The user-agent `stylesheet` less the costly rules a page `uses` none of. Its
    `@counter-style` rules go too: WeasyPrint gives every page the counter styles it read from
    its own copy."""
    kept = []
    for line in stylesheet.splitlines():
        if line.startswith("@counter-style"):
            continue
        if line.startswith(("::footnote-", "::note-")) and not uses.footnotes:
            continue
        if "[dir" in line and not uses.direction:
            continue
        box = _MARGIN_BOX.match(line)
        if box and box[1] not in uses.margin_boxes:
            continue
        if line.startswith("::marker ") and not uses.list_items:
            line = "li" + line
        kept.append(line)
    return "\n".join(kept)
