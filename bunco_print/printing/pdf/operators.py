"""A content stream's font selections (Tf), saves and restores (q, Q) and text operators (Tj,
TJ, ', "), found by a scan of its bytes (pdf/simple.py rewrites the text they show).

A regular expression finds only what a font's text needs, and leaves the rest of a stream
(paths, often thousands of operators) to the regular expression engine; only the text objects
(BT ... ET) are read, where each selects its font before it shows text (as WeasyPrint's and
ours do), else the whole stream. A stream the scan cannot read so (a literal string, a
comment, an inline image) raises `Unsure`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_DELIMITED = rb"\s\[\]<>(){}/%"
_END = rb"(?![^" + _DELIMITED + rb"])"  # a token ends
_NUMBER = rb"[-+]?(?:\d+\.?\d*|\.\d+)"
_HEX = rb"<[0-9A-Fa-f\s]*>"
# each alternative starts with a character of its own: the engine skips the rest (numbers)
_TEXT = re.compile(
    rb"(?P<font>/[^" + _DELIMITED + rb"]+)\s+(?P<size>" + _NUMBER + rb")\s+Tf" + _END
    + rb"|(?P<string>" + _HEX + rb")\s*(?P<op>Tj|'|\")" + _END
    + rb"|\[(?P<array>[^\]]*)\]\s*TJ" + _END
    + rb"|(?P<save>[qQ])" + _END
)  # fmt: skip
_AFTER = rb"(?<![^\s\]>)}])"  # an operator starts a token (a name's `/BI` is no operator)
_INLINE_IMAGE = re.compile(_AFTER + rb"BI" + _END)  # the scan does not read one
_BLOCK = re.compile(rb"BT.*?ET", re.S)  # a text object, if both are operators (_operator)
_SPACING = re.compile(rb"(" + _NUMBER + rb")\s+(" + _NUMBER + rb")\s+\Z")  # before a "
_ITEM = re.compile(_HEX + rb"|" + _NUMBER)
_OPERATOR_AFTER = frozenset(b" \t\n\r\x0c\x00]>)}")  # what an operator may follow
_DELIMITERS = frozenset(b" \t\n\r\x0c\x00[]<>(){}/%")


STATE = (b"q", b"Q", b"Tf")


class Unsure(Exception):
    """A stream the scan cannot read."""


class Op(NamedTuple):
    """A font selection (Tf), a save or restore (q, Q) or a text operator (Tj, TJ, ', ") of
    a content stream, and where it is."""

    kind: bytes
    start: int
    end: int
    items: tuple[bytes, ...] = ()  # Tf: the name and size; text: its strings (and numbers)
    spacing: tuple[bytes, ...] = ()  # ": its word and character spacing


def scan(data: bytes) -> list[Op]:
    """The font selections, saves and restores and text operators of a content stream. Only
    its text objects (BT ... ET) are read, where each selects its font before it shows text
    (as WeasyPrint's and ours do); else the whole stream."""
    if b"(" in data or b"%" in data or (b"BI" in data and _INLINE_IMAGE.search(data)):
        raise Unsure
    ops: list[Op] = []
    for block in _BLOCK.finditer(data):
        start, end = block.span()
        found = _ops(data, start, end)
        if (
            not (_operator(data, start, start + 2) and _operator(data, end - 2, end))
            or (found and found[0].kind != b"Tf")
            or any(op.kind in (b"q", b"Q") for op in found)
        ):
            return _ops(data, 0, len(data))
        ops += found
    return ops


def _operator(data: bytes, start: int, end: int) -> bool:
    """Whether data[start:end] is a token of its own, and no name (`/ET`)."""
    return (not start or data[start - 1] in _OPERATOR_AFTER) and (
        end == len(data) or data[end] in _DELIMITERS
    )


def _ops(data: bytes, start: int, end: int) -> list[Op]:
    """The operators `_scan` reads, between `start` and `end`."""
    ops = []
    for m in _TEXT.finditer(data, start, end):
        start, end = m.span()
        if m["save"] and start and data[start - 1] not in _OPERATOR_AFTER:
            continue  # the end of a name (`/Q`) or of another operator
        if m["font"]:
            ops.append(Op(b"Tf", start, end, (_unescape(m["font"]), m["size"])))
        elif m["save"]:
            ops.append(Op(m["save"], start, end))
        elif m["array"] is not None:
            ops.append(Op(b"TJ", start, end, tuple(_ITEM.findall(m["array"]))))
        elif m["op"] != b'"':
            ops.append(Op(m["op"], start, end, (m["string"],)))
        elif spacing := _SPACING.search(data, max(0, start - 64), start):
            ops.append(Op(b'"', spacing.start(), end, (m["string"],), spacing.groups()))
        else:
            raise Unsure
    return ops


def selected(ops: list[Op]):
    """Each operator with the font selected where it is (its name as the stream spells it,
    and the size), the graphics state's saves and restores followed."""
    font: tuple[bytes, ...] = (b"", b"")
    saved = []
    for op in ops:
        if op.kind == b"q":
            saved.append(font)
        elif op.kind == b"Q":
            font = saved.pop() if saved else font
        elif op.kind == b"Tf":
            font = op.items
        yield op, font


def _unescape(name: bytes) -> bytes:
    return re.sub(rb"#([0-9A-Fa-f]{2})", lambda m: bytes([int(m[1], 16)]), name)
