"""One hand as the input recorded it: no judgement, no derived state.

Amounts are ints in the hand's `unit`: tournament chips, or cents for cash games.
Readers build plain dicts and validate the whole hand once (`Hand.model_validate`), so
the per-line hot path stays in the reader's regexes and pydantic's core.
"""

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from checker.model.cards import Card
from checker.model.source import SourceLocation

_FROZEN = ConfigDict(frozen=True, extra="forbid")


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


class Seat(BaseModel):
    model_config = _FROZEN

    seat: int
    player: str
    stack: int
    sitting_out: bool = False
    # Bounty on this player's head as the record states it (cents), if the site writes one.
    bounty: int | None = None
    line: int


class Action(BaseModel):
    """A chip-moving or card-drawing act, in the order the record lists it."""

    model_config = _FROZEN

    index: int
    street: Street
    player: str
    kind: ActionKind
    # Chips this act put in (what the record says was added).
    amount: int = 0
    # The player's total on this street after the act, when the record states it ("raises to").
    to: int | None = None
    all_in: bool = False
    # DISCARD only: how many cards were thrown (0 = stood pat).
    discards: int | None = None
    line: int


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


class HandEvent(BaseModel):
    """A line that moves no chips: time-outs, connections, arrivals, chat."""

    model_config = _FROZEN

    kind: HandEventKind
    player: str | None = None
    text: str = ""
    street: Street | None = None
    # Number of actions that came before this event: places it in the action order.
    after_action: int
    line: int


class ShownCards(BaseModel):
    model_config = _FROZEN

    player: str
    cards: list[Card]
    mucked: bool = False
    line: int


class UncalledReturn(BaseModel):
    model_config = _FROZEN

    player: str
    amount: int
    line: int


class Award(BaseModel):
    model_config = _FROZEN

    player: str
    amount: int
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
    line: int


class CashOut(BaseModel):
    """`Name cashed out the hand for $N | Cash Out Fee $N`: all in before the last card, the
    player took a payment from the site instead of playing the hand out. A side payment: the
    pot is still won by the best hand (see `Award.cashed_out`)."""

    model_config = _FROZEN

    player: str
    amount: int
    # The site's fee, when the line states one (older lines do not).
    fee: int = 0
    line: int


class RecordedPot(BaseModel):
    model_config = _FROZEN

    total: int
    rake: int = 0
    # Main and side pots as the summary lists them (main first), when listed.
    parts: list[int] = Field(default_factory=list)
    line: int


class SummarySeat(BaseModel):
    model_config = _FROZEN

    seat: int
    player: str
    text: str
    line: int


class Hand(BaseModel):
    model_config = _FROZEN

    site: str
    source_format: str
    # Exactly as the input writes it (the Full Tilt game number, say).
    hand_id: str
    tournament_id: str | None = None
    tournament_name: str | None = None
    # A fast-fold pool (PokerStars Zoom, Full Tilt Rush): every hand is dealt at a new table
    # under the pool's name, so consecutive hands under one name are not one table's sequence.
    fast_fold: bool = False
    table: str | None = None
    max_seats: int | None = None
    game: Game
    structure: BettingStructure
    # Capped no-limit / pot-limit: the most a player may put in per hand.
    cap: int | None = None
    # Mixed-game rotation label as written ("HORSE", "10-Game"), if any.
    mixed: str | None = None
    unit: Unit
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
    seats: list[Seat]
    actions: list[Action] = Field(default_factory=list)
    events: list[HandEvent] = Field(default_factory=list)
    hole_cards: dict[str, list[Card]] = Field(default_factory=dict)
    # Stud games: the cards dealt face up to each player, in street order (a subset of
    # `hole_cards`, which holds every card seen, down or up).
    up_cards: dict[str, list[Card]] = Field(default_factory=dict)
    boards: list[list[Card]] = Field(default_factory=list)
    shown: list[ShownCards] = Field(default_factory=list)
    returns: list[UncalledReturn] = Field(default_factory=list)
    awards: list[Award] = Field(default_factory=list)
    cash_outs: list[CashOut] = Field(default_factory=list)
    # Whether `awards` is what the record says was paid. False when the input states no
    # usable payout for a pot that held chips (PHH without usable winnings or final stacks):
    # the awards are then unknown, not none, and nothing about them can be judged.
    awards_recorded: bool = True
    pot: RecordedPot | None = None
    summary: list[SummarySeat] = Field(default_factory=list)
    location: SourceLocation
    end_line: int
    # What the reader had to leave out or could not confirm; a usable record still.
    warnings: list[str] = Field(default_factory=list)

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
        return sum(a.amount for a in self.actions)
