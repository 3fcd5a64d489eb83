"""Shop packs with live scoring, in process (the app `serve --database` runs, on SQLite and on
PostgreSQL): a host card starts a night of its own with a join code; a sheet's code asks for
it once, then leads to that night's own signed link; another buyer's night, another pack's
code, an expired code and a stranger's guesses open nothing. (tests/test_serve_join.py plays
it end to end in chromium from a real catalogue.)"""

from __future__ import annotations

import re
import time

import pytest
import sqlalchemy as sa

from bunco_print import catalogue
from bunco_print.edges.store import joins, schema
from bunco_print.errors import InputError
from bunco_print.web.views import join
from tests.serving import Engine

PACK = "/j/december/classic/8"


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request, tmp_path):
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'nights.sqlite'}"
    else:
        url = request.getfixturevalue("postgres").new_database()
    with Engine([], database=url) as running:
        yield running


def form(engine: Engine, path: str, fields: dict, address: str = "") -> tuple:
    headers = {"Origin": engine.base}
    return engine.request(path, fields, headers)


def started(engine: Engine) -> tuple[str, str]:
    """A host starts a night from the card: her dashboard's link and the join code it shows."""
    status, headers, _ = form(engine, f"{PACK}/host", {})
    assert status == 303
    host = headers["location"]
    page = engine.request(host)[2].decode()
    return host, re.search(r"data-join-code>([A-Z]{6})<", page).group(1)


def joined(engine: Engine, sheet: str, code: str) -> str:
    status, headers, body = form(engine, f"{PACK}/s/{sheet}", {"code": code})
    assert status == 303, body
    return headers["location"]


def test_each_buyers_night_is_its_own_and_a_code_is_typed_once(engine):
    first_host, first = started(engine)
    second_host, second = started(engine)
    assert first != second and first_host.split("/")[2] != second_host.split("/")[2]
    status, _, page = engine.request(f"{PACK}/s/3")
    assert status == 200 and b"Join code" in page  # no code yet: asked for it
    ann = joined(engine, "3", first.lower())  # typed in any case
    assert ann.startswith(first_host.split("/host")[0] + "/s/3?k=")
    # the code is remembered for the pack's other codes: straight to sheet 5 of her night
    status, headers, _ = engine.request(f"{PACK}/s/5")
    assert status == 303 and headers["location"].startswith(ann.split("/s/")[0] + "/s/5?k=")
    assert engine.post_json(ann, {"wins": 14, "losses": 10, "buncos": 1, "name": "Ann"})[0] == 200
    engine.client.cookies.clear()  # another phone, of the other buyer's night
    cy = joined(engine, "3", second)
    assert engine.post_json(cy, {"wins": 9, "losses": 15, "buncos": 0, "name": "Cy"})[0] == 200
    first_page = engine.request(first_host)[2].decode()
    second_page = engine.request(second_host)[2].decode()

    def shows(page: str, name: str) -> bool:  # as a word: a random token may hold "Cy"
        return re.search(rf"(?<![\w-]){name}(?![\w-])", page) is not None

    assert shows(first_page, "Ann") and not shows(first_page, "Cy")
    assert shows(second_page, "Cy") and not shows(second_page, "Ann")
    # one night's signed link opens nothing of the other's
    other = cy.split("?k=")[0] + "?k=" + ann.split("?k=")[1]
    assert engine.request(other)[0] == 403


def test_another_packs_code_an_expired_code_and_nonsense_open_nothing(engine):
    _, code = started(engine)
    status, _, page = form(engine, "/j/december/classic/12/s/3", {"code": code})
    assert status == 400 and b"No night here has that code" in page  # another pack's
    with engine.database.write() as conn:
        conn.execute(sa.update(schema.joins).values(expires=time.time() - 1))
    assert form(engine, f"{PACK}/s/3", {"code": code})[0] == 400
    for path in (
        "/j/December/classic/8/s/1",
        "/j/december/nope/8/s/1",
        "/j/december/classic/3/s/1",
        "/j/december/classic/8/s/9",
        "/j/december/classic/8/s/T3",
        "/j/x/classic/0400/s/1",
    ):
        assert engine.request(path)[0] == 404, path  # fmt: skip


def test_guessing_is_rate_limited_and_forms_come_from_the_engines_own_pages(engine):
    _, code = started(engine)
    for n in range(join.GUESSES):
        assert form(engine, f"{PACK}/s/1", {"code": f"QQQQQ{'ABCDEFGHJK'[n]}"})[0] == 400
    status, _, page = form(engine, f"{PACK}/s/1", {"code": code})  # even the right one, now
    assert status == 429 and b"Too many wrong codes" in page
    headers = {"Origin": "https://elsewhere.example", "Sec-Fetch-Site": "cross-site"}
    assert engine.request(f"{PACK}/host", {}, headers)[0] == 403
    assert engine.request(f"{PACK}/s/2", {"code": code}, headers)[0] == 403
    assert joins.count(engine.database, "start:testclient", join.START_WINDOW, add=0) == 1


def test_a_folder_engine_has_no_join_pages(tmp_path):
    from tests.test_web_pages import night_folder

    with Engine([night_folder(tmp_path / "night", players=8)]) as engine:
        assert engine.request(f"{PACK}/host")[0] == 404
        assert engine.request(f"{PACK}/s/1")[0] == 404


@pytest.mark.parametrize(
    ("settings", "said"),
    [
        ({"qr": True, "qr_join": "https://scores.example"}, "--qr signs codes for one night"),
        ({"qr_join": "ftp://scores.example"}, "--qr-join must look like https://host"),
        ({"qr_join": "https://" + "s" * 50 + ".example"}, "the QR codes hold one of at most"),
    ],
)
def test_a_catalogue_qr_join_url_it_cannot_print_is_one_line(settings, said):
    names = {"qr": "--qr", "qr_join": "--qr-join"}
    with pytest.raises(InputError) as caught:
        catalogue.make_plan({"themes": ["december"], "players": [8], **settings}, names)
    assert said in str(caught.value) and "\n" not in str(caught.value)


def test_a_host_gives_the_buy_in_when_she_starts_and_the_prizes_get_amounts(engine):
    """A shop pack prints no amounts; its host types tonight's buy-in on the card's page."""
    status, headers, _ = form(engine, f"{PACK}/host", {"buy_in": "5", "currency": "€"})
    assert status == 303
    page = engine.request(headers["location"])[2].decode()
    assert "€14" in page and "€10" in page  # the first prizes of 8 players x €5
    status, _, page = form(engine, f"{PACK}/host", {"buy_in": "five"})
    assert status == 400 and b"The buy-in is a whole number" in page
    status, _, page = form(engine, f"{PACK}/host", {"buy_in": "9999999"})
    assert status == 400 and b"The buy-in is at most 1,000,000." in page
    blank_host, _ = started(engine)  # left blank: each prize's share, no amount
    assert "€" not in engine.request(blank_host)[2].decode()
