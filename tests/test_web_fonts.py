"""The pages' fonts: each face cut once for the web and kept, so a later server does not even
load fontTools' subsetter; a font fontTools cannot read is sent as it is, and never kept."""

from __future__ import annotations

import os
import subprocess
import sys

from bunco_print.theming import themes

# One server's start, as far as its fonts go: the cut's type and size, and whether the
# subsetter was loaded.
CHILD = """
import sys
from pathlib import Path
from bunco_print.web.views.downloads import web_font
data, kind = web_font(Path(sys.argv[1]))
print(kind, len(data), "fontTools.subset" in sys.modules)
"""


def serve_fonts(path, cache) -> list[str]:
    env = {**os.environ, "BUNCO_PRINT_CACHE_DIR": str(cache)}
    env.pop("BUNCO_PRINT_CACHE", None)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path)], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_later_server_takes_the_kept_cut_without_the_subsetter(tmp_path):
    face = themes.load("classic").font("body")
    kind, size, subsetter = serve_fonts(face, tmp_path)
    assert kind == "font/woff2" and 0 < int(size) < face.stat().st_size and subsetter == "True"
    assert serve_fonts(face, tmp_path) == [kind, size, "False"]


def test_a_font_fonttools_cannot_read_is_sent_as_it_is(tmp_path):
    odd, sent = tmp_path / "odd.ttf", b"not a font at all"
    odd.write_bytes(sent)
    assert serve_fonts(odd, tmp_path / "cache") == ["font/ttf", str(len(sent)), "True"]
    assert not list((tmp_path / "cache").glob("files/*"))  # never kept
