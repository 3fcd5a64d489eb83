"""A new theme folder for a host to edit: theme.toml with the colours it starts from, a
theme.css with a few examples, and copies of the art, used as `--theme PATH`."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

from bunco_print.errors import InputError
from bunco_print.theming import themes

_FOLDER_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
ART = (*themes.REQUIRED_ART, "rule.svg")
# The description a new theme starts with: `themes check` warns while it is still there, as a
# shop listing would show it to buyers.
PLACEHOLDER = "Our own colours and art, starting from {parent}."

CSS = """/* {name}: your theme's own CSS, applied after {extends}'s. Colours and fonts are in
   theme.toml and reach the CSS as variables: var(--accent), var(--font-display)...
   A url("art.svg") names an art file in this folder (or in {extends}, if you delete it here).
   A few things you might change: */

/* the rules handout's tagline, in the handwriting font */
.doc-rules .rl-tagline {{ font-family: var(--font-hand); font-style: normal; font-size: 16pt; }}

/* the bullet before each heading on the rules handout */
.doc-rules h2::before {{ background: var(--accent2); }}
"""


def new_theme(folder: Path, extends: str = "classic") -> Path:
    """Write a theme folder at `folder` that extends `extends` (a shipped name or a folder);
    refuse a folder that exists. The folder, as written."""
    name = folder.name
    if not _FOLDER_NAME.match(name):
        raise InputError(
            f"theme name {name!r}: use letters, digits, '-', '_' or '.', starting with a letter "
            "or digit (64 at most)"
        )
    if name in themes.available():
        raise InputError(
            f"{name!r} is a shipped theme's name, which --theme {name} would print instead; "
            "choose another name"
        )
    if folder.exists() or folder.is_symlink():
        raise InputError(f"{folder} already exists; give a new folder")
    parent = themes.load(extends)
    where = parent.ref if parent.ref in themes.available() else str(Path(parent.ref).resolve())
    files = {
        "theme.toml": _toml(name, parent, where),
        "theme.css": CSS.format(name=name, extends=parent.name),
    }
    missing = [path for path in (folder.parent, *folder.parent.parents) if not path.exists()]
    staging = None
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{name}.", dir=folder.parent))
        for file_name, text in files.items():
            (staging / file_name).write_text(text, encoding="utf-8")
        for art in ART:
            try:
                source = parent.art(art)
            except InputError:  # rule.svg is optional
                continue
            shutil.copyfile(source, staging / art)
        os.chmod(staging, 0o755)
        if folder.exists():
            raise InputError(f"{folder} already exists; give a new folder")
        os.rename(staging, folder)
    except BaseException:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
        for made in missing:  # deepest first: a failed run leaves no folder it made
            with contextlib.suppress(OSError):
                made.rmdir()
        raise
    return folder


def _toml(name: str, parent: themes.Theme, extends: str) -> str:
    colors = "\n".join(f'{key} = "{value}"' for key, value in parent.colors.items())
    fonts = "\n".join(
        f"#   {role}: {font.family} ({font.file().name})" for role, font in parent.fonts.items()
    )
    title = f"{name.replace('-', ' ').replace('_', ' ').title()} Bunco"
    return f"""# {name}: a theme of your own; print with: bunco-print pack --theme THIS-FOLDER
# Check it with: bunco-print themes check THIS-FOLDER (contrast, fonts, art).
title = {json.dumps(title)}
description = {json.dumps(PLACEHOLDER.format(parent=parent.name))}
extends = {json.dumps(extends)}
stylesheets = ["theme.css"]

# Colours, copied from {parent.name} to start from. Text colours (ink, muted, accent, accent2)
# need a contrast of at least 4.5:1 on white and on soft; line is for write-in lines and grids.
[colors]
{colors}

# Fonts come from {parent.name}:
{fonts}
# To use others, give a role its family and files, for example:
# [fonts.display]
# family = "Comfortaa Bold"
# debian = "fonts-comfortaa"
# files = {{ "400" = "truetype/comfortaa/Comfortaa-Bold.ttf" }}
#
# The art files beside this one are copies of {parent.name}'s: edit them, or delete any you
# keep as they are ({parent.name}'s is used then).
"""
