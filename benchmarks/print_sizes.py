"""How large each document's words print, measured from the PDFs' text (not the CSS).

Run with the code to measure on PYTHONPATH: python benchmarks/print_sizes.py [--theme T] [--ruleset R]
For each document of a 13-player pack (Letter), normal at one and four a page and
--large-print, prints the median and the smallest word size (pt) with the smallest word.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bunco_print.printing.pack import PackRequest, build_pack  # noqa: E402
from tests.pdftools import word_sizes  # noqa: E402

DOCUMENTS = (
    "rules-handout.pdf",
    "prize-sheet.pdf",
    "score-sheets.pdf",
    "team-cards.pdf",
    "tally-pads.pdf",
    "seat-cards.pdf",
    "table-markers.pdf",
)
CASES = (("normal, 1 a page", 1, False), ("normal, 4 a page", 4, False), ("large print", 1, True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--theme", default="classic")
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--paper", default="letter")
    args = parser.parse_args()
    packs = {
        name: build_pack(
            PackRequest(
                players=13,
                seed=7,
                date="2026-12-04",
                theme=args.theme,
                ruleset=args.ruleset,
                paper=args.paper,
                per_page=per_page,
                large_print=large,
            )
        )
        for name, per_page, large in CASES
    }
    print(f"{args.theme}, {args.ruleset}, {args.paper}: word sizes in pt, median / smallest")
    print(f"{'document':18}" + "".join(f"{name:>30}" for name, _, _ in CASES))
    for document in DOCUMENTS:
        row = []
        for name, _, _ in CASES:
            pdf = packs[name].documents.get(document)
            if pdf is None:
                row.append("-")
                continue
            sizes = word_sizes(pdf)
            median = statistics.median(size for size, _, _ in sizes)
            small, word, _page = min(sizes)
            row.append(f"{median:5.1f} / {small:4.1f} {word[:12]:12}")
        print(f"{document:18}" + "".join(f"{cell:>30}" for cell in row))


if __name__ == "__main__":
    main()
