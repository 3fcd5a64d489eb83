"""A background holds none of a night's words: two nights with the same options lay out the
same HTML, so the background cache serves every later night (issue #18)."""

from __future__ import annotations

import pytest

from bunco_print.game.limits import EXTRAS
from bunco_print.printing import backgrounds, pack, render
from bunco_print.printing.pack import PackRequest

from .pdftools import page_texts, word_sizes

OPTIONS = [
    {},
    {"per_page": 4, "theme": "december"},
    {"ruleset": "tournament", "paper": "a4"},
    {"large_print": True, "theme": "july"},
    {"star_on_back": True, "per_page": 2},
    {"ruleset": "bonko", "per_page": 2},
    {"extras": tuple(EXTRAS), "theme": "october"},
    {"editable": True, "date": ""},
]
DETAILS = ("time", "place", "host_name", "rsvp")


def night_html(request: PackRequest) -> str:
    event, _secret, theme, ruleset = pack.plan(request, signed=False)
    docs = pack.documents_for(event, ruleset) + [e.replace("-", "_") for e in request.extras]
    laid = pack.lay_out_pages(request, event, ruleset, theme, docs)
    docs = laid.with_backs(docs)
    context = pack.template_context(event, ruleset, theme, request, docs, laid=laid)
    return render.render_html("base.html.j2", **context)


def two_nights(options: dict) -> tuple[PackRequest, PackRequest]:
    options = dict(options)
    date = options.pop("date", None)
    first = {
        "seed": 1,
        "date": "2026-12-04" if date is None else date,
        "title": "December Bunco",
        "buy_in": 5,
    }
    second = {
        "seed": 9,
        "date": "2027-01-08" if date is None else date,
        "title": "A Much Longer January Night",
    }
    second["buy_in"] = 20
    names = [f"Player {n}" for n in range(12)]
    if "extras" in options:
        first |= dict(zip(DETAILS, ("7 pm", "Anna's", "Anna", "555-0101"), strict=True))
        second |= dict(
            zip(DETAILS, ("8:30 pm", "The hall, 4 Elm Road", "Bea", "bea@x"), strict=True)
        )
    return (
        PackRequest(players=12, names=names, **first, **options),
        PackRequest(players=12, names=[n + " Jr" for n in names], **second, **options),
    )


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}" for k in o) or "plain")
def test_two_nights_lay_out_the_same_backgrounds(options):
    a, b = two_nights(options)
    assert night_html(a) == night_html(b)


def test_the_nights_words_are_stamped_on_the_shared_backgrounds(tmp_path, monkeypatch):
    monkeypatch.setenv("BUNCO_PRINT_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("BUNCO_PRINT_CACHE", raising=False)
    a, b = two_nights({"extras": ("invitation", "host-checklist", "sign-in-sheet")})
    pack.build_pack(a)
    monkeypatch.setattr(backgrounds, "lay_out_backgrounds", lambda html: pytest.fail("laid out"))
    second = pack.build_pack(b)
    texts = {name: " ".join(page_texts(pdf)) for name, pdf in second.documents.items()}
    assert "A Much Longer January Night" in texts["score-sheets.pdf"]
    assert "A MUCH LONGER JANUARY NIGHT" in texts["table-markers.pdf"]
    assert "Player 3 Jr" in texts["score-sheets.pdf"]
    assert (
        "The hall, 4 Elm Road" in texts["invitation.pdf"] and "Bring $20" in texts["invitation.pdf"]
    )
    assert "8:30 pm" in texts["host-checklist.pdf"] and "$20 a player" in texts["sign-in-sheet.pdf"]
    assert "December" not in " ".join(texts.values())


def test_a_four_digit_prize_is_printed_as_large_as_the_others():
    """The handout leaves each prize's amount room for the largest one's digits (three at
    least): a $1,200 prize as large as a $900 one, not shrunk into a three-digit room."""
    built = pack.build_pack(PackRequest(players=12, seed=1, date="2026-12-04", buy_in=300))
    handout = built.documents["rules-handout.pdf"]
    sizes = {word: size for size, word, _page in word_sizes(handout) if word.startswith("$")}
    assert sizes["$1,200"] == pytest.approx(sizes["$900"], abs=0.05) == 10.5
