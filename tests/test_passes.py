"""A pack's HTML is laid out in two passes, the second in a forked child where that is safe; the
pack is the same byte for byte either way."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from bunco_print.printing import backgrounds, forks, passes, render
from bunco_print.printing.pack import PackRequest, plan, template_context


def pack_html(**options) -> str:
    request = PackRequest(players=13, seed=3, date="2026-12-04", **options)
    event, _secret, theme, ruleset = plan(request)
    docs = ["score_sheet", "tally_pad", "seat_cards", "prize_sheet", "rules", "table_marker"]
    context = template_context(event, ruleset, theme, request, docs)
    return render.render_html("base.html.j2", **context)


def test_the_two_passes_hold_every_section_once_in_its_order():
    html = pack_html()
    _head, sections, _tail = passes.split_documents(html)
    first, second = passes.passes(html)
    found = [passes.split_documents(h)[1] for h in (first, second)]
    assert sorted(found[0] + found[1]) == sorted(sections) and found[0] and found[1]
    assert all(part == [s for s in sections if s in part] for part in found)
    head = html[: html.index("<section")]  # the stylesheet and the art list, in both
    assert all(h.startswith(head) and h.rstrip().endswith("</html>") for h in (first, second))


def test_the_rules_handout_pages_go_apart_the_first_in_the_first_pass():
    """Its two pages are each about as costly as the rest of the pack: one in each pass, in
    order (the first pass's pages come first in the pack's backgrounds)."""
    first, second = (passes.split_documents(h)[1] for h in passes.passes(pack_html()))
    assert next(s for doc, s in first if doc == "rules").count('id="rules-page-0"') == 1
    assert next(s for doc, s in second if doc == "rules").count('id="rules-page-1"') == 1
    # the rest shared so that neither pass holds much more than half the pack's weight
    load = [
        sum(passes.WEIGHT.get(d, 15) / (2 if d == "rules" else 1) for d, _s in p)
        for p in (first, second)
    ]
    assert max(load) < 0.6 * sum(load)


def test_a_document_apart_keeps_its_pages_in_order_whatever_the_weights(monkeypatch):
    """Where the shares would put the rules handout's second page in the first pass, the
    passes swap: its first page still comes first."""
    monkeypatch.setitem(passes.WEIGHT, "prize_sheet", 100)
    monkeypatch.setitem(passes.WEIGHT, "tally_pad", 90)
    parts = [passes.split_documents(h)[1] for h in passes.passes(pack_html())]
    ids = [
        [n for d, s in part if d == "rules" for n in re.findall(r'id="rules-page-(\d)"', s)]
        for part in parts
    ]
    assert ids == [["0"], ["1"]]  # apart, in order
    assert "prize_sheet" in dict(parts[1])  # (it was first: the passes were swapped)


def test_a_page_without_documents_is_one_pass():
    assert passes.passes("<html><body><p>hi</p></body></html>") == [
        "<html><body><p>hi</p></body></html>"
    ]


def test_an_error_in_the_work_is_raised_here():
    def second():
        raise ValueError("bad night")

    with pytest.raises(ValueError, match="bad night"):
        forks.halves(lambda: 1, second, lambda a, b: 3, lambda a, b: 4)


def test_halves_each_side_gets_both_results_where_it_works():
    here = os.getpid()
    mine, theirs = forks.halves(
        lambda: ("first", os.getpid()),
        lambda: ("second", os.getpid()),
        lambda a, b: (a[0], b[0], os.getpid()),
        lambda a, b: (a[0], b[0], os.getpid()),
    )
    assert mine == ("first", "second", here)
    assert theirs[:2] == ("first", "second") and (theirs[2] != here) == forks._may_fork()


@pytest.mark.parametrize("fails", ["second", "then_second"])
def test_a_talking_child_that_fails_leaves_its_work_to_this_process(fails):
    here = os.getpid()
    done_here = []

    def step(name: str, value):
        def run(*_):
            if os.getpid() == here:
                done_here.append(name)
            elif name == fails:
                os._exit(3)  # the child gone, mid-way
            return value

        return run

    got = forks.halves(
        step("first", 1), step("second", 2), step("then_first", 3), step("then_second", 4)
    )
    assert got == (3, 4)
    assert done_here.count("then_first") == 1  # never twice
    assert "then_second" in done_here  # what the child had not given was done here


SAME_EITHER_WAY = """
import os
from bunco_print.printing.pack import PackRequest, build_pack, pack_files
# another theme's pack first: its fonts are registered in this process before this pack's are
build_pack(PackRequest(players=8, seed=1, date="2026-12-04", theme="september"))
request = PackRequest(players=9, seed=5, date="2026-12-04")
forked = [pack_files(build_pack(request)) for _ in range(2)]
os.environ["BUNCO_PRINT_JOBS"] = "1"
alone = pack_files(build_pack(request))
print(sorted(k for k in alone if not forked[0][k] == forked[1][k] == alone[k]))
"""


def test_one_process_or_two_the_pack_is_the_same_byte_for_byte(tmp_path):
    """In a fresh process, as a host's script would make packs of two themes one after the
    other."""
    env = {**os.environ, "BUNCO_PRINT_CACHE": "off", "SOURCE_DATE_EPOCH": "1700000000"}
    env |= {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / ".config")}  # a new user
    env.pop("BUNCO_PRINT_JOBS", None)
    done = subprocess.run(
        [sys.executable, "-c", SAME_EITHER_WAY], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_a_pass_whose_child_fails_after_trading_is_converted_here_the_same(monkeypatch):
    """The child lays its pass out and says what its faces show, then fails before converting
    it: its pass is laid out and converted here, and the backgrounds are the same bytes."""
    here, real = os.getpid(), backgrounds._coded_pass
    done_here = []

    def coded(html: str, mine, theirs):
        if os.getpid() != here:
            os._exit(3)  # gone, mid-way
        done_here.append(html)
        return real(html, mine, theirs)

    monkeypatch.setattr(backgrounds, "_coded_pass", coded)
    html = pack_html()
    pdf, pages = backgrounds.lay_out_html(html)
    assert len(done_here) == 2 and not backgrounds._WALKED
    monkeypatch.setenv("BUNCO_PRINT_JOBS", "1")
    assert backgrounds.lay_out_html(html) == (pdf, pages)
    docs = {"score_sheet", "tally_pad", "seat_cards", "prize_sheet", "rules", "table_marker"}
    assert pages[passes.SIMPLE] and docs <= set(pages)


def test_the_early_worker_does_the_work_it_is_given_or_says_it_could_not():
    forks.start_early(lambda: None)
    started = forks._early is not None
    assert started == forks._may_fork()  # forked only where forking is safe
    assert forks.early(str.upper, "bunco") == ("BUNCO" if started else None)
    assert forks._early is None  # one job, then it is gone
    forks.start_early(lambda: os._exit(3))  # a worker that dies while it warms up
    assert forks.early(str.upper, "bunco") is None
    forks.start_early(lambda: None)
    forks.dismiss_early()
    assert forks._early is None and forks.early(str.upper, "bunco") is None


def test_a_pack_process_lays_out_in_its_early_worker_and_leaves_nothing_running(tmp_path):
    """`bunco-print pack` forks a worker as it starts; the files are the same whoever lays them
    out, and once the command returns no process of it is left, cached or not."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000", "BUNCO_PRINT_CACHE": "on"}
    env |= {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / ".config")}
    env |= {"BUNCO_PRINT_CACHE_DIR": str(tmp_path / "cache")}
    files = {}
    for run, jobs in (("early", ""), ("cached", ""), ("alone", "1")):
        out = tmp_path / f"pack-{run}"
        command = [sys.executable, "-m", "bunco_print", "pack", "--players", "9", "--seed", "5"]
        command += ["--theme", "june", "--title", "June night", "--out", str(out)]
        if run == "alone":
            env["BUNCO_PRINT_CACHE"] = "off"
        done = subprocess.run(
            command, env={**env, "BUNCO_PRINT_JOBS": jobs}, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr[-2000:]
        left = subprocess.run(["pgrep", "-f", str(out)], capture_output=True, text=True)
        assert left.stdout == "", f"{run}: a process of the pack outlived it"
        files[run] = {path.name: path.read_bytes() for path in out.glob("*.pdf")}
    assert len(files["early"]) >= 6
    assert files["early"] == files["cached"] == files["alone"]


def test_a_pack_command_that_stops_early_stops_its_worker_too(tmp_path, capsys):
    """`bunco-print pack --players 3` fails before its pack is laid out: the worker it forked
    as it started is stopped as the command returns, not left till its process ends."""
    from bunco_print.cli import code

    out = tmp_path / "pack"
    assert code(["pack", "--players", "3", "--out", str(out)], early=True) == 2
    assert forks._early is None and not out.exists()
    assert "error:" in capsys.readouterr().err
