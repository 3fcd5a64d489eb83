"""Stamping alone: the time of writing a pack's files (each document's file and pack.pdf: its
`written` call, or in an earlier tree its `assemble` calls) on backgrounds already laid out,
and pack.pdf's size; with --baseline DIR, the same in another checkout, alternating, and the
ratios.

For a 12- and a 200-player pack of --theme (median of --runs: classic, or february, whose
display face is a CFF one, its cuts given TrueType outlines), then 400 pages (2 texts + 1 QR
each) over a one-page background. Each tree's calls are recorded and timed in a process of
its own, with that tree's code.

Run: python benchmarks/bench_stamp.py [--runs 5] [--baseline DIR] [--theme NAME]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run in each tree: only the interfaces every version has (PackRequest, build_pack, and the
# pack's writing: `written`, each page drawn once for every file; before it, `assemble`).
CHILD = r"""
import json, statistics, sys, time
from bunco_print.printing import pack as pack_module, pdf
from bunco_print.printing.pack import PackRequest, build_pack
import weasyprint

WRITE = "written" if hasattr(pack_module, "written") else "assemble"

def pack_calls(players, theme):
    calls, real = [], getattr(pack_module, WRITE)
    def record(*args, **kwargs):
        calls.append((real, args, kwargs))
        return real(*args, **kwargs)
    setattr(pack_module, WRITE, record)
    try:
        build_pack(PackRequest(players=players, seed=1, date="2026-12-04", theme=theme))
    finally:
        setattr(pack_module, WRITE, real)
    return calls

def size_and_pages(call, out):
    real, args, kwargs = call
    if real is pdf.assemble or WRITE == "assemble":
        return len(out), len(args[1])
    return len(out[1]), len(args[2][0])  # written: (documents, pack.pdf); whole: its pages

HTML = '''<style>@page { size: letter; margin: 0.5in }
div { position: absolute; border: 1px solid #999 }
#name { left: 0; top: 1in; width: 5in; height: 0.5in }
#table { left: 0; top: 2in; width: 5in; height: 0.4in }
#qr { left: 6in; top: 0; width: 1in; height: 1in }</style>
<h1>Score sheet</h1><div id=name></div><div id=table></div><div id=qr></div>'''

def four_hundred_pages():
    from pathlib import Path
    font = Path("/usr/share/fonts/truetype/lato/Lato-Bold.ttf")  # Debian's fonts-lato
    document = weasyprint.HTML(string=HTML).render()
    rect = {k: pdf.Rect.from_anchor(v) for k, v in document.pages[0].anchors.items()}
    url = "https://bunco.example.org/score/2024-spring/sheet/{:04d}?token=" + "0123456789abcdef" * 2
    specs = [pdf.PageSpec(0, (
        (rect["name"], pdf.Text(f"Player Number {i} Łucja", font, 24)),
        (rect["table"], pdf.Text(f"Table {i % 17 + 1}", font, 18, "#336699")),
        (rect["qr"], pdf.QR(url.format(i))),
    )) for i in range(400)]
    return [(pdf.assemble, (document.write_pdf(), specs), {"title": "bench"})]

runs, theme = int(sys.argv[1]), sys.argv[2]
cases = {"12-player pack": pack_calls(12, theme), "200-player pack": pack_calls(200, theme),
         "400 pages, 1 background": four_hundred_pages()}
found = {}
for label, calls in cases.items():
    out, times = None, []
    for _ in range(runs + 1):  # the first warms the caches (template parsing, fonts)
        start = time.perf_counter()
        out = [real(*args, **kw) for real, args, kw in calls][-1]
        times.append(time.perf_counter() - start)
    size, pages = size_and_pages(calls[-1], out)
    found[label] = [statistics.median(times[1:]), size, pages]
print(json.dumps(found))
"""


def measure(tree: Path, runs: int, theme: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree), "BUNCO_PRINT_CACHE": "off"}
    env["BUNCO_PRINT_JOBS"] = "1"  # every assemble call in the process that records them
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(runs), theme],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        sys.exit(f"{tree}: {done.stderr.strip().splitlines()[-1]}")
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="a checkout of an earlier commit")
    parser.add_argument("--theme", default="classic", help="the packs' theme")
    args = parser.parse_args()
    trees = [ROOT] + ([args.baseline.resolve()] if args.baseline else [])
    rounds = [[measure(tree, args.runs, args.theme) for tree in trees] for _ in range(3)]
    print(
        f"stamping: all of a {args.theme} pack's assemble calls, median of {args.runs} runs"
        " x 3 rounds (alternating trees)"
    )
    for label in rounds[0][0]:
        cells = []
        for i in range(len(trees)):
            seconds = sorted(r[i][label][0] for r in rounds)[1]
            size, pages = rounds[0][i][label][1:]
            cells.append((seconds, size))
            name = "this tree" if i == 0 else "baseline"
            cells_text = f"{seconds * 1000:6.0f} ms {size / 1024:6.0f} KB"
            print(f"{label + f' ({pages} pp)':<34} {name:<9} {cells_text}")
        if len(cells) == 2:
            (t, s), (t0, s0) = cells
            print(f"{'':<34} this/baseline: time {t / t0:.2f}x, size {s / s0:.2f}x")


if __name__ == "__main__":
    main()
