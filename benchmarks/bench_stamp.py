"""Stamping, before and after, in one run: the old hand-written writer (bunco_print/stamp.py as
git last had it) against bunco_print.printing.pdf, on the same page specs.

For a 12- and a 200-player classic pack: the time of all `assemble` calls a pack makes (each
document's file and pack.pdf; median of --runs), pack.pdf's size, and new/old ratios. Then the
figure that used to be a test: 400 pages (2 texts + 1 QR each) over a 1-page background.

Run: PYTHONPATH=$PWD python benchmarks/bench_stamp.py [--runs 5] [--old REV | --old-file PATH]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

import weasyprint

from bunco_print.printing import pack as pack_module
from bunco_print.printing import pdf
from bunco_print.printing.pack import PackRequest, build_pack
from bunco_print.printing.pdf import draw, fonts, writer

ROOT = Path(__file__).resolve().parent.parent
OLD_PATH = "bunco_print/stamp.py"


def old_source(rev: str | None, path: str | None) -> str:
    if path:
        return Path(path).read_text()
    if rev is None:  # the commit that deleted stamp.py, then its parent
        git = ["git", "-C", str(ROOT), "log", "-1", "--format=%H", "--", OLD_PATH]
        rev = subprocess.run(git, capture_output=True, text=True, check=True).stdout.strip() + "^"
    show = ["git", "-C", str(ROOT), "show", f"{rev}:{OLD_PATH}"]
    return subprocess.run(show, capture_output=True, text=True, check=True).stdout


def load_old(source: str) -> types.ModuleType:
    module = types.ModuleType("bunco_print._stamp_before")
    module.__package__ = "bunco_print"
    sys.modules[module.__name__] = module
    exec(compile(source, "stamp.py (before)", "exec"), module.__dict__)
    return module


def to_old(old: types.ModuleType, value):
    """The same spec, built from the old module's classes."""
    if isinstance(value, tuple | list):
        return type(value)(to_old(old, v) for v in value)
    if dataclasses.is_dataclass(value):
        fields = {f.name: to_old(old, getattr(value, f.name)) for f in dataclasses.fields(value)}
        return getattr(old, type(value).__name__)(**fields)
    return value


def pack_calls(players: int) -> list[tuple[tuple, dict]]:
    """The `assemble` calls (arguments) that building a pack makes; pack.pdf's is the last."""
    calls = []
    real = pack_module.assemble

    def record(*args, **kwargs):
        calls.append((args, kwargs))
        return real(*args, **kwargs)

    pack_module.assemble = record
    try:
        build_pack(PackRequest(players=players, seed=1, date="2026-12-04"))
    finally:
        pack_module.assemble = real
    return calls


def timed(runners: list[Callable[[], bytes]], runs: int) -> list[tuple[float, bytes]]:
    """Median time and output of each runner; runs interleave so that load hits all alike."""
    outs = [run() for run in runners]  # warm the caches (template parsing, fonts)
    times: list[list[float]] = [[] for _ in runners]
    for _ in range(runs):
        for i, run in enumerate(runners):
            start = time.perf_counter()
            outs[i] = run()
            times[i].append(time.perf_counter() - start)
    return [(statistics.median(t), out) for t, out in zip(times, outs, strict=True)]


def compare(label: str, calls, old: types.ModuleType, runs: int) -> None:
    old_calls = [(tuple(to_old(old, a) for a in args), kw) for args, kw in calls]

    def run_new() -> bytes:
        # per-pack caches start empty, as for a new pack; template and font parsing stay cached
        writer._deflate.cache_clear()
        draw.qr.cache_clear()
        fonts.subset_font.cache_clear()
        return [pdf.assemble(*args, **kw) for args, kw in calls][-1]

    def run_old() -> bytes:
        return [old.assemble(*args, **kw) for args, kw in old_calls][-1]

    (t_old, pdf_old), (t_new, pdf_new) = timed([run_old, run_new], runs)
    kb_old, kb_new = len(pdf_old) / 1024, len(pdf_new) / 1024
    print(
        f"{label:<28} before {t_old * 1000:6.0f} ms {kb_old:7.0f} KB | "
        f"after {t_new * 1000:6.0f} ms {kb_new:7.0f} KB | "
        f"after/before: time {t_new / t_old:.2f}x, size {kb_new / kb_old:.2f}x"
    )


HTML = """<style>@page { size: letter; margin: 0.5in }
div { position: absolute; border: 1px solid #999 }
#name { left: 0; top: 1in; width: 5in; height: 0.5in }
#table { left: 0; top: 2in; width: 5in; height: 0.4in }
#qr { left: 6in; top: 0; width: 1in; height: 1in }</style>
<h1>Score sheet</h1><div id=name></div><div id=table></div><div id=qr></div>"""


def four_hundred_pages() -> list[tuple[tuple, dict]]:
    font = Path(str(files("font_lato") / "files/Lato-Bold.ttf"))
    document = weasyprint.HTML(string=HTML).render()
    rect = {k: pdf.Rect.from_anchor(v) for k, v in document.pages[0].anchors.items()}
    url = "https://bunco.example.org/score/2024-spring/sheet/{:04d}?token=" + "0123456789abcdef" * 2
    specs = [
        pdf.PageSpec(
            0,
            (
                (rect["name"], pdf.Text(f"Player Number {i} Łucja", font, 24)),
                (rect["table"], pdf.Text(f"Table {i % 17 + 1}", font, 18, "#336699")),
                (rect["qr"], pdf.QR(url.format(i))),
            ),
        )
        for i in range(400)
    ]
    return [((document.write_pdf(), specs), {"title": "bench"})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--old", help="git revision holding the old stamp.py")
    parser.add_argument("--old-file", help="path of the old stamp.py")
    args = parser.parse_args()
    old = load_old(old_source(args.old, args.old_file))
    print(f"stamping: median of {args.runs} runs, all of a pack's assemble calls")
    for players in (12, 200):
        calls = pack_calls(players)
        pages = len(calls[-1][0][1])
        compare(f"{players}-player pack ({pages} pp)", calls, old, args.runs)
    compare("400 pages, 1 background", four_hundred_pages(), old, args.runs)


if __name__ == "__main__":
    main()
