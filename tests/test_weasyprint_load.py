"""WeasyPrint loads without its library lookups (render.weasyprint), and still loads where the
quick way fails: each case in a fresh process, since a process loads it once."""

from __future__ import annotations

import subprocess
import sys
import textwrap

LAYS_OUT = """
from bunco_print.printing import render
weasyprint = render.weasyprint()
document = render.layout("<p>Bunco night</p>")
pdf = render.write_pdf(document)
assert pdf.startswith(b"%PDF") and len(document.pages) == 1
from weasyprint.text import ffi
assert ffi.pango is not None and ffi.fontconfig is not None and ffi.harfbuzz is not None
print("laid out")
"""


def run(*parts: str) -> subprocess.CompletedProcess:
    code = "\n".join(textwrap.dedent(part) for part in parts)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)


def test_weasyprint_loads_quickly_and_gives_the_lookup_back():
    done = run(
        """
        import ctypes.util
        lookup = ctypes.util.find_library
        ran = []
        ctypes.util.find_library = lambda name: ran.append(name) or lookup(name)
        wrapped = ctypes.util.find_library
        """,
        LAYS_OUT,
        """
        assert ran == [], ran  # no name looked up while it loaded
        assert ctypes.util.find_library is wrapped
        """,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "laid out\n"


def test_weasyprint_loads_its_own_way_when_the_quick_way_fails():
    # the first load of its libraries fails, as it would where only find_library finds them
    done = run(
        """
        import sys
        class FailOnce:
            failed = False
            def find_spec(self, name, path=None, target=None):
                if name == "weasyprint.text.ffi" and not FailOnce.failed:
                    FailOnce.failed = True
                    raise OSError("cannot load library 'libpango-1.0-0'")
        sys.meta_path.insert(0, FailOnce())
        """,
        LAYS_OUT,
        """
        assert FailOnce.failed
        """,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "laid out\n"  # and nothing else on stdout


def test_fonts_cut_to_other_letters_make_cffi_parse_no_more_c():
    # cffi parses each spelling of a C type once (about 3 ms each): WeasyPrint's glyph arrays,
    # spelled with their length, are made as one type (render._typed_once)
    done = run(
        LAYS_OUT,
        """
        import pycparser
        parses = []
        parse = pycparser.CParser.parse
        pycparser.CParser.parse = lambda self, *a, **k: parses.append(1) or parse(self, *a, **k)
        for text in ("Bunco", "Three dice, four sets, one fuzzy die", "Zoë Ångström 0123456789"):
            render.write_pdf(render.layout(f"<h1>{text}</h1><p><b>{text}</b> {text}</p>"))
        print(len(parses))
        from weasyprint.text.ffi import ffi
        glyphs = ffi.new("hb_codepoint_t[3]", [5, 6, 7])  # the same array, as one type
        assert list(glyphs) == [5, 6, 7] and len(ffi.new("hb_codepoint_t[4]")) == 4
        """,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "laid out\n0\n"
