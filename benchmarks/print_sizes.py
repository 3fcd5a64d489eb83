"""How large each document prints, measured from the PDFs' text (not the CSS).

Run with the code to measure on PYTHONPATH: python benchmarks/print_sizes.py [--against DIR]
Packs of every ruleset, each in a theme of its own (the themes in turn), Letter and A4, with
every party extra, are built normal at one sheet a page, normal at four a page and with
--large-print. For each
document it prints the median and the smallest word size (pt) over all of them, and the
smallest word. --against DIR: the same measured for the code in DIR (another checkout, e.g.
the starting commit), printed beside this code's ("before > now").
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
DOCUMENTS = (
    "rules-handout.pdf",
    "prize-sheet.pdf",
    "score-sheets.pdf",
    "team-cards.pdf",
    "tally-pads.pdf",
    "seat-cards.pdf",
    "table-markers.pdf",
    # the party extras (--extras all)
    "invitation.pdf",
    "host-checklist.pdf",
    "sign-in-sheet.pdf",
    "name-tags.pdf",
    "prize-tags.pdf",
)
MODES = {"normal, 1 a page": (1, False), "normal, 4 a page": (4, False), "large print": (1, True)}


def _word_sizes():
    """This checkout's measure (tests/pdftools.py), whichever code is on PYTHONPATH."""
    name = "print_sizes_pdftools"
    spec = importlib.util.spec_from_file_location(name, HERE.parents[1] / "tests/pdftools.py")
    module = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.word_sizes


def measure(players: int) -> dict:
    """{mode: {document: [median, smallest, the smallest word]}} over every ruleset."""
    from bunco_print.game import rulesets
    from bunco_print.game.limits import EXTRAS
    from bunco_print.printing.pack import PackRequest, build_pack
    from bunco_print.theming import themes

    word_sizes, names = _word_sizes(), themes.available()
    found: dict = {}
    for mode, (per_page, large) in MODES.items():
        sizes: dict[str, list] = {}
        for n, ruleset in enumerate(rulesets.available()):
            request = PackRequest(
                players=players,
                seed=7,
                date="2026-12-04",
                theme=names[(n + 5 * len(found)) % len(names)],
                ruleset=ruleset,
                paper=("letter", "a4")[n % 2],
                per_page=per_page,
                large_print=large,
                extras=EXTRAS,
            )
            for document, pdf in build_pack(request).documents.items():
                sizes.setdefault(document, []).extend(word_sizes(pdf))
        found[mode] = {
            document: [
                statistics.median(size for size, _w, _p in words),
                *min((size, word) for size, word, _p in words),
            ]
            for document, words in sizes.items()
            if document in DOCUMENTS
        }
    return found


def _cell(now, before=None) -> str:
    if now is None:
        return "-"
    text = f"{now[0]:4.1f} / {now[1]:4.1f}"
    if before is not None:
        text = f"{before[0]:4.1f} / {before[1]:4.1f} > " + text
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=13)
    parser.add_argument("--against", type=Path, help="another checkout, measured the same way")
    parser.add_argument("--json", action="store_true", help="print the measures as JSON")
    args = parser.parse_args()
    # a signing key, a config and a background cache of this run's own
    home = tempfile.mkdtemp(prefix="print-sizes-")
    os.environ |= {"HOME": home, "XDG_CONFIG_HOME": home, "BUNCO_PRINT_CACHE_DIR": home}
    now = measure(args.players)
    if args.json:
        print(json.dumps(now))
        return
    before = {}
    if args.against:
        env = os.environ | {"PYTHONPATH": str(args.against.resolve())}
        command = [sys.executable, str(HERE), "--json", "--players", str(args.players)]
        run = subprocess.run(command, env=env, cwd=args.against, capture_output=True, text=True)
        before = json.loads(run.stdout)
    print(f"word sizes (pt), median / smallest, {args.players} players, every ruleset")
    for mode in MODES:
        print(f"\n{mode}" + (f" ({args.against} > this code)" if before else ""))
        for document in DOCUMENTS:
            got = now[mode].get(document)
            was = before.get(mode, {}).get(document) if before else None
            smallest = f"  smallest: {got[2]}" if got else ""
            print(f"  {document:18} {_cell(got, was):>30}{smallest}")


if __name__ == "__main__":
    main()
