"""HTML from the Jinja templates, and PDF from HTML through WeasyPrint."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2

from .errors import RenderError
from .resources import data_dir


def _money(amount: int, currency: str = "$") -> str:
    return f"{currency}{amount:,}" if len(currency) <= 1 else f"{amount:,} {currency}"


def _pt(value: float) -> str:
    """A length in pt for CSS (the layout measures in pt)."""
    return f"{value:.2f}pt"


@cache
def environment() -> jinja2.Environment:
    """The one Jinja environment: templates/ (shipped), autoescaped, with our filters."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
        autoescape=jinja2.select_autoescape(default=True, default_for_string=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["money"] = _money
    env.filters["pt"] = _pt
    return env


@cache
def font_config():
    # Building a FontConfiguration is costly; one per process serves every document.
    from weasyprint.text.fonts import FontConfiguration  # WeasyPrint loads only to lay out

    return FontConfiguration()


def render_html(template: str, **context) -> str:
    try:
        return environment().get_template(template).render(**context)
    except jinja2.TemplateError as exc:
        raise RenderError(f"template {template}: {exc}") from exc


def layout(html: str, base: Path | None = None):
    """Lay the HTML out into pages (the slow part: do it once per document kind)."""
    from weasyprint import HTML

    base_url = str(base or data_dir("templates")) + "/"
    return HTML(string=html, base_url=base_url).render(font_config=font_config())


def write_pdf(document) -> bytes:
    return document.write_pdf()
