"""The records a multi-table tournament (checker/sim/mtt.py) keeps of its tables and hands:
a table, the hand it is playing, a hand's eliminations, and the seat and pot arithmetic they
need."""

from dataclasses import dataclass, field

from checker.model.tournament_log import HandPlayed
from checker.sim.plan import HandPlan, HandResult
from checker.sim.rotation import Blinds, Rotation


def seats_between(first: int, last: int, seat: int) -> bool:
    """Whether `seat` lies strictly between seats `first` and `last`, clockwise from
    `first` (all the way round when they are equal)."""
    if first < last:
        return first < seat < last
    if first > last:
        return seat > first or seat < last
    return seat != first


@dataclass(slots=True)
class InPlay:
    plan: HandPlan
    result: HandResult
    ends: int
    # The table as it stood before the deal: a rollback (clause 30) deals the hand again.
    previous_blinds: Blinds | None = None
    earlier_big_blind: int | None = None
    last_dealt: frozenset[str] = frozenset()


@dataclass(slots=True)
class Table:
    name: str
    number: int
    # Everyone seated (dealt in or waiting for the button to pass): seat -> player.
    seats: dict[int, str] = field(default_factory=dict)
    rotation: Rotation = field(default_factory=Rotation)
    # Who the previous hand's seats listed: others seated now are arrivals (as the replay's
    # `table.arrived`).
    last_dealt: frozenset[str] = frozenset()
    playing: InPlay | None = None
    ready_at: int = 0
    held: bool = False
    # A hold the gap did not justify (the fault `table_held_wrongly`): when it resumes.
    wrong_hold_until: int | None = None
    # Between hands until every table is: a break, or the next hand-for-hand deal.
    waiting: bool = False
    # Players moved away since the table's last hand, and their seats: that hand's history
    # still shows them there, so one coming back takes the same seat (a hand history would
    # read another as a seat change, clause 9).
    departed: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Bust:
    """Players a hand eliminated, with the stacks they started it with."""

    table: str
    hand: str
    # When the hand ended (seconds from the scheduled start): clause 25 ranks together the
    # eliminations of hands that ended at the same moment.
    ended: int
    started: dict[str, int]
    out: list[str]
    # Who won the hand's largest pot (every winner of it when it was split): clause 13.
    largest_pot_winners: list[str] = field(default_factory=list)


def largest_pot_winners(hand: HandPlayed) -> list[str]:
    """The winners of the hand's largest pot (of every pot that large), each once."""
    sizes: dict[int, int] = {}
    winners: dict[int, list[str]] = {}
    for award in hand.awards:
        sizes[award.pot] = sizes.get(award.pot, 0) + award.amount
        if award.player not in winners.setdefault(award.pot, []):
            winners[award.pot].append(award.player)
    if not sizes:
        return []
    largest = max(sizes.values())
    found: list[str] = []
    for pot in sorted(sizes):
        if sizes[pot] == largest:
            found += [p for p in sorted(winners[pot]) if p not in found]
    return found
