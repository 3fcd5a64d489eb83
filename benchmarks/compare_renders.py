"""Compare two folders of page renders (PNG) pixel by pixel and print each page's difference.

Run: python benchmarks/compare_renders.py BEFORE_DIR AFTER_DIR [--threshold 64] [--show 0.0]
Folders hold PNGs, possibly in subfolders (benchmarks/render_matrix.py writes one per case).
For each page: the share of pixels that differ by more than `threshold` (0-255, any channel)
and the bounding box of the difference. Missing or extra pages and size changes are listed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PIL import Image, ImageChops


def compare(before: Path, after: Path, threshold: int) -> tuple[float, tuple | None]:
    a, b = Image.open(before).convert("RGB"), Image.open(after).convert("RGB")
    if a.size != b.size:
        return 1.0, None
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > threshold else 0)
    hist = diff.histogram()
    return hist[255] / (a.size[0] * a.size[1]), diff.getbbox()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--threshold", type=int, default=64, help="per-pixel difference to count")
    parser.add_argument("--show", type=float, default=0.0, help="print pages differing more")
    args = parser.parse_args()
    old = {p.relative_to(args.before) for p in args.before.rglob("*.png")}
    new = {p.relative_to(args.after) for p in args.after.rglob("*.png")}
    for path in sorted(old - new):
        print(f"MISSING {path}")
    for path in sorted(new - old):
        print(f"EXTRA   {path}")
    worst, differing = 0.0, 0
    for path in sorted(old & new):
        share, bbox = compare(args.before / path, args.after / path, args.threshold)
        worst = max(worst, share)
        if share > args.show:
            differing += 1
            where = "size differs" if bbox is None else f"box {bbox}"
            print(f"{share:8.4%}  {path}  {where}")
    print(f"{len(old & new)} pages compared, {differing} differ, worst {worst:.4%}")
    return 1 if old != new else 0


if __name__ == "__main__":
    sys.exit(main())
