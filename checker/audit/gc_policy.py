"""The garbage collector's settings for a long audit.

An audit allocates millions of short-lived objects (records, replay states) and keeps large
long-lived ones (the compiled rules, the pair aggregates). With CPython's defaults the young
generation is collected every 700 allocations and every collection of the older generations
walks the long-lived objects again: on a 200,000-hand log with the clause-28 aggregates that
was 2.3 s of CPU (docs/performance.md). What exists when the audit starts is frozen (never
walked again) and the young generation is collected ten times less often; reference cycles
are still collected, only later.
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# Allocations between young collections: about 1 MB of young objects at a time.
YOUNG_THRESHOLD = 10_000


@contextmanager
def long_run_collection() -> Iterator[None]:
    """Freeze what exists now and collect the young generation less often, until the block
    ends; the previous thresholds and freeze state are restored however it ends."""
    before = gc.get_threshold()
    # A caller that froze objects itself keeps them frozen, and its own settings decide.
    freezing = gc.get_freeze_count() == 0
    if freezing:
        gc.freeze()
    gc.set_threshold(max(before[0], YOUNG_THRESHOLD), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        if freezing:
            gc.unfreeze()
