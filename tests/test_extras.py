"""`pack --extras`: the invitation, name tags, prize tags, host checklist and sign-in sheet, read
back as a host would (their words, counts and pages), and bad options refused in one line."""

from __future__ import annotations

import json
import re

import pytest

from bunco_print.errors import InputError
from bunco_print.game import rulesets
from bunco_print.game.limits import EXTRAS, MAX_DETAIL
from bunco_print.game.plan import plan_event
from bunco_print.printing import layout, orders
from bunco_print.printing.pack import build_pack, pack_files
from bunco_print.theming import themes

from .pdftools import A4, LETTER, page_sizes_in, page_texts
from .test_cli_pack import bunco
from .test_layout import overlap
from .test_pack import ENGINE

NAMES = ["Ann Lee", "Bea", "Cai", "Dot", "Eve", "Fran", "Gigi", "Hal", "Ivy", "Jo"]
DETAILS = {
    "time": "7:00 pm",
    "place": "The Millers’, 14 Elm Street",
    "host_name": "Jo Miller",
    "rsvp": "Text Jo by Dec 1",
}
FILES = [f"{extra}.pdf" for extra in EXTRAS]


def _pack(players: int, **kw):
    order = dict(players=players, seed=3, date="2026-12-04", engine_url=ENGINE, extras="all")
    return build_pack(orders.pack_request(order | kw))


@pytest.fixture(scope="module")
def named():
    """12 players, 10 of them named, every invitation detail given, Letter."""
    return _pack(12, names=NAMES, **DETAILS)


@pytest.fixture(scope="module")
def blank():
    """40 players, no names, no details, no buy-in, A4: what a shop sells."""
    return _pack(40, paper="a4", buy_in=0, theme="december")


def _texts(pack, name: str) -> list[str]:
    return page_texts(pack.documents[name])


def _region(pdf: bytes, page: int, top: float, bottom: float, left=0.0, right=None) -> str:
    """The words printed in a part of a page (pt from its top-left corner)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    width, height = document[page].get_size()
    right = width if right is None else right
    text = (
        document[page].get_textpage().get_text_bounded(left, height - bottom, right, height - top)
    )
    return " ".join(text.split())


def _flat(text: str) -> str:
    """The letters in order, without spaces: pdfium reads letter-spaced small caps ("WON BY")
    with a space between every letter."""
    return "".join(text.split())


def test_each_extra_is_its_own_pdf_and_follows_the_night_in_pack_pdf(named):
    files = pack_files(named)
    assert all(name in files for name in FILES)
    whole = page_texts(files["pack.pdf"])
    extra_pages = sum(len(_texts(named, name)) for name in FILES)
    assert named.pages == len(whole)
    # the night's documents first, unchanged in order; the extras after them, in EXTRAS order
    assert whole[-extra_pages:] == [t for name in FILES for t in _texts(named, name)]
    assert "Sign in here" in whole[-1] and "YOU’REINVITED" in _flat(whole[-extra_pages])
    extra = json.loads(files["event.json"])["extra"]
    assert extra["extras"] == ",".join(EXTRAS)


def test_the_invitation_prints_the_details_given(named):
    (text,) = _texts(named, "invitation.pdf")
    assert "Bunco Night" in text and "Friday, December 4, 2026" in text
    for value in DETAILS.values():
        assert value in text
    assert "Bring $5 for the prize pot" in text


def test_details_not_given_are_write_in_fields(blank):
    (text,) = _texts(blank, "invitation.pdf")
    assert "Friday 4 December 2026" in text  # the date is always known
    assert all(word in _flat(text) for word in ("TIME", "WHERE", "HOSTEDBY", "RSVP"))
    ruleset, theme = rulesets.load("classic"), themes.load("classic")
    event = plan_event(12, ruleset, seed=1, date="2026-12-04")
    docs = ["invitation", "name_tags"]
    laid = layout.lay_out(event, ruleset, theme, docs=docs, details={"time": "7 pm"})
    slots = [s for s in laid.page("invitation").slots if s.kind != "words"]  # words: stamped
    assert {s.id for s in slots} == {"invite-place", "invite-host-name", "invite-rsvp"}
    assert all(s.kind == "field" and s.size >= 12 and s.role == "body" for s in slots)
    tags = [s for s in laid.page("name_tags").slots if s.kind != "words"]
    assert len(tags) == 8 and {s.kind for s in tags} == {"field"}
    assert tags[2].id == "tag-3-name"


def test_a_name_tag_a_player_with_the_names_given(named, blank):
    texts = _texts(named, "name-tags.pdf")
    assert len(texts) == 2  # 12 tags, 8 a page
    assert "".join(texts).count("HELLO") == 12
    for name in NAMES:
        assert name in "".join(texts)
    blank_texts = _texts(blank, "name-tags.pdf")
    assert len(blank_texts) == 5 and "".join(blank_texts).count("my name is") == 40


def test_a_prize_tag_a_prize_with_its_amount(named, blank):
    from bunco_print.printing.layout.geometry import EDGE, cell

    pdf = named.documents["prize-tags.pdf"]
    amounts = {"Most Buncos": "$20", "Most wins": "$15", "Traveling prize": "$10"}
    amounts |= {"50/50": "$8", "Most losses": "$5", "Lucky draw": "$2"}
    for i, (prize, amount) in enumerate(amounts.items()):  # tag i, read on its own
        tag = cell(i, 2, 3, LETTER[0] / 2, LETTER[1] / 3, EDGE)
        words = _flat(_region(pdf, 0, tag.y, tag.bottom, tag.x, tag.right))
        assert _flat(f"PRIZE {prize}") in words and amount in words and "WONBY" in words
    no_pot = _flat(" ".join(_texts(blank, "prize-tags.pdf")))
    assert no_pot.count("AMOUNTORGIFT") == 6 and "$" not in no_pot


@pytest.mark.parametrize(
    ("pack", "players", "tables", "dice"), [("named", 12, 3, 12), ("blank", 40, 10, 33)]
)
def test_the_checklist_counts_this_night(request, pack, players, tables, dice):
    """Each thing to have, read on its own row with the count stamped beside it."""
    from bunco_print.printing.layout.checklist import needs

    built = request.getfixturevalue(pack)
    ruleset, theme = rulesets.load("classic"), themes.load(built.event.extra["theme"])
    paper = built.event.extra["paper"]
    laid = layout.lay_out(built.event, ruleset, theme, paper, docs=["host_checklist"])
    rows = laid.docs["host_checklist"].needs
    pdf = built.documents["host-checklist.pdf"]
    found = {}
    for at, need in rows:  # the row's first line, in the left column
        words = _region(pdf, 0, at.y, at.y + 14, 0, at.x + at.w)
        found[need.what] = re.findall(r"\d+", words)[0] if need.count else words
    assert found["tables"] == str(tables) and found["chairs"] == str(players)
    assert found["dice"] == str(dice) and found["pencils or pens"] == str(players)
    assert found["bell"] == "1" and found["fuzzy die"] == "1" and found["prizes"] == "6"
    assert "snacks and drinks" in found["snacks and drinks"]
    assert [n.count for n in needs(layout.base.Inputs(built.event, ruleset, theme))][:4] == [
        str(tables),
        str(players),
        str(dice),
        str(players),
    ]


def test_a_one_table_nights_checklist_speaks_of_one_table():
    words = " ".join(
        " ".join(_texts(_pack(4, extras="host-checklist"), "host-checklist.pdf")).split()
    )
    assert "table it seats four" in words and "four at the table" in words
    assert "tables" not in words


def test_a_high_middle_low_nights_papers_call_its_head_the_high_table():
    """High-Middle-Low names its tables High, Middle and Low: a sentence says "at the High
    table", never "at the High"; so the checklist's bell and a ghost night's handout."""
    pack = _pack(5, ruleset="mybunco", extras="host-checklist")
    checklist = " ".join(" ".join(_texts(pack, "host-checklist.pdf")).split())
    handout = " ".join(" ".join(page_texts(pack.documents["rules-handout.pdf"])).split())
    assert "at the High table: it starts every round" in checklist
    assert "one starts at the High table:" in handout
    assert not re.search(r"at the High(?! table)", checklist + handout)


def test_the_checklist_times_the_evening(named, blank):
    (text,) = _texts(named, "host-checklist.pdf")
    steps = ["Guests arrive", "Eat and mingle", "The rules", "Set 1", "Set 2", "Break"]
    steps += ["Set 3", "Set 4", "Prizes", "Goodnight"]
    assert [text.index(step) for step in steps] == sorted(text.index(step) for step in steps)
    # the times are stamped (the night's), so they follow the steps in the text
    assert "Guests arrive" in text and "6 rounds, about 25 min" in text
    assert re.search(r"7:00 pm 7:15 pm .* 10:\d\d pm", text)
    (counted,) = _texts(blank, "host-checklist.pdf")
    assert "0:00 0:15" in counted  # no time given: from the start


def test_the_sign_in_sheet_has_a_row_a_player(named, blank):
    (text,) = _texts(named, "sign-in-sheet.pdf")
    assert all(name in text for name in NAMES)
    rows = text.split("PA I D")[1]
    # a page: 21 rows on Letter, each with its $5, and the intro's "$5 a player"
    assert rows.count("$5") == 22 and "PAGETOTAL" in _flat(text)
    assert "$5 a player · tick the box when paid" in text
    pages = _texts(blank, "sign-in-sheet.pdf")
    assert len(pages) == 2 and "tick the box as each arrives" in pages[0]
    ruleset, theme = rulesets.load("classic"), themes.load("december")
    sheet = layout.lay_out(blank.event, ruleset, theme, "a4", docs=["sign_in_sheet"])
    rows = sheet.docs["sign_in_sheet"].rows
    pdf = blank.documents["sign-in-sheet.pdf"]
    numbers = [
        _region(pdf, page, row.y, row.y + row.h, 0, 90) for page in (0, 1) for row in rows
    ]  # each row's number, read on its own: 40 players, numbered on to the page's foot
    assert numbers == [str(n) for n in range(1, 2 * len(rows) + 1)]


def test_papers(named, blank):
    for name in FILES:
        assert page_sizes_in(named.documents[name]) == {LETTER}
        assert page_sizes_in(blank.documents[name]) == {A4}


def test_sign_in_rows_fit_the_page_in_large_print_too():
    from bunco_print.printing.layout.geometry import EDGE

    ruleset, theme = rulesets.load("classic"), themes.load("classic")
    event = plan_event(400, ruleset, seed=1, date="2026-12-04")
    for large in (False, True):
        laid = layout.lay_out(event, ruleset, theme, docs=["sign_in_sheet"], large=large)
        sheet = laid.docs["sign_in_sheet"]
        rows = sheet.rows
        assert len(rows) == (21 if not large else 14) and rows[-1].y + rows[-1].h < 792 - 54
        assert sheet.total.at.y + 14 < 792 - EDGE and sheet.page.slots[-1].box.inside(
            sheet.page.safe
        )


def test_extras_are_checked_with_the_other_options():
    def order(**kw):
        return {"players": 8} | kw

    assert orders.pack_request(order(extras="sign-in-sheet, invitation")).extras == (
        "invitation",
        "sign-in-sheet",
    )
    assert orders.pack_request(order()).extras == ()
    with pytest.raises(InputError) as bad:
        orders.pack_request(order(extras="invitation,confetti"))
    assert bad.value.field == "extras" and "confetti" in str(bad.value)
    for value in ("x" * (MAX_DETAIL + 1), "Elm\u2028Street", "Elm\x1b[2J"):
        with pytest.raises(InputError) as bad:
            orders.pack_request(order(place=value))
        assert bad.value.field == "place"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--extras", "invitation,confetti"],
            'error: --extras has no "confetti"; choose all or any of: invitation, name-tags, '
            "prize-tags, host-checklist, sign-in-sheet",
        ),
        (["--place", "x" * 500], "error: --place must be at most 120 characters, not 500"),
    ],
)
def test_bad_extras_options_are_one_line_and_write_nothing(tmp_path, args, message):
    result = bunco("pack", "--players", "8", "--out", "out", *args, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == message
    assert not (tmp_path / "out").exists()


def test_field_and_name_slots_are_in_the_safe_area_apart_and_drawn_there(paper="a4", large=True):
    from bunco_print.printing import pack, render
    from bunco_print.printing.layout.geometry import EDGE
    from bunco_print.printing.units import PT_PER_PX

    ruleset, theme = rulesets.load("classic"), themes.load("october")
    event = plan_event(11, ruleset, seed=1, date="2026-12-04", names=NAMES[:3])
    docs = ["invitation", "name_tags"]
    laid = layout.lay_out(event, ruleset, theme, paper, docs=docs, large=large)
    request = pack.PackRequest(players=11, paper=paper, large_print=large)
    html = render.render_html(  # a preview: it draws the slots a pack's HTML leaves out
        "base.html.j2",
        **pack.template_context(event, ruleset, theme, request, docs, True, laid=laid),
    )
    anchors = {
        key: tuple(v * PT_PER_PX for v in rect)
        for page in render.layout(html).pages
        for key, rect in page.anchors.items()
    }
    pages = [*laid.pages("invitation"), *laid.pages("name_tags"), laid.last_page("name_tags")]
    for page in pages:
        assert page.safe.x == EDGE
        for k, slot in enumerate(page.slots):
            assert slot.box.inside(page.safe), slot.id
            assert not any(overlap(slot.box, other.box) for other in page.slots[k + 1 :])
            drawn = zip(anchors[slot.id], slot.box.px(), strict=True)
            assert max(abs(a - b * PT_PER_PX) for a, b in drawn) < 0.05, slot.id
    assert laid.last_page("name_tags").capacity == 5  # 11 tags, large print: 6, then 5
    assert {s.kind for s in laid.page("name_tags").slots} == {"name", "words"}  # all stamped


def test_the_timeline_follows_the_ruleset_and_the_time_given():
    from bunco_print.printing.layout.base import Inputs
    from bunco_print.printing.layout.checklist import evening

    def steps(ruleset: str, time: str = "") -> list[tuple[str, str]]:
        rules = rulesets.load(ruleset)
        event = plan_event(24, rules, seed=1, date="2026-12-04")
        return [
            (m.when, m.what) for m in evening(Inputs(event, rules, themes.load("classic")), time)
        ]

    tournament = [what for _, what in steps("tournament")]
    after_rules = ["Set 1", "Set 2", "Set 3", "Break", "Semi-final", "Final table", "Prizes"]
    assert tournament[3:] == [*after_rules, "Goodnight"]
    assert steps("classic", "7pm")[0] == ("7:00 pm", "Guests arrive")
    assert steps("classic", "19:30")[3] == ("20:25", "Set 1")
    assert steps("classic", "7:00 p.m.")[-1][0].endswith("pm")
    assert steps("classic", "after dinner")[0] == ("0:00", "Guests arrive")  # not a clock time
