"""The players' end-of-night totals: read from CSV or JSON, written back as CSV.

Reading is forgiving about form (a byte-order mark, blank lines, extra columns, a `;` or tab
separator, a spreadsheet's `7.0`) and strict about content: a missing column, a cell that is
not a number, or a sheet given twice stops with one message that names the row and the column.
Whether the numbers make sense for the night is `validate`'s business, not this module's.
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from bunco_print.errors import InputError
from bunco_print.game.values import load_json, shorten

Number = int | float
REQUIRED = ("sheet", "wins", "losses", "buncos")
COUNTS = ("wins", "losses", "buncos", "mini_buncos")
OPTIONAL = ("name", "mini_buncos", "traveler", "group")
# Headers as people and spreadsheets write them, mapped to the column they mean.
ALIASES = {
    "sheet_id": "sheet",
    "card": "sheet",
    "team": "sheet",
    "sheet_number": "sheet",
    "player": "name",
    "win": "wins",
    "loss": "losses",
    "lost": "losses",
    "won": "wins",
    "bunco": "buncos",
    "bunkos": "buncos",
    "bunko": "buncos",
    "bonkos": "buncos",
    "bonko": "buncos",
    "mini_bunco": "mini_buncos",
    "mini_bunkos": "mini_buncos",
    "mini": "mini_buncos",
    "minis": "mini_buncos",
    "baby_buncos": "mini_buncos",
    "traveller": "traveler",
    "fuzzy_die": "traveler",
    "traveling": "traveler",
}
YES, NO = {"1", "x", "yes", "y", "true"}, {"0", "no", "n", "false", ""}
MAX_COUNT = 1_000_000  # far beyond any night; bigger numbers are typos (or attacks)
MAX_SHEET_CHARS = 20
WHOLE = re.compile(r"\s*[+-]?[0-9]+\s*")


@dataclass(frozen=True)
class SheetTotals:
    """One score sheet (or team card) as its player added it up."""

    sheet: str
    wins: Number
    losses: Number
    buncos: Number
    mini_buncos: Number = 0
    traveler: Number = 0  # 1 on the sheet of whoever holds the fuzzy die / Traveler
    name: str = ""
    group: int | None = None  # tournament group, when the file says
    row: int = 0  # the CSV line or JSON entry it came from (1-based; 0 = made in code)

    def values(self) -> dict:
        """The boxes of the sheet's "Tonight's totals", by name: what a live night's phone
        sends, its answer shows and its history keeps."""
        return {
            "wins": self.wins,
            "losses": self.losses,
            "buncos": self.buncos,
            "mini_buncos": self.mini_buncos,
            "traveler": self.traveler,
            "name": self.name,
        }


@dataclass(frozen=True)
class Totals:
    sheets: tuple[SheetTotals, ...]
    source: str = "totals"
    columns: frozenset[str] = field(default_factory=frozenset)  # optional columns present
    row_label: str = "row"  # "row" for CSV lines, "entry" for JSON list items

    def by_sheet(self) -> dict[str, SheetTotals]:
        return {s.sheet: s for s in self.sheets}

    def where(self, row: int, column: str) -> str:
        """`totals.csv row 5, column wins`: the place a message points at."""
        col = "field" if self.row_label == "entry" else "column"
        return f"{self.source} {self.row_label} {row}, {col} {column}"


def parse_totals(
    data: bytes | str, source: str = "totals", *, require: Iterable[str] = ()
) -> Totals:
    """Totals from the text of a CSV or JSON file; `require` names extra columns it must have."""
    text = _decode(data, source) if isinstance(data, bytes) else data.lstrip("\ufeff")
    stripped = text.lstrip()
    if stripped.startswith(("[", "{")):
        records, label = _json_records(stripped, source), "entry"
    else:
        records, label = _csv_records(text, source), "row"
    return _build(records, source, label, tuple(require))


def normalize_sheet(value: object) -> str:
    """`7`, `07`, `7.0` and ` 7 ` all name sheet "7"; anything else is kept as written."""
    text = str(value).strip()
    if len(text) > MAX_SHEET_CHARS:
        return text
    try:
        number = float(text)
    except ValueError:
        return text
    if math.isfinite(number) and number == int(number) and 0 <= number < 10**MAX_SHEET_CHARS:
        return str(int(number))
    return text


def to_csv(
    totals: Iterable[SheetTotals], *, mini_buncos: bool, traveler: bool, group: bool = False
) -> str:
    """The totals file a host would type: header plus one row per sheet."""
    header = ["sheet", "name", "wins", "losses", "buncos"]
    header += ["mini_buncos"] * mini_buncos + ["traveler"] * traveler + ["group"] * group
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for s in totals:
        row = [inert(s.sheet), inert(s.name), s.wins, s.losses, s.buncos]
        row += [s.mini_buncos] * mini_buncos + [s.traveler] * traveler + [s.group] * group
        writer.writerow(row)
    return out.getvalue()


# A spreadsheet runs a cell that begins with one of these as a formula (=HYPERLINK(...) and
# friends): such a cell is written behind an apostrophe, as spreadsheets mark text themselves.
FORMULA_STARTS = frozenset("=+-@\t\r")


def inert(text: str) -> str:
    """`text` as a cell no spreadsheet runs; `as_written` gives it back. A text that already
    begins with an apostrophe before one of those (or before another) gets one more, so
    every text comes back as it was."""
    first, second = text[:1], text[1:2]
    if first in FORMULA_STARTS or (first == "'" and second in FORMULA_STARTS | {"'"}):
        return "'" + text
    return text


def as_written(cell: str) -> str:
    """The text `inert` wrote into `cell`."""
    if cell[:1] == "'" and cell[1:2] in FORMULA_STARTS | {"'"}:
        return cell[1:]
    return cell


# --- reading --------------------------------------------------------------------------------

Record = tuple[int, dict[str, object]]  # (row number, column -> raw value)


def _decode(data: bytes, source: str) -> str:
    for encoding in ("utf-8-sig", "cp1252"):  # cp1252: what older spreadsheets export
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise InputError(f"{source}: not a text file (neither UTF-8 nor Windows-1252)")


def _column(header: str) -> str:
    key = "_".join(str(header).strip().lower().replace("-", " ").replace("/", " ").split())
    return ALIASES.get(key, key)


def _csv_records(text: str, source: str) -> tuple[list[str], Iterator[Record]]:
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # old Macs ended lines with CR
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    if not first:
        raise InputError(f"{source}: the file is empty; it needs a header row and one row a sheet")
    delimiter = max((",", ";", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header: list[str] | None = None
    for cells in _safe(reader, source):
        if not any(c.strip() for c in cells):
            continue
        header = [_column(c) for c in cells]
        break
    if header is None:
        raise InputError(f"{source}: no header row; it needs sheet, wins, losses, buncos")
    seen: dict[str, int] = {}
    for number, name in enumerate(header, start=1):
        if name and name in seen:
            raise InputError(
                f"{source} row {reader.line_num}: the header names column {name!r} "
                f"twice (columns {seen[name]} and {number})"
            )
        seen[name] = number

    def rows() -> Iterator[Record]:
        for cells in _safe(reader, source):
            if cells and (cells[0].strip() or any(c.strip() for c in cells)):
                yield reader.line_num, dict(zip(header, map(as_written, cells), strict=False))

    return [h for h in header if h], rows()


def _safe(reader, source: str) -> Iterator[list[str]]:
    """The reader's rows; a row the csv module cannot read stops with one line."""
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            limit = csv.field_size_limit()
            why = f"a cell longer than {limit:,} characters" if "larger" in str(exc) else exc
            raise InputError(f"{source} row {reader.line_num}: {why}") from None
        yield cells


def _json_records(text: str, source: str) -> tuple[list[str], Iterator[Record]]:
    data = load_json(text, source)
    if isinstance(data, dict):
        data = data.get("sheets", data.get("totals"))
    if not isinstance(data, list):
        raise InputError(
            f'{source}: JSON totals are a list of objects, one per sheet (or {{"sheets": [...]}})'
        )
    columns: dict[str, None] = {}
    records: list[Record] = []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, Mapping):
            raise InputError(
                f"{source} entry {number}: expected an object like "
                '{"sheet": "1", "wins": 12, "losses": 12, "buncos": 2}'
            )
        record: dict[str, object] = {}
        for key, value in item.items():
            column = _column(key)
            if column in record:
                raise InputError(
                    f"{source} entry {number}: two keys mean the same column {column!r}"
                )
            record[column] = value
        columns.update(dict.fromkeys(record))
        records.append((number, record))
    return list(columns), iter(records)


def _build(
    parsed: tuple[list[str], Iterator[Record]], source: str, label: str, require: tuple[str, ...]
) -> Totals:
    header, records = parsed
    totals = Totals((), source, frozenset(), label)
    needed = [*REQUIRED, *(c for c in require if c not in REQUIRED)]
    missing = [c for c in needed if c not in header]
    if missing:
        names = [repr(c) for c in missing]
        listed = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        where = f"{source} row 1: the header has" if label == "row" else f"{source}: no entry has"
        raise InputError(
            f"{where} no {listed} column; it needs {', '.join(needed)} "
            "(a name column and other extras are welcome)"
        )
    present = frozenset(c for c in OPTIONAL if c in header)
    counted = [c for c in COUNTS if c in header]
    grouped = "group" in header
    sheets: list[SheetTotals] = []
    first_row: dict[str, int] = {}
    for row, record in records:
        sheet = _sheet(record.get("sheet"), (totals, row, "sheet"))
        if sheet in first_row:
            raise InputError(
                f"{totals.where(row, 'sheet')}: sheet {sheet} appears again "
                f"(first in {label} {first_row[sheet]})"
            )
        first_row[sheet] = row
        wins, losses, buncos, minis = (
            _number(record.get(c), (totals, row, c)) if c in counted else 0 for c in COUNTS
        )
        sheets.append(
            SheetTotals(
                sheet,
                wins,
                losses,
                buncos,
                minis,
                _flag(record.get("traveler"), (totals, row, "traveler")),
                _text(record.get("name")),
                _group(record.get("group"), (totals, row, "group")) if grouped else None,
                row,
            )
        )
    if not sheets:
        raise InputError(f"{source}: no sheets; it needs one {label} per score sheet")
    return Totals(tuple(sheets), source, present, label)


Place = tuple[Totals, int, str]  # where a cell is, spelled out only for a message


def _at(place: Place) -> str:
    totals, row, column = place
    return totals.where(row, column)


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()


def _sheet(value: object, place: Place) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int | float | None):
        raise InputError(f"{_at(place)}: a sheet is a number or a short text, not {_kind(value)}")
    text = _text(value)
    if not text:
        raise InputError(f"{_at(place)}: empty; every {place[0].row_label} names its sheet")
    sheet = normalize_sheet(text)
    if len(sheet) > MAX_SHEET_CHARS or not sheet.isprintable():
        raise InputError(f"{_at(place)}: {shorten(sheet)!r} is not a sheet number")
    return sheet


def _kind(value: object) -> str:
    return {bool: "true/false", list: "a list", dict: "an object"}.get(type(value), "that")


def _number(value: object, place: Place) -> Number:
    """A count as written: whole numbers become int; `validate` judges fractions and signs."""
    shown = shorten(_text(value))
    if type(value) is int:
        return _bounded(value, shown, place)
    if isinstance(value, str) and WHOLE.fullmatch(value):
        if len(value.strip().lstrip("+-")) > 15:
            raise InputError(f"{_at(place)}: {shown!r} is too large to be a count")
        return _bounded(int(value), shown, place)
    if isinstance(value, bool) or value is None or (isinstance(value, str) and not value.strip()):
        shown = "empty" if value is None or isinstance(value, str) else repr(value)
        raise InputError(f"{_at(place)}: {shown}; expected a whole number")
    if not isinstance(value, str | float) or (isinstance(value, str) and "_" in value):
        raise InputError(f"{_at(place)}: {shown!r} is not a number")
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise InputError(f"{_at(place)}: {shown!r} is not a number") from None
    if not math.isfinite(number):
        raise InputError(f"{_at(place)}: {shown!r} is not a number")
    _bounded(number, shown, place)
    if number == int(number):
        return int(number)
    return number


def _bounded(number: Number, shown: str, place: Place) -> Number:
    if abs(number) > MAX_COUNT:
        raise InputError(f"{_at(place)}: {shown!r} is too large to be a count")
    return number


def _flag(value: object, place: Place) -> Number:
    if value == "0" or value == "":
        return 0
    if value is None or isinstance(value, bool):
        return int(bool(value))
    text = _text(value).lower()
    if text in YES:
        return 1
    if text in NO:
        return 0
    return _number(value, place)


def _group(value: object, place: Place) -> int | None:
    if value is None or not _text(value):
        return None
    number = _number(value, place)
    if isinstance(number, float) or number < 1:
        raise InputError(f"{_at(place)}: {_text(value)!r} is not a group number (1, 2, 3, ...)")
    return number
