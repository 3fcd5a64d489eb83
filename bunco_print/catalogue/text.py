"""A listing's words: its title, tags and description, listing.json and listings.csv.

Shops take a title of at most 140 characters and 13 tags of at most 20 characters each; every
text here is cut to fit, never refused after the packs are made.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence

from bunco_print.catalogue.plan import CataloguePlan, Listing
from bunco_print.game import rulesets
from bunco_print.game.values import and_list
from bunco_print.theming import themes

MAX_TITLE = 140
MAX_TAGS, MAX_TAG = themes.MAX_TAGS, themes.MAX_TAG
PAPER_NAMES = {"letter": "Letter", "a4": "A4"}
PAPER_SIZES = {"letter": "US Letter (8.5 x 11 in)", "a4": "A4 (210 x 297 mm)"}
# What each document a pack may hold is called in a description, in printing order.
DOCUMENTS = {
    "score-sheets.pdf": (
        "Score sheets",
        "one per player, numbered, with the night's totals at the bottom",
    ),
    "team-cards.pdf": ("Team cards", "one per team, numbered"),
    "tally-pads.pdf": ("Tally pads", "one per table and set"),
    "seat-cards.pdf": ("Seat cards", "stars and seats for the first round"),
    "prize-sheet.pdf": ("Prize sheet", "the pot split into prizes"),
    "rules-handout.pdf": ("Rules handout", "how to play, for every table"),
    "table-markers.pdf": ("Table markers", "fold-over tent cards for each table"),
    "invitation.pdf": ("Invitation", "when, where, the host and RSVP, on lines to fill in"),
    "name-tags.pdf": ("Name tags", "one per player, eight to a page"),
    "prize-tags.pdf": ("Prize tags", "one per prize, with a line for its amount or gift"),
    "host-checklist.pdf": (
        "Host checklist",
        "tables, chairs, dice, pencils and prizes counted, and a timeline for the evening",
    ),
    "sign-in-sheet.pdf": ("Sign-in sheet", "names and buy-ins paid"),
}
# "Bunco" (and a "Night" after it) is the game's word, not the theme's: "Garden Party Bunco" ->
# "Garden Party", "Bunco Night" -> "" (the theme's folder name then)
_GAME_WORDS = re.compile(r"(?i)\bb[ou]n[ck]o(\s+night)?\b")
# What a tag may hold in the shops that take 13 of them: letters, digits, spaces, - and '
_TAG_CHARS = re.compile(r"[^\w\s'-]|_")
# The game's own tags after the theme's, the most searched first
GAME_TAGS = (
    "bunco printable",
    "bunco score sheet",
    "bunco game",
    "bunco night",
    "bunco party",
    "bunco tally sheet",
    "bunco rules",
    "dice game",
    "printable game",
    "bunco score card",
    "game night",
    "instant download",
    "bunko",
)


def players_phrase(counts: Sequence[int]) -> str:
    low, high = min(counts), max(counts)
    return f"{low} players" if low == high else f"{low} to {high} players"


def papers_phrase(papers: Sequence[str]) -> str:
    return and_list([PAPER_NAMES[p] for p in papers])


def theme_name(theme: themes.Theme) -> str:
    """ "Garden Party" from "Garden Party Bunco": the theme's whole title but the game's word."""
    words = _GAME_WORDS.sub(" ", theme.title).split()
    return " ".join(words) or theme.name.replace("-", " ").replace("_", " ").title()


def theme_tag(theme: themes.Theme) -> str:
    """The tag that names the theme, within 20 characters: "garden party bunco", else the name
    alone ("galentine's day"), else its first words ("ugly sweater bunco"); never none."""
    words = _TAG_CHARS.sub(" ", theme_name(theme).lower()).split() or ["bunco"]
    for count in range(len(words), 0, -1):
        for tag in (" ".join([*words[:count], "bunco"]), " ".join(words[:count])):
            if len(tag) <= MAX_TAG:
                return tag
    return words[0][:MAX_TAG]


def title(plan: CataloguePlan, listing: Listing) -> str:
    theme = themes.load(listing.theme)
    places = {
        "theme": theme_name(theme),
        "players": players_phrase(plan.players),
        "papers": papers_phrase(plan.papers),
        "shop": plan.wording.shop,
    }
    template = plan.wording.title or (
        "{theme} Bunco %sPrintable Pack, {players}, Score Sheets, Tally Pads, Rules, {papers}"
        % ("Editable " if plan.editable else "")
    )
    text = re.sub(r"\{(\w+)\}", lambda m: places.get(m.group(1), m.group(0)), template)
    return _cut(" ".join(text.split()), MAX_TITLE)


def tags(plan: CataloguePlan, listing: Listing) -> list[str]:
    """13 tags of at most 20 characters: the seller's for this listing, then for every listing,
    the one naming the theme (always kept), the theme's own, then the game's."""
    theme = themes.load(listing.theme)
    seller = _unique([*plan.wording.own(listing.name).tags, *plan.wording.tags])
    wanted = [
        *seller[: MAX_TAGS - 1],
        theme_tag(theme),
        *(["editable pdf"] if plan.editable else []),
        *theme.listing_tags,
        *GAME_TAGS,
    ]
    return _unique(wanted)[:MAX_TAGS]


def _unique(tags: Sequence[str]) -> list[str]:
    chosen: list[str] = []
    for tag in tags:
        tag = " ".join(tag.split())
        if tag and len(tag) <= MAX_TAG and tag.lower() not in (c.lower() for c in chosen):
            chosen.append(tag)
    return chosen


def description(
    plan: CataloguePlan, listing: Listing, files: Sequence[str], documents: Sequence[str]
) -> str:
    theme = themes.load(listing.theme)
    counts = and_list([str(n) for n in plan.players])
    intro = (
        plan.wording.own(listing.name).intro
        or plan.wording.intro
        or theme.listing_intro
        or f"Host a {theme_name(theme)} Bunco night without drawing a single grid. "
        f"{theme.description}".strip()
    )
    lines = [intro, "", "WHAT IS INCLUDED"]
    lines += [f"- {what}: {why}" for doc, (what, why) in DOCUMENTS.items() if doc in documents]
    lines.append("- pack.pdf: all of them in printing order, in one file")
    lines.append(f"- A ready-made pack for {counts} players")
    if plan.editable:
        typed = ["the players' names", *(["the date"] if not plan.date else [])]
        typed += ["the amounts"] if plan.buy_in is None else []
        lines.append(
            f"- Editable: type {and_list(typed)} right in the PDF, in the theme's font, with the "
            "free Adobe Acrobat Reader (on a computer, or its phone app), then print"
        )
    if len(plan.rulesets) > 1 or plan.rulesets != ("classic",):
        names = and_list([rulesets.load(r).name for r in plan.rulesets])
        lines.append(f"- Rules: {names}")
    if plan.per_page != (1,):
        lines.append(f"- Score sheets {and_list([str(n) for n in plan.per_page])} to a page")
    lines += ["", "SIZES"]
    lines += [f"- {PAPER_SIZES[p]}" for p in plan.papers]
    lines += ["", "FILES"] + [f"- {name}" for name in files]
    lines += [
        "",
        "HOW TO PRINT",
        "- Open the folder for your number of players and paper, and print pack.pdf at 100% "
        '("actual size", not "fit to page"); each document is also there on its own.',
        "- Card stock (65 to 110 lb, 176 to 300 g/m²) for seat cards and table markers; "
        "plain paper for everything else.",
        "- Duplex tip: print single-sided. Seat cards are cut apart and table markers fold "
        "into tents, so anything on the back would be cut through or hidden; if your printer "
        'only prints both sides, use it for score sheets and tally pads with "flip on long '
        'edge".',
        "",
        "This is a digital download: nothing will be shipped.",
    ]
    if plan.wording.shop:
        lines.append(f"Thank you for shopping at {plan.wording.shop}!")
    return "\n".join(lines)


def listing_json(
    plan: CataloguePlan,
    listing: Listing,
    files: Sequence[str],
    images: Sequence[str],
    documents: Sequence[str],
) -> dict:
    papers = {paper: i for i, paper in enumerate(plan.papers)}
    packs = sorted(listing.packs, key=lambda p: (papers[p.paper], p.players, p.per_page, p.ruleset))
    return {
        "title": title(plan, listing),
        "tags": tags(plan, listing),
        "description": description(plan, listing, files, documents),
        "files": list(files),
        "images": list(images),
        "packs": [
            {
                "theme": themes.load(pack.theme).name,
                "players": pack.players,
                "paper": pack.paper,
                **({"per_page": pack.per_page} if pack.per_page != 1 else {}),
                **({"ruleset": pack.ruleset} if pack.ruleset != "classic" else {}),
                "folder": pack.folder,
            }
            for pack in packs
        ],
    }


def dumps(data: dict) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()


def listings_csv(rows: Sequence[tuple[str, dict]]) -> bytes:
    """One row per listing: its folder, title, tags, description, files and images."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["listing", "title", "tags", "description", "files", "images"])
    for name, data in rows:
        writer.writerow(
            [
                name,
                data["title"],
                ", ".join(data["tags"]),
                data["description"],
                "; ".join(f"{name}/{f}" for f in data["files"]),
                "; ".join(f"{name}/{i}" for i in data["images"]),
            ]
        )
    return buffer.getvalue().encode()


def _cut(text: str, size: int) -> str:
    if len(text) <= size:
        return text
    cut = text[: size - 1].rsplit(" ", 1)[0].rstrip(",;:-")
    return cut + "…"
