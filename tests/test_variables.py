"""A theme's variables written into the stylesheet only where no element can see another value."""

import contextlib
import re
from io import BytesIO

import pikepdf
import pytest

from bunco_print.printing import passes, render, variables
from bunco_print.printing.pack import PackRequest, build_pack

ROOT = ':root { --ink: #2a2433; --accent: #c72a62; --muted: #655e6e; --font-body: "Lato"; }\n'


def test_a_variable_set_once_in_root_is_written_as_its_value():
    css = ROOT + ".a { color: var(--accent); font-family: var(--font-body), sans-serif; }"
    assert variables.fixed(css).endswith('.a { color: #c72a62; font-family: "Lato", sans-serif; }')


def test_a_variable_another_rule_sets_is_left_to_the_cascade():
    css = ROOT + ".a { color: var(--accent); }\n.doc-rules { --accent: red; }"
    assert ".a { color: var(--accent); }" in variables.fixed(css)


def test_a_variable_the_page_sets_in_a_style_attribute_is_left_to_the_cascade():
    css = ROOT + ".a { color: var(--muted); } .b { color: var(--ink); }"
    out = variables.fixed(css, '<div class="a" style="--muted: blue">')
    assert ".a { color: var(--muted); } .b { color: #2a2433; }" in out


def test_a_fallback_goes_with_its_var_and_a_fixed_one_inside_another_is_written():
    css = ROOT + ".a { color: var(--muted, var(--ink)); } .b { color: var(--gone, var(--ink)); }"
    out = variables.fixed(css)
    assert ".a { color: #655e6e; } .b { color: var(--gone, #2a2433); }" in out


def test_words_in_strings_and_comments_and_important_values_are_left_as_they_are():
    css = ROOT.replace("#c72a62", "#c72a62 !important") + (
        '.a::before { content: "var(--ink)"; } /* var(--ink) */ .b { color: var(--accent); }'
        ' .c { font-family: var(--muted, "x)y"); } .d { color: var(--ink); }'
    )
    out = variables.fixed(css)
    assert '.a::before { content: "var(--ink)"; } /* var(--ink) */' in out
    assert ".b { color: var(--accent); }" in out  # its value is !important in :root
    assert '.c { font-family: var(--muted, "x)y"); } .d { color: #2a2433; }' in out


def test_a_stylesheet_without_root_or_cut_short_is_left_as_it_is():
    assert variables.fixed(".a { color: var(--ink); }") == ".a { color: var(--ink); }"
    cut = ROOT + ".a { color: var(--muted, rgb(1 2 3); }"
    assert variables.fixed(cut).endswith(".a { color: var(--muted, rgb(1 2 3); }")


def _page_html(theme: str) -> str:
    """A 12-player pack's page as a pack lays it out, its prize sheet and rules handout only."""
    got = []

    def keep(html):
        got.append(html)
        raise LookupError  # no need to lay it out

    with contextlib.suppress(LookupError):
        build_pack(PackRequest(players=12, seed=1, theme=theme, date="2026-12-04"), lay_out=keep)
    head, sections, tail = passes.split_documents(got[0])
    return head + "".join(s for doc, s in sections if doc in ("prize_sheet", "rules")) + tail


@pytest.mark.parametrize("theme", ["classic", "october"])
def test_a_page_is_drawn_the_same_with_its_variables_written_in(theme, monkeypatch):
    html = _page_html(theme)
    style = re.search(r"<style>(.*?)</style>", html, re.S)[1]
    fixed_rules = re.sub(r"/\*.*?\*/", "", variables.fixed(style), flags=re.S)  # (no comments)
    for role in ("ink", "accent", "font-display"):
        assert f"var(--{role})" in style and f"var(--{role})" not in fixed_rules
    fixed = render.write_pdf(render.layout(html))
    monkeypatch.setattr(variables, "fixed", lambda css, html="": css)
    as_set = render.write_pdf(render.layout(html))
    with pikepdf.open(BytesIO(fixed)) as one, pikepdf.open(BytesIO(as_set)) as other:
        assert len(one.pages) == len(other.pages) >= 3
        for a, b in zip(one.pages, other.pages, strict=True):
            assert a.Contents.read_bytes() == b.Contents.read_bytes()
