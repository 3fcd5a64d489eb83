"""The process's memory: what the garbage collector walks while a pack is made, and where one
process makes many packs in turn (a catalogue's worker), what it keeps of the memory it frees."""

from __future__ import annotations

import ctypes
import gc
from collections.abc import Iterator
from contextlib import contextmanager

# glibc's malloc options (malloc.h): memory above the first handed back to the system when freed
# at the top of the heap; blocks of the second or more each mapped, and unmapped when freed
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3


def keep_freed() -> None:
    """Freed memory kept for the next pack, where the C library is glibc. As it comes, glibc
    gives a pack's large blocks back to the system as soon as they are freed, and the system
    then faults every page of the next ones in anew: 47,000 faults for a catalogue's listing
    of 8 packs, against 9,000 so (3% of its time)."""
    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return  # another C library: left as it is
    mallopt(M_MMAP_THRESHOLD, 32 << 20)  # glibc's most
    mallopt(M_TRIM_THRESHOLD, 256 << 20)


@contextmanager
def young_only() -> Iterator[None]:
    """Collections inside the block walk only what was made inside it: everything made before
    (the modules, a theme's fonts and stylesheets, WeasyPrint's caches) is frozen out of the
    garbage collector's sight, and given back to it after. A pack's full collections walked
    all of it again and again: 15% of a 12-player pack's time. Where something else froze the
    heap already (the web server), it is left as that froze it."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
