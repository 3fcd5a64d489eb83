"""A shop pack made with `catalogue --qr-join URL`, played end to end in chromium against a real
hosted engine (`serve --database postgresql://...`): the host's card starts a night, two phones
join with its code (each types it once), enter their totals, and the host locks the night with
its prizes; a second buyer's night beside it, from the same printed pack, stays apart."""

from __future__ import annotations

import zipfile

import pytest

from bunco_print.cli import code
from bunco_print.engine.simulate import simulate
from bunco_print.game.night import night_for

from .serving import Server, get, link_sheet, sheet_links

pytest_plugins = ["tests.browser"]
PLAYERS = 4


@pytest.fixture(scope="module")
def shop_pack(tmp_path_factory):
    """The printed pack every buyer of the listing gets: its sheet codes and its host card's."""
    out = tmp_path_factory.mktemp("join-shop") / "shop"
    args = ["catalogue", "--themes", "december", "--players", str(PLAYERS), "--paper", "letter"]
    assert (
        code([*args, "--qr-join", "http://127.0.0.1:8765", "--out", str(out), "--jobs", "1"]) == 0
    )
    folder = tmp_path_factory.mktemp("join-pack")
    with zipfile.ZipFile(out / "december" / "december-bunco-letter.zip") as archive:
        archive.extractall(folder)
    pack = folder / f"{PLAYERS}-players-letter"
    sheets = {link_sheet(link): link for link in sheet_links(pack / "pack.pdf")}
    card = sheet_links(pack / "host-card.pdf")
    assert len(card) == 1 and card[0].endswith(f"/j/december/classic/{PLAYERS}/host")
    assert not (pack / "event.secret").exists()  # the same files for every buyer: no secret
    return card[0], sheets


@pytest.fixture(scope="module")
def server(postgres, tmp_path_factory):
    with Server([], events=0, extra_args=["--database", postgres.new_database()]) as running:
        yield running


def start_a_night(server: Server, page, card: str) -> str:
    """The host scans her card and starts a night: the join code her dashboard shows."""
    page.goto(server.url(card))
    with page.expect_navigation():
        page.get_by_role("button", name="Start a night").click()
    assert "/host?k=" in page.url
    return page.inner_text("[data-join-code]").strip()


def enter(server: Server, phone, link: str, values: dict, name: str, join: str = "") -> None:
    """A phone scans a sheet's code (typing the join code when it asks) and sends its totals."""
    phone.goto(server.url(link))
    if join:
        assert "Join tonight's night" in phone.inner_text("main")
        phone.get_by_label("Join code").fill(join.lower())
        with phone.expect_navigation():
            phone.get_by_role("button", name="Join").tap()
    assert "/e/" in phone.url and "k=" in phone.url, phone.url  # the night's own signed link
    phone.get_by_label("Wins", exact=True).fill(str(values["wins"]))
    phone.get_by_label("Losses", exact=True).fill(str(values["losses"]))
    phone.get_by_label("Buncos", exact=True).fill(str(values["buncos"]))
    if values.get("traveler"):
        phone.locator("input[name=traveler]").check()
    phone.get_by_label("Your name").fill(name)
    for _ in range(2):  # a warning asks once more: "send it as written"
        with phone.expect_navigation():
            phone.locator("button.go").tap()
        if "Recorded" in phone.inner_text("main"):
            return
    raise AssertionError(phone.inner_text("main"))


def test_two_buyers_nights_from_one_pack_are_played_apart(
    server, shop_pack, chromium, phone_page, desktop_page
):
    card, sheets = shop_pack
    played = [
        {"wins": s.wins, "losses": s.losses, "buncos": s.buncos, "traveler": s.traveler}
        for s in simulate(night_for("classic", PLAYERS), 3).totals.sheets
    ]
    first = start_a_night(server, desktop_page, card)
    # the second buyer, with her own copy of the same pack, on her own devices
    other_host = chromium.new_context(viewport={"width": 1280, "height": 900})
    other_phone, second_phone = (
        chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        for _ in range(2)
    )
    try:
        second = start_a_night(server, other_host.new_page(), card)
        assert second != first
        second_page = other_host.pages[0]
        enter(server, other_phone.new_page(), sheets["1"], played[1], "Cy", join=second)
        # the first buyer's two phones: each types the code once, then goes straight on
        ann = phone_page
        bea = second_phone.new_page()
        enter(server, ann, sheets["1"], played[0], "Ann", join=first)
        enter(server, bea, sheets["2"], played[1], "Bea", join=first)
        enter(server, ann, sheets["3"], played[2], "Ann's friend")  # no code typed again
        enter(server, bea, sheets["4"], played[3], "Bea's friend")
        desktop_page.wait_for_function(
            "() => document.querySelector('#sheet-4').innerText.includes('Bea')", timeout=10_000
        )
        board = desktop_page.inner_text("main")
        assert "Ann" in board and "Cy" not in board
        with desktop_page.expect_navigation():
            desktop_page.get_by_role("button", name="Lock the night").click()
        assert desktop_page.get_by_role("button", name="Unlock the night").is_visible()
        results = get(server.url(desktop_page.url).replace("/host?", "/host/results.json?"))
        assert results[0] == 200 and results[2]["valid"], results[2]
        assert {p["name"] for p in results[2]["standings"]} >= {"Ann", "Bea"}
        # the second buyer's night: only her player, not locked, nothing of the first's
        second_page.reload()
        theirs = second_page.inner_text("main")
        assert "Cy" in theirs and "Ann" not in theirs and "Bea" not in theirs
        assert second_page.inner_text(".tile .n") == "1/4"
        assert second_page.get_by_role("button", name="Lock the night").is_visible()
    finally:
        for context in (other_host, other_phone, second_phone):
            context.close()
