"""The rules handout's large-print measures, which its text and its pictures (the facts, the
scoring chart, the movement diagram) share."""

from __future__ import annotations

from bunco_print.printing.layout.base import Inputs

RULES = "rules"  # the document whose smallest word (base.LARGE_TEXT) the handout keeps
BODY = 10.5  # the handout's running text (pt; rules.css)


def handout_scale(night: Inputs) -> float:
    """How much larger the large-print handout prints its body text, headings and pictures:
    as much as its body needs to reach its smallest word (16 pt); 1 for the normal pack."""
    return night.least(RULES) / BODY if night.large else 1.0


def handout_least(night: Inputs) -> float:
    """The smallest word a picture of the handout prints, in the picture's own units (drawn
    for a page handout_scale times narrower, printed that much larger)."""
    return night.least(RULES) / handout_scale(night)
