"""The rules handout and the invitation are tagged: a screen reader reads their structure tree
(headings, paragraphs, the pictures' alt text) in reading order, the night's stamped words in
their places. Read back as a person checks it: `pdfinfo -struct-text` (poppler) against
`pdftotext`'s words, `qpdf --check`, and the pages' pictures from `pdftoppm`."""

from __future__ import annotations

import io
import re
import subprocess
from collections import Counter

import pikepdf
import pytest

from bunco_print.printing import backgrounds, orders, render
from bunco_print.printing.pack import build_pack

from .test_pack import ENGINE

DETAILS = {"time": "7:00 pm", "place": "The Millers’, 14 Elm Street"}


def _pack(**kw):
    order = dict(players=12, seed=3, date="2026-12-04", engine_url=ENGINE, extras="invitation")
    return build_pack(orders.pack_request(order | kw))


@pytest.fixture(scope="module")
def night():
    """12 players, Letter, the classic theme, the invitation's time and place given."""
    return _pack(title="Anna’s Bunco Night", **DETAILS)


@pytest.fixture(scope="module")
def large():
    """Large print on A4 in the December theme, no buy-in set and no date: a handout that
    runs onto four pages, write-in amounts, every invitation detail a write-in line."""
    return _pack(players=23, paper="a4", theme="december", large_print=True, buy_in="none",
                 date="none", ruleset="tournament")  # fmt: skip


def _run(*command: str, data: bytes, tmp_path) -> str:
    path = tmp_path / "file.pdf"
    path.write_bytes(data)
    done = subprocess.run([*command, str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def tree(pdf: bytes, tmp_path) -> list[tuple[str, str]]:
    """`pdfinfo -struct-text`, read: each element's role and the text it holds itself, in the
    tree's order (a reader's)."""
    out = _run("pdfinfo", "-struct-text", data=pdf, tmp_path=tmp_path)
    elements: list[tuple[str, list[str]]] = []
    for line in out.splitlines():
        text = line.strip()
        if text.startswith('"') and text.endswith('"') and len(text) > 1:
            elements[-1][1].append(text[1:-1])
        elif re.fullmatch(r"[A-Za-z0-9]+(?: \((?:block|inline)\))?:?", text):
            elements.append((text.split()[0].rstrip(":"), []))
    return [(role, " ".join(" ".join(texts).split())) for role, texts in elements]


def _letters(text: str) -> Counter:
    return Counter(c for c in text if not c.isspace())


def blocks(elements: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The headings and paragraphs, with their words."""
    return [(role, text) for role, text in elements if re.fullmatch(r"H\d|P", role) and text]


def _pdftotext(pdf: bytes, tmp_path) -> str:
    """pdftotext's words, white space folded."""
    path = tmp_path / "text.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True,
                          text=True, check=True)  # fmt: skip
    return " ".join(done.stdout.split())


def _every_page_in_the_tree(pdf: bytes) -> None:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        assert doc.Root.MarkInfo.Marked is True and str(doc.Root.Lang) == "en"
        pages = {page.objgen for page in doc.pages}
        found, todo = set(), [doc.Root.StructTreeRoot]
        while todo:
            elem = todo.pop()
            if "/Pg" in elem:
                found.add(elem.Pg.objgen)
            kids = elem.get("/K")
            for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
                if isinstance(kid, pikepdf.Dictionary) and "/S" in kid:
                    todo.append(kid)
        assert found == pages


def _qpdf_check(pdf: bytes, tmp_path) -> None:
    path = tmp_path / "check.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("which", ["night", "large"])
def test_the_rules_handout_reads_in_order(which, request, tmp_path):
    built = request.getfixturevalue(which)
    pdf = built.documents["rules-handout.pdf"]
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        assert len(doc.pages) == {"night": 2, "large": 4}[which]
    elements = tree(pdf, tmp_path)
    text = _pdftotext(pdf, tmp_path)
    # every letter the pages print is in the tree, and nothing else (the facts' tiles among
    # them, in their picture's element)
    assert _letters(" ".join(t for _r, t in elements)) == _letters(text)
    # the headings and paragraphs, each as pdftotext reads it, in the same order (pdftotext
    # reads these two handouts' columns one after the other; some rulesets' it interleaves)
    found = blocks(elements)
    bare = "".join(text.split())  # the runs of a line are split in no particular place
    at = [bare.find("".join(words.split())) for _role, words in found]
    assert -1 not in at, [w for (_r, w), a in zip(found, at, strict=True) if a < 0]
    assert at == sorted(at)
    # the kicker stamped with the night's words first, then the ruleset's name as the heading
    (kicker_role, kicker), (h1_role, h1) = found[:2]
    event = built.event
    assert kicker_role == "P" and event.title.upper() in kicker.upper()
    assert h1_role == "H1" and h1 == event.ruleset.name
    headings = [words for role, words in found if role == "H2"]
    assert headings[0] == "Setting up" and "End of the night" in headings
    _every_page_in_the_tree(pdf)
    _qpdf_check(pdf, tmp_path)


def test_the_prizes_amounts_are_read_where_they_are_printed(night, tmp_path):
    """The handout's prizes are a list: each item a prize's name, then its amount (stamped)."""
    elements = tree(night.documents["rules-handout.pdf"], tmp_path)
    said = [f"{prize.name} ${prize.amount}" for prize in night.event.prizes]
    items = [words for role, words in elements if role == "LBody"]
    assert said[0] in items
    first = items.index(said[0])
    assert items[first : first + len(said)] == said


def test_the_facts_are_a_figure_with_words(night, tmp_path):
    with pikepdf.open(io.BytesIO(night.documents["rules-handout.pdf"])) as doc:
        alts = [str(obj.Alt) for obj in doc.objects
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/S") == "/Figure"]  # fmt: skip
    event = night.event
    facts = f"{event.players} players, {len(event.tables)} tables of four"
    assert any(alt.startswith(facts) for alt in alts), alts


def test_the_invitation_reads_in_order(night, tmp_path):
    pdf = night.documents["invitation.pdf"]
    elements = tree(pdf, tmp_path)
    assert _letters(" ".join(t for _r, t in elements)) == _letters(_pdftotext(pdf, tmp_path))
    assert blocks(elements) == [
        ("P", "YOU’RE INVITED TO"),
        ("H1", "Anna’s Bunco Night"),
        ("P", "Three dice, four sets, one fuzzy die"),
        ("P", "WHEN"),
        ("P", "Friday, December 4, 2026"),
        ("P", "TIME"),
        ("P", "7:00 pm"),
        ("P", "WHERE"),
        ("P", "The Millers’, 14 Elm Street"),
        ("P", "HOSTED BY"),
        ("P", "RSVP"),
        ("P", "Bring $5 for the prize pot."),
        ("P", "Three dice, a bell and a lot of cheering. No skill needed!"),
    ]
    _every_page_in_the_tree(pdf)
    _qpdf_check(pdf, tmp_path)


def test_a_write_in_invitation_reads_its_labels(large, tmp_path):
    found = blocks(tree(large.documents["invitation.pdf"], tmp_path))
    shown = [w for _r, w in found][3:9]  # large print: the labels in their own case
    assert shown == ["When", "Time", "Where", "Hosted by", "RSVP", "Bring"]


def test_pack_pdf_holds_both_trees(night, tmp_path):
    found = blocks(tree(night.pack_pdf, tmp_path))
    heads = [words for role, words in found if role == "H1"]
    assert heads == ["Classic Bunco", "Anna’s Bunco Night"]
    _qpdf_check(night.pack_pdf, tmp_path)


def _pictures(pdf: bytes, tmp_path, name: str) -> list[bytes]:
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "72", str(path), str(tmp_path / name)], check=True)
    return [p.read_bytes() for p in sorted(tmp_path.glob(f"{name}-*.ppm"))]


def test_tagging_changes_no_picture(monkeypatch, tmp_path):
    monkeypatch.setenv("BUNCO_PRINT_CACHE", "off")
    tagged = _pack(title="Anna’s Bunco Night", **DETAILS)  # (this test's signing key)
    monkeypatch.setattr(backgrounds, "TAGGED", ())  # the same pack, with no document tagged
    plain = _pack(title="Anna’s Bunco Night", **DETAILS)
    for name in ("rules-handout.pdf", "invitation.pdf", "pack.pdf"):
        before, after = (
            plain.documents.get(name, plain.pack_pdf),
            tagged.documents.get(name, tagged.pack_pdf),
        )
        with pikepdf.open(io.BytesIO(before)) as doc:
            assert "/StructTreeRoot" not in doc.Root
        with pikepdf.open(io.BytesIO(after)) as doc:
            assert "/StructTreeRoot" in doc.Root
        stem = name.removesuffix(".pdf")
        pictures = _pictures(before, tmp_path, f"plain-{stem}")
        assert pictures, name
        assert pictures == _pictures(after, tmp_path, f"tagged-{stem}"), name


def test_a_later_night_from_the_cache_has_its_own_words_in_the_tree(night, monkeypatch, tmp_path):
    monkeypatch.setattr(backgrounds, "lay_out_backgrounds", lambda html: pytest.fail("laid out"))
    later = _pack(title="Second Friday", date="2027-01-08", seed=4, **DETAILS)
    found = blocks(tree(later.documents["invitation.pdf"], tmp_path))
    assert ("H1", "Second Friday") in found and ("P", "Friday, January 8, 2027") in found
    kicker = blocks(tree(later.documents["rules-handout.pdf"], tmp_path))[0][1]
    assert "SECOND FRIDAY" in kicker.upper()
    again = _pack(title="Anna’s Bunco Night", **DETAILS)
    assert again.documents["rules-handout.pdf"] == night.documents["rules-handout.pdf"]
    assert again.documents["invitation.pdf"] == night.documents["invitation.pdf"]


def _elements_by_page(pdf: bytes) -> dict[int, list[str]]:
    """Each page's structure elements' roles, in the tree's order."""
    found: dict[int, list[str]] = {}
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        pages = {page.objgen: index for index, page in enumerate(doc.pages)}
        todo = [doc.Root.StructTreeRoot]
        while todo:
            node = todo.pop()
            if "/Pg" in node:
                found.setdefault(pages[node.Pg.objgen], []).append(str(node.S))
            kids = node.get("/K")
            kids = kids if isinstance(kids, pikepdf.Array) else [kids]
            todo += reversed([kid for kid in kids if isinstance(kid, pikepdf.Dictionary)])
    return found


def test_a_pass_is_written_with_the_tree_of_its_tagged_pages_only():
    html = (
        '<html lang="en"><body><h1>Prizes</h1><p>A sheet no reader is given.</p>'
        '<h1 style="break-before: page">Rules</h1><p>Roll three dice.</p><p>Keep rolling.</p>'
        "</body></html>"
    )
    document = render.layout(html)
    every = _elements_by_page(render.write_pdf(document, [0, 1]))
    assert sorted(every) == [0, 1]
    assert _elements_by_page(render.write_pdf(document, [1])) == {1: every[1]}
    assert every[1].count("/P") == 2
    with pikepdf.open(io.BytesIO(render.write_pdf(document))) as doc:
        assert "/StructTreeRoot" not in doc.Root
