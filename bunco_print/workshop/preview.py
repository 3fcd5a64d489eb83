"""Pictures of themes: a contact sheet of every document a theme prints, and the same tiles
for many themes side by side (the README's picture).

A small pack is built through the real pipeline (pack.build_pack), then pdfium draws each
document's pages and Pillow lays them out. pypdfium2 and Pillow are imported here only.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from bunco_print.printing import pack
from bunco_print.theming import themes

PREVIEW_PLAYERS = 13  # four tables, a ghost: every document has something on it
PREVIEW_DATE = "2026-12-04"
BACKDROP = (226, 224, 230)  # a neutral grey, so white pages stand out
GAP = 12  # pixels between pages
MAKER = "bunco-print themes preview"  # in each preview's PNG: a file a re-run may replace
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Tile:
    label: str  # what a page is ("seat cards"), under it on the sheet
    png: bytes


def document_pages(theme: str, dpi: float = 40, players: int = PREVIEW_PLAYERS) -> list[Tile]:
    """The first page of each document in a pack printed with `theme` (both pages of the
    rules), drawn at `dpi`."""
    import pypdfium2

    built = pack.build_pack(
        pack.PackRequest(players=players, theme=theme, seed=1, date=PREVIEW_DATE)
    )
    tiles = []
    for file_name, pdf in built.documents.items():
        document = pypdfium2.PdfDocument(pdf)
        try:
            label = file_name.removesuffix(".pdf").replace("-", " ")
            count = 2 if file_name == pack.DOCUMENT_FILES["rules"] else 1
            for k in range(min(count, len(document))):
                image = document[k].render(scale=dpi / 72).to_pil()
                out = io.BytesIO()
                image.save(out, format="PNG")
                tiles.append(Tile(label if k == 0 else f"{label} (2)", out.getvalue()))
        finally:
            document.close()
    return tiles


def contact_sheet(
    rows: Sequence[tuple[str, Sequence[Tile]]],
    *,
    label_font: str | None = None,
    colors: int = 0,
    swatches: Sequence[str] = (),
    software: str = "",
) -> bytes:
    """A PNG: one row per (heading, tiles), each page scaled to the same height, labelled;
    `swatches` (#rrggbb) are drawn after the first heading; `colors` (up to 256) makes it a
    smaller paletted PNG; `software` is said in its Software text chunk."""
    from PIL import Image, ImageDraw, ImageFont, PngImagePlugin

    images = [[Image.open(io.BytesIO(t.png)).convert("RGB") for t in tiles] for _h, tiles in rows]
    height = max(im.height for row in images for im in row)
    images = [
        [
            im if im.height == height else im.resize((im.width * height // im.height, height))
            for im in row
        ]
        for row in images
    ]
    size = max(12, height // 22)
    font = ImageFont.truetype(label_font, size) if label_font else ImageFont.load_default()
    head_h = size * 2 if any(heading for heading, _t in rows) else GAP // 2
    label_h = int(size * 1.8)
    width = max(sum(im.width for im in row) + GAP * (len(row) + 1) for row in images)
    row_h = head_h + height + label_h
    sheet = Image.new("RGB", (width, row_h * len(rows) + GAP), BACKDROP)
    draw = ImageDraw.Draw(sheet)
    for r, ((heading, tiles), row) in enumerate(zip(rows, images, strict=True)):
        y = r * row_h + GAP
        draw.text((GAP, y + size * 0.3), heading, fill=(40, 36, 51), font=font)
        if r == 0 and swatches:
            sx = GAP + draw.textlength(heading, font=font) + size
            for k, color in enumerate(swatches):
                box = (
                    sx + k * size * 1.4,
                    y + size * 0.4,
                    sx + k * size * 1.4 + size,
                    y + size * 1.4,
                )
                draw.rounded_rectangle(box, radius=size // 5, fill=color, outline=(120, 116, 130))
        x = GAP
        for tile, im in zip(tiles, row, strict=True):
            sheet.paste(im, (x, y + head_h))
            draw.text(
                (x, y + head_h + height + size * 0.3), tile.label, fill=(90, 86, 100), font=font
            )
            x += im.width + GAP
    out = io.BytesIO()
    if colors:
        sheet = sheet.quantize(colors, dither=Image.Dither.NONE)
    info = PngImagePlugin.PngInfo()
    if software:
        info.add_text("Software", software)
    sheet.save(out, format="PNG", optimize=True, pnginfo=info)
    return out.getvalue()


def is_preview(head: bytes) -> bool:
    """Whether `head`, the start of a file, is a PNG that `preview` drew: its Software chunk,
    which comes before the image data, says MAKER."""
    if not head.startswith(PNG_SIGNATURE):
        return False
    at = len(PNG_SIGNATURE)
    while at + 8 <= len(head):
        size, kind = int.from_bytes(head[at : at + 4], "big"), head[at + 4 : at + 8]
        if kind == b"IDAT":
            return False
        if kind == b"tEXt" and head[at + 8 : at + 8 + size] == b"Software\0" + MAKER.encode():
            return True
        at += 12 + size  # length, type, data, CRC
    return False


def preview(theme_ref: str, dpi: float = 40) -> bytes:
    """One PNG of every document `theme_ref` prints, headed with the theme's name and title."""
    theme = themes.load(theme_ref)
    tiles = document_pages(theme.ref, dpi)
    fonts = " / ".join(theme.family(role) for role in ("display", "body", "hand"))
    heading = f"{theme.name}: {theme.title} · {fonts}"
    return contact_sheet(
        [(heading, tiles)],
        label_font=str(theme.font("body", "700")),
        swatches=list(theme.colors.values()),
        software=MAKER,
    )


def side_by_side(
    names: Sequence[str], pick: Sequence[str], dpi: float = 30, cols: int = 4
) -> bytes:
    """Many themes, the pages named in `pick` of each, `cols` themes to a row; each theme's
    title under its first page. Ten players fill a page of seat cards."""
    rows = []
    for start in range(0, len(names), cols):
        tiles: list[Tile] = []
        for name in names[start : start + cols]:
            pages = {t.label: t for t in document_pages(name, dpi, players=10)}
            title = themes.load(name).title
            tiles += [Tile(title if k == 0 else "", pages[p].png) for k, p in enumerate(pick)]
        rows.append(("", tiles))
    body = themes.load("classic").font("body", "700")
    return contact_sheet(rows, label_font=str(body), colors=256)
