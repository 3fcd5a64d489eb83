"""Where the shipped data lives, the same from a wheel and from a source checkout."""

from functools import cache
from importlib.resources import files
from pathlib import Path

PACKAGE = Path(str(files("bunco_print")))


@cache
def data_dir(name: str) -> Path:
    """`templates` or `themes`: inside the package in a wheel, beside it in a checkout."""
    for candidate in (PACKAGE / name, PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bunco-print is installed without its {name}/ folder")
