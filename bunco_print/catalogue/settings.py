"""A catalogue's settings, each declared once: catalogue.toml's key, the option that overrides it,
and the help that option shows (cli/catalogue.py builds the command's options from them)."""

from __future__ import annotations

from dataclasses import dataclass

from bunco_print.game.limits import PAPERS

DEFAULT_PLAYERS = (8, 12, 16, 24)
# A listing's gallery (catalogue/images.py draws it), in the shop's order: these always, one more
# showing the party extras when the packs carry them, one more on filling the fields in when
# they are editable. Here, so the command's help counts them without loading the painter.
GALLERY = (
    "01-cover.png",
    "02-whats-included.png",
    "03-score-sheet.png",
    "04-rules-handout.png",
    "05-sizes-and-formats.png",
    "07-how-to-print.png",
    "09-table-top.png",
)
EXTRAS_IMAGE = "06-party-extras.png"
FILL_IN_IMAGE = "08-how-to-fill-in.png"


def gallery_words() -> str:
    """How many images a listing's gallery has, as the command's help says it."""
    n = len(GALLERY)
    return (
        f"{n} gallery images of 2000 x 2000 px ({n + 1} with the party extras, {n + 2} when the "
        "packs are editable too)"
    )


@dataclass(frozen=True)
class Setting:
    """One catalogue setting, declared once: catalogue.toml's key and the option that overrides
    it (`flags`; none for the words only the file holds), with the help the option shows."""

    key: str
    help: str = ""
    kind: type = str
    metavar: str = "LIST"
    flags: tuple[str, ...] = ()  # when not --key
    option: bool = True
    listed: bool = False  # a comma list on the command line (a list in catalogue.toml)


LISTED = "comma-separated"
SETTINGS = (
    Setting(
        "themes", f"Theme names or theme folders, {LISTED}, or all.  [default: all]", listed=True
    ),
    Setting(
        "players",
        f"Player counts, {LISTED}.  [default: {','.join(map(str, DEFAULT_PLAYERS))}]",
        listed=True,
    ),
    Setting(
        "papers",
        f"Paper sizes, {LISTED}.  [default: {','.join(PAPERS)}]",
        flags=("--paper",),
        listed=True,
    ),
    Setting("per_page", f"Score sheets a page, {LISTED}.  [default: 1]", listed=True),
    Setting("rulesets", f"Rule systems, {LISTED}.  [default: classic]", listed=True),
    Setting("shop", "The shop's name, for the words.", metavar="TEXT"),
    Setting("seed", "The seed of every pack.  [default: 1]", int, "N"),
    Setting(
        "date",
        "The date on the packs, YYYY-MM-DD, or none.  [default: none, a line to write it in: "
        "packs a buyer prints every month]",
        metavar="DATE",
    ),
    Setting(
        "buy_in",
        "What each player puts in the pot, printed with each prize's amount, or none.  "
        "[default: none, boxes to write the buy-in, pot and prizes in]",
        metavar="AMOUNT",
    ),
    Setting("currency", "The currency's symbol or code.  [default: $]", metavar="TEXT"),
    Setting("title", option=False),
    Setting("intro", option=False),
    Setting("tags", option=False),
    Setting("listings", option=False),  # [listings.NAME]: a listing's own tags and intro
    Setting(
        "editable",
        "Packs with fillable form fields on the write-in lines.  [default: not editable]",
        bool,
        "",
        ("--editable/--not-editable",),
    ),
    Setting(
        "qr",
        "QR codes that open the scoring engine at the engine URL.  [default: none, as a buyer "
        "has no engine]",
        bool,
        "",
        ("--qr/--no-qr",),
    ),
    Setting(
        "qr_join",
        "QR codes that open a hosted engine (serve --database) at URL, the same for every "
        "buyer: each pack's host card starts a night of her own, whose six-letter join code "
        "her players type once.  [default: none]",
        metavar="URL",
    ),
    Setting(
        "extras",
        "Party extras in every pack: all, none, or some of invitation, name-tags, prize-tags, "
        "host-checklist, sign-in-sheet (comma-separated).  [default: all]",
    ),
)
KEYS = tuple(setting.key for setting in SETTINGS)
LISTINGS = "listings"
