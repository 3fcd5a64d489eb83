"""A pack on the PostScript path, as CUPS feeds a PostScript printer and many print shops start:
Ghostscript's ps2write, and poppler's pdftops for comparison.

For a 13-player pack, a large-print one and a 13-player february one (its faces CFF ones,
given TrueType outlines: pdf/outlines.py): the PDF's size, the PostScript's size and the time
each takes, the largest picture in the PostScript (a page rasterized at 720 dpi is about 48
million pixels) and its pages, and the letters ps2write draws as pictures (Type 3 glyphs: a
composite font's, a CFF font's; a simple TrueType font's stay outlines, pdf/codes.py).
Goals: ps2write as fast as pdftops, give or take; no page-sized picture; no letter as a
picture.
Run: PYTHONPATH=. python benchmarks/bench_postscript.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time

from bunco_print.printing.pack import PackRequest, build_pack

PACKS = {
    "13 players": PackRequest(players=13, seed=7, date="2026-12-04", theme="december"),
    "large print": PackRequest(
        players=24, seed=7, date="2026-12-04", theme="december", large_print=True
    ),
    "13, february": PackRequest(players=13, seed=7, date="2026-12-04", theme="february"),
}
_IMAGE = re.compile(rb"/W(?:idth)? (\d+)\s*/H(?:eight)? (\d+)")


def timed(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{'pack':12} {'pages':>5} {'PDF':>9} {'ps2write':>10} {'time':>8} {'largest pic':>12}"
        f" {'letter pics':>11} {'pdftops':>10} {'time':>7}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for name, request in PACKS.items():
            pack = build_pack(request)
            pdf = os.path.join(tmp, "pack.pdf")
            with open(pdf, "wb") as out:
                out.write(pack.pack_pdf)
            ps, pt = os.path.join(tmp, "gs.ps"), os.path.join(tmp, "pdftops.ps")
            gs = ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=ps2write"]
            gs_time = timed([*gs, f"-sOutputFile={ps}", pdf], args.runs)
            pt_time = timed(["pdftops", pdf, pt], args.runs)
            with open(ps, "rb") as f:
                data = f.read()
            largest = max((int(w) * int(h) for w, h in _IMAGE.findall(data)), default=0)
            print(
                f"{name:12} {pack.pages:5} {os.path.getsize(pdf) / 1e3:7.0f}kB"
                f" {len(data) / 1e6:8.2f}MB {gs_time:7.2f}s {largest / 1e6:10.2f}Mp"
                f" {data.count(b'(PDF CharProc '):11}"
                f" {os.path.getsize(pt) / 1e6:8.2f}MB {pt_time:6.2f}s"
            )


if __name__ == "__main__":
    main()
