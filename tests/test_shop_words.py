"""A shop's words and the shop as a whole, as a seller checks them: 13 tags of at most 20
characters naming the theme, a title with the theme's whole name, each theme's own words, the
words catalogue.toml gives one listing, listings.csv over several runs, and a run refused
before it makes a single pack.

Plan-level checks need no PDFs: make_plan and catalogue/text.py work without laying out."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bunco_print.catalogue import make, make_plan, read_config, text
from bunco_print.cli import app
from bunco_print.errors import InputError
from bunco_print.theming import themes
from bunco_print.workshop import checks
from bunco_print.workshop.new import new_theme

SHIPPED = themes.available()
HOLIDAYS = {"december": "christmas", "october": "halloween", "february": "valentine"}


def own_theme(folder: Path, title: str) -> str:
    folder.mkdir()
    (folder / "theme.toml").write_text(f'title = "{title}"\nextends = "classic"\n')
    return str(folder)


def words(**settings) -> dict[str, tuple[str, list[str], str]]:
    """Each listing's (title, tags, description) for a catalogue of `settings`."""
    plan = make_plan({"players": [8, 12], **settings}, {})
    return {
        listing.name: (
            text.title(plan, listing),
            text.tags(plan, listing),
            text.description(plan, listing, ["x-letter.zip"], ["score-sheets.pdf"]),
        )
        for listing in plan.listings
    }


@pytest.mark.parametrize("editable", [False, True])
def test_every_shipped_listing_has_13_short_tags_one_naming_its_theme(editable):
    for name, (title, tags, _description) in words(editable=editable).items():
        theme = themes.load(name)
        assert len(tags) == 13, (name, tags)
        assert all(len(tag) <= 20 for tag in tags), (name, tags)
        assert len({tag.lower() for tag in tags}) == 13, (name, tags)
        assert any(text.theme_name(theme).lower() in tag for tag in tags), (name, tags)
        assert ("editable pdf" in tags) is editable
        if theme.title.endswith(" Bunco"):  # all but classic's "Bunco Night"
            assert title.startswith(theme.title), (name, title)


def test_a_holiday_month_is_searched_by_its_holiday():
    listed = words()
    for month, holiday in HOLIDAYS.items():
        assert f"{holiday} bunco" in listed[month][1]
    assert "christmas" not in " ".join(listed["october"][1])
    assert "halloween" not in " ".join(listed["december"][1])


def test_the_garden_party_keeps_its_whole_name():
    title, tags, _description = words(themes=["may"])["may"]
    assert title.startswith("Garden Party Bunco Printable Pack")
    assert "garden party bunco" in tags


def test_each_theme_opens_its_description_with_its_own_words():
    listed = words(themes=["december", "october"])
    assert listed["december"][2].startswith("December Bunco for the holiday party")
    assert listed["october"][2].startswith("Spooky Bunco for Halloween")
    assert "winter" not in listed["october"][2].lower()


def test_a_long_theme_name_is_shortened_never_dropped(tmp_path):
    galentine = own_theme(tmp_path / "galentine", "Galentine's Day Bunco")
    sweater = own_theme(tmp_path / "sweater", "Ugly Sweater Christmas Bunco Night")
    seller = [f"seller tag {n}" for n in range(13)]  # 13 of the seller's own, for every listing
    listed = words(themes=[galentine, sweater], tags=seller)
    title, tags, _description = listed["galentine"]
    assert title.startswith("Galentine's Day Bunco Printable Pack")
    assert tags[:12] == seller[:12] and "galentine's day" in tags and len(tags) == 13
    title, tags, _description = listed["sweater"]
    assert title.startswith("Ugly Sweater Christmas Bunco Printable Pack")
    assert "ugly sweater bunco" in tags and all(len(tag) <= 20 for tag in tags)
    assert make.file_stem(themes.load(galentine)) == "galentines-day-bunco"


def test_the_readme_names_the_zips_as_a_catalogue_names_them():
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    october = make.zip_names(make.file_stem(themes.load("october")), "letter", [[]])[0]
    assert october == "spooky-bunco-letter.zip"
    assert f"`{october}` for october" in readme


def test_catalogue_toml_words_one_listing_without_touching_the_others(tmp_path):
    config = tmp_path / "catalogue.toml"
    config.write_text(
        'themes = ["december", "october"]\n'
        'tags = ["roll call paper"]\n'
        "[listings.december]\n"
        'tags = ["ugly sweater party"]\n'
        'intro = "Our cosiest winter night."\n'
        "[listings.june]\n"  # a shipped theme this run does not make: kept for another run
        'intro = "Sun."\n',
        encoding="utf-8",
    )
    settings, _where = read_config(config)
    plan = make_plan(settings, {})
    december, october = plan.listings
    assert text.tags(plan, december)[:3] == [
        "ugly sweater party",
        "roll call paper",
        "december bunco",
    ]
    assert text.description(plan, december, [], []).startswith("Our cosiest winter night.")
    assert "ugly sweater party" not in text.tags(plan, october)
    assert text.description(plan, october, [], []).startswith("Spooky Bunco for Halloween")


def test_a_listings_own_words_change_only_its_own_digest():
    from bunco_print.catalogue.plan import input_digest

    def digests(**settings):
        plan = make_plan({"themes": ["december", "october"], "players": [8], **settings}, {})
        return [input_digest(plan, listing) for listing in plan.listings]

    before = digests()
    after = digests(listings={"december": {"intro": "Snow."}})
    assert after[0] != before[0] and after[1] == before[1]


def test_a_themes_listing_words_are_checked_at_load(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "theme.toml").write_text(
        'extends = "classic"\n[listing]\ntags = ["a tag far longer than twenty"]\n'
    )
    with pytest.raises(InputError, match=r"theme .*theme.toml: \[listing\] tags item 1 must be"):
        themes.load(folder)


def test_themes_check_warns_of_the_description_themes_new_wrote(tmp_path):
    folder = new_theme(tmp_path / "mine")
    report = checks.check(themes.load(folder))
    assert report.ok and len(report.warnings) == 1
    assert "description is still the one `themes new` wrote" in report.warnings[0]
    toml = folder / "theme.toml"
    toml.write_text(
        toml.read_text().replace("Our own colours and art", "Teal waves"), encoding="utf-8"
    )
    assert checks.check(themes.load(folder)).warnings == ()
    assert all(checks.check(themes.load(name)).warnings == () for name in SHIPPED)


# --- the shop as a whole: a real run, of one small pack ----------------------------------------


SMALL = ["--players", "4", "--paper", "letter", "--extras", "none", "--jobs", "1"]


def run(*args: str):
    """`catalogue` of one small pack a listing, in this process (refusals are then visible)."""
    return CliRunner().invoke(app, ["catalogue", *SMALL, *args])


@pytest.fixture
def seller(tmp_path, monkeypatch) -> Path:
    """A seller's machine: the catalogue is made in tmp_path, her config folder beside it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("BUNCO_SIGNING_KEY", raising=False)
    return tmp_path / "config"


def test_listings_csv_lists_the_whole_shop_after_two_runs(tmp_path, seller, monkeypatch):
    # the packs are real; the gallery (drawn, and tested in test_catalogue.py) is not the point
    pictures = {name: b"a picture" for name in make.IMAGE_NAMES}
    monkeypatch.setattr(make, "listing_images", lambda *args: pictures)
    first = run("--themes", "december", "--out", "shop")
    assert first.exit_code == 0, first.output
    assert "1 listing made (1 pack)" in first.stdout
    second = run("--themes", "october", "--out", "shop")
    assert second.exit_code == 0, second.output
    rows = list(csv.DictReader(io.StringIO((tmp_path / "shop/listings.csv").read_text())))
    assert [row["listing"] for row in rows] == ["october", "december"]
    for row in rows:
        listing = json.loads((tmp_path / "shop" / row["listing"] / "listing.json").read_text())
        assert row["title"] == listing["title"] and row["tags"].split(", ") == listing["tags"]
    assert sorted(p.name for p in (tmp_path / "shop/october").glob("*.zip")) == [
        "spooky-bunco-letter.zip"
    ]
    # no QR codes asked for: nothing signed, so no signing key was made
    assert not seller.exists() or not any(seller.rglob("*"))


@pytest.fixture
def no_packs(monkeypatch):
    """A run that reached the packs would fail this test: refusals come before any work."""

    def refused(*args, **kwargs):
        raise AssertionError("a pack was made before the run was refused")

    monkeypatch.setattr(make, "run_task", refused)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--out", "a-file/shop"], "cannot write a-file/shop: "),
        (["--out", "a-file"], "a-file exists and is not a folder"),
        (
            ["--players", "4,5,6,7,8,9,10,11", "--paper", "letter,a4", "--per-page", "1,2"],
            "8 player counts x 2 papers x 2 per-page choices x 1 ruleset make 32 packs",
        ),
    ],
)
def test_a_bad_out_or_an_over_limit_plan_is_refused_before_any_pack(
    tmp_path, seller, no_packs, args, said
):
    (tmp_path / "a-file").write_text("mine")
    result = run("--themes", "december", *args)
    assert result.exit_code == 2, result.output
    assert said in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]
    assert (tmp_path / "a-file").read_text() == "mine"


def test_themes_check_says_the_warning_in_one_line_and_still_passes(tmp_path):
    folder = new_theme(tmp_path / "mine")
    result = CliRunner().invoke(app, ["themes", "check", str(folder)])
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("warning: mine: its description is still the one")
    assert len(result.stderr.strip().splitlines()) == 1
    assert "mine: ok" in result.stdout
