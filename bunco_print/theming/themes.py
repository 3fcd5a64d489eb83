"""Themes: a folder with theme.toml, CSS, SVG art and maybe its own fonts and templates.

A theme is a shipped name (`classic`) or any folder holding a theme.toml. It may `extend`
another; colours merge by name, fonts by role, and art, CSS `url()`s and templates are looked
up in the theme first, then in the themes it extends. Everything is checked at load, so a
mistake is one line naming the theme.toml and the key.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from importlib.resources import files
from pathlib import Path, PurePosixPath

from bunco_print.edges.resources import data_dir
from bunco_print.errors import InputError, UnknownNameError
from bunco_print.game import reader
from bunco_print.game.reader import Table
from bunco_print.game.values import shorten, shown

REQUIRED_COLORS = ("ink", "accent", "accent2", "soft", "line", "muted", "gold")
REQUIRED_FONTS = ("display", "body", "hand")
REQUIRED_ART = ("star.svg", "seat.svg", "dice.svg", "corner.svg", "ghost.svg")  # templates use them
FONT_SUFFIXES = (".ttf", ".otf")  # what WeasyPrint lays out and stamp.py can embed
# Where a Debian font package puts its files; `debian = "fonts-lato"` names files below it.
# Elsewhere (another system, a user's own fonts) the same file is looked for by its name.
SYSTEM_FONTS = Path("/usr/share/fonts")
OTHER_FONT_DIRS = (
    "/usr/local/share/fonts",
    "~/.local/share/fonts",
    "~/.fonts",
    "/Library/Fonts",
    "~/Library/Fonts",
)
MAX_TAGS, MAX_TAG = 13, 20  # what a shop takes: 13 tags of at most 20 characters
_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")
_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")  # a colour name or font role: a CSS variable's name
_FACE = re.compile(r"^[1-9]00i?$")  # CSS weight, "i" for italic
_FAMILY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]*$")
_URL = re.compile(r"""/\*.*?\*/|url\(\s*(["']?)(.*?)\1\s*\)""", re.S)  # comments kept as they are
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")

# Debian's Lato files carry a 'modified' date fontTools finds odd and warns about on every read
# (through logging, so on stderr): harmless, and not something a host can act on.
logging.getLogger("fontTools.ttLib.tables._h_e_a_d").setLevel(logging.ERROR)


@dataclass(frozen=True)
class Font:
    """A font family and its face files, keyed "400", "700", "400i" (italic)..."""

    family: str
    faces: dict[str, Path]

    def file(self, weight: str = "400") -> Path:
        return self.faces.get(weight, self.faces["400"])


@dataclass(frozen=True)
class Theme:
    name: str  # the folder's name
    title: str  # default event title
    description: str
    colors: dict[str, str]
    fonts: dict[str, Font]  # role (display, body, hand) -> font
    folders: tuple[Path, ...]  # this theme's folder first, then the ones it extends
    stylesheets: tuple[Path, ...]  # parents' first, so a child's rules win
    ref: str = ""  # what load() takes to give this theme again: a shipped name or a folder
    style: str = field(default="", repr=False)  # the stylesheets, url()s resolved
    ink_saver: bool = False  # printed with little ink (ink_saver.py)
    # A shop listing's words ([listing] in theme.toml): never printed on a page. Not inherited:
    # they sell this theme's own art ("christmas bunco" would mislabel a theme that extends
    # december to draw something else); a listing fills the rest with the game's words.
    listing_tags: tuple[str, ...] = ()
    listing_intro: str = ""

    def art(self, name: str) -> Path:
        """An art file by name, from this theme or the nearest theme it extends."""
        if not _relative(name):
            raise InputError(f"theme {self.name!r}: art {name!r} must be a path inside the theme")
        for folder in self.folders:
            if (folder / name).is_file():
                return folder / name
        raise InputError(f"theme {self.name!r} has no art named {name!r}")

    def art_svg(self, name: str) -> str:
        return self.art(name).read_text(encoding="utf-8")

    @property
    def qr_color(self) -> str:
        """The colour of QR codes: the ink, unless the theme names a darker "qr" (ink_saver)."""
        return self.colors.get("qr", self.colors["ink"])

    def font(self, role: str, weight: str = "400") -> Path:
        return self.fonts[role].file(weight)

    def family(self, role: str) -> str:
        return self.fonts[role].family

    @property
    def template_dirs(self) -> tuple[Path, ...]:
        """The `templates/` folders of this theme and those it extends, nearest first."""
        return tuple(f / "templates" for f in self.folders if (f / "templates").is_dir())

    def css(self) -> str:
        """Font faces, the theme's colours and fonts as CSS variables, then its stylesheets."""
        return "\n".join([self.base_css(), self.style])

    def base_css(self, url: Callable[[str, str, Path], str] | None = None) -> str:
        """Font faces and the colour and font variables; `url(role, face, path)` says where a
        font file is fetched from (default: its file URI, for WeasyPrint)."""
        faces: dict[tuple[str, str], tuple[str, Path]] = {}
        for role, font in self.fonts.items():
            for face, path in font.faces.items():
                faces.setdefault((font.family, face), (role, path))
        where = url or (lambda role, face, path: path.as_uri())
        rules = [
            f'@font-face {{ font-family: "{family}"; src: url("{where(role, face, path)}");'
            f" font-weight: {face.rstrip('i')};"
            f" font-style: {'italic' if face.endswith('i') else 'normal'}; }}"
            for (family, face), (role, path) in faces.items()
        ]
        variables = [f"--{k}: {v};" for k, v in self.colors.items()]
        variables += [f'--font-{role}: "{font.family}";' for role, font in self.fonts.items()]
        return "\n".join([*rules, ":root { " + " ".join(variables) + " }"])


def available() -> list[str]:
    return sorted(p.name for p in data_dir("themes").iterdir() if (p / "theme.toml").is_file())


def load(name: str | Path) -> Theme:
    """A shipped theme by name, or a folder holding theme.toml, merged over what it extends."""
    name = str(name)
    if name in available():
        return _shipped(name)
    folder = Path(name).expanduser()
    try:
        is_folder = bool(name) and folder.is_dir()
    except (OSError, ValueError):  # a name too long to be a path, a NUL
        is_folder = False
    if is_folder:
        if not (folder / "theme.toml").is_file():
            raise InputError(
                f"theme folder {folder} holds no theme.toml; "
                f"give a folder that does, or one of: {', '.join(available())}"
            )
        return _load(folder.resolve())
    raise UnknownNameError("theme", shorten(name, 60), available())


@cache
def _shipped(name: str) -> Theme:
    return _load(data_dir("themes") / name)


# --- reading and checking theme.toml -----------------------------------------------------------


def _where(folder: Path) -> str:
    """How errors name a theme file: short for shipped themes, the full path for others."""
    shipped = data_dir("themes")
    return f"{folder.name}/theme.toml" if folder.parent == shipped else str(folder / "theme.toml")


def _relative(ref: str) -> bool:
    """A path inside a theme folder: relative, no `..`, no scheme."""
    path = PurePosixPath(ref)
    return bool(ref) and not (
        path.is_absolute() or ".." in path.parts or "\\" in ref or _SCHEME.match(ref)
    )


def _fail(folder: Path, key: str, message: str):
    raise InputError(f"theme {_where(folder)}: {key}{' ' if key else ''}{message}")


def _load(folder: Path) -> Theme:
    chain: list[tuple[Path, dict]] = []
    while True:
        if folder in (f for f, _d in chain):
            names = " -> ".join(f.name for f, _d in chain)
            _fail(chain[-1][0], "extends", f"makes a cycle: {names} -> {folder.name}")
        data = _read(folder)
        chain.append((folder, data))
        if "extends" not in data:
            break
        folder = _parent(folder, data["extends"])
    colors: dict[str, str] = {}
    fonts: dict[str, Font] = {}
    merged: dict = {}
    stylesheets: list[Path] = []
    for depth in reversed(range(len(chain))):
        folder, data = chain[depth]
        colors.update(data.get("colors", {}))
        fonts.update(data.get("fonts", {}))
        merged.update({k: data[k] for k in ("title", "description") if k in data})
        searched = [f for f, _d in chain[depth:]]
        stylesheets += [_stylesheet(folder, name, searched) for name in data["stylesheets"]]
    home, own = chain[0]
    for key, needed, given in (
        ("colors", REQUIRED_COLORS, colors),
        ("fonts", REQUIRED_FONTS, fonts),
    ):
        missing = [n for n in needed if n not in given]
        if missing:
            extends = " nor in the themes it extends" if len(chain) > 1 else ""
            _fail(home, f"[{key}]", f"must give {', '.join(missing)} (not given here{extends})")
    for art in REQUIRED_ART:
        if not any((f / art).is_file() for f, _d in chain):
            extends = ", nor in the themes it extends" if len(chain) > 1 else ""
            _fail(home, "", f"needs the art file {art} beside it{extends}")
    theme = Theme(
        name=home.name,
        title=merged.get("title", "Bunco Night"),
        description=merged.get("description", ""),
        colors=colors,
        fonts=fonts,
        folders=tuple(f for f, _d in chain),
        stylesheets=tuple(stylesheets),
        ref=home.name if home.parent == data_dir("themes") else str(home),
        listing_tags=own["listing"]["tags"],
        listing_intro=own["listing"]["intro"],
    )
    style = "\n".join(_resolve_urls(theme, sheet) for sheet in stylesheets)
    return replace(theme, style=style)


def _stylesheet(folder: Path, name: str, searched: list[Path]) -> Path:
    """A stylesheet a theme lists: its own file, or one a theme it extends ships without
    listing (classic's `ornaments.css`, shared by the themes that bring the art it names)."""
    for candidate in searched:
        if (candidate / name).is_file():
            return candidate / name
    return _fail(folder, "stylesheets", f"names {name!r}, which is not in {folder}")


def _parent(folder: Path, extends: str) -> Path:
    """`extends` names a shipped theme, or a folder relative to this theme's own."""
    if extends in available():
        return data_dir("themes") / extends
    parent = (folder / extends).resolve()
    if not (parent / "theme.toml").is_file():
        _fail(
            folder,
            "extends",
            f"must name a theme ({', '.join(available())}) or a folder holding theme.toml, "
            f"not {extends!r}",
        )
    return parent


def _read(folder: Path) -> dict:
    """theme.toml, checked key by key; fonts become Font (stylesheets are found by _load)."""
    try:
        text = (folder / "theme.toml").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _fail(folder, "", f"cannot be read: {exc}")
    top = reader.parse(text, f"theme {_where(folder)}", "theme")
    words = {key: top.text(key, None) for key in ("title", "description", "extends")}
    colors = top.sub("colors", optional=True)
    for name in colors.data:
        value = colors.raw(name)
        if not _NAME.match(name):
            colors.fail(name, "is not a usable colour name (a-z, 0-9, - or _)")
        if type(value) is not str or not _COLOR.match(value):
            colors.fail(name, f"must be a colour like #d2336b, not {shown(value)}")
    fonts_table = top.sub("fonts", optional=True)
    fonts = {role: _font(folder, fonts_table, role) for role in list(fonts_table.data)}
    default = ["theme.css"] if (folder / "theme.css").is_file() else []
    sheets = top.raw("stylesheets", default)
    if type(sheets) is not list or not all(type(s) is str and _relative(s) for s in sheets):
        top.fail("stylesheets", f"must list CSS files in the theme folder, not {sheets!r}")
    listing = top.sub("listing", optional=True)
    shop_words = {
        "tags": tuple(t.strip() for t in listing.texts("tags", [], longest=MAX_TAG, most=MAX_TAGS)),
        "intro": listing.text("intro", "").strip(),
    }
    listing.done()
    top.done()
    found = {key: value for key, value in words.items() if value is not None}
    return {
        **found,
        "colors": colors.data,
        "fonts": fonts,
        "stylesheets": sheets,
        "listing": shop_words,
    }


def _font(folder: Path, fonts: Table, role: str) -> Font:
    if not _NAME.match(role):
        fonts.fail(role, "is not a usable font role (a-z, 0-9, - or _)")
    spec = fonts.sub(role)  # refused unless a table: family = "...", files = { "400" = "..." }
    spec.kind = "font"
    family = spec.raw("family", None)
    if type(family) is not str or not _FAMILY.match(family):
        spec.fail("family", f"must name the font family, not {shown(family)}")
    debian, package = spec.raw("debian", None), spec.raw("package", None)
    faces = spec.raw("files", None)
    spec.done()
    root = folder
    if package is not None and debian is not None:
        spec.fail(None, "names both a Python package and a Debian package; give one")
    if debian is not None:
        if type(debian) is not str or not re.match(r"^fonts-[a-z0-9.+-]+$", debian):
            spec.fail("debian", f"must name a Debian font package, not {shown(debian)}")
        root = SYSTEM_FONTS
    if package is not None:
        try:
            root = Path(str(files(package)))
        except (ModuleNotFoundError, TypeError, ValueError):
            spec.fail("package", f"names no installed Python package: {shown(package)}")
    if type(faces) is not dict or "400" not in faces:
        spec.fail("files", 'must map weights to files, with at least "400"')
    found = {}
    for face, name in faces.items():
        where = f"files.{face}"
        if not _FACE.match(face):
            spec.fail(where, 'must be a weight like "400", "700" or "400i" (italic)')
        if type(name) is not str or not _relative(name) or not name.endswith(FONT_SUFFIXES):
            spec.fail(where, f"must be a relative .ttf or .otf path, not {shown(name)}")
        path = _system_font(name) if debian else root / name
        if path is None or not path.is_file():
            hint = f" (install the Debian package {debian})" if debian else ""
            spec.fail(where, f"names a file that does not exist: {root / name}{hint}")
        found[face] = path
    return Font(family=family, faces=found)


def _system_font(name: str) -> Path | None:
    """A Debian font package's file, where Debian puts it, or by its name in another fonts
    folder."""
    if (SYSTEM_FONTS / name).is_file():
        return SYSTEM_FONTS / name
    base = PurePosixPath(name).name
    found = (Path(d).expanduser() / base for d in OTHER_FONT_DIRS)
    return next((path for path in found if path.is_file()), None)


def _resolve_urls(theme: Theme, sheet: Path) -> str:
    """The stylesheet with each url("art.svg") pointing at the theme's (or its parents') file."""
    text = sheet.read_text(encoding="utf-8")
    shipped = sheet.parent.parent == data_dir("themes")
    where = f"{sheet.parent.name}/{sheet.name}" if shipped else str(sheet)
    if "@import" in text:
        raise InputError(f"theme {where}: @import is not supported; list it in stylesheets")

    def resolve(match: re.Match) -> str:
        ref = (match.group(2) or "").strip()
        if match.group(0).startswith("/*") or ref.startswith(("data:", "#")):
            return match.group(0)
        if not _relative(ref):
            raise InputError(f"theme {where}: url({ref}) must name an art file of the theme")
        try:
            return f'url("{theme.art(ref).as_uri()}")'
        except InputError:
            raise InputError(
                f"theme {where}: url({ref}) names no art file of this theme "
                "or of the themes it extends"
            ) from None

    return _URL.sub(resolve, text)
