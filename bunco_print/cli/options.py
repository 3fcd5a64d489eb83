"""A command's options built from declarations the core keeps (a pack request's, a catalogue's).

Typer reads a command's options from its signature; `declared` gives a command one built from
`Declared` values, so each option's name, type, default and help are written once, where the
value they carry is defined.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Annotated, Any

import typer


@dataclass(frozen=True)
class Declared:
    """One option as a command line shows it."""

    name: str  # the parameter: the field's name
    kind: Any  # the type a user gives
    default: Any
    help: str
    metavar: str = ""
    flags: tuple[str, ...] = ()  # when not --name (and --no-name for a bool)
    choices: tuple = ()


def parameter(option: Declared) -> inspect.Parameter:
    """The option as a keyword parameter Typer reads: its type, default and typer.Option."""
    kind = option.kind
    if option.choices:  # a choice: Click lists them in the help and refuses any other
        kind = StrEnum(option.name.title().replace("_", ""), {c: c for c in option.choices})
    if option.default is None:
        kind = kind | None
    info = typer.Option(
        *option.flags,
        help=option.help,
        metavar=option.metavar or None,
        show_default=option.default not in (None, "", (), False),  # a flag off: no noise
    )
    default = kind(option.default) if option.choices and option.default else option.default
    return inspect.Parameter(
        option.name,
        inspect.Parameter.KEYWORD_ONLY,
        default=default,
        annotation=Annotated[kind, info],
    )


def declared(*options: Declared):
    """A command function's signature: its own named parameters (a folder, the command's own
    options) but those `options` declare, then `options` in the order its help lists them."""

    def give(function):
        own = inspect.signature(function, eval_str=True).parameters.values()
        names = {option.name for option in options}
        parameters = [
            p for p in own if p.kind is not inspect.Parameter.VAR_KEYWORD and p.name not in names
        ]
        parameters += [parameter(option) for option in options]
        function.__signature__ = inspect.Signature(parameters)
        function.__annotations__ = {p.name: p.annotation for p in parameters}
        return function

    return give


def plain(values: dict[str, Any]) -> dict[str, Any]:
    """The values as the core takes them: a choice as its text."""
    return {key: value.value if isinstance(value, Enum) else value for key, value in values.items()}
