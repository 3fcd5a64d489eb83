"""What a print shop's preflight and a reader's file details read: every file's language, title,
author, subject and keywords, said twice (document information and XMP) and alike; and a duplex
pack.pdf whose every document starts on a front, each sheet file asking for the flip that keeps
its backs upright."""

from __future__ import annotations

import hashlib
import io
from datetime import UTC, datetime

import pikepdf
import pytest
from typer.testing import CliRunner

from bunco_print.cli import app
from bunco_print.printing import orders
from bunco_print.printing.pack import build_pack

from .test_pack import ENGINE

EPOCH = 1796342400  # 2026-12-04 00:00 UTC


def _pack(**kw):
    order = dict(players=13, seed=7, date="2026-12-04", engine_url=ENGINE) | kw
    return build_pack(orders.pack_request(order))


def _files(pack) -> dict[str, bytes]:
    return {"pack.pdf": pack.pack_pdf, **pack.documents}


def described(pdf: bytes) -> dict:
    """What a file says about itself: /Lang, its document information, its XMP."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        info = {str(k): str(v) for k, v in doc.docinfo.items()}
        xmp = doc.open_metadata()
        return {
            "lang": str(doc.Root.get("/Lang", "")),
            "info": info,
            "title": xmp.get("dc:title"),
            "creator": xmp.get("dc:creator"),
            "language": xmp.get("dc:language"),
            "description": xmp.get("dc:description"),
            "keywords": xmp.get("pdf:Keywords"),
            "producer": xmp.get("pdf:Producer"),
            "created": xmp.get("xmp:CreateDate"),
            "uncompressed": "/Filter" not in doc.Root.Metadata,
        }


@pytest.fixture(scope="module")
def shop_pack(_session_config):
    """An A4 pack with every extra, editable, dated by SOURCE_DATE_EPOCH, by a named host."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", str(EPOCH))
        return _pack(
            paper="a4", extras="all", editable=True, host_name="Jo Miller", theme="december"
        )


def test_every_file_says_its_language_title_author_subject_and_keywords(shop_pack):
    for name, pdf in _files(shop_pack).items():
        said = described(pdf)
        info = said["info"]
        assert said["lang"] == "en" and said["language"] == {"en"}, name
        assert info["/Author"] == "Jo Miller" and said["creator"] == ["Jo Miller"], name
        assert info["/Title"] == said["title"] and said["title"].startswith("December Bunco"), name
        assert info["/Subject"] == said["description"], name
        assert "december theme" in info["/Subject"] and "2026-12-04" in info["/Subject"], name
        assert info["/Keywords"] == said["keywords"], name
        assert {"december", "Classic Bunco", "2026-12-04"} <= set(info["/Keywords"].split(", "))
        assert info["/Producer"] == said["producer"] == "bunco-print", name
        assert info["/CreationDate"] == "D:20261204000000+00'00'", name
        assert said["created"] == "2026-12-04T00:00:00Z" and said["uncompressed"], name
    tally_pads = described(shop_pack.documents["tally-pads.pdf"])["title"]
    assert tally_pads == "December Bunco: tally pads"


def test_the_author_is_the_option_else_the_config_else_the_host_else_bunco_print(config_home):
    def author(**given):
        return orders.pack_request({"players": 8} | given).author

    from bunco_print.printing.pack import about, plan

    def said(**given):
        request = orders.pack_request({"players": 8, "seed": 1, "date": "2026-12-04"} | given)
        event, _, theme, ruleset = plan(request, signed=False)
        return about(request, event, theme, ruleset).author

    assert said() == "bunco-print"
    assert said(host_name="Jo Miller") == "Jo Miller"
    assert said(host_name="Jo Miller", author="Elm Street Bunco Club") == "Elm Street Bunco Club"
    config_home.mkdir(parents=True, exist_ok=True)
    (config_home / "config.toml").write_text('author = "The Millers"\n', encoding="utf-8")
    assert author() == "The Millers" and said(host_name="Jo") == "The Millers"
    assert author(author="Ann") == "Ann"
    result = CliRunner().invoke(app, ["pack", "--players", "8", "--author", "Ann\u2028Lee"])
    assert result.exit_code == 2, result.stderr
    assert result.stderr.startswith("error: --author must be one line: ")


def test_a_catalogues_packs_name_the_shop_as_their_author():
    from bunco_print.catalogue import make, make_plan

    shop = make_plan({"themes": ["classic"], "players": [8], "shop": "Paper Dice Co."}, {})
    assert make._request(shop, shop.listings[0].packs[0]).author == "Paper Dice Co."
    plain = make_plan({"themes": ["classic"], "players": [8]}, {})
    assert make._request(plain, plain.listings[0].packs[0]).author == ""  # bunco-print


def starts(pack) -> list[tuple[str, int]]:
    """pack.pdf's bookmarks: each document's title and first page (from 1)."""
    with pikepdf.open(io.BytesIO(pack.pack_pdf)) as doc, doc.open_outline() as outline:
        pages = {page.obj.objgen: n for n, page in enumerate(doc.pages, 1)}
        return [(item.title, pages[item.destination[0].objgen]) for item in outline.root]


def flip(pdf: bytes) -> str | None:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        preferences = doc.Root.get("/ViewerPreferences", {})
        return str(preferences["/Duplex"]) if "/Duplex" in preferences else None


@pytest.mark.parametrize(
    ("options", "sheets_flip"),
    [
        (dict(star_on_back=True), "/DuplexFlipLongEdge"),
        (dict(star_on_back=True, per_page=2), "/DuplexFlipShortEdge"),  # landscape pages
        (dict(star_on_back=True, per_page=4, extras="all"), "/DuplexFlipLongEdge"),
        (dict(large_print=True, extras="invitation,host-checklist"), "/DuplexFlipLongEdge"),
    ],
)
def test_in_a_duplex_pack_every_document_begins_on_a_front(options, sheets_flip):
    pack = _pack(**options)
    sheets = pack.documents["score-sheets.pdf"]
    assert flip(sheets) == flip(pack.pack_pdf) == sheets_flip
    with pikepdf.open(io.BytesIO(sheets)) as doc:
        landscape = {float(p.mediabox[2]) > float(p.mediabox[3]) for p in doc.pages}
    assert landscape == {sheets_flip == "/DuplexFlipShortEdge"}
    assert all(
        flip(pdf) is None for name, pdf in pack.documents.items() if name != "score-sheets.pdf"
    )
    found = starts(pack)
    assert found[0] == ("Score sheets", 1) and ("Tally pads", found[1][1]) == found[1]
    assert all(page % 2 == 1 for _, page in found), found  # each on a front
    counts = [len(pikepdf.open(io.BytesIO(pdf)).pages) for pdf in pack.documents.values()]
    with pikepdf.open(io.BytesIO(pack.pack_pdf)) as doc:
        assert len(doc.pages) == sum(c + c % 2 for c in counts[:-1]) + counts[-1] == pack.pages
        for (_, first), count in zip(found[:-1], counts[:-1], strict=True):
            if count % 2:  # the back left blank: paper only, the size of the page before it
                blank, before = doc.pages[first - 1 + count], doc.pages[first - 2 + count]
                assert "/Contents" not in blank.obj and "/Annots" not in blank.obj
                assert list(blank.mediabox) == list(before.mediabox)
    assert any(count % 2 for count in counts)  # a blank back was needed somewhere


def test_a_single_sided_pack_has_no_blank_pages_and_asks_for_no_duplex(shop_pack):
    assert flip(shop_pack.pack_pdf) is None
    counts = [len(pikepdf.open(io.BytesIO(pdf)).pages) for pdf in shop_pack.documents.values()]
    assert shop_pack.pages == sum(counts)
    found = starts(shop_pack)
    assert [title for title, _ in found][:2] == ["Score sheets", "Tally pads"]
    assert [page for _, page in found] == [1 + sum(counts[:k]) for k in range(len(counts))]


def test_the_same_pack_twice_is_the_same_bytes(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(EPOCH))
    args = ["pack", "--players", "9", "--seed", "3", "--date", "2026-12-04", "--engine-url"]
    args += [ENGINE, "--star-on-back", "--editable", "--extras", "all", "--author", "Jo"]
    digests = []
    for out in ("a", "b"):
        result = CliRunner().invoke(app, [*args, "--out", str(tmp_path / out)])
        assert result.exit_code == 0, result.stderr
        digests.append(
            {
                path.name: hashlib.sha256(path.read_bytes()).hexdigest()
                for path in sorted((tmp_path / out).glob("*.pdf"))
            }
        )
    assert digests[0] == digests[1] and len(digests[0]) == 11  # no seat cards: stars on backs
    when = datetime.fromtimestamp(EPOCH, UTC)
    assert described((tmp_path / "a" / "pack.pdf").read_bytes())["info"]["/CreationDate"] == (
        when.strftime("D:%Y%m%d%H%M%S+00'00'")
    )
