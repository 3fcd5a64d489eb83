"""QR codes fast enough to stamp hundreds: the `qrcode` library's tables, our own bit work.

qrcode's own encoder spends ~2 ms a code in pure-Python bit buffers and polynomial objects, too
slow for 400 codes. We reuse its tables and function-pattern layout and do codewords,
Reed-Solomon and module placement with big ints; tests check the result is identical to qrcode's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import itemgetter

import qrcode
from qrcode.base import EXP_TABLE, LOG_TABLE, rs_blocks
from qrcode.constants import ERROR_CORRECT_M
from qrcode.util import mask_func

QR_MASK = 4  # fixed mask pattern: automatic selection is ~10x slower than the whole stamping
# qrcode's own encoder spends ~2 ms/code in pure-Python bit buffers and polynomial objects, too slow
# for 400 codes. We reuse its tables and function-pattern layout and do codewords, Reed-Solomon and
# module placement with big ints; tests check the result is identical to qrcode's.


@cache
def _rs_table(ec: int) -> list[int]:
    """Per leading factor f: f * (generator polynomial minus its leading 1) as an ec-byte int."""

    def mul(a: int, b: int) -> int:
        return EXP_TABLE[(LOG_TABLE[a] + LOG_TABLE[b]) % 255] if a and b else 0

    gen = [1]
    for i in range(ec):
        gen = [p ^ mul(q, EXP_TABLE[i]) for p, q in zip([*gen, 0], [0, *gen], strict=True)]
    return [int.from_bytes(bytes(mul(f, g) for g in gen[1:]), "big") for f in range(256)]


@cache
def _qr_blocks(version: int) -> tuple[list[int], int]:
    """Data codewords per block, and EC codewords per block, at EC level M."""
    blocks = rs_blocks(version, ERROR_CORRECT_M)
    return [b.data_count for b in blocks], blocks[0].total_count - blocks[0].data_count


def _interleave(blocks: list[bytes]) -> bytes:
    """Byte i of every block in turn; blocks differ in length by at most one, longer ones last."""
    count, short = len(blocks), min(map(len, blocks))
    out = bytearray(count * short)
    for i, block in enumerate(blocks):
        out[i::count] = block[:short]
    return bytes(out) + bytes(block[short] for block in blocks if len(block) > short)


def _qr_codewords(data: bytes) -> tuple[int, bytes]:
    """Smallest version (byte mode, EC level M) and its interleaved data + EC codewords."""
    for version in range(1, 41):
        sizes, ec = _qr_blocks(version)
        capacity, count_bits = 8 * sum(sizes), 8 if version < 10 else 16
        if (used := 4 + count_bits + 8 * len(data)) <= capacity:
            break
    else:
        raise ValueError(f"too much data for a QR code: {len(data)} bytes")
    bits = (0b0100 << count_bits | len(data)) << 8 * len(data) | int.from_bytes(data, "big")
    # used % 8 == 4 and capacity % 8 == 0: a 4-bit terminator always fits and aligns to bytes
    stream = (bits << 4).to_bytes((used + 4) // 8, "big")
    stream += (b"\xec\x11" * capacity)[: capacity // 8 - len(stream)]
    table, top, mask = _rs_table(ec), 8 * (ec - 1), (1 << 8 * ec) - 1
    data_blocks, ec_blocks, start = [], [], 0
    for size in sizes:
        block, rem = stream[start : start + size], 0
        for byte in block:  # polynomial division by the generator, a byte at a time
            rem = (rem << 8 & mask) ^ table[byte ^ rem >> top]
        data_blocks.append(block)
        ec_blocks.append(rem.to_bytes(ec, "big"))
        start += size
    return version, _interleave(data_blocks) + _interleave(ec_blocks)


class _Blank(qrcode.QRCode):
    def map_data(self, data: bytes, mask_pattern: int) -> None:  # leave data modules as None
        pass


# runs of dark modules in each 4-bit value, as (start, length)
_NIBBLE_RUNS = [[(m.start(), len(m[0])) for m in re.finditer("1+", f"{v:04b}")] for v in range(16)]


@dataclass
class QRLayout:
    n: int  # modules per side
    width: int  # characters per row of a grid string: n rounded up to the next multiple of 4, > n
    blank: str  # function patterns as '0'/'1' (data modules '0')
    scatter: Callable[[str], tuple[str, ...]]  # data bits + blank -> grid, in one C-level call
    bits: int  # number of data modules
    mask: int  # the mask pattern over the data modules, as an int
    paths: list[dict[str, bytes]]  # per 4 modules of a row: hex digit -> `re` operators


@cache
def _qr_layout(version: int) -> QRLayout:
    qr = _Blank(version=version, error_correction=ERROR_CORRECT_M, mask_pattern=QR_MASK, border=0)
    qr.data_cache = b""
    qr.makeImpl(False, QR_MASK)
    n, modules, order = qr.modules_count, qr.modules, []
    width = n + 4 - n % 4
    blank = "".join("".join("01"[bool(m)] for m in row).ljust(width, "0") for row in modules)
    col, upward = n - 1, True
    while col > 0:  # the zigzag placement order of data modules, from the bottom-right corner
        col -= col == 6  # skip the vertical timing pattern
        for row in range(n - 1, -1, -1) if upward else range(n):
            order += [row * width + c for c in (col, col - 1) if modules[row][c] is None]
        col, upward = col - 2, not upward
    source = {pos: i for i, pos in enumerate(order)}  # grid position -> index of its data bit
    scatter = itemgetter(*(source.get(p, len(order) + p) for p in range(len(blank))))
    is_masked = mask_func(QR_MASK)
    mask = int("".join("01"[bool(is_masked(*divmod(p, width)))] for p in order), 2)
    paths = [
        {
            f"{v:x}": b"".join(
                b"%d %d %d 1 re\n" % (col + start, row, length) for start, length in _NIBBLE_RUNS[v]
            )
            for v in range(16)
        }
        for row in range(n)
        for col in range(0, width, 4)
    ]
    return QRLayout(n, width, blank, scatter, len(order), mask, paths)


@lru_cache(maxsize=1024)
def qr_grid(data: str) -> tuple[QRLayout, str]:
    """The code's layout and its modules as a string of '0'/'1', `layout.width` per row.
    Kept: a table's code is drawn on each of its pads' pages and its sheets."""
    version, codewords = _qr_codewords(data.encode())
    layout = _qr_layout(version)
    bits = (int.from_bytes(codewords, "big") << layout.bits - 8 * len(codewords)) ^ layout.mask
    return layout, "".join(layout.scatter(format(bits, f"0{layout.bits}b") + layout.blank))
