"""The README's picture of the twelve monthly themes side by side: docs/images/themes.png.

Each month prints a 10-player pack through the real pipeline; its seat cards and prize sheet
are drawn by pdfium and set side by side, four months to a row. Run from the repository:

    python benchmarks/themes_picture.py [OUT.png]

It prints how long it took and how large the picture is.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from bunco_print.workshop import preview as theme_preview

MONTHS = (
    *("january", "february", "march", "april", "may", "june"),
    *("july", "august", "september", "october", "november", "december"),
)
DEFAULT = Path(__file__).resolve().parent.parent / "docs" / "images" / "themes.png"


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else DEFAULT
    start = time.perf_counter()
    png = theme_preview.side_by_side(MONTHS, ("seat cards", "prize sheet"), dpi=30, cols=4)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(png)
    took = time.perf_counter() - start
    print(f"{out}: {len(png) / 1024:.0f} KiB, 12 themes in {took:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
