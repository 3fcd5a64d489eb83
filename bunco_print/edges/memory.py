"""The process's memory, where one process makes many packs in turn (a catalogue's worker)."""

from __future__ import annotations

import ctypes

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
