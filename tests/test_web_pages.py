"""The players' pages as phones meet them, in process (Starlette's TestClient over the app that
`serve` runs): a sheet's form and its answers, a table's, forged links, cross-site posts,
bounded bodies, whatever a stranger posts, phones posting at once, the headers on every answer
and a bug's one line. (tests/test_serve.py and test_serve_process.py keep what needs a real
process: start-up, kill -9, signals, the browser.)"""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bunco_print.cli import code
from bunco_print.engine import bounds
from bunco_print.nights import live, settle
from bunco_print.signing import keys, links
from tests.serving import Engine


def made(*args: str) -> None:
    """A folder made in this process (no second interpreter to start)."""
    assert code(list(args)) in (0, 1), args


def night_folder(folder: Path, players: int = 13, seed: int = 7) -> Path:
    """A simulated night's folder with the `event.secret` a pack keeps (its links then do not
    depend on this machine's key)."""
    made("simulate", "--players", str(players), "--seed", str(seed), "--out", str(folder))
    event = json.loads((folder / "event.json").read_text())["event_id"]
    (folder / "event.secret").write_text(keys.event_secret(event) + "\n")
    return folder


def link(engine: Engine, folder: Path, sheet: str) -> str:
    """What the sheet's QR code holds."""
    event = json.loads((folder / "event.json").read_text())["event_id"]
    secret = (folder / "event.secret").read_text().strip()
    return links.sheet_url(engine.base, secret, event, sheet)


@pytest.fixture(scope="module")
def pack(tmp_path_factory, _session_config):
    return night_folder(tmp_path_factory.mktemp("web") / "night")


@pytest.fixture(scope="module")
def engine(pack, database):
    with Engine([pack], database=database) as running:
        yield running


def test_a_sheet_link_opens_its_form_and_a_form_post_records_it(engine, pack):
    url = link(engine, pack, "4")
    status, headers, page = engine.request(url)
    assert status == 200
    text = page.decode()
    assert "Sheet 4" in text and 'name="wins"' in text and 'name="buncos"' in text
    assert 'name="traveler"' in text  # classic has the fuzzy die
    assert headers["Referrer-Policy"] == "same-origin"  # the `k` never goes to another site
    values = {"wins": "13", "losses": "11", "buncos": "1", "traveler": "1", "name": "Ann"}
    status, answer, _ = engine.request(url, values, {"Origin": engine.base})
    assert status == 303  # a reload of the page it leads to never posts again
    status, _, page = engine.request(engine.base + answer["Location"])
    text = page.decode()
    assert status == 200 and "Recorded" in text and "13 wins" in text
    assert "of 13 sheets in" in text
    assert "4,Ann,13,11,1,1" in engine.host_file("totals.csv").decode()
    assert "sheet 4 entered via sheet 4 (1 of 13 in)" in engine.lines[-1]


def test_the_form_carries_the_bounds_the_engine_holds_it_to(engine, pack):
    night = next(iter(engine.events.values())).night
    page = engine.request(link(engine, pack, "3"))[2].decode()
    form = re.search(r'<form class="card entry"[^>]*>', page).group(0)
    assert f'data-total="{night.rounds}"' in form and 'data-adds-up="wins losses"' in form
    high = bounds.sheet_high("classic", "buncos", night.rounds, len(night.sheets))
    buncos = re.search(r'<input id="f-buncos"[^>]*>', page, re.S).group(0)
    assert f'max="{night.rounds}"' in buncos and f'data-likely-max="{high}"' in buncos
    assert f'maxlength="{live.MAX_NAME}"' in page
    # the page's hint and the engine agree: one over the likely most is warned of, the most not
    rounds = night.rounds
    for buncos, warned in ((high, False), (high + 1, True)):
        entry = live.read_entry(night, "3", {"wins": 12, "losses": rounds - 12, "buncos": buncos})
        assert bool(live.check_entry(night, entry)[1]) is warned


def test_json_body_gets_a_json_answer_and_bad_values_name_their_field(engine, pack):
    url = link(engine, pack, "5")
    status, answer = engine.post_json(url, {"wins": 10, "losses": 14, "buncos": 0})
    assert status == 200
    assert answer["recorded"] is True and answer["sheet"] == "5"
    assert answer["entry"]["wins"] == 10 and answer["progress"]["of"] == 13
    for bad, field in [
        ({"wins": 25, "losses": 0, "buncos": 0}, "wins"),
        ({"wins": -1, "losses": 0, "buncos": 0}, "wins"),
        ({"wins": "7.5", "losses": 0, "buncos": 0}, "wins"),
        ({"wins": 1, "losses": 23}, "buncos"),
        ({"wins": 1, "losses": 23, "buncos": True}, "buncos"),
        ({"wins": 1, "losses": 23, "buncos": 0, "name": "x" * 61}, "name"),
        ({"wins": 1, "losses": 23, "buncos": 0, "name": "a\u202eb"}, "name"),
    ]:
        status, answer = engine.post_json(url, bad)
        assert status == 400 and answer["field"] == field, (bad, answer)
    assert "5,,10,14,0" in engine.host_file("totals.csv").decode()


def test_a_sheet_that_does_not_add_up_is_checked_before_it_is_kept(engine, pack):
    url = link(engine, pack, "6")
    status, _, page = engine.request(url, {"wins": "10", "losses": "10", "buncos": "0"})
    assert status == 200
    assert "Please check before you send" in page.decode() and "24 rounds" in page.decode()
    assert "\n6," not in engine.host_file("totals.csv").decode()
    shown = re.search(r'name="confirm" value="([^"]+)"', page.decode()).group(1)
    # the check page's "send it as written" holds for the values it showed, no others
    values = {"wins": "17", "losses": "9", "buncos": "0", "confirm": shown}
    status, _, page = engine.request(url, values)
    assert status == 200 and "Please check before you send" in page.decode()
    assert "\n6," not in engine.host_file("totals.csv").decode()
    values = {"wins": "10", "losses": "10", "buncos": "0", "confirm": shown}
    assert engine.request(url, values)[0] == 303
    assert "\n6,,10,10,0" in engine.host_file("totals.csv").decode()
    values = {"wins": "10", "losses": "9", "buncos": "0", "confirm": "1"}  # a script's
    assert engine.request(url, values)[0] == 303
    assert "\n6,,10,9,0" in engine.host_file("totals.csv").decode()


def test_forged_and_unknown_links_get_a_friendly_page_and_store_nothing(engine, pack):
    before = engine.host_file("totals.csv")
    good = link(engine, pack, "7")
    other = link(engine, pack, "8")
    forged = [
        good.replace(good.split("k=")[1], other.split("k=")[1]),  # sheet 8's k on sheet 7
        good[:-1] + ("A" if good[-1] != "A" else "B"),
        good.split("?")[0],
        good + "x",
        engine.host.replace("/host?", "/s/7?"),  # the host's k on a sheet
    ]
    for url in forged:
        status, _, page = engine.request(url, {"wins": "12", "losses": "12", "buncos": "0"})
        assert status == 403, url
        assert "Scan the code" in page.decode()
    k_of_sheet = good.split("k=")[1]
    host_with_sheet_k = engine.host.split("k=")[0] + "k=" + k_of_sheet
    assert engine.request(host_with_sheet_k)[0] == 403
    assert engine.request(engine.host.replace("/host?", "/host/results.json?") + "x")[0] == 403
    assert engine.request(good.replace("/s/7?", "/s/99?"))[0] == 404
    event = good.split("/e/")[1].split("/")[0]
    assert engine.request(good.replace(event, "20260101-classic-4-000000"))[0] == 404
    assert engine.request(engine.base + "/nothing/here")[0] == 404
    assert engine.host_file("totals.csv") == before


def test_posts_from_another_site_are_refused(engine, pack):
    url = link(engine, pack, "9")
    values = {"wins": "12", "losses": "12", "buncos": "0"}
    for headers in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://sub.example"},
        {"Sec-Fetch-Site": "cross-site", "Origin": engine.base},
    ):
        status, _, _page = engine.request(url, values, headers)
        assert status == 403, headers
    lock = engine.host.replace("/host?", "/host/lock?")
    assert engine.request(lock, {"locked": "1"}, {"Origin": "http://evil.example"})[0] == 403
    assert "\n9," not in engine.host_file("totals.csv").decode()
    same = {"Origin": engine.base, "Sec-Fetch-Site": "same-origin"}
    assert engine.request(url, values, same)[0] == 303


def test_bodies_are_bounded(engine, pack):
    url = link(engine, pack, "10")
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    assert engine.request(url, b"wins=" + b"1" * 20000, form)[0] == 413
    assert engine.request(url, b"<xml/>", {"Content-Type": "application/xml"})[0] == 415
    assert engine.post_json(url, [1, 2, 3])[0] == 400


def test_a_table_link_shows_progress_and_enters_sheets_for_players_without_a_phone(engine, pack):
    table = link(engine, pack, "T2")
    status, _, page = engine.request(table)
    assert status == 200
    text = page.decode()
    assert "Table 2" in text and "sheets in" in text and 'name="sheet"' in text
    values = {"sheet": "11", "wins": "12", "losses": "12", "buncos": "2"}
    status, answer, _ = engine.request(table, values)
    assert status == 303
    page = engine.request(engine.base + answer["Location"])[2].decode()
    assert "Recorded Sheet 11" in page and "12 wins · 12 losses · 2 Buncos" in page
    assert 'name="wins"' not in page  # the form starts again from the choice of a sheet
    status, _, page = engine.request(engine.host)
    row = re.search(r'id="sheet-11">(.*?)</tr>', page.decode(), re.S).group(1)
    assert "table 2" in row
    bad = {"sheet": "99", "wins": "12", "losses": "12", "buncos": "0"}
    status, _, page = engine.request(table, bad)
    assert status == 400 and "Choose the sheet" in page.decode()


def test_every_answer_carries_the_security_headers_and_a_bug_is_one_line(engine, pack):
    for url in (link(engine, pack, "1"), engine.base + "/nothing", engine.base + "/_/app.css"):
        headers = engine.request(url)[1]
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"], url
        assert headers["X-Content-Type-Options"] == "nosniff"
    art = engine.request(link(engine, pack, "1").split("/s/")[0] + "/art/dice.svg")[1]
    assert art["Content-Security-Policy"].startswith("default-src 'none'; style-src")
    event = next(iter(engine.events.values()))
    broken = event.so_far
    event.so_far = lambda max_age=0.0: 1 / 0  # a bug while the night is settled
    try:
        status, headers, page = engine.request(engine.host.replace("/host?", "/host/results.json?"))
    finally:
        event.so_far = broken
    assert status == 500 and "Something went wrong" in page.decode()
    assert headers["Referrer-Policy"] == "same-origin"
    where = f"/e/{event.id}/host/results.json"
    assert engine.lines[-1] == f"error: ZeroDivisionError answering GET {where}"
    assert b"Traceback" not in page


def test_a_slow_settle_does_not_stall_the_phones(engine, pack):
    """The host's results settle the night in a thread: a phone's page answers meanwhile."""
    event = next(iter(engine.events.values()))
    quick, started = event.so_far, threading.Event()

    def slow(max_age=0.0):
        if not started.is_set():
            started.set()
            time.sleep(1.0)
        return quick(max_age)

    event.so_far = slow
    try:
        with ThreadPoolExecutor(1) as pool:
            results = engine.host.replace("/host?", "/host/results.json?")
            dashboard = pool.submit(engine.request, results)
            assert started.wait(5)
            began = time.perf_counter()
            assert engine.request(engine.base + "/_/app.js")[0] == 200
            waited = time.perf_counter() - began
            assert dashboard.result()[0] == 200
    finally:
        event.so_far = quick
    assert waited < 0.5, waited


def test_phones_posting_at_once_lose_nothing_and_the_history_keeps_every_write(engine, pack):
    sheets = ["1", "2", "3"]
    posts = [(sheets[n % 3], n) for n in range(45)]

    def send(job):
        sheet, n = job
        values = {"wins": n % 25, "losses": 24 - n % 25, "buncos": 0, "name": f"try {n}"}
        return sheet, n, engine.post_json(link(engine, pack, sheet), values)[0]

    with ThreadPoolExecutor(15) as pool:
        answers = list(pool.map(send, posts))
    assert all(status == 200 for _, _, status in answers)
    for sheet in sheets:
        page = engine.request(engine.host.replace("/host?", f"/host/sheet/{sheet}?"))[2].decode()
        kept = set(re.findall(r"try (\d+)</td>", page))
        mine = {str(n) for s, n in posts if s == sheet}
        assert mine <= kept  # every acknowledged write is in the sheet's history
    csv = engine.host_file("totals.csv").decode()
    for sheet in sheets:
        assert re.search(rf"^{sheet},try \d+,", csv, re.M)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.one_of(
        st.binary(max_size=300),
        st.dictionaries(st.text(max_size=12), st.text(max_size=40), max_size=8).map(
            lambda d: urllib.parse.urlencode(d).encode()
        ),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(st.text(max_size=8), inner, max_size=4)
            ),
            max_leaves=12,
        ).map(lambda v: json.dumps(v).encode()),
    ),
    kind=st.sampled_from(
        ["application/json", "application/x-www-form-urlencoded", "text/plain", ""]
    ),
    table=st.booleans(),
)
def test_whatever_a_stranger_posts_gets_a_page_never_a_crash(engine, pack, body, kind, table):
    url = link(engine, pack, "T3" if table else "13")
    headers = {"Content-Type": kind} if kind else {}
    status, _, page = engine.request(url, body, headers)
    assert status in (200, 400, 409, 413, 415), (status, body)
    assert b"Traceback" not in page and b"Something went wrong" not in page


def test_the_night_as_it_stands_is_what_settle_gives_for_the_downloaded_totals(engine, pack):
    """The entries reach the engine as its own value; the download is the same night."""
    for sheet, wins in (("1", 13), ("2", 11)):  # whatever else this module posted before
        values = {"wins": wins, "losses": 24 - wins, "buncos": 1, "name": f"Player {sheet}"}
        assert engine.post_json(link(engine, pack, sheet), values)[0] == 200
    event = next(iter(engine.events.values()))
    now = event.so_far()
    assert len(now.totals.sheets) >= 2
    night = settle.load_night((pack / "event.json").read_bytes())
    again = settle.validate_night(night, now.totals_csv(), live.TOTALS_NAME)
    assert again.totals == now.totals and again.errors == now.validation.errors
