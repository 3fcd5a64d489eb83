"""Render a matrix of packs to PNG pages, to compare two versions of the code by eye and pixel.

Run with the code to test on PYTHONPATH: python benchmarks/render_matrix.py OUT_DIR [--only K]
Each case writes OUT_DIR/<case>/page-NNN.png (pdftoppm -r 60). Compare two folders with
benchmarks/compare_renders.py.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
from datetime import datetime
from pathlib import Path

from bunco_print.printing.pack import PackRequest, build_pack

# (theme, paper, per_page, ruleset, players, star_on_back): every value of every option appears.
CASES = [
    ("classic", "letter", 1, "classic", 13, False),
    ("classic", "letter", 2, "classic", 5, False),
    ("classic", "letter", 4, "classic", 100, False),
    ("classic", "a4", 1, "mybunco", 13, False),
    ("classic", "a4", 2, "tournament", 13, False),
    ("classic", "a4", 4, "progressive", 5, False),
    ("classic", "letter", 1, "bonko", 13, False),
    ("classic", "a4", 2, "bonko", 100, False),
    ("classic", "letter", 1, "classic", 13, True),
    ("classic", "letter", 2, "mybunco", 13, True),
    ("classic", "a4", 4, "classic", 5, True),
    ("december", "letter", 1, "classic", 13, False),
    ("december", "letter", 2, "progressive", 13, False),
    ("december", "a4", 4, "mybunco", 100, False),
    ("december", "a4", 1, "tournament", 5, False),
    ("december", "letter", 4, "bonko", 5, False),
    ("december", "letter", 1, "classic", 5, True),
    ("december", "a4", 2, "classic", 13, True),
    ("december", "letter", 4, "mybunco", 13, True),
    ("december", "a4", 1, "progressive", 100, False),
]


def case_name(case) -> str:
    theme, paper, per_page, ruleset, players, back = case
    return f"{theme}-{paper}-{per_page}up-{ruleset}-{players}p{'-back' if back else ''}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--only", default="", help="render only cases whose name contains this")
    args = parser.parse_args()
    for case in CASES:
        name = case_name(case)
        if args.only not in name:
            continue
        theme, paper, per_page, ruleset, players, back = case
        request = PackRequest(
            players=players,
            ruleset=ruleset,
            theme=theme,
            paper=paper,
            per_page=per_page,
            seed=3,
            date="2026-12-04",
            names=["Zoë Łucja O'Brien", "Bea", "Maximilian Alexander Worthington-Smythe"],
            star_on_back=back,
            engine_url="https://bunco.example/club",
            creation_date=datetime(2026, 1, 1),
        )
        pdf = build_pack(request).pack_pdf
        folder = args.out / name
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(suffix=".pdf") as tmp:
            tmp.write(pdf)
            tmp.flush()
            subprocess.run(
                ["pdftoppm", "-r", "60", "-png", tmp.name, str(folder / "page")], check=True
            )
        print(name)


if __name__ == "__main__":
    main()
