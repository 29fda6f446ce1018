"""The parts of a hand record as the input states them: seats, acts, events, shown cards,
returns, awards, cash-outs, the pot and the summary's seat lines, with the enums they use.

Native classes (compiled with mypyc, checker/native.py): a reader builds a hand's parts
directly, once, with the types its own code guarantees, and the replay, the rules and the
observer read their fields as C struct members. A pydantic model (what these were) cost ~0.7 us
to validate and ~50 ns to read a field through the instance dict; a hand has ~30 parts
(docs/performance.md, "Native hand parts"). Input that our code did not build (a dict, in a
test or from a caller) is validated against the same annotations by `checker.model.hand`.

A reader fills a part in as it reads its lines (a seat found sitting out, an award's pot);
nothing downstream of the reader writes one.
"""

from dataclasses import dataclass, field
from enum import StrEnum

from checker.model.cards import Card


class Game(StrEnum):
    HOLDEM = "holdem"
    HOLDEM_SHORT_DECK = "holdem_short_deck"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha_hilo"
    OMAHA5 = "omaha5"
    OMAHA5_HILO = "omaha5_hilo"
    OMAHA6 = "omaha6"
    COURCHEVEL = "courchevel"
    COURCHEVEL_HILO = "courchevel_hilo"
    # PokerStars Fusion: two hole cards, a third with the flop and a fourth with the turn;
    # pot limit, and the hand is made as in Omaha (exactly two hole cards).
    FUSION = "fusion"
    IRISH = "irish"
    STUD = "stud"
    STUD_HILO = "stud_hilo"
    RAZZ = "razz"
    STUD5 = "stud5"
    DRAW5 = "draw5"
    DRAW27_SINGLE = "draw27_single"
    DRAW27_TRIPLE = "draw27_triple"
    DRAWA5_TRIPLE = "drawa5_triple"
    BADUGI = "badugi"


class BettingStructure(StrEnum):
    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    FIXED_LIMIT = "fixed_limit"
    # PokerStars "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop": pot limit in the first
    # betting round, no limit after the flop.
    PL_PREFLOP_NL_POSTFLOP = "pl_preflop_nl_postflop"


class Play(StrEnum):
    """The kind of play a hand was dealt in. Rules name these in `applies to`: a tournament
    rule says nothing about a cash hand. A fast-fold tournament (Zoom, Rush) is a tournament."""

    TOURNAMENT = "tournament"
    CASH = "cash"
    # A fast-fold cash pool: a new table every hand.
    FAST_FOLD = "fast_fold"


class Unit(StrEnum):
    CHIPS = "chips"
    CENTS = "cents"


class Street(StrEnum):
    """Betting rounds. Flop games use preflop..river, stud third..seventh
    (five-card stud second..fifth), draw games predraw and draw1..draw3."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SECOND = "second"
    THIRD = "third"
    FOURTH = "fourth"
    FIFTH = "fifth"
    SIXTH = "sixth"
    SEVENTH = "seventh"
    PREDRAW = "predraw"
    DRAW1 = "draw1"
    DRAW2 = "draw2"
    DRAW3 = "draw3"


class ActionKind(StrEnum):
    ANTE = "ante"
    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    # Small and big blind posted together by a returning player (live part + dead part).
    SMALL_AND_BIG_BLIND = "small_and_big_blind"
    # PokerStars 6+ Hold'em: the button alone posts a live blind (everyone antes).
    BUTTON_BLIND = "button_blind"
    # Dead money that does not count toward the player's bet on the street.
    DEAD_BLIND = "dead_blind"
    STRADDLE = "straddle"
    BRING_IN = "bring_in"
    COMPLETE = "complete"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    # Draw games: discarding N cards (0 = standing pat). Puts no chips in.
    DISCARD = "discard"


POST_KINDS = frozenset(
    {
        ActionKind.ANTE,
        ActionKind.SMALL_BLIND,
        ActionKind.BIG_BLIND,
        ActionKind.SMALL_AND_BIG_BLIND,
        ActionKind.BUTTON_BLIND,
        ActionKind.DEAD_BLIND,
        ActionKind.STRADDLE,
    }
)


class HandEventKind(StrEnum):
    TIME_WARNING = "time_warning"
    TIMED_OUT = "timed_out"
    TIME_BANK = "time_bank"
    DISCONNECTED = "disconnected"
    RECONNECTED = "reconnected"
    SITS_DOWN = "sits_down"
    STANDS_UP = "stands_up"
    SITTING_OUT = "sitting_out"
    RETURNED = "returned"
    CHAT = "chat"
    OBSERVER_CHAT = "observer_chat"
    OTHER = "other"


# Each part writes its `__init__` out (`init=False`): the one `dataclass` writes is plain
# Python, ten times slower to call from a compiled reader. Fields are declared in the
# constructor's order, defaults last (tests/test_fact_classes.py holds the two together).


@dataclass(slots=True, init=False)
class Seat:
    seat: int
    player: str
    stack: int
    line: int
    sitting_out: bool = False
    # Bounty on this player's head as the record states it (cents), if the site writes one.
    bounty: int | None = None

    def __init__(self, seat: int, player: str, stack: int, line: int,
                 sitting_out: bool = False, bounty: int | None = None) -> None:
        self.seat = seat
        self.player = player
        self.stack = stack
        self.line = line
        self.sitting_out = sitting_out
        self.bounty = bounty


@dataclass(slots=True, init=False)
class Action:
    """A chip-moving or card-drawing act, in the order the record lists it."""

    index: int
    street: Street
    player: str
    kind: ActionKind
    line: int
    # Chips this act put in (what the record says was added).
    amount: int = 0
    # The player's total on this street after the act, when the record states it ("raises to").
    to: int | None = None
    all_in: bool = False
    # DISCARD only: how many cards were thrown (0 = stood pat).
    discards: int | None = None

    def __init__(self, index: int, street: Street, player: str, kind: ActionKind, line: int,
                 amount: int = 0, to: int | None = None, all_in: bool = False,
                 discards: int | None = None) -> None:
        self.index = index
        self.street = street
        self.player = player
        self.kind = kind
        self.line = line
        self.amount = amount
        self.to = to
        self.all_in = all_in
        self.discards = discards


@dataclass(slots=True, init=False)
class HandEvent:
    """A line that moves no chips: time-outs, connections, arrivals, chat."""

    kind: HandEventKind
    # Number of actions that came before this event: places it in the action order.
    after_action: int
    line: int
    player: str | None = None
    text: str = ""
    street: Street | None = None

    def __init__(self, kind: HandEventKind, after_action: int, line: int,
                 player: str | None = None, text: str = "",
                 street: Street | None = None) -> None:
        self.kind = kind
        self.after_action = after_action
        self.line = line
        self.player = player
        self.text = text
        self.street = street


@dataclass(slots=True, init=False)
class ShownCards:
    player: str
    cards: list[Card]
    line: int
    mucked: bool = False

    def __init__(self, player: str, cards: list[Card], line: int, mucked: bool = False) -> None:
        self.player = player
        self.cards = cards
        self.line = line
        self.mucked = mucked


@dataclass(slots=True, init=False)
class UncalledReturn:
    player: str
    amount: int
    line: int

    def __init__(self, player: str, amount: int, line: int) -> None:
        self.player = player
        self.amount = amount
        self.line = line


@dataclass(slots=True, init=False)
class Award:
    player: str
    amount: int
    line: int
    # Which pot as written: "pot", "main pot", "side pot 1", ...
    pot: str = "pot"
    # "high" / "low" for hi/lo halves, None otherwise.
    half: str | None = None
    # 0-based board for run-it-twice hands.
    board: int = 0
    # The winner had cashed out of the hand (`Hand.cash_outs`): the record names this award
    # ("won (N) ... pot not awarded as player cashed out") but the site keeps it, having paid
    # the cash-out instead.
    cashed_out: bool = False

    def __init__(self, player: str, amount: int, line: int, pot: str = "pot",
                 half: str | None = None, board: int = 0, cashed_out: bool = False) -> None:
        self.player = player
        self.amount = amount
        self.line = line
        self.pot = pot
        self.half = half
        self.board = board
        self.cashed_out = cashed_out


@dataclass(slots=True, init=False)
class CashOut:
    """`Name cashed out the hand for $N | Cash Out Fee $N`: all in before the last card, the
    player took a payment from the site instead of playing the hand out. A side payment: the
    pot is still won by the best hand (see `Award.cashed_out`)."""

    player: str
    amount: int
    line: int
    # The site's fee, when the line states one (older lines do not).
    fee: int = 0

    def __init__(self, player: str, amount: int, line: int, fee: int = 0) -> None:
        self.player = player
        self.amount = amount
        self.line = line
        self.fee = fee


@dataclass(slots=True, init=False)
class RecordedPot:
    total: int
    line: int
    rake: int = 0
    # Main and side pots as the summary lists them (main first), when listed.
    parts: list[int] = field(default_factory=list)

    def __init__(self, total: int, line: int, rake: int = 0,
                 parts: list[int] | None = None) -> None:
        self.total = total
        self.line = line
        self.rake = rake
        self.parts = [] if parts is None else parts


@dataclass(slots=True, init=False)
class SummarySeat:
    seat: int
    player: str
    text: str
    line: int

    def __init__(self, seat: int, player: str, text: str, line: int) -> None:
        self.seat = seat
        self.player = player
        self.text = text
        self.line = line
