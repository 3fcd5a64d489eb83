"""A seller's whole shop: one listing per theme, its packs zipped, a gallery and its words.

`make_plan` checks what was asked (options or catalogue.toml) before anything is laid out;
`build` makes and writes the listings. The modules: plan (what a catalogue holds), make
(workers, zips, writing), backgrounds (layout shared between player counts), images (the
gallery) and text (titles, tags, descriptions, listings.csv).
"""

from bunco_print.catalogue.make import Outcome, build, check_out
from bunco_print.catalogue.plan import CataloguePlan, make_plan, read_config, split_list

__all__ = [
    "CataloguePlan",
    "Outcome",
    "build",
    "check_out",
    "make_plan",
    "read_config",
    "split_list",
]
