"""phevaluator's hold'em evaluators, as the replay and clause 28's card signals call them.

phevaluator's own module takes its arguments through `PyArg_ParseTuple`: a tuple built and
each card converted by the generic parser, ~1,200 instructions a call against ~190 for the
evaluation (docs/performance.md). The compiled build (`make accel`) adds
`checker._pheval_fastcall`, which calls the same C functions of phevaluator's library with
`METH_FASTCALL` arguments; without it (a pure install, a platform where it cannot find them)
phevaluator's own functions are used. Either way the ranks are phevaluator's: the module is
checked against phevaluator's functions on a few hands when it is first used, and
tests/test_ph_evaluators.py holds the two equal on random hands.
"""

from collections.abc import Callable
from typing import Final

from phevaluator import _pheval  # type: ignore[import-untyped]

Evaluator = Callable[..., int]

# A hand of each size and its rank, as phevaluator gives them (card ids 0-51: rank * 4 + suit).
_PROBES: Final = ((0, 4, 8, 12, 48), (0, 4, 8, 12, 48, 51), (3, 7, 11, 15, 19, 29, 45))


def _fastcall() -> tuple[Evaluator, Evaluator, Evaluator] | None:
    """The compiled module's evaluators, when it is built and agrees with phevaluator."""
    try:
        from checker import _pheval_fastcall  # type: ignore[attr-defined]
    except ImportError:
        return None
    found = (_pheval_fastcall.evaluate_5cards, _pheval_fastcall.evaluate_6cards,
             _pheval_fastcall.evaluate_7cards)
    theirs = (_pheval.evaluate_5cards, _pheval.evaluate_6cards, _pheval.evaluate_7cards)
    for cards, mine, reference in zip(_PROBES, found, theirs, strict=True):
        if mine(*cards) != reference(*cards):
            raise ImportError("checker._pheval_fastcall disagrees with phevaluator: run "
                              "`make accel` to rebuild it")
    return found


_FOUND: Final = _fastcall()
# Whether the calls go through checker._pheval_fastcall.
FASTCALL: Final = _FOUND is not None
EVALUATE_5: Final[Evaluator] = _FOUND[0] if _FOUND else _pheval.evaluate_5cards
EVALUATE_6: Final[Evaluator] = _FOUND[1] if _FOUND else _pheval.evaluate_6cards
EVALUATE_7: Final[Evaluator] = _FOUND[2] if _FOUND else _pheval.evaluate_7cards
