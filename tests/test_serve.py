"""`bunco-print serve` as phones and the host meet it: a real server process on loopback, its
links checked, its entries kept (through kill -9), its results the same as `prizes --json`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bunco_print.cli import code
from bunco_print.engine.simulate import simulate
from bunco_print.nights import settle
from bunco_print.signing import keys, links
from tests.serving import Server, post_form
from tests.serving import post_json as serving_post_json
from tests.serving import request as serving_request

SOURCE_DATE = {"SOURCE_DATE_EPOCH": "1796342400"}


def bunco(*args: str, env: dict | None = None, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bunco_print", *args],
        capture_output=True, text=True, env={**os.environ, **SOURCE_DATE, **(env or {})}, **kw,
    )  # fmt: skip


def serve(*folders: Path) -> Server:
    """`bunco-print serve FOLDERS --port 0`, running (tests/serving.py reads all it prints)."""
    running = Server(folders).start()
    running.host = running.host_url()
    return running


def request(url: str, data=None, headers: dict | None = None):
    """(status, headers, body bytes) of a GET, or of a POST of form fields (a dict) or bytes."""
    if isinstance(data, dict):
        return _raw(post_form(url, data, headers))
    return _raw(serving_request("GET" if data is None else "POST", url, data, headers))


def _raw(answer):
    status, head, body = answer
    return status, head, body if isinstance(body, bytes) else json.dumps(body).encode()


def post_json(url: str, values: dict, headers: dict | None = None):
    status, _head, answer = serving_post_json(url, values, headers)
    return status, answer


def made(*args: str) -> None:
    """A folder made in this process (no second interpreter to start): quicker tests."""
    assert code(list(args)) in (0, 1), args


@pytest.fixture(scope="module")
def pack(tmp_path_factory, _session_config):
    """A 13-player night's folder: a simulation's, with the `event.secret` a pack keeps (each
    test has a key of its own; the browser test decodes a printed pack's codes)."""
    folder = tmp_path_factory.mktemp("serve") / "night"
    made("simulate", "--players", "13", "--seed", "7", "--date", "2026-12-04", "--out", str(folder))
    event = json.loads((folder / "event.json").read_text())["event_id"]
    (folder / "event.secret").write_text(keys.event_secret(event) + "\n")
    return folder


@pytest.fixture(scope="module")
def server(pack):
    running = serve(pack)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def night(pack):
    return settle.load_night((pack / "event.json").read_bytes())


def link(server: Server, folder: Path, sheet: str) -> str:
    """What the sheet's QR code holds (a simulation's secret comes from this machine's key)."""
    event = json.loads((folder / "event.json").read_text())["event_id"]
    kept = folder / "event.secret"
    secret = kept.read_text().strip() if kept.exists() else keys.event_secret(event)
    return links.sheet_url(server.base, secret, event, sheet)


def host_file(server: Server, name: str) -> bytes:
    status, _, body = request(server.host.replace("/host?", f"/host/{name}?"))
    assert status == 200
    return body


def played(night) -> list[dict]:
    """Every sheet of a night played with virtual dice, as the phones would send them."""
    return [
        {"wins": s.wins, "losses": s.losses, "buncos": s.buncos, "traveler": s.traveler}
        for s in simulate(night, 3).totals.sheets
    ]


# --- the players' pages ------------------------------------------------------------------------


def test_a_sheet_link_opens_its_form_and_a_form_post_records_it(server, pack, night):
    url = link(server, pack, "4")
    status, headers, page = request(url)
    assert status == 200
    text = page.decode()
    assert "Sheet 4" in text and 'name="wins"' in text and 'name="buncos"' in text
    assert 'name="traveler"' in text  # classic has the fuzzy die
    assert headers["Referrer-Policy"] == "same-origin"  # the `k` never goes to another site
    values = {"wins": "13", "losses": "11", "buncos": "1", "traveler": "1", "name": "Ann"}
    status, _, page = request(url, values, {"Origin": server.base})
    assert status == 200
    text = page.decode()
    assert "Recorded" in text and "13 wins" in text and "of 13 sheets in" in text
    csv = host_file(server, "totals.csv").decode()
    assert "4,Ann,13,11,1,1" in csv


def test_json_body_gets_a_json_answer_and_bad_values_name_their_field(server, pack, night):
    url = link(server, pack, "5")
    status, answer = post_json(url, {"wins": 10, "losses": 14, "buncos": 0})
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
        status, answer = post_json(url, bad)
        assert status == 400 and answer["field"] == field, (bad, answer)
    assert "5,,10,14,0" in host_file(server, "totals.csv").decode()


def test_a_sheet_that_does_not_add_up_is_checked_before_it_is_kept(server, pack):
    url = link(server, pack, "6")
    status, _, page = request(url, {"wins": "10", "losses": "10", "buncos": "0"})
    assert status == 200
    assert "Please check before you send" in page.decode() and "24 rounds" in page.decode()
    assert "\n6," not in host_file(server, "totals.csv").decode()
    values = {"wins": "10", "losses": "10", "buncos": "0", "confirm": "1"}
    status, _, page = request(url, values)
    assert "Recorded" in page.decode()
    assert "\n6,,10,10,0" in host_file(server, "totals.csv").decode()


def test_forged_and_unknown_links_get_a_friendly_page_and_store_nothing(server, pack):
    before = host_file(server, "totals.csv")
    good = link(server, pack, "7")
    other = link(server, pack, "8")
    forged = [
        good.replace(good.split("k=")[1], other.split("k=")[1]),  # sheet 8's k on sheet 7
        good[:-1] + ("A" if good[-1] != "A" else "B"),
        good.split("?")[0],
        good + "x",
        server.host.replace("/host?", "/s/7?"),  # the host's k on a sheet
    ]
    for url in forged:
        status, _, page = request(url, {"wins": "12", "losses": "12", "buncos": "0"})
        assert status == 403, url
        assert "Scan the code" in page.decode()
    k_of_sheet = good.split("k=")[1]
    host_with_sheet_k = server.host.split("k=")[0] + "k=" + k_of_sheet
    assert request(host_with_sheet_k)[0] == 403
    assert request(server.host.replace("/host?", "/host/results.json?") + "x")[0] == 403
    assert request(good.replace("/s/7?", "/s/99?"))[0] == 404
    event = good.split("/e/")[1].split("/")[0]
    assert request(good.replace(event, "20260101-classic-4-000000"))[0] == 404
    assert request(server.base + "/nothing/here")[0] == 404
    assert host_file(server, "totals.csv") == before


def test_posts_from_another_site_are_refused(server, pack):
    url = link(server, pack, "9")
    values = {"wins": "12", "losses": "12", "buncos": "0"}
    for headers in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://sub.example"},
        {"Sec-Fetch-Site": "cross-site", "Origin": server.base},
    ):
        status, _, _page = request(url, values, headers)
        assert status == 403, headers
    lock = server.host.replace("/host?", "/host/lock?")
    assert request(lock, {"locked": "1"}, {"Origin": "http://evil.example"})[0] == 403
    assert "\n9," not in host_file(server, "totals.csv").decode()
    status, _, _ = request(url, values, {"Origin": server.base, "Sec-Fetch-Site": "same-origin"})
    assert status == 200


def test_bodies_are_bounded(server, pack):
    url = link(server, pack, "10")
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    status, _, _ = request(url, b"wins=" + b"1" * 20000, form)
    assert status == 413
    status, _, _ = request(url, b"<xml/>", {"Content-Type": "application/xml"})
    assert status == 415
    status, _answer = post_json(url, [1, 2, 3])  # type: ignore[arg-type]
    assert status == 400


def test_a_table_link_shows_progress_and_enters_sheets_for_players_without_a_phone(server, pack):
    table = link(server, pack, "T2")
    status, _, page = request(table)
    assert status == 200
    text = page.decode()
    assert "Table 2" in text and "sheets in" in text and 'name="sheet"' in text
    values = {"sheet": "11", "wins": "12", "losses": "12", "buncos": "2"}
    status, _, page = request(table, values)
    assert status == 200 and "Recorded Sheet 11" in page.decode()
    status, _, page = request(server.host)
    row = re.search(r'id="sheet-11">(.*?)</tr>', page.decode(), re.S).group(1)
    assert "table 2" in row
    status, _, page = request(table, {"sheet": "99", "wins": "12", "losses": "12", "buncos": "0"})
    assert status == 400 and "Choose the sheet" in page.decode()


def test_corrections_keep_their_history_and_the_host_sees_every_state(server, pack):
    url = link(server, pack, "12")
    post_json(url, {"wins": 14, "losses": 10, "buncos": 1})
    post_json(url, {"wins": 15, "losses": 9, "buncos": 1})
    status, _, page = request(server.host)
    assert status == 200
    text = page.decode()
    row = re.search(r'id="sheet-12">(.*?)</tr>', text, re.S).group(1)
    assert "corrected" in row and "15" in row
    assert re.search(r'id="sheet-13">.*?missing', text, re.S)
    edit = server.host.replace("/host?", "/host/sheet/12?")
    _, _, page = request(edit)
    history = page.decode()
    assert "14 10 1" in history and "15 9 1" in history and "sheet 12" in history
    status, answer, _ = request(edit, {"wins": "16", "losses": "8", "buncos": "1"})
    assert status == 303 and "/host?k=" in answer["Location"]  # back to the dashboard
    _status, _, page = request(edit)
    assert "host" in page.decode() and "16 8 1" in page.decode()


def test_a_locked_night_refuses_players_but_not_the_host(server, pack):
    lock = server.host.replace("/host?", "/host/lock?")
    url = link(server, pack, "13")
    try:
        assert request(lock, {"locked": "1"})[0] in (200, 303)
        status, answer = post_json(url, {"wins": 12, "losses": 12, "buncos": 0})
        assert status == 409 and "locked" in answer["error"]
        status, _, page = request(url)
        assert "The night is locked" in page.decode()
        edit = server.host.replace("/host?", "/host/sheet/13?")
        status, answer = post_json(edit, {"wins": 12, "losses": 12, "buncos": 0})
        assert status == 200 and answer["recorded"]
    finally:
        request(lock, {"locked": "0"})
    assert post_json(url, {"wins": 11, "losses": 13, "buncos": 0})[0] == 200


# --- results: the same as the command line ----------------------------------------------------


def test_results_json_is_what_prizes_json_says_for_the_same_totals(tmp_path, _session_config):
    folder = tmp_path / "night"
    made("simulate", "--players", "13", "--seed", "7", "--out", str(folder))
    running = serve(folder)
    host = running.host_url()

    def same_as_cli(*extra: str) -> dict:
        totals, rolloffs = tmp_path / "totals.csv", tmp_path / "rolloffs.csv"
        totals.write_bytes(host_file(running, "totals.csv"))
        rolloffs.write_bytes(host_file(running, "rolloffs.csv"))
        served = json.loads(host_file(running, "results.json"))
        cli = bunco("prizes", "--event", str(folder), "--totals", str(totals), "--json",
                    "--rolloffs", str(rolloffs), *extra)  # fmt: skip
        assert cli.returncode in (0, 1), cli.stderr
        assert served == json.loads(cli.stdout)
        return served

    try:
        night = settle.load_night((folder / "event.json").read_bytes())
        sheets = played(night)
        top = max(s["buncos"] for s in sheets) + 1
        sheets[0]["buncos"] = sheets[1]["buncos"] = top  # a tie for most Buncos
        for sheet, values in zip(night.sheet_ids, sheets, strict=True):
            assert post_json(link(running, folder, sheet), values)[0] == 200
        served = same_as_cli()
        assert served["valid"] and len(served["prizes"]) == len(night.prizes)
        most = next(p for p in served["prizes"] if p["id"] == "most_buncos")
        assert most["status"] == "rolloff" and set(most["tied"]) == {"1", "2"}
        page = request(host)[2].decode()
        assert "Roll-off" in page and 'name="prize" value="most_buncos"' in page
        # the host enters the roll-off's winner
        rolloff = host.replace("/host?", "/host/rolloff?")
        assert request(rolloff, {"prize": "most_buncos", "sheet": "2"})[0] in (200, 303)
        served = same_as_cli()
        most = next(p for p in served["prizes"] if p["id"] == "most_buncos")
        assert most["status"] == "awarded" and most["winners"] == ["2"]
        assert request(rolloff, {"prize": "most_buncos", "sheet": "9"})[0] == 400
        # virtual dice for whatever else is open: `prizes --roll --seed N` agrees
        assert request(host.replace("/host?", "/host/dice?"), {"action": "roll"})[0] in (200, 303)
        seed = json.loads(host_file(running, "results.json"))["seed"]
        assert f"seed {seed}" in request(host)[2].decode()
        same_as_cli("--roll", "--seed", str(seed))
        assert host_file(running, "results.pdf").startswith(b"%PDF")
        board = re.search(r'href="(/e/[^"]+/board\?k=[^"]+)"', request(host)[2].decode()).group(1)
        status, _, page = request(running.base + board)
        assert status == 200 and "Standings" in page.decode() and "Most Buncos" in page.decode()
        board_k = board.split("k=")[1]
        assert request(host.split("k=")[0] + "k=" + board_k)[0] == 403  # the board opens no more
    finally:
        running.stop()
    out, err = "\n".join(running.stdout_lines), "\n".join(running.stderr_lines)
    event = json.loads((folder / "event.json").read_text())["event_id"]
    secret = keys.event_secret(event)
    for text in (out, err):
        assert secret not in text and "Traceback" not in text
    assert host.split("k=")[1] not in out.replace(host, "")  # only on its own `host:` line


def test_every_acknowledged_entry_survives_kill_9_and_a_restart_resumes(tmp_path, _session_config):
    folder = tmp_path / "night"
    made("simulate", "--players", "16", "--seed", "2", "--out", str(folder))
    night = settle.load_night((folder / "event.json").read_bytes())
    running = serve(folder)
    values = played(night)
    for sheet, value in zip(night.sheet_ids[:10], values, strict=False):
        assert post_json(link(running, folder, sheet), value)[0] == 200
    assert ((folder / "night.sqlite").stat().st_mode & 0o777) == 0o600  # the players' own data
    running.kill9()  # right after the last acknowledgment
    running.restart()
    try:
        assert "10 of 16 sheets in" in "\n".join(running.stdout_lines)
        totals = host_file(running, "totals.csv").decode().splitlines()
        assert [row.split(",")[0] for row in totals[1:]] == list(night.sheet_ids[:10])
    finally:
        running.stop()


# --- starting it ------------------------------------------------------------------------------


def test_serve_says_in_one_line_what_is_wrong(tmp_path, pack, server, capfd):
    port = server.base.rsplit(":", 1)[1]
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "event.json").write_bytes((pack / "event.json").read_bytes())
    (tmp_path / "copy").mkdir()
    (tmp_path / "copy" / "event.json").write_bytes((pack / "event.json").read_bytes())
    (tmp_path / "copy" / "event.secret").write_text("not a secret\n")
    for args, message in [
        ((str(tmp_path / "nowhere"),), "is not a folder"),
        ((str(tmp_path),), "has no event.json"),
        ((str(pack), "--port", "70000"), "port"),
        ((str(pack), str(pack)), "same event"),
        ((str(tmp_path / "other"), "--port", port), "in use"),
        ((str(pack), "--port", "0"), "another bunco-print serve is already using"),
        ((str(tmp_path / "copy"),), "is not a secret this tool wrote"),
    ]:
        assert code(["serve", *args]) == 2, args
        err = capfd.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1, (args, err)


def test_without_the_web_extra_serve_says_how_to_install_it(pack):
    code = (
        "import sys; sys.modules['starlette'] = None; sys.modules['uvicorn'] = None\n"
        "from bunco_print.cli import run; run(sys.argv[1:])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "serve", str(pack)], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 2
    assert "pip install 'bunco-print[server]'" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_phones_posting_at_once_lose_nothing_and_the_history_keeps_every_write(server, pack):
    from concurrent.futures import ThreadPoolExecutor

    sheets = ["1", "2", "3"]
    posts = [(sheets[n % 3], n) for n in range(45)]

    def send(job):
        sheet, n = job
        values = {"wins": n % 25, "losses": 24 - n % 25, "buncos": 0, "name": f"try {n}"}
        return sheet, n, post_json(link(server, pack, sheet), values)[0]

    with ThreadPoolExecutor(15) as pool:
        answers = list(pool.map(send, posts))
    assert all(status == 200 for _, _, status in answers)
    for sheet in sheets:
        page = request(server.host.replace("/host?", f"/host/sheet/{sheet}?"))[2].decode()
        kept = set(re.findall(r"try (\d+)</td>", page))
        mine = {str(n) for s, n in posts if s == sheet}
        assert mine <= kept  # every acknowledged write is in the sheet's history
    csv = host_file(server, "totals.csv").decode()
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
def test_whatever_a_stranger_posts_gets_a_page_never_a_crash(server, pack, body, kind, table):
    url = link(server, pack, "T3" if table else "13")
    headers = {"Content-Type": kind} if kind else {}
    status, _, page = request(url, body, headers)
    assert status in (200, 400, 409, 413, 415), (status, body)
    assert b"Traceback" not in page and b"Something went wrong" not in page
