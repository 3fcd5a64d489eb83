"""How much ink `--ink-saver` saves: for each theme, packs with and without it at 1, 2 and 4
sheets a page and in every ruleset, rendered in grayscale; ink is the sum over pixels of
(255 - gray) / 255, in units of a 20 dpi pixel. The goal is a ratio of at most 0.5 for every
layout (the tests check classic at 1 and 4 a page and with bonko's team cards, and october).

At 100 dpi a pixel is 0.72 pt, so thin rules count about their real width; at 20 dpi pdfium
draws every stroke at least a pixel (3.6 pt) wide and hairlines weigh up to six times their ink.
With --docs, each document's share: which ones carry the ink.

Run: PYTHONPATH=. python benchmarks/bench_ink.py [--themes classic,october] [--players N]
     [--dpi N] [--docs]
"""

from __future__ import annotations

import argparse

import pypdfium2 as pdfium

from bunco_print.game.rulesets import available as rulesets
from bunco_print.printing.pack import PackRequest, build_pack
from bunco_print.theming import themes


def ink(pdf: bytes, dpi: int) -> float:
    """The ink on every page, in 20 dpi pixels' worth, whatever `dpi` renders it."""
    total = 0.0
    for page in pdfium.PdfDocument(pdf):
        image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        total += sum((255 - value) * n for value, n in enumerate(image.histogram())) / 255
    return total * (20 / dpi) ** 2


def layouts() -> list[tuple[str, dict]]:
    """(what, PackRequest options): each sheets-a-page setting, then each other ruleset."""
    per_page = [(f"{n} a page", {"per_page": n}) for n in (1, 2, 4)]
    return per_page + [(name, {"ruleset": name}) for name in rulesets() if name != "classic"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--themes", default="", help="comma-separated (default: all)")
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--dpi", type=int, default=100)
    parser.add_argument("--docs", action="store_true", help="each document's ratio too")
    args = parser.parse_args()
    names = args.themes.split(",") if args.themes else themes.available()
    print(f"{'theme':<10} {'layout':<12} {'ink':>9} {'saver':>9} {'ratio':>6}")
    worst = (0.0, "")
    for name in names:
        for what, options in layouts():
            full, saver = (
                build_pack(PackRequest(args.players, theme=name, seed=1, ink_saver=s, **options))
                for s in (False, True)
            )
            a, b = ink(full.pack_pdf, args.dpi), ink(saver.pack_pdf, args.dpi)
            worst = max(worst, (b / a, f"{name}, {what}"))
            print(f"{name:<10} {what:<12} {a:>9.0f} {b:>9.0f} {b / a:>6.3f}")
            if args.docs:
                for doc, pdf in full.documents.items():
                    d, e = ink(pdf, args.dpi), ink(saver.documents[doc], args.dpi)
                    print(f"{'':<10}   {doc:<20} {d:>9.0f} {e:>9.0f} {e / d:>6.3f}  {e / b:.0%}")
    print(f"worst ratio {worst[0]:.3f} ({worst[1]}; goal: at most 0.5)")


if __name__ == "__main__":
    main()
