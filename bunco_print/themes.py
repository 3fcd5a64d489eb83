"""Themes: a folder with theme.toml, CSS and SVG art; a theme may extend another."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path

from .errors import InputError, UnknownNameError
from .resources import data_dir

# Fonts come from PyPI font packages installed with bunco-print; nothing is fetched at run time.
FONTS: dict[str, tuple[str, str, dict[str, str]]] = {
    # key: (CSS family, package, {weight/style: file})
    "lato": (
        "Lato",
        "font_lato",
        {
            "400": "Lato-Regular.ttf",
            "700": "Lato-Bold.ttf",
            "900": "Lato-Black.ttf",
            "400i": "Lato-Italic.ttf",
            "300": "Lato-Light.ttf",
        },
    ),
    "fredoka": ("Fredoka One", "font_fredoka_one", {"400": "FredokaOne-Regular.ttf"}),
    "amatic": (
        "Amatic SC",
        "font_amatic_sc",
        {"400": "AmaticSC-Regular.ttf", "700": "AmaticSC-Bold.ttf"},
    ),
}


def font_file(key: str, weight: str = "400") -> Path:
    _family, package, faces = FONTS[key]
    return Path(str(files(package) / "files" / faces.get(weight, faces["400"])))


def font_faces_css() -> str:
    """@font-face rules for every shipped font, pointing at the installed files."""
    rules = []
    for key, (family, _package, faces) in FONTS.items():
        for face in faces:
            weight, italic = face.rstrip("i"), face.endswith("i")
            url = font_file(key, face).as_uri()
            style = "italic" if italic else "normal"
            rules.append(
                f'@font-face {{ font-family: "{family}"; src: url("{url}");'
                f" font-weight: {weight}; font-style: {style}; }}"
            )
    return "\n".join(rules)


@dataclass(frozen=True)
class Theme:
    name: str
    title: str  # default event title
    description: str
    colors: dict[str, str]
    fonts: dict[str, str]  # role (display, body, hand) -> FONTS key
    folders: tuple[Path, ...]  # this theme's folder first, then the ones it extends
    stylesheets: tuple[Path, ...]  # parents' first, so a child's rules win

    def art(self, name: str) -> Path:
        """An art file by name, from this theme or the nearest theme it extends."""
        for folder in self.folders:
            if (folder / name).is_file():
                return folder / name
        raise InputError(f"theme {self.name!r} has no art named {name!r}")

    def art_svg(self, name: str) -> str:
        return self.art(name).read_text(encoding="utf-8")

    def font(self, role: str, weight: str = "400") -> Path:
        return font_file(self.fonts[role], weight)

    def family(self, role: str) -> str:
        return FONTS[self.fonts[role]][0]

    def css(self) -> str:
        """Font faces, the theme's colours and fonts as CSS variables, then its stylesheets."""
        variables = [f"--{k}: {v};" for k, v in self.colors.items()]
        variables += [f'--font-{role}: "{self.family(role)}";' for role in self.fonts]
        parts = [font_faces_css(), ":root { " + " ".join(variables) + " }"]
        parts += [p.read_text(encoding="utf-8") for p in self.stylesheets]
        return "\n".join(parts)


def available() -> list[str]:
    return sorted(p.name for p in data_dir("themes").iterdir() if (p / "theme.toml").is_file())


@cache
def load(name: str) -> Theme:
    """The theme called `name`, merged over the themes it extends."""
    chain, seen = [], set()
    while name:
        if name not in available():
            raise UnknownNameError("theme", name, available())
        if name in seen:
            raise InputError(f"theme {name!r} extends itself")
        seen.add(name)
        folder = data_dir("themes") / name
        try:
            data = tomllib.loads((folder / "theme.toml").read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise InputError(f"theme {name!r}: theme.toml is not valid TOML ({exc})") from None
        chain.append((name, folder, data))
        name = data.get("extends", "")
    merged: dict = {"colors": {}, "fonts": {}}
    stylesheets = []
    for _name, folder, data in reversed(chain):
        merged["colors"].update(data.get("colors", {}))
        merged["fonts"].update(data.get("fonts", {}))
        merged.update({k: v for k, v in data.items() if k not in ("colors", "fonts", "extends")})
        stylesheets += [
            folder / s for s in data.get("stylesheets", ["theme.css"]) if (folder / s).is_file()
        ]
    unknown = set(merged["fonts"].values()) - set(FONTS)
    if unknown:
        raise InputError(f"theme {chain[0][0]!r} names fonts that are not shipped: {unknown}")
    return Theme(
        name=chain[0][0],
        title=merged.get("title", "Bunco Night"),
        description=merged.get("description", ""),
        colors=merged["colors"],
        fonts=merged["fonts"],
        folders=tuple(f for _n, f, _d in chain),
        stylesheets=tuple(stylesheets),
    )
