"""Time stamping 400 pages (2 texts + 1 QR each) over a 1-page WeasyPrint background."""

import statistics
import sys
import time
from importlib.resources import files
from pathlib import Path

import weasyprint

from bunco_print.stamp import QR, PageSpec, Rect, Text, assemble

HTML = """<style>@page { size: letter; margin: 0.5in }
div { position: absolute; border: 1px solid #999 }
#name { left: 0; top: 1in; width: 5in; height: 0.5in }
#table { left: 0; top: 2in; width: 5in; height: 0.4in }
#qr { left: 6in; top: 0; width: 1in; height: 1in }</style>
<h1>Score sheet</h1><div id=name></div><div id=table></div><div id=qr></div>"""


def main(pages: int = 400, runs: int = 7) -> None:
    font = Path(str(files("font_lato") / "files/Lato-Bold.ttf"))
    document = weasyprint.HTML(string=HTML).render()
    template = document.write_pdf()
    rect = {key: Rect.from_anchor(value) for key, value in document.pages[0].anchors.items()}
    specs = [
        PageSpec(
            0,
            (
                (rect["name"], Text(f"Player Number {i} Łucja", font, 24)),
                (rect["table"], Text(f"Table {i % 17 + 1}", font, 18, "#336699")),
                (
                    rect["qr"],
                    QR(
                        f"https://bunco.example.org/score/2024-spring/sheet/{i:04d}"
                        "?token=0123456789abcdef0123456789abcdef"
                    ),
                ),
            ),
        )
        for i in range(pages)
    ]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        pdf = assemble(template, specs, title="bench")
        times.append(time.perf_counter() - start)
    print(
        f"{pages} pages: median {statistics.median(times) * 1000:.0f} ms, "
        f"min {min(times) * 1000:.0f} ms over {runs} runs; {len(pdf) / 1024:.0f} KiB "
        f"(template {len(template) / 1024:.0f} KiB)"
    )


if __name__ == "__main__":
    main(*map(int, sys.argv[1:]))
