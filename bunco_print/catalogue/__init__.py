"""A seller's whole shop: one listing per theme, its packs zipped, a gallery and its words.

`make_plan` checks what was asked (options or catalogue.toml) before anything is laid out;
`build` makes and writes the listings. The modules: plan (what a catalogue holds), make
(workers, zips, writing), backgrounds (layout shared between player counts), images (the
gallery) and text (titles, tags, descriptions, listings.csv).
"""

from __future__ import annotations

import importlib

# What the package offers, and the module each comes from: loaded on first use, so a command
# that only reads catalogue/settings.py (every command builds `catalogue`'s options) does not
# import the workers, zips and pictures.
_FROM = {
    "Outcome": "make",
    "build": "make",
    "check_out": "make",
    "CataloguePlan": "plan",
    "make_plan": "plan",
    "read_config": "plan",
    "split_list": "plan",
}
__all__ = sorted(_FROM)


def __getattr__(name: str):
    if name in _FROM:
        return getattr(importlib.import_module(f"{__name__}.{_FROM[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
