"""How much ink `--ink-saver` saves: for every shipped theme, one pack with and without it,
rendered in grayscale at 20 dpi; ink is the sum over pixels of (255 - gray) / 255. The goal is a
ratio of at most 0.5 for every theme (the tests check classic and october).
Run: PYTHONPATH=. python benchmarks/bench_ink.py [--players N] [--dpi N]
"""

from __future__ import annotations

import argparse

import pypdfium2 as pdfium

from bunco_print import themes
from bunco_print.pack import PackRequest, build_pack


def ink(pdf: bytes, dpi: int) -> float:
    total = 0.0
    for page in pdfium.PdfDocument(pdf):
        image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        total += sum((255 - value) * n for value, n in enumerate(image.histogram())) / 255
    return total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--dpi", type=int, default=20)
    args = parser.parse_args()
    print(f"{'theme':<10} {'ink':>9} {'saver':>9} {'ratio':>6}")
    worst = 0.0
    for name in themes.available():
        full, saver = (
            ink(
                build_pack(PackRequest(args.players, theme=name, seed=1, ink_saver=s)).pack_pdf,
                args.dpi,
            )
            for s in (False, True)
        )
        worst = max(worst, saver / full)
        print(f"{name:<10} {full:>9.0f} {saver:>9.0f} {saver / full:>6.3f}")
    print(f"worst ratio {worst:.3f} (goal: at most 0.5)")


if __name__ == "__main__":
    main()
