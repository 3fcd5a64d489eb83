"""The errors bunco-print raises; the CLI prints their message on one line and exits non-zero."""


class BuncoError(Exception):
    """Base class: something the user can fix, told in one line."""

    exit_code = 2


class InputError(BuncoError):
    """An option, a file or a value given by the user is unusable.

    `field` names the value in the domain's words (`players`, `buy_in`, `engine_url`); each face
    says it its own way (the CLI as `--players`, the web form as its field)."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


class UnknownNameError(InputError):
    """A theme, ruleset or similar name that does not exist; the message lists the ones that do."""

    def __init__(self, kind: str, name: str, known: list[str]):
        """`name` as the message shows it: callers shorten it (game.values.shorten)."""
        super().__init__(f"unknown {kind} {name!r}; choose one of: {', '.join(sorted(known))}")


class RenderError(BuncoError):
    """A template or a PDF could not be produced."""
