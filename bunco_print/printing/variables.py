"""A page's stylesheet with its theme's variables written in where they cannot vary.

A theme's colours and fonts reach the stylesheets as CSS variables, set in `:root`
(themes.Theme.base_css) and used as `var(--accent)`. WeasyPrint keeps a declaration that uses
one unparsed and parses it again, the variable's value put in, for every element the rule
applies to: a twentieth of a pack's layout. A variable set once, in `:root`, and nowhere else
(no other rule, no style attribute of the page) has that value on every element, so its var()s
are written as that value, and WeasyPrint parses them once with the stylesheet.
"""

from __future__ import annotations

import re
from functools import lru_cache

_ROOT = re.compile(r":root\s*\{([^{}]*)\}")
_SET = re.compile(r"(--[A-Za-z0-9_-]+)\s*:\s*([^;{}]*?)\s*(?:;|(?=\}))")
_NAME = re.compile(r"--[A-Za-z0-9_-]+(?=\s*:)")
# a var() of a variable, or a string or comment (whose words are left as they are)
_USE = re.compile(
    r"var\(\s*(--[A-Za-z0-9_-]+)\s*([,)])"
    r"|\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|/\*.*?\*/",
    re.S,
)


def fixed(css: str, html: str = "") -> str:
    """`css` with every var() of a variable set once, in its first `:root` rule, and nowhere
    in `css` or in `html` (the page's style attributes), written as its value; a var() of any
    other variable (one a rule or a page element sets again) as it is."""
    return _fixed(css, frozenset(_NAME.findall(html)))


@lru_cache(maxsize=16)
def _fixed(css: str, set_by_page: frozenset[str]) -> str:
    root = _ROOT.search(css)
    if root is None:
        return css
    sets = _NAME.findall(css)
    values = {
        name: value
        for name, value in _SET.findall(root[1])
        if value
        and sets.count(name) == 1
        and name not in set_by_page
        and "var(" not in value
        and "!" not in value  # (!important is the variable's own)
    }
    out, at = [], 0
    for use in _USE.finditer(css):
        if use.start() < at or use[1] not in values:
            continue  # (a string, a comment, a variable that may vary)
        end = use.end() if use[2] == ")" else _closing(css, use.end())
        if end is None:
            continue  # unbalanced, or a string in its fallback: left as it is
        out += [css[at : use.start()], values[use[1]]]
        at = end
    return "".join(out) + css[at:]


def _closing(css: str, start: int) -> int | None:
    """Where the var() whose fallback starts at `start` ends (past its `)`); None where it
    does not, or a string comes first."""
    depth = 1
    for index in range(start, len(css)):
        if css[index] in "\"'":
            return None
        if css[index] == "(":
            depth += 1
        elif css[index] == ")":
            depth -= 1
            if not depth:
                return index + 1
    return None
