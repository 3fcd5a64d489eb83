"""What a catalogue holds: the options or catalogue.toml checked into listings and their packs.

Every value is checked here, before a single pack is laid out, and a mistake is one line that
names the option (`--players`) or the key (`catalogue.toml: players`). Nothing here writes.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bunco_print import __version__
from bunco_print.catalogue import host_card
from bunco_print.catalogue.settings import DEFAULT_PLAYERS, KEYS, LISTINGS
from bunco_print.edges import config
from bunco_print.edges.inputs import read_bytes
from bunco_print.errors import InputError
from bunco_print.game import reader, rulesets
from bunco_print.game.limits import EXTRAS, MAX_PLAYERS, MIN_PLAYERS, PAPERS, PER_PAGE, check_extras
from bunco_print.game.values import check_date, counted, printable
from bunco_print.printing.orders import NONE, read_money
from bunco_print.signing import keys, links
from bunco_print.theming import themes

MAX_COUNTS = 8  # player counts in one listing: each is a pack per paper, variant and ruleset
MAX_PACKS = 24  # packs in one listing (they must fit 5 files of 20 MB)
MAX_SHOP = 60
MAX_WORDING = 2000
CONFIG_LIMIT = 64 * 1024
MAX_TAGS, MAX_TAG = themes.MAX_TAGS, themes.MAX_TAG


@dataclass(frozen=True)
class PackSpec:
    """One pack a listing sells."""

    theme: str
    players: int
    paper: str
    per_page: int = 1
    ruleset: str = "classic"

    @property
    def folder(self) -> str:
        """Its folder inside the zip: `12-players-letter`, plus what sets it apart."""
        name = f"{self.players}-players-{self.paper}"
        if self.per_page != 1:
            name += f"-{self.per_page}-per-page"
        if self.ruleset != "classic":
            name += f"-{self.ruleset}"
        return name


@dataclass(frozen=True)
class Listing:
    """One shop listing: a theme in every count, paper, variant and ruleset asked for."""

    name: str  # its folder under --out
    theme: str
    packs: tuple[PackSpec, ...]


@dataclass(frozen=True)
class Words:
    """A listing's own words from catalogue.toml's [listings.NAME], before those for every
    listing (and the theme's own)."""

    intro: str = ""
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Wording:
    shop: str = ""
    title: str = ""  # a title template: {theme}, {players}, {papers}, {shop}
    intro: str = ""  # the description's first paragraph
    tags: tuple[str, ...] = ()  # tags to put first
    listings: tuple[tuple[str, Words], ...] = ()  # (listing name, its own words)

    def own(self, listing: str) -> Words:
        return dict(self.listings).get(listing, Words())


@dataclass(frozen=True)
class CataloguePlan:
    listings: tuple[Listing, ...]
    players: tuple[int, ...]
    papers: tuple[str, ...]
    per_page: tuple[int, ...]
    rulesets: tuple[str, ...]
    seed: int
    date: str  # "": undated, a line to write it in
    wording: Wording = field(default_factory=Wording)
    editable: bool = False  # fillable form fields on the packs' write-in lines
    # QR codes: off, as a buyer has no scoring engine (and every buyer of a listing would get
    # the same night's links); on, they open the engine at the seller's engine URL
    qr: bool = False
    qr_join: str = ""  # a hosted engine's URL: join codes, no secret (web/views/join.py)
    extras: tuple[str, ...] = EXTRAS  # what a shop pack adds (pack --extras); all by default
    buy_in: int | None = None  # None: the amounts written in, for any buy-in
    currency: str = "$"

    def options(self) -> dict:
        """What shapes every listing's bytes besides its theme's files (for the input digest)."""
        options = asdict(self)
        del options["listings"]
        # each listing's own words go into its own digest (input_digest), not every listing's
        del options["wording"]["listings"]
        if not self.editable:
            del options["editable"]  # a shop made before the option was there is unchanged
        for off in ("qr", "qr_join"):  # a shop made before the option was there is unchanged
            if not getattr(self, off):
                del options[off]
        source = config.source_date()
        options["source_date"] = source.isoformat() if source else None
        options["version"] = __version__
        if self.qr:
            options["engine_url"] = links.engine_url(None)  # the QR codes' links
            # the links are signed with this machine's key: a new key makes new packs (a secret
            # of its own, never the key, goes into the digest); without QR codes no key is read,
            # so none is made
            options["signing"] = keys.event_secret("catalogue-inputs")
        return options


def read_config(path: Path) -> tuple[dict, str]:
    """catalogue.toml's settings and the name its errors use."""
    where = printable(path.name if len(str(path)) > 60 else str(path))
    table = reader.parse(read_bytes(path, "catalogue config", CONFIG_LIMIT), where, "catalogue")
    # each value is checked by make_plan, as the same option on the command line is (TOML has
    # no null, so None is only ever a key left out)
    keys = [key for key in KEYS if key != LISTINGS]  # a table of tables, read key by key below
    settings = {key: value for key in keys if (value := table.raw(key, None)) is not None}
    if LISTINGS in table.data:
        settings[LISTINGS] = _listings_words(table.sub(LISTINGS))
    table.done()
    return settings, where


def _listings_words(table: reader.Table) -> dict[str, dict]:
    """[listings.december] tags and intro, one table a listing, read key by key."""
    words = {}
    for name in list(table.data):
        own = table.sub(name)
        own.kind = "listing"
        words[name] = {
            "tags": own.texts("tags", [], longest=MAX_TAG, most=MAX_TAGS),
            "intro": own.text("intro", "", longest=MAX_WORDING),
        }
        own.done()
    return words


def split_list(text: str | None) -> list[str] | None:
    """`january,february` as a list; None stays None (the default)."""
    if text is None:
        return None
    return [part.strip() for part in text.split(",")]


def make_plan(settings: Mapping[str, object], names: Mapping[str, str]) -> CataloguePlan:
    """The catalogue `settings` ask for; `names[key]` is how an error names each key
    (`--players`, or `catalogue.toml: players`)."""

    def name(key: str) -> str:
        return names.get(key, key)

    theme_names = _themes(settings.get("themes"), name("themes"))
    players = tuple(_list(settings, "players", name, _count, DEFAULT_PLAYERS))
    papers = tuple(_list(settings, "papers", name, _choice(PAPERS), PAPERS))
    per_page = tuple(_list(settings, "per_page", name, _choice(PER_PAGE, int), (1,)))
    ruleset_ids = tuple(
        _list(settings, "rulesets", name, _choice(rulesets.available()), ("classic",))
    )
    if len(players) > MAX_COUNTS:
        raise InputError(
            f"{name('players')}: at most {MAX_COUNTS} player counts, not {len(players)}"
        )
    packs = len(players) * len(papers) * len(per_page) * len(ruleset_ids)
    if packs > MAX_PACKS:
        asked = {"player count": players, "paper": papers, "per-page choice": per_page}
        asked["ruleset"] = ruleset_ids
        product = " x ".join(counted(len(v), k) for k, v in asked.items())
        raise InputError(
            f"{product} make {packs} packs a listing; at most {MAX_PACKS} fit a shop's 5 files, "
            "so ask for fewer"
        )
    seed = settings.get("seed", 1)
    if type(seed) is not int or not 0 <= seed < 10**9:
        raise InputError(f"{name('seed')} must be a whole number from 0 to 999999999, not {seed!r}")
    date = str(settings.get("date", NONE))  # catalogue.toml may write it bare: 2026-12-04
    try:  # none, the defaults: undated, the amounts written in
        day = "" if date == NONE else check_date(date)
        money = read_money(settings.get("buy_in", NONE), settings.get("currency", "$"))
    except InputError as exc:
        raise InputError(f"{name(exc.field)} {str(exc).removeprefix(exc.field + ' ')}") from None
    wording = Wording(
        shop=_text(settings, "shop", name, MAX_SHOP),
        title=_title_template(settings, name),
        intro=_text(settings, "intro", name, MAX_WORDING),
        tags=tuple(_list(settings, "tags", name, _tag, ())),
        listings=_own_words(settings.get(LISTINGS) or {}, name(LISTINGS), theme_names),
    )
    editable, qr = settings.get("editable", False), settings.get("qr", False)
    for key, value in (("editable", editable), ("qr", qr)):
        if type(value) is not bool:
            raise InputError(f"{name(key)} must be true or false, not {value!r}")
    for ruleset in ruleset_ids:
        rulesets.load(ruleset)
    listings = []
    for listing, theme in theme_names:
        themes.load(theme)
        listings.append(
            Listing(
                name=listing,
                theme=theme,
                packs=tuple(
                    PackSpec(theme, count, paper, per, ruleset)
                    for paper in papers
                    for ruleset in ruleset_ids
                    for per in per_page
                    for count in players
                ),
            )
        )
    return CataloguePlan(
        listings=tuple(listings),
        players=players,
        papers=papers,
        per_page=per_page,
        rulesets=ruleset_ids,
        seed=seed,
        date=day,
        wording=wording,
        editable=editable,
        qr=qr,
        qr_join=host_card.check_qr_join(settings, qr, name, theme_names, ruleset_ids, players),
        extras=_extras(settings.get("extras", "all"), name("extras")),
        **money,
    )


def input_digest(plan: CataloguePlan, listing: Listing) -> str:
    """A digest of everything a listing's bytes come from: its theme's files (art, CSS, fonts),
    its rulesets, the templates, the options and bunco-print's version."""
    theme = themes.load(listing.theme)
    digest = hashlib.sha256()
    digest.update(json.dumps(plan.options(), sort_keys=True).encode())
    digest.update(json.dumps([asdict(pack) for pack in listing.packs]).encode())
    digest.update(json.dumps(asdict(plan.wording.own(listing.name))).encode())
    paths = [p for folder in theme.folders for p in sorted(folder.rglob("*")) if p.is_file()]
    paths += sorted({path for font in theme.fonts.values() for path in font.faces.values()})
    paths += [Path(str(rulesets.RULESET_DIR / f"{r}.toml")) for r in plan.rulesets]
    from bunco_print.edges.resources import data_dir

    paths += sorted(p for p in data_dir("templates").rglob("*") if p.is_file())
    for path in paths:
        digest.update(f"\n{path.name}\n".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


# --- checking one key --------------------------------------------------------------------------


def _themes(value: object, name: str) -> list[tuple[str, str]]:
    """(listing name, theme) for each theme asked for: a shipped name, or a theme folder of the
    seller's own (its listing is named after the folder)."""
    known = themes.available()
    if value is None or value == "all" or value == ["all"]:
        return [(theme, theme) for theme in known]
    if type(value) is not list or not value:
        raise InputError(f'{name} must list theme names (or be "all"), not {value!r}')
    chosen: dict[str, str] = {}
    for theme in value:
        if type(theme) is not str or not (theme in known or _theme_folder(theme)):
            shown = printable(repr(theme))[:40]
            raise InputError(
                f"{name}: unknown theme {shown}; choose from: {', '.join(known)} "
                "(or name a folder holding a theme.toml)"
            )
        listing = theme if theme in known else Path(theme).resolve().name
        if listing in chosen:
            raise InputError(f"{name} names two themes called {listing}")
        chosen[listing] = theme
    return list(chosen.items())


def _own_words(value: object, name: str, listings: list[tuple[str, str]]):
    """Each listing's own words: a listing of this catalogue, or any shipped theme (a
    catalogue.toml may word every theme while a run makes a few)."""
    if not isinstance(value, Mapping):
        raise InputError(f"{name} must be a table of listings, not {printable(repr(value))[:40]}")
    known = [listing for listing, _theme in listings]
    chosen = []
    for listing, words in value.items():
        if listing not in known and listing not in themes.available():
            shown = printable(repr(listing))[:40]
            raise InputError(
                f"{name}: {shown} is no listing of this catalogue; listings: {', '.join(known)}"
            )
        if listing not in known:
            continue
        if not isinstance(words, Mapping) or set(words) - {"tags", "intro"}:
            raise InputError(f"{name}.{listing} must be a table of tags and intro")
        where = f"{name}.{listing}"
        tags = _list(words, "tags", lambda key, where=where: f"{where} {key}", _tag, ())
        intro = _text(words, "intro", lambda key, where=where: f"{where} {key}", MAX_WORDING)
        chosen.append((listing, Words(intro=intro, tags=tuple(tags))))
    return tuple(chosen)


def _extras(value: object, name: str) -> tuple[str, ...]:
    """ "all" (the default), "none" or [], or some of the extras, as a list or a comma list."""
    if value == "none" or value == []:
        return ()
    if not isinstance(value, str) and (
        type(value) is not list or not all(type(item) is str for item in value)
    ):
        raise InputError(f'{name} must be "all", "none" or a list of extras, not {value!r}'[:200])
    try:
        return check_extras(value)
    except InputError as exc:
        raise InputError(f"{name} {str(exc).removeprefix('extras ')}") from None


def _theme_folder(theme: str) -> bool:
    try:
        return "\0" not in theme and (Path(theme) / "theme.toml").is_file()
    except (OSError, ValueError):
        return False


def _list(settings, key, name, check, default) -> list:
    value = settings.get(key)
    if value is None:
        return list(default)
    if type(value) is not list or not value:
        raise InputError(f"{name(key)} must be a list, not {printable(repr(value))[:40]}")
    items = [check(item, name(key)) for item in value]
    for item in items:
        if items.count(item) > 1:
            raise InputError(f"{name(key)} names {item} twice")
    return items


def _count(value: object, name: str) -> int:
    if type(value) is str and value.isdigit():
        value = int(value)
    if type(value) is not int or not MIN_PLAYERS <= value <= MAX_PLAYERS:
        shown = printable(repr(value))[:40]
        raise InputError(
            f"{name}: player counts are whole numbers from {MIN_PLAYERS} to {MAX_PLAYERS}, "
            f"not {shown}"
        )
    return value


def _choice(choices: Sequence, kind: type = str):
    def check(value: object, name: str):
        if kind is int and type(value) is str and value.isdigit():
            value = int(value)
        if value not in choices or type(value) is not kind:
            shown = printable(repr(value))[:40]
            raise InputError(f"{name}: choose from {', '.join(map(str, choices))}, not {shown}")
        return value

    return check


def _tag(value: object, name: str) -> str:
    if type(value) is not str or not value.strip() or len(value.strip()) > MAX_TAG:
        shown = printable(repr(value))[:40]
        raise InputError(f"{name}: each tag is text of 1 to 20 characters, not {shown}")
    return value.strip()


def _text(settings, key, name, longest: int) -> str:
    value = settings.get(key, "")
    if type(value) is not str or len(value) > longest or "\0" in value:
        raise InputError(f"{name(key)} must be text of at most {longest} characters")
    return value.strip()


PLACES = ("theme", "players", "papers", "shop")


def _title_template(settings, name) -> str:
    title = _text(settings, "title", name, 140)
    for match in re.finditer(r"\{([^{}]*)\}", title):
        if match.group(1) not in PLACES:
            places = ", ".join("{" + p + "}" for p in PLACES)
            raise InputError(f"{name('title')}: {{{match.group(1)}}} is not one of {places}")
    return title
