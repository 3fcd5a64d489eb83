"""`bunco-print catalogue` as a seller uses it: what a shop accepts, every pack asked for, the
same bytes twice, a re-run that skips, and one clear line for a bad option or config key.

One small catalogue (one theme, 4 and 8 players, both papers) is built once for the module."""

from __future__ import annotations

import csv
import fcntl
import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from typer.testing import CliRunner

from bunco_print.catalogue import make_plan, plan, text
from bunco_print.catalogue.make import zip_names
from bunco_print.cli import app
from bunco_print.edges import memory
from bunco_print.theming import themes

from .pdftools import page_sizes_in, page_texts

THEME = themes.available()[-1]
ASKED = ["--themes", THEME, "--players", "4,8", "--paper", "letter,a4", "--shop", "Dice & Co"]
EPOCH = {"SOURCE_DATE_EPOCH": "1796342400"}
SIZES = {"letter": (612, 792), "a4": (595, 842)}


def catalogue(*args: str, cwd: Path, home: Path) -> subprocess.CompletedProcess:
    """The command as the seller runs it, on one machine (its QR codes are signed with the
    key in the seller's config folder)."""
    env = {**os.environ, **EPOCH, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
    return subprocess.run(
        [sys.executable, "-m", "bunco_print", "catalogue", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


@pytest.fixture(scope="module")
def shared(tmp_path_factory) -> Path:
    """A folder all of this session's pytest-xdist workers see (else this process's own)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="module")
def seller(shared) -> Path:
    home = shared / "catalogue-seller"
    home.mkdir(exist_ok=True)
    return home


@pytest.fixture(scope="module")
def shop(shared, seller) -> Path:
    """Built once a session: the first worker to need it builds it, the others wait."""
    where = shared / "catalogue-shop"
    with open(shared / "catalogue-shop.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (where / "shop" / "listings.csv").exists():
            where.mkdir(exist_ok=True)
            result = catalogue(*ASKED, "--out", "shop", "--jobs", "2", cwd=where, home=seller)
            assert result.returncode == 0, result.stderr
    return where / "shop"


@pytest.fixture(scope="module")
def listing(shop) -> dict:
    return json.loads((shop / THEME / "listing.json").read_text(encoding="utf-8"))


def test_a_listing_fits_what_a_shop_accepts(shop, listing):
    folder = shop / THEME
    assert 1 <= len(listing["files"]) <= 5
    for name in listing["files"]:
        assert len(name) <= 70 and name.endswith(".zip")
        assert (folder / name).stat().st_size <= 20 * 1000 * 1000
    assert len(listing["images"]) >= 5
    accent = themes.load(THEME).colors["accent"]
    for name in listing["images"]:
        with Image.open(folder / name) as image:
            assert image.size == (2000, 2000)
            # framed in the theme's accent colour, so the gallery reads as one set
            red, green, blue = image.convert("RGB").getpixel((42, 1000))
            assert f"#{red:02x}{green:02x}{blue:02x}" == accent
    assert 0 < len(listing["title"]) <= 140
    assert themes.load(THEME).title.split()[0] in listing["title"]
    assert 1 <= len(listing["tags"]) <= 13
    assert all(0 < len(tag) <= 20 for tag in listing["tags"])
    assert len(set(listing["tags"])) == len(listing["tags"])
    words = listing["description"]
    for said in (
        "Score sheets",
        "Rules handout",
        "US Letter",
        "A4",
        "HOW TO PRINT",
        "Duplex",
        "Invitation",
        "Name tags",
        "Prize tags",
        "Host checklist",
        "Sign-in sheet",
    ):
        assert said in words


def test_every_pack_asked_for_is_in_the_zips_on_its_paper(shop, listing):
    asked = {(THEME, players, paper) for players in (4, 8) for paper in ("letter", "a4")}
    said = {(p["theme"], p["players"], p["paper"]) for p in listing["packs"]}
    assert said == asked
    held = {}
    for name in listing["files"]:
        with zipfile.ZipFile(shop / THEME / name) as archive:
            entries = archive.namelist()
            assert entries == sorted(entries)
            assert {info.date_time for info in archive.infolist()} == {(2026, 12, 4, 0, 0, 0)}
            for entry in entries:
                held[entry] = archive.read(entry)
    for pack in listing["packs"]:
        pdf = held[f"{pack['folder']}/pack.pdf"]
        assert page_sizes_in(pdf) == {SIZES[pack["paper"]]}
        sheets = page_texts(held[f"{pack['folder']}/score-sheets.pdf"])
        assert len(sheets) == pack["players"]  # one score sheet a player
        # a buyer has no scoring engine: no codes, and no words asking to scan one
        assert not any("Scan" in page for page in sheets)
        assert not any(
            "table code" in p for p in page_texts(held[f"{pack['folder']}/tally-pads.pdf"])
        )
        assert f"{pack['folder']}/rules-handout.pdf" in held
    assert not any(entry.endswith("event.secret") for entry in held)


def test_listings_csv_has_a_row_per_listing(shop, listing):
    rows = list(csv.DictReader(io.StringIO((shop / "listings.csv").read_text(encoding="utf-8"))))
    assert [row["listing"] for row in rows] == [THEME]
    assert rows[0]["title"] == listing["title"]
    assert rows[0]["tags"].split(", ") == listing["tags"]
    assert rows[0]["description"] == listing["description"]
    assert rows[0]["images"].split("; ") == [f"{THEME}/{name}" for name in listing["images"]]


def test_the_same_inputs_give_the_same_bytes_whatever_the_jobs(shop, seller, tmp_path):
    result = catalogue(*ASKED, "--out", "again", "--jobs", "1", cwd=tmp_path, home=seller)
    assert result.returncode == 0, result.stderr
    first = {p.relative_to(shop): p.read_bytes() for p in shop.rglob("*") if p.is_file()}
    again = tmp_path / "again"
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []


def test_a_re_run_with_nothing_changed_skips_the_listing(shop, seller):
    zips = sorted((shop / THEME).glob("*.zip"))
    before = [p.stat().st_mtime_ns for p in zips]
    result = catalogue(*ASKED, "--out", str(shop), cwd=shop.parent, home=seller)
    assert result.returncode == 0, result.stderr
    assert "0 listings made, 1 unchanged" in result.stdout
    assert f"unchanged, skipped: {THEME}" in result.stderr
    assert [p.stat().st_mtime_ns for p in zips] == before


def test_what_a_listing_is_made_from_changes_its_digest(monkeypatch):
    def digest(**settings):
        made = make_plan({"themes": [THEME], "players": [8], **settings}, {})
        return plan.input_digest(made, made.listings[0])

    before = digest()
    assert digest() == before
    assert digest(seed=2) != before
    assert digest(papers=["a4"]) != before
    monkeypatch.setattr(plan, "__version__", "99.0")
    assert digest() != before


def test_shop_packs_have_qr_codes_only_when_the_seller_asks():
    from bunco_print.catalogue import make

    for settings, codes in (({}, False), ({"qr": True}, True)):
        plan = make_plan({"themes": [THEME], "players": [8], **settings}, {})
        spec = plan.listings[0].packs[0]
        assert plan.qr is codes and make._request(plan, spec).qr is codes


def test_a_theme_folder_of_the_sellers_own_is_a_listing_named_after_it(tmp_path):
    folder = tmp_path / "june"
    folder.mkdir()
    (folder / "theme.toml").write_text('title = "June Bunco"\nextends = "classic"\n')
    made = make_plan({"themes": [str(folder), THEME]}, {})
    assert [(item.name, item.theme) for item in made.listings] == [
        ("june", str(folder)),
        (THEME, THEME),
    ]
    assert made.players == (8, 12, 16, 24) and made.papers == ("letter", "a4")


def test_long_words_are_cut_to_what_a_shop_takes(tmp_path):
    folder = tmp_path / "long"
    folder.mkdir()
    long_title = "Extraordinarily Sparkly Midwinter Candlelight Bunco Night"
    (folder / "theme.toml").write_text(f'title = "{long_title}"\nextends = "classic"\n')
    settings = {
        "themes": [str(folder)],
        "title": "{theme} Bunco Printable Party Pack, {players}, {papers}, by {shop} " * 2,
        "shop": "The Very Long Named Paper Goods Company Of Somewhere",
        "tags": ["winter bunco", "candlelight"],
    }
    made = make_plan(settings, {})
    listing = made.listings[0]
    title = text.title(made, listing)
    assert len(title) <= 140 and title.startswith("Extraordinarily Sparkly")
    tags = text.tags(made, listing)
    assert tags[:2] == ["winter bunco", "candlelight"]
    assert len(tags) <= 13 and all(len(tag) <= 20 for tag in tags)


def test_packs_too_big_for_one_zip_are_split_by_player_count():
    def parts(*counts):
        return [[plan.PackSpec(THEME, n, "a4") for n in part] for part in counts]

    assert zip_names("x-bunco", "a4", parts([8, 12])) == ["x-bunco-a4.zip"]
    assert zip_names("x-bunco", "a4", parts([12, 16], [8])) == [
        "x-bunco-a4-12-16-players.zip",
        "x-bunco-a4-8-players.zip",
    ]
    both = [[plan.PackSpec(THEME, 8, "a4", 1)], [plan.PackSpec(THEME, 8, "a4", 2)]]
    assert zip_names("x-bunco", "a4", both) == [
        "x-bunco-a4-part-1-of-2.zip",
        "x-bunco-a4-part-2-of-2.zip",
    ]


def test_a_worker_keeps_the_memory_it_frees_and_any_c_library_will_do(monkeypatch):
    set_to = []

    class Glibc:
        def mallopt(self, option: int, value: int) -> int:
            set_to.append((option, value))
            return 1

    monkeypatch.setattr(memory.ctypes, "CDLL", lambda name: Glibc())
    memory.keep_freed()
    assert dict(set_to) == {memory.M_MMAP_THRESHOLD: 32 << 20, memory.M_TRIM_THRESHOLD: 256 << 20}

    def missing(name: str):
        raise OSError(f"{name}: cannot open shared object file")

    monkeypatch.setattr(memory.ctypes, "CDLL", missing)  # another C library (musl, macOS)
    memory.keep_freed()  # left as it is, never an error


# --- bad input: one line, exit 2, nothing written -----------------------------------------------


@pytest.mark.parametrize(
    ("config", "said"),
    [
        ("players = [8, 2]\n", "catalogue.toml: players: player counts are whole numbers"),
        ('themes = ["nope"]\n', "catalogue.toml: themes: unknown theme 'nope'"),
        ('papers = ["legal"]\n', "catalogue.toml: papers: choose from letter, a4"),
        ("colour = 1\n", "catalogue.toml: colour is not a key a catalogue knows; known: themes,"),
        ('tags = ["a tag far longer than twenty"]\n', "catalogue.toml: tags: each tag"),
        ('title = "{theme} by {owner}"\n', "catalogue.toml: title: {owner} is not one of"),
        ("players = 8\n", "catalogue.toml: players must be a list"),
        ("players = [\n", "catalogue.toml: not valid TOML"),
        ('qr = "yes"\n', "catalogue.toml: qr must be true or false, not 'yes'"),
        ('extras = ["confetti"]\n', 'catalogue.toml: extras has no "confetti"; choose all'),
        ("extras = 3\n", 'catalogue.toml: extras must be "all", "none" or a list'),
        ('date = "20261204"\n', 'catalogue.toml: date must be YYYY-MM-DD, not "20261204"'),
        ('date = "2026-02-30"\n', 'catalogue.toml: date must be YYYY-MM-DD, not "2026-02-30"'),
        (
            "[listings.december]\ncolour = 1\n",
            "catalogue.toml: [listings.december] colour is not a key a listing knows; known: tags",
        ),
        ('[listings.nope]\nintro = "x"\n', "catalogue.toml: listings: 'nope' is no listing of"),
        (
            '[listings.october]\ntags = ["a tag far longer than twenty"]\n',
            "catalogue.toml: [listings.october] tags item 1 must be at most 20 characters",
        ),
    ],
)
def test_a_bad_config_key_is_one_line_naming_it(tmp_path, monkeypatch, config, said):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "catalogue.toml").write_text(config, encoding="utf-8")
    result = CliRunner().invoke(app, ["catalogue", "--config", "catalogue.toml", "--out", "shop"])
    assert result.exit_code == 2
    assert said in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "shop").exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--players", "8,many"], "--players: player counts are whole numbers"),
        (["--paper", "letter,letter"], "--paper names letter twice"),
        (["--themes", "nope"], "--themes: unknown theme 'nope'"),
        (["--per-page", "3"], "--per-page: choose from 1, 2, 4"),
        (["--jobs", "-1"], "--jobs must be 0"),
        (["--extras", "invitation,cake"], '--extras has no "cake"; choose all or any of'),
    ],
)
def test_a_bad_option_is_one_line_naming_it(tmp_path, monkeypatch, args, said):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["catalogue", *args, "--out", "shop"])
    assert result.exit_code == 2
    assert said in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "shop").exists()


def test_a_folder_of_the_users_is_refused_before_any_work(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    result = CliRunner().invoke(app, ["catalogue", "--themes", THEME, "--out", "mine"])
    assert result.exit_code == 2
    assert "holds no bunco-print catalogue" in result.stderr
    assert sorted(p.name for p in (tmp_path / "mine").iterdir()) == ["notes.txt"]


def test_packs_of_another_player_count_lay_out_only_what_the_count_changes(monkeypatch):
    from bunco_print.catalogue.backgrounds import SharedBackgrounds
    from bunco_print.printing.orders import pack_request
    from bunco_print.printing.pack import build_pack

    monkeypatch.setenv("BUNCO_PRINT_CACHE", "off")
    laid_out, handouts = [], {}
    with SharedBackgrounds() as shared:
        for players in (8, 16):
            order = dict(players=players, theme=THEME, seed=1, date="2026-12-04", qr=False)
            pack = build_pack(pack_request(order), lay_out=shared)
            assert len(page_texts(pack.documents["score-sheets.pdf"])) == players
            laid_out.append(shared.laid_out - sum(laid_out))
            handouts[players] = pack.documents["rules-handout.pdf"]
        # the second pack took its score sheets, the full pages of its tally pads and seat
        # cards, the markers and pieces from the first, and the layout of its rules handout's
        # two pages, whose words are the same: only their figures (the night's facts, the
        # movement) were drawn again. It laid out its prize sheet and the last pages of tally
        # pads and seat cards at most.
        assert laid_out[0] >= 7 and laid_out[1] <= 3 and shared.shared >= 5
        assert shared.drawn_again == 2
    # ... and the handout is the one a pack of 16 lays out for itself: the same pictures, the
    # same words, the same alt texts for a screen reader
    order = dict(players=16, theme=THEME, seed=1, date="2026-12-04", qr=False)
    with SharedBackgrounds() as alone:
        own = build_pack(pack_request(order), lay_out=alone).documents["rules-handout.pdf"]
    assert page_texts(handouts[16]) == page_texts(own)
    assert alt_texts(handouts[16]) == alt_texts(own) != alt_texts(handouts[8])
    assert any(alt.startswith("16 players, 4 tables") for alt in alt_texts(own))
    pages = zip(pdfium.PdfDocument(handouts[16]), pdfium.PdfDocument(own), strict=True)
    for drawn_again, laid in pages:
        a, b = (page.render(scale=60 / 72).to_pil().convert("L") for page in (drawn_again, laid))
        assert not ImageChops.difference(a, b).getbbox()


def alt_texts(pdf: bytes) -> list[str]:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return sorted(
            str(o.Alt) for o in doc.objects if isinstance(o, pikepdf.Dictionary) and "/Alt" in o
        )
