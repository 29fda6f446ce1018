"""One hand as the input recorded it, and its parts: seats, acts, events, shown cards,
returns, awards, cash-outs, the pot and the summary's seat lines, with the enums they use. No
judgement, no derived state. Amounts are ints in the hand's `unit`: tournament chips, or
cents for cash games.

Native classes (compiled with mypyc, checker/native.py): a reader builds a hand and its
parts directly, once, with the types its own typed code guarantees (compiled, a constructor
given values whose types the compiler could not see checks each one), and the replay, the
rules and the observer read their fields as C struct members. As pydantic models (what these
were) a hand cost ~26 us to validate, its ~30 parts ~0.7 us each, and every field read ~50 ns
through the model's `__getattr__` hook (docs/performance.md, "The hand record as native
classes"). Input that our code did not build (a dict, in a test or from a caller) is validated
against the same annotations by `checker.model.hand.validate_hand`.

A reader fills a record in as it reads its lines (a seat found sitting out, an award's pot);
nothing downstream of the reader writes one.
"""

from dataclasses import dataclass, field, fields
from datetime import datetime
from enum import StrEnum
from typing import Final, cast

from checker.model.cards import Card
from checker.model.source import SourceLocation


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


POST_KINDS: Final = frozenset(
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


# Each class writes its `__init__` out (`init=False`): the one `dataclass` writes is plain
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


@dataclass(slots=True, init=False)
class Hand:
    site: str
    source_format: str
    # Exactly as the input writes it (the Full Tilt game number, say).
    hand_id: str
    game: Game
    structure: BettingStructure
    unit: Unit
    seats: list[Seat]
    location: SourceLocation
    end_line: int
    tournament_id: str | None = None
    tournament_name: str | None = None
    # A fast-fold pool (PokerStars Zoom, Full Tilt Rush): every hand is dealt at a new table
    # under the pool's name, so consecutive hands under one name are not one table's sequence.
    fast_fold: bool = False
    table: str | None = None
    max_seats: int | None = None
    # Capped no-limit / pot-limit: the most a player may put in per hand.
    cap: int | None = None
    # Mixed-game rotation label as written ("HORSE", "10-Game"), if any.
    mixed: str | None = None
    currency: str | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    # PokerStars 6+ Hold'em: the button's blind (the game has no small or big blind).
    button_blind: int | None = None
    ante: int | None = None
    bring_in: int | None = None
    level: str | None = None
    played_at: datetime | None = None
    played_at_zone: str | None = None
    played_at_et: datetime | None = None
    button_seat: int | None = None
    actions: list[Action] = field(default_factory=list)
    events: list[HandEvent] = field(default_factory=list)
    hole_cards: dict[str, list[Card]] = field(default_factory=dict)
    # Stud games: the cards dealt face up to each player, in street order (a subset of
    # `hole_cards`, which holds every card seen, down or up).
    up_cards: dict[str, list[Card]] = field(default_factory=dict)
    boards: list[list[Card]] = field(default_factory=list)
    shown: list[ShownCards] = field(default_factory=list)
    returns: list[UncalledReturn] = field(default_factory=list)
    awards: list[Award] = field(default_factory=list)
    cash_outs: list[CashOut] = field(default_factory=list)
    # Whether `awards` is what the record says was paid. False when the input states no
    # usable payout for a pot that held chips (PHH without usable winnings or final stacks):
    # the awards are then unknown, not none, and nothing about them can be judged.
    awards_recorded: bool = True
    pot: RecordedPot | None = None
    summary: list[SummarySeat] = field(default_factory=list)
    # What the reader had to leave out or could not confirm; a usable record still.
    warnings: list[str] = field(default_factory=list)

    def __init__(
        self, site: str, source_format: str, hand_id: str, game: Game,
        structure: BettingStructure, unit: Unit, seats: list[Seat], location: SourceLocation,
        end_line: int, tournament_id: str | None = None, tournament_name: str | None = None,
        fast_fold: bool = False, table: str | None = None, max_seats: int | None = None,
        cap: int | None = None, mixed: str | None = None, currency: str | None = None,
        small_blind: int | None = None, big_blind: int | None = None,
        small_bet: int | None = None, big_bet: int | None = None,
        button_blind: int | None = None, ante: int | None = None, bring_in: int | None = None,
        level: str | None = None, played_at: datetime | None = None,
        played_at_zone: str | None = None, played_at_et: datetime | None = None,
        button_seat: int | None = None, actions: list[Action] | None = None,
        events: list[HandEvent] | None = None, hole_cards: dict[str, list[Card]] | None = None,
        up_cards: dict[str, list[Card]] | None = None, boards: list[list[Card]] | None = None,
        shown: list[ShownCards] | None = None, returns: list[UncalledReturn] | None = None,
        awards: list[Award] | None = None, cash_outs: list[CashOut] | None = None,
        awards_recorded: bool = True, pot: RecordedPot | None = None,
        summary: list[SummarySeat] | None = None, warnings: list[str] | None = None,
    ) -> None:
        self.site = site
        self.source_format = source_format
        self.hand_id = hand_id
        self.game = game
        self.structure = structure
        self.unit = unit
        self.seats = seats
        self.location = location
        self.end_line = end_line
        self.tournament_id = tournament_id
        self.tournament_name = tournament_name
        self.fast_fold = fast_fold
        self.table = table
        self.max_seats = max_seats
        self.cap = cap
        self.mixed = mixed
        self.currency = currency
        self.small_blind = small_blind
        self.big_blind = big_blind
        self.small_bet = small_bet
        self.big_bet = big_bet
        self.button_blind = button_blind
        self.ante = ante
        self.bring_in = bring_in
        self.level = level
        self.played_at = played_at
        self.played_at_zone = played_at_zone
        self.played_at_et = played_at_et
        self.button_seat = button_seat
        self.actions = [] if actions is None else actions
        self.events = [] if events is None else events
        self.hole_cards = {} if hole_cards is None else hole_cards
        self.up_cards = {} if up_cards is None else up_cards
        self.boards = [] if boards is None else boards
        self.shown = [] if shown is None else shown
        self.returns = [] if returns is None else returns
        self.awards = [] if awards is None else awards
        self.cash_outs = [] if cash_outs is None else cash_outs
        self.awards_recorded = awards_recorded
        self.pot = pot
        self.summary = [] if summary is None else summary
        self.warnings = [] if warnings is None else warnings

    @property
    def play(self) -> Play:
        # A record names its tournament by id. (A name alone does not tell: PHH's `event`
        # names cash games too, "Million Dollar Cash Game".)
        if self.tournament_id is not None:
            return Play.TOURNAMENT
        return Play.FAST_FOLD if self.fast_fold else Play.CASH

    @property
    def posts(self) -> list[Action]:
        return [a for a in self.actions if a.kind in POST_KINDS]

    def put_in(self) -> int:
        """Everything the record says went into the pot, before uncalled returns."""
        total = 0
        for action in self.actions:
            total += action.amount
        return total


# Every field a hand has, by name: what `hand_from_fields` accepts.
_HAND_FIELDS: Final = frozenset(f.name for f in fields(Hand))


def hand_from_fields(named: dict[str, object]) -> Hand:
    """`Hand(**named)`, for a reader that gathers a hand's fields by name as it reads its
    lines: the compiled constructor called directly, each value's type checked by its cast
    as the constructor's wrapper would check it. The wrapper matched ~20 keywords against
    45 parameters at ~30,000 instructions a hand (docs/performance.md). A name that is no
    field is a TypeError, as it is for the constructor; a missing required one a KeyError."""
    for name in named:
        if name not in _HAND_FIELDS:
            raise TypeError(f"Hand has no field {name!r}")
    get = named.get
    return Hand(
        site=cast(str, named["site"]),
        source_format=cast(str, named["source_format"]),
        hand_id=cast(str, named["hand_id"]),
        game=cast(Game, named["game"]),
        structure=cast(BettingStructure, named["structure"]),
        unit=cast(Unit, named["unit"]),
        seats=cast(list[Seat], named["seats"]),
        location=cast(SourceLocation, named["location"]),
        end_line=cast(int, named["end_line"]),
        tournament_id=cast("str | None", get("tournament_id")),
        tournament_name=cast("str | None", get("tournament_name")),
        fast_fold=cast(bool, get("fast_fold", False)),
        table=cast("str | None", get("table")),
        max_seats=cast("int | None", get("max_seats")),
        cap=cast("int | None", get("cap")),
        mixed=cast("str | None", get("mixed")),
        currency=cast("str | None", get("currency")),
        small_blind=cast("int | None", get("small_blind")),
        big_blind=cast("int | None", get("big_blind")),
        small_bet=cast("int | None", get("small_bet")),
        big_bet=cast("int | None", get("big_bet")),
        button_blind=cast("int | None", get("button_blind")),
        ante=cast("int | None", get("ante")),
        bring_in=cast("int | None", get("bring_in")),
        level=cast("str | None", get("level")),
        played_at=cast("datetime | None", get("played_at")),
        played_at_zone=cast("str | None", get("played_at_zone")),
        played_at_et=cast("datetime | None", get("played_at_et")),
        button_seat=cast("int | None", get("button_seat")),
        actions=cast("list[Action] | None", get("actions")),
        events=cast("list[HandEvent] | None", get("events")),
        hole_cards=cast("dict[str, list[Card]] | None", get("hole_cards")),
        up_cards=cast("dict[str, list[Card]] | None", get("up_cards")),
        boards=cast("list[list[Card]] | None", get("boards")),
        shown=cast("list[ShownCards] | None", get("shown")),
        returns=cast("list[UncalledReturn] | None", get("returns")),
        awards=cast("list[Award] | None", get("awards")),
        cash_outs=cast("list[CashOut] | None", get("cash_outs")),
        awards_recorded=cast(bool, get("awards_recorded", True)),
        pot=cast("RecordedPot | None", get("pot")),
        summary=cast("list[SummarySeat] | None", get("summary")),
        warnings=cast("list[str] | None", get("warnings")),
    )
