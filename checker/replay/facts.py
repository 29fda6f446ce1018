"""The fact vocabulary: what replay derives and what rules may read.

Declared once, here, as typed classes. The rules type checker reads these annotations (field
names and types), so a rule that names a field that does not exist, or compares chips with
money, is refused when the rules file loads. Replay fills these objects; rules only read them.

Conventions: chips and money are ints (money in cents); times are seconds since the
tournament's scheduled start (`Seconds`); `None` means the input does not say. Replay knows
mechanics, never policy: it records who posted, who acted, what each pot held and who the
evaluator ranks best, and leaves "who should have" to the rules.

mypyc compiles this module (checker/native.py). The classes built for every hand, act and
log line write their `__init__` out (`init=False`): the one `dataclass` writes is plain
Python, about ten times slower to call from the compiled replay. tests/test_fact_classes.py
holds every constructor to its fields, and the type checker reads the annotations from this
source (checker/model/annotations.py), as a compiled class keeps only approximations.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NewType, TypeVar

from checker.model.hand import ActionKind, BettingStructure, Game, Play, Street
from checker.model.summary import PrizeKind
from checker.model.tournament_log import CancellationStage, PrizeCurrency, TournamentKind

_Class = TypeVar("_Class", bound=type)

try:  # mypyc's class options (mypy's extensions are there wherever mypyc compiles this module)
    from mypy_extensions import mypyc_attr
except ImportError:  # a pure installation without them: the options mean nothing there
    # (mypy types the name by the import; a stand-in cannot name its private return type)
    def mypyc_attr(  # type: ignore[misc]
            *_flags: str, **_options: object) -> Callable[[_Class], _Class]:
        return lambda cls: cls

Chips = NewType("Chips", int)
Money = NewType("Money", int)
Seconds = NewType("Seconds", int)
# Basis points: 65% = 6500.
Percent = NewType("Percent", int)

__all__ = [
    "ActionKind",
    "BettingStructure",
    "CancellationStage",
    "Chips",
    "Game",
    "Money",
    "Percent",
    "PrizeCurrency",
    "PrizeKind",
    "Seconds",
    "Street",
    "TournamentKind",
]



class Suit(StrEnum):
    """A card's suit. They are listed, not ranked: an order of suits (stud's bring-in and odd
    chip) is a rules parameter."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"


# ---------------------------------------------------------------- hand level


# The simulator's players are PlayerFacts the replay's betting moves, with what the server
# alone knows beside (checker/sim/hand_engine.py `_Player`): an interpreted subclass.
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(slots=True, init=False)
class PlayerFact:
    """A player dealt into the hand, as of the moment of the event."""

    name: str
    seat: int
    stack_start: Chips
    # Chips behind at this moment.
    stack: Chips
    sitting_out: bool = False
    disconnected: bool = False
    folded: bool = False
    all_in: bool = False
    # Chips put in on the current street and in the whole hand.
    street_in: Chips = Chips(0)
    hand_in: Chips = Chips(0)
    # Whether the player has acted voluntarily on this street.
    has_acted: bool = False
    # Raise increments by others since this player last acted on this street: their sum and
    # the largest single one (full-raise and reopening policies are rules over these).
    raised_since_acted: Chips = Chips(0)
    largest_raise_since_acted: Chips = Chips(0)
    posted_ante: Chips = Chips(0)
    posted_blind: Chips = Chips(0)
    # Stud: the first face-up card: its rank 2-14 with the ace high, its rank 1-13 with the
    # ace low, and its suit (which suit ranks higher is the rules' business); None when the
    # card is not known.
    door_card_rank: int | None = None
    door_card_rank_ace_low: int | None = None
    door_card_suit: Suit | None = None

    def __init__(self, name: str, seat: int, stack_start: Chips, stack: Chips,
                 sitting_out: bool = False, disconnected: bool = False, folded: bool = False,
                 all_in: bool = False, street_in: Chips = Chips(0), hand_in: Chips = Chips(0),
                 has_acted: bool = False, raised_since_acted: Chips = Chips(0),
                 largest_raise_since_acted: Chips = Chips(0), posted_ante: Chips = Chips(0),
                 posted_blind: Chips = Chips(0), door_card_rank: int | None = None,
                 door_card_rank_ace_low: int | None = None,
                 door_card_suit: Suit | None = None) -> None:
        self.name = name
        self.seat = seat
        self.stack_start = stack_start
        self.stack = stack
        self.sitting_out = sitting_out
        self.disconnected = disconnected
        self.folded = folded
        self.all_in = all_in
        self.street_in = street_in
        self.hand_in = hand_in
        self.has_acted = has_acted
        self.raised_since_acted = raised_since_acted
        self.largest_raise_since_acted = largest_raise_since_acted
        self.posted_ante = posted_ante
        self.posted_blind = posted_blind
        self.door_card_rank = door_card_rank
        self.door_card_rank_ace_low = door_card_rank_ace_low
        self.door_card_suit = door_card_suit


@dataclass(slots=True, init=False)
class TableFact:
    """The table across consecutive hands in one input (what the previous hand established)."""

    name: str
    # False on the first hand of a table in the input: nothing is known about the previous one.
    previous_hand_known: bool = False
    # Whether this is the table's first hand of the tournament. Unknown (None) unless the input
    # proves it: a hand history's first hand of a table may follow hands it does not hold.
    first_hand: bool | None = None
    max_seats: int | None = None
    previous_button_seat: int | None = None
    previous_small_blind_seat: int | None = None
    previous_big_blind_seat: int | None = None
    previous_small_blind_player: str | None = None
    previous_big_blind_player: str | None = None
    # The big blind's seat two hands back, when both earlier hands are known: where the
    # previous hand's small blind was due (a dead small blind leaves no seat of its own).
    earlier_big_blind_seat: int | None = None
    previous_dealt_seats: list[int] = field(default_factory=list)
    previous_players: list[str] = field(default_factory=list)
    previous_heads_up: bool = False
    # Players seated now who were not at the table in the previous hand (arrivals, moves).
    arrived: list[str] = field(default_factory=list)
    # Players of the previous hand who are gone (busted or moved away).
    departed: list[str] = field(default_factory=list)
    # Players of the previous hand still at the table who now sit in a different seat.
    changed_seats: list[str] = field(default_factory=list)
    # Seats dealt in both the previous hand and this one, by the same player (the players the
    # button can move among when arrivals and returning players wait for it to pass).
    continuing_seats: list[int] = field(default_factory=list)

    def __init__(self, name: str, previous_hand_known: bool = False,
                 first_hand: bool | None = None, max_seats: int | None = None,
                 previous_button_seat: int | None = None,
                 previous_small_blind_seat: int | None = None,
                 previous_big_blind_seat: int | None = None,
                 previous_small_blind_player: str | None = None,
                 previous_big_blind_player: str | None = None,
                 earlier_big_blind_seat: int | None = None,
                 previous_dealt_seats: list[int] | None = None,
                 previous_players: list[str] | None = None, previous_heads_up: bool = False,
                 arrived: list[str] | None = None, departed: list[str] | None = None,
                 changed_seats: list[str] | None = None,
                 continuing_seats: list[int] | None = None) -> None:
        self.name = name
        self.previous_hand_known = previous_hand_known
        self.first_hand = first_hand
        self.max_seats = max_seats
        self.previous_button_seat = previous_button_seat
        self.previous_small_blind_seat = previous_small_blind_seat
        self.previous_big_blind_seat = previous_big_blind_seat
        self.previous_small_blind_player = previous_small_blind_player
        self.previous_big_blind_player = previous_big_blind_player
        self.earlier_big_blind_seat = earlier_big_blind_seat
        self.previous_dealt_seats = [] if previous_dealt_seats is None else previous_dealt_seats
        self.previous_players = [] if previous_players is None else previous_players
        self.previous_heads_up = previous_heads_up
        self.arrived = [] if arrived is None else arrived
        self.departed = [] if departed is None else departed
        self.changed_seats = [] if changed_seats is None else changed_seats
        self.continuing_seats = [] if continuing_seats is None else continuing_seats


@dataclass(slots=True, init=False)
class HandFact:
    hand_id: str
    site: str
    game: Game
    structure: BettingStructure
    # Tournament, cash or a fast-fold pool (what rules `applies to` select on).
    play: Play = Play.TOURNAMENT
    small_blind: Chips | None = None
    big_blind: Chips | None = None
    ante: Chips | None = None
    small_bet: Chips | None = None
    big_bet: Chips | None = None
    bring_in: Chips | None = None
    cap: Chips | None = None
    button_seat: int | None = None
    small_blind_seat: int | None = None
    big_blind_seat: int | None = None
    small_blind_player: str | None = None
    big_blind_player: str | None = None
    # Stud: who posted the bring-in.
    bring_in_player: str | None = None
    # Seats dealt into this hand, ascending; players in seat order.
    dealt_seats: list[int] = field(default_factory=list)
    players: list[PlayerFact] = field(default_factory=list)
    players_dealt: int = 0
    heads_up: bool = False
    is_stud: bool = False
    is_hilo: bool = False
    # Players left in the event, when the input says (tournament logs do; hand texts don't).
    event_players_remaining: int | None = None
    total_put_in: Chips = Chips(0)
    total_returned: Chips = Chips(0)
    total_awarded: Chips = Chips(0)
    rake: Chips = Chips(0)
    # Whether the record states who was paid what. False when it leaves the awards out (PHH
    # without usable winnings): no pot then has winners, and no rule can judge the payout.
    awards_recorded: bool = True

    def __init__(self, hand_id: str, site: str, game: Game, structure: BettingStructure,
                 play: Play = Play.TOURNAMENT, small_blind: Chips | None = None,
                 big_blind: Chips | None = None, ante: Chips | None = None,
                 small_bet: Chips | None = None, big_bet: Chips | None = None,
                 bring_in: Chips | None = None, cap: Chips | None = None,
                 button_seat: int | None = None, small_blind_seat: int | None = None,
                 big_blind_seat: int | None = None, small_blind_player: str | None = None,
                 big_blind_player: str | None = None, bring_in_player: str | None = None,
                 dealt_seats: list[int] | None = None, players: list[PlayerFact] | None = None,
                 players_dealt: int = 0, heads_up: bool = False, is_stud: bool = False,
                 is_hilo: bool = False, event_players_remaining: int | None = None,
                 total_put_in: Chips = Chips(0), total_returned: Chips = Chips(0),
                 total_awarded: Chips = Chips(0), rake: Chips = Chips(0),
                 awards_recorded: bool = True) -> None:
        self.hand_id = hand_id
        self.site = site
        self.game = game
        self.structure = structure
        self.play = play
        self.small_blind = small_blind
        self.big_blind = big_blind
        self.ante = ante
        self.small_bet = small_bet
        self.big_bet = big_bet
        self.bring_in = bring_in
        self.cap = cap
        self.button_seat = button_seat
        self.small_blind_seat = small_blind_seat
        self.big_blind_seat = big_blind_seat
        self.small_blind_player = small_blind_player
        self.big_blind_player = big_blind_player
        self.bring_in_player = bring_in_player
        self.dealt_seats = [] if dealt_seats is None else dealt_seats
        self.players = [] if players is None else players
        self.players_dealt = players_dealt
        self.heads_up = heads_up
        self.is_stud = is_stud
        self.is_hilo = is_hilo
        self.event_players_remaining = event_players_remaining
        self.total_put_in = total_put_in
        self.total_returned = total_returned
        self.total_awarded = total_awarded
        self.rake = rake
        self.awards_recorded = awards_recorded


@dataclass(slots=True, init=False)
class StreetFact:
    """A betting round as it stands before an act.

    The bet to call, the raise sizes and what follows from them are measured two ways, as the
    replay cannot know which a site plays: here (and in `ActionFact`, and the actor's raises
    since acting) the level's big blind stands as the bet to call on the first round of a
    blind game even when its player posted less (all in) or nothing; `PostedBettingFact`
    (`action.as_posted`) measures against the chips really put in. The two differ only on
    such a round; the rules choose which they read."""

    name: Street
    # Fixed-limit bet size on this street (small or big bet); None in big-bet games.
    bet_unit: Chips | None = None
    # The bet to call before the action: the highest total put in by one player on this
    # street, and on the first round of a blind game at least the level's big blind.
    current_bet: Chips = Chips(0)
    # Size of the last full (complete) bet or raise on this street; the big blind preflop.
    last_full_raise: Chips = Chips(0)
    # Voluntary bets, completions and raises so far on this street.
    bets_and_raises: int = 0
    # True preflop in blind games: the big blind stands as the round's opening bet.
    opened_by_blind: bool = False
    pot_before: Chips = Chips(0)
    # Pot-limit: the largest total this player may raise to.
    pot_limit_max_to: Chips | None = None
    # Seven-card stud games, fourth street: a player shows an open pair (PokerStars' dealer
    # notice says so in stud; otherwise the up cards show it, as Full Tilt records them, in
    # stud, stud hi/lo and razz alike). Whether it allows the big bet is the rules' business.
    open_pair_on_board: bool = False

    def __init__(self, name: Street, bet_unit: Chips | None = None, current_bet: Chips = Chips(0),
                 last_full_raise: Chips = Chips(0), bets_and_raises: int = 0,
                 opened_by_blind: bool = False, pot_before: Chips = Chips(0),
                 pot_limit_max_to: Chips | None = None, open_pair_on_board: bool = False) -> None:
        self.name = name
        self.bet_unit = bet_unit
        self.current_bet = current_bet
        self.last_full_raise = last_full_raise
        self.bets_and_raises = bets_and_raises
        self.opened_by_blind = opened_by_blind
        self.pot_before = pot_before
        self.pot_limit_max_to = pot_limit_max_to
        self.open_pair_on_board = open_pair_on_board


@dataclass(slots=True, init=False)
class PostedBettingFact:
    """The betting before an act measured against the chips really put in: a big blind
    posted short (all in for less) or not at all leaves the bet to call at the highest amount
    posted, and raises on that round are sized from it (as PokerKit plays). Same fields and
    meanings as in `StreetFact`, `ActionFact` and the actor; equal to them except on the first
    round of a blind game whose big blind was not posted in full."""

    current_bet: Chips
    to_call: Chips
    is_raise: bool
    increment: Chips
    last_full_raise: Chips
    bets_and_raises: int
    pot_limit_max_to: Chips | None
    # The actor's, as in `PlayerFact`.
    raised_since_acted: Chips
    largest_raise_since_acted: Chips

    def __init__(self, current_bet: Chips, to_call: Chips, is_raise: bool, increment: Chips,
                 last_full_raise: Chips, bets_and_raises: int, pot_limit_max_to: Chips | None,
                 raised_since_acted: Chips, largest_raise_since_acted: Chips) -> None:
        self.current_bet = current_bet
        self.to_call = to_call
        self.is_raise = is_raise
        self.increment = increment
        self.last_full_raise = last_full_raise
        self.bets_and_raises = bets_and_raises
        self.pot_limit_max_to = pot_limit_max_to
        self.raised_since_acted = raised_since_acted
        self.largest_raise_since_acted = largest_raise_since_acted


@dataclass(slots=True, init=False)
class ActionFact:
    index: int
    kind: ActionKind
    amount: Chips
    # Player's total on the street after the act.
    to: Chips
    all_in: bool
    # A bet, completion or raise: the act increases the amount to call.
    is_raise: bool
    # How much the act raised the amount to call (to - current bet), 0 for calls and checks.
    increment: Chips
    # What the actor had to put in to call, before acting: the bet to call less what they
    # have in, but never more than an opponent still in the hand can match.
    to_call: Chips
    # Whose turn it was by seat order (mechanics), None when the order cannot be known.
    expected_actor: str | None
    line: int
    # Opponents still in the hand (not folded) who are not all in: with none, nobody can
    # answer a bet. None when not measured.
    opponents_with_chips: int | None = None
    # The same betting measured against the chips really posted (see `StreetFact`); None
    # when not measured.
    as_posted: PostedBettingFact | None = None

    def __init__(self, index: int, kind: ActionKind, amount: Chips, to: Chips, all_in: bool,
                 is_raise: bool, increment: Chips, to_call: Chips, expected_actor: str | None,
                 line: int, opponents_with_chips: int | None = None,
                 as_posted: PostedBettingFact | None = None) -> None:
        self.index = index
        self.kind = kind
        self.amount = amount
        self.to = to
        self.all_in = all_in
        self.is_raise = is_raise
        self.increment = increment
        self.to_call = to_call
        self.expected_actor = expected_actor
        self.line = line
        self.opponents_with_chips = opponents_with_chips
        self.as_posted = as_posted


@dataclass(slots=True, init=False)
class PostFact:
    kind: ActionKind
    player: str
    seat: int
    amount: Chips
    # The level's amount for this kind of post (the blind or the ante).
    required: Chips | None
    all_in: bool
    sitting_out: bool
    disconnected: bool
    line: int

    def __init__(self, kind: ActionKind, player: str, seat: int, amount: Chips,
                 required: Chips | None, all_in: bool, sitting_out: bool, disconnected: bool,
                 line: int) -> None:
        self.kind = kind
        self.player = player
        self.seat = seat
        self.amount = amount
        self.required = required
        self.all_in = all_in
        self.sitting_out = sitting_out
        self.disconnected = disconnected
        self.line = line


@dataclass(slots=True, init=False)
class TimeoutFact:
    player: str
    # Whether the player could have checked when time ran out (the bet to call measured as in
    # `StreetFact`, and as in `PostedBettingFact`).
    check_was_free: bool
    # What the server did for the player, if the input records it.
    then: ActionKind | None
    line: int
    # None when not measured.
    check_was_free_as_posted: bool | None = None

    def __init__(self, player: str, check_was_free: bool, then: ActionKind | None, line: int,
                 check_was_free_as_posted: bool | None = None) -> None:
        self.player = player
        self.check_was_free = check_was_free
        self.then = then
        self.line = line
        self.check_was_free_as_posted = check_was_free_as_posted


@dataclass(slots=True, init=False)
class WinnerFact:
    player: str
    seat: int
    # Seats clockwise from the button to this winner (1 = first left of the button).
    distance_from_button: int
    # Recorded amount won from this pot (half).
    awarded: Chips
    # Stud (odd-chip policies): the highest rank among the winner's known cards (2-14, the
    # ace high) and the suits they hold in that rank; None and empty without cards.
    high_card_rank: int | None = None
    high_card_suits: list[Suit] = field(default_factory=list)

    def __init__(self, player: str, seat: int, distance_from_button: int, awarded: Chips,
                 high_card_rank: int | None = None,
                 high_card_suits: list[Suit] | None = None) -> None:
        self.player = player
        self.seat = seat
        self.distance_from_button = distance_from_button
        self.awarded = awarded
        self.high_card_rank = high_card_rank
        self.high_card_suits = [] if high_card_suits is None else high_card_suits


@dataclass(slots=True, init=False)
class PotFact:
    """One pot (main = 0, side pots 1..) or one half of a hi/lo pot."""

    index: int
    amount: Chips
    half: str | None
    eligible: list[str]
    # Who the hand evaluator ranks best among the eligible players.
    best: list[str]
    # Who the record pays from this pot, with what.
    winners: list[WinnerFact]
    # Chips of this pot paid to players who were not eligible for it.
    paid_to_ineligible: list[str]
    # For one half of a hi/lo pot: the whole pot before it was split in halves (None for a
    # pot that is not split, and for pots merged into one), and distance_from_button of each
    # winner of the other half (empty when the other half has no winner).
    whole_amount: Chips | None = None
    other_half_distances: list[int] = field(default_factory=list)
    # The chips shared equally among `winners` (odd-chip policies): the pot or half, or None
    # when the record does not say which half of a hi/lo pot each award is from (PokerStars),
    # so a winner's award may be a quarter, a half, or both halves: no share is known; None
    # too for pots merged into one (a winner's award may come from another pot than theirs).
    shared: Chips | None = None
    # A pot run more than once ("run it twice"): which board (0-based) this part of it is,
    # judged among that board's own winners; None for a pot dealt one board. Each board's
    # `amount` is what the record pays on it, and the last board's the rest of the pot, so
    # the pot is still checked in full (whether the boards split it evenly is not measured).
    board: int | None = None
    # The smallest unit in play: the largest amount that every starting stack, post, bet,
    # uncalled return and the rake of the hand is a whole multiple of (cents in cash games
    # recorded in money, else chips); 1 when the record shows no amount. Measured, not
    # ruled: whether a split is made in it is the rules' business.
    unit: Chips = Chips(1)
    # Where the record pays this pot: its first award line; the summary's pot line when it
    # pays none (a finding about the pot points here). None when the record has neither.
    line: int | None = None

    def __init__(self, index: int, amount: Chips, half: str | None, eligible: list[str],
                 best: list[str], winners: list[WinnerFact], paid_to_ineligible: list[str],
                 whole_amount: Chips | None = None, other_half_distances: list[int] | None = None,
                 shared: Chips | None = None, board: int | None = None, unit: Chips = Chips(1),
                 line: int | None = None) -> None:
        self.index = index
        self.amount = amount
        self.half = half
        self.eligible = eligible
        self.best = best
        self.winners = winners
        self.paid_to_ineligible = paid_to_ineligible
        self.whole_amount = whole_amount
        self.other_half_distances = [] if other_half_distances is None else other_half_distances
        self.shared = shared
        self.board = board
        self.unit = unit
        self.line = line


# ---------------------------------------------------------------- tournament level


@dataclass(slots=True)
class TournamentFact:
    tournament_id: str
    kind: TournamentKind
    buy_in: Money
    fee: Money
    currency: str
    scheduled_start: Seconds
    started_at: Seconds | None = None
    seating_started_at: Seconds | None = None
    registration_closed_at: Seconds | None = None
    min_entrants: int | None = None
    max_entrants: int | None = None
    seats_per_table: int = 9
    entrants: int = 0
    registered: int = 0
    # The starting stack the event's own terms state, if they state one.
    terms_starting_stack: Chips | None = None
    guarantee: Money | None = None
    # The prize pool the server stated when registration closed, plus every rebuy and
    # add-on paid after it (a rebuy event's pool grows while it is played).
    prize_pool: Money = Money(0)
    tables_remaining: int = 0
    players_remaining: int = 0
    hand_for_hand: bool = False
    is_rebuy: bool = False
    # Payout shares in force when registration closed, first place first.
    payout_shares: list[Percent] = field(default_factory=list)
    seats_awarded: int = 0
    # What one non-cash prize is worth (the terms' `non_cash_value`; a satellite's seat);
    # $0 when the terms state none.
    seat_value: Money = Money(0)
    all_seats_decided: bool = False
    # When the last seat of a Sit & Go was taken (registered reached max_entrants); None
    # while it has not filled or when the input does not say.
    filled_at: Seconds | None = None
    # The shares the terms in force when registration closed give the field that entered
    # (their payout tier for `entrants`), first place first; empty when no tier covers it.
    structure_shares: list[Percent] = field(default_factory=list)


@dataclass(slots=True)
class RegistrationFact:
    player: str
    at: Seconds
    accepted: bool
    registered_before: int


@dataclass(slots=True)
class UnregistrationFact:
    player: str
    at: Seconds
    accepted: bool
    via_satellite: bool
    refund: Money
    refund_currency: PrizeCurrency


@dataclass(slots=True)
class EntrantFact:
    player: str
    table: str
    seat: int
    starting_stack: Chips
    # The entrant's `seat` line: where a finding about this entrant points (0: not known).
    line: int = 0


@dataclass(slots=True)
class StartFact:
    at: Seconds
    entrants: list[EntrantFact]
    # The starting stack more entrants hold than any other; None when two or more stacks tie
    # for the most (or nobody entered): then no stack is the usual one.
    common_stack: Chips | None = None


@dataclass(slots=True)
class InfoViewFact:
    at: Seconds
    shown_largest: Chips
    shown_smallest: Chips
    shown_average: Chips
    shown_next_level: Seconds | None
    shown_next_break: Seconds | None
    true_largest: Chips
    true_smallest: Chips
    true_average: Chips
    true_next_level: Seconds | None
    true_next_break: Seconds | None


@dataclass(slots=True)
class BreakFact:
    # Start of the break, and seconds of play since the previous break (or the start).
    at: Seconds
    duration: Seconds
    played_since_last_break: Seconds
    breaks_so_far: int


@dataclass(slots=True, init=False)
class ClockFact:
    """The tournament clock at the start of each hand, for rules about overdue breaks."""

    at: Seconds
    played_since_last_break: Seconds
    breaks_so_far: int
    # In hand-for-hand: how many other tables were still playing the previous deal when this
    # hand started (0 outside hand-for-hand or when all had finished).
    tables_behind: int = 0
    # The hand was dealt in hand-for-hand.
    hand_for_hand: bool = False

    def __init__(self, at: Seconds, played_since_last_break: Seconds, breaks_so_far: int,
                 tables_behind: int = 0, hand_for_hand: bool = False) -> None:
        self.at = at
        self.played_since_last_break = played_since_last_break
        self.breaks_so_far = breaks_so_far
        self.tables_behind = tables_behind
        self.hand_for_hand = hand_for_hand


@dataclass(slots=True)
class TableBalanceFact:
    """At the end of a hand at one table: the table's size against the fullest table."""

    table: str
    players: int
    fullest_players: int
    tables_remaining: int
    held: bool
    # False at the `table_hold` line itself; True when the table is still held at a hand
    # dealt at another table after its balance changed during the hold (clause 21: a held
    # table resumes once balance is restored).
    kept: bool = False


@dataclass(slots=True)
class BustFact:
    player: str
    table: str
    started_hand_with: Chips
    place: int
    prize: Money


@dataclass(slots=True)
class EliminationFact:
    player: str
    at: Seconds
    place: int
    started_hand_with: Chips
    # Everyone eliminated in the same hand (or, in hand-for-hand, the same deal), this one too.
    same_hand: list[BustFact]
    prize: Money
    credited_at: Seconds | None
    # The table the player was eliminated at, when the input says.
    table: str | None = None
    # Eliminated in hand-for-hand: `same_hand` is everyone eliminated in the same deal.
    hand_for_hand: bool = False
    # Players eliminated at other tables at exactly the same moment (the elimination lines'
    # `at`), outside this one's hand or deal (clause 25).
    same_moment: list[BustFact] = field(default_factory=list)


@dataclass(slots=True)
class LeftWithoutChipsFact:
    """A player a hand left with no chips, and what the log then said about them."""

    player: str
    # An `elimination` line for them came before the table's next hand or the end.
    eliminated: bool = False
    # A `rebuy` line for them came (a rebuy seats them back).
    rebought: bool = False
    # A `rollback` gave them chips back (clause 30).
    restored: bool = False


@dataclass(slots=True)
class NoChipsFact:
    """A hand that left players with no chips, judged at the table's next hand or at the
    tournament's end, whichever came first."""

    table: str
    hand: str
    players: list[LeftWithoutChipsFact]
    # What came first: "hand ID" (the table's next hand) or "the tournament's end".
    until: str


@dataclass(slots=True)
class PayoutFact:
    player: str
    place: int
    paid: Money
    # Share of the prize pool the structure in force at the close gives this place (ties:
    # averaged); None when neither the terms' tier nor the lobby's shares cover it.
    share: Percent | None
    # What it was paid in (cash, ticket, ...).
    currency: PrizeCurrency = PrizeCurrency.CASH
    # The players holding the place: those eliminated at it; for a player never eliminated
    # (the winner; a satellite's players still in when it ends), every player not eliminated.
    tied: int = 1


@dataclass(slots=True)
class BountyFact:
    eliminated: str
    eliminated_is_pro: bool
    starters: int
    multi_entry: bool
    # Winners of the largest pot of the elimination hand, and who was paid a bounty.
    largest_pot_winners: list[str]
    paid_to: list[str]
    amount_each: Money
    after_all_seats_decided: bool


@dataclass(slots=True)
class ChatFact:
    player: str
    text: str
    during_hand: bool
    # Whether the writer was dealt into the hand being played (False for observers), and had
    # folded when writing; None when the hand is not in the input.
    in_hand: bool | None
    folded: bool | None
    # The table and hand in progress (None between hands).
    table: str | None = None
    hand: str | None = None


@dataclass(slots=True)
class RestoredStackFact:
    player: str
    stack_at_hand_start: Chips
    restored_to: Chips


@dataclass(slots=True)
class RollbackFact:
    at: Seconds
    table: str
    players: list[RestoredStackFact]
    # Players seated at the table whose stack the rollback does not state.
    not_restored: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ServerFailureFact:
    """A server failure and the rollbacks that followed it (clause 30: every table)."""

    at: Seconds
    tables_in_progress: list[str]
    tables_rolled_back: list[str]


@dataclass(slots=True)
class MatrixMatchFact:
    """Matrix: one of the simultaneous matches a player is still in when the event is
    cancelled."""

    match: str
    buy_in: Money
    in_the_money: bool
    # In the money: the match's next guaranteed payout for this player.
    next_payout: Money = Money(0)


@dataclass(slots=True)
class MatrixMatchStateFact:
    """Matrix: one match of a cancelled Matrix as the match's own replay left it."""

    match: str
    buy_in: Money
    # Played out: no more than one player left (the winner is in it no longer).
    finished: bool
    # No more players left than its places are paid.
    in_the_money: bool
    players_remaining: int


@dataclass(slots=True)
class CancelledEntryFact:
    """What one remaining (or, before the start, registered) player was paid on cancellation."""

    player: str
    # The player's chips as the replay knows them (the payment's figure when the replay has
    # none); `chips_recorded` below: as the payment line states them.
    chips: Chips
    buy_in: Money
    fee: Money
    via_satellite: bool
    paid: Money
    paid_currency: PrizeCurrency
    # In the money: the next guaranteed payout for this player.
    next_payout: Money = Money(0)
    # The chips the payment line states (None: not from a payment line).
    chips_recorded: Chips | None = None
    # What the player entered with (cash, ticket, tournament dollars); None when unknown.
    entered_with: PrizeCurrency | None = None
    # Matrix: the matches the player is still in, the estimated Matrix score, and whether
    # the highest score still possible would reach a paid Matrix position.
    matches: list[MatrixMatchFact] = field(default_factory=list)
    estimated_matrix_score: int = 0
    can_reach_paid_matrix_place: bool = False
    # A whole Matrix's cancellation (`matrix_cancellation`), from the matches' replays and
    # the Matrix's scoring: the Matrix points the player's places have earned so far, the
    # highest score still possible (first place in every match they are still in), and how
    # many other entrants would stand above that even at their lowest score still possible
    # (the last place still open in each match they are still in).
    earned_matrix_score: int = 0
    highest_matrix_score: int = 0
    matrix_players_surely_above: int = 0


@dataclass(slots=True)
class CancellationFact:
    at: Seconds
    stage: CancellationStage
    entries: list[CancelledEntryFact]
    total_chips: Chips
    # Buy-ins of eliminated players, the prize pool, the guarantee and non-cash prize value.
    eliminated_buy_ins: Money
    prize_pool: Money
    paid_out_so_far: Money
    guarantee: Money | None
    non_cash_value: Money
    # Matrix: the prize pool paid by Matrix score (0 elsewhere).
    matrix_score_pool: Money = Money(0)
    # A whole Matrix's cancellation (`matrix_cancellation`): every match of it, the entrants
    # in no match any more, and the Matrix positions the score pool pays.
    whole_matrix: bool = False
    matrix_matches: list[MatrixMatchStateFact] = field(default_factory=list)
    matrix_out_of_every_match: int = 0
    matrix_paid_places: int = 0
    # Players owed a payment (before the start: every registered player; after it: everyone
    # not eliminated) whom the cancellation does not pay, in registration order.
    not_paid: list[str] = field(default_factory=list)


@dataclass(slots=True)
class TournamentEndFact:
    chips_at_start: Chips
    chips_at_end: Chips
    players_with_chips: int
    # The tournament ended by cancellation (clauses 31, 34), not by play.
    cancelled: bool = False
    # Chips the hands' stated stacks added (negative: removed) over what the lines before
    # each hand left its players: each such change is already a `hand_stacks` finding.
    chips_between_hands: Chips = Chips(0)


@dataclass(slots=True, init=False)
class CarriedStackFact:
    """One player of a hand line whose chips the log had established before the deal."""

    player: str
    # What the lines before the hand left the player (their last hand, seat, table move,
    # rebuy, rollback), and the stack the hand line deals them.
    carried: Chips
    dealt_with: Chips

    def __init__(self, player: str, carried: Chips, dealt_with: Chips) -> None:
        self.player = player
        self.carried = carried
        self.dealt_with = dealt_with


@dataclass(slots=True, init=False)
class HandStacksFact:
    """A tournament log's hand line against the stacks the log left its players."""

    table: str
    hand: str
    # Only players whose chips the log established (none after a lost line until their
    # next hand, seat or move says).
    players: list[CarriedStackFact]

    def __init__(self, table: str, hand: str, players: list[CarriedStackFact]) -> None:
        self.table = table
        self.hand = hand
        self.players = players


@dataclass(slots=True)
class PaidPlaceFact:
    """A finishing place of a tournament log and the payouts its holders received. Players
    tied at a place cover it and the places after it: one fact per tie. A place nobody
    holds is a fact of its own (no holders)."""

    place: int
    # Places covered: the players tied at it (1 for a place nobody holds).
    covers: int
    # The structure in force's shares of the places covered, summed (0% beyond it).
    share: Percent
    holders: list[str]
    # Holders with no payout line.
    unpaid: list[str]
    # What the holders' elimination lines state as their prize, summed.
    prize_stated: Money
    # When the place was decided (its holders' last elimination; the end for the players
    # never eliminated); None when nobody holds it.
    decided_at: Seconds | None
    # The time of the tournament's last line read (a log may stop before the end).
    seen_until: Seconds
    # A `tournament_end` was read: finished by play, or cancelled (clauses 31, 34).
    ended: bool
    cancelled: bool
    # The holders are the players never eliminated, first at the end (more of them than
    # the event decides: an end before its time, clause 1's finding, not a place decided).
    still_in: bool = False


@dataclass(slots=True)
class SeatingAuditFact:
    """Across the tournaments audited: the p-value (per mille, rounded down) of a stratified
    chi-square test of whether a player's seat depends on their registration rank
    (checker/replay/seating_audit.py), and how many tournaments it covers."""

    tournaments: int
    p_value_permille: int


class CollusionFamily(StrEnum):
    """Which clause-28 rule a pair statistic speaks for."""

    CHIP_DUMPING = "chip_dumping"
    SOFT_PLAY = "soft_play"
    TEAM_PLAY = "team_play"


class CollusionView(StrEnum):
    """What the collusion statistics could see: every hole card (tournament logs) or only the
    cards shown (hand histories)."""

    INTEGRITY = "integrity"
    PUBLIC = "public"


@dataclass(slots=True, init=False)
class SignalFact:
    """One statistic of a pair: how `actor` treats `partner` against how `actor` treats
    everyone else (checker/collusion/scoring.py)."""

    name: str
    family: CollusionFamily
    actor: str
    partner: str
    # The occasions measured with the partner (hands, acts or commitments).
    occasions: int
    # Rates in basis points; amounts in thousandths of a big blind per occasion.
    pair_value: int
    baseline_value: int
    # Standard deviations from the baseline, in hundredths, signed toward collusion.
    z: int
    # -log10 of the one-sided p-value, in hundredths (0 when not scored).
    score: int
    # Enough occasions to be tested.
    scored: bool
    # Both directions at once (`actor` is the pair's first player, `partner` the second):
    # the two directions' z added, over sqrt 2.
    both_ways: bool = False

    # Written out (init=False), as the other facts made in numbers: compiled, a dataclass's
    # generated __init__ stays interpreted (every tested pair has a fact per signal).
    def __init__(self, name: str, family: CollusionFamily, actor: str, partner: str,
                 occasions: int, pair_value: int, baseline_value: int, z: int, score: int,
                 scored: bool, both_ways: bool = False) -> None:
        self.name = name
        self.family = family
        self.actor = actor
        self.partner = partner
        self.occasions = occasions
        self.pair_value = pair_value
        self.baseline_value = baseline_value
        self.z = z
        self.score = score
        self.scored = scored
        self.both_ways = both_ways


@dataclass(slots=True, init=False)
class FamilyFact:
    """A pair's evidence for one clause-28 rule (chip dumping, soft play, team play)."""

    # -log10 of the family's p-value (its best signal, corrected for the family's signals
    # tried), in hundredths; the Benjamini-Hochberg q-value over every pair and family
    # tested, in basis points (rounded up).
    score: int
    q_value: Percent
    leading_signal: str
    # The leading signal's standard deviations from the baseline, in hundredths.
    z: int
    # Evidence hands kept for the family.
    evidence_hands: int

    def __init__(self, score: int, q_value: Percent, leading_signal: str, z: int,
                 evidence_hands: int) -> None:
        self.score = score
        self.q_value = q_value
        self.leading_signal = leading_signal
        self.z = z
        self.evidence_hands = evidence_hands


@dataclass(slots=True, init=False)
class PairFact:
    """Two players' play toward each other across the audited hands (collusion evidence)."""

    players: list[str]
    view: CollusionView
    hands_together: int
    tournaments_together: int
    # Among the pairs tested (enough hands together in enough tournaments).
    tested: bool
    # -log10 of the pair's p-value (its best signal, corrected for every signal tried), in
    # hundredths; and its smallest family q-value, in basis points.
    score: int
    q_value: Percent
    leading_signal: str
    leading_family: CollusionFamily
    # Evidence hands kept for the leading signal's family.
    evidence_hands: int
    chip_dumping: FamilyFact
    soft_play: FamilyFact
    team_play: FamilyFact
    signals: list[SignalFact]
    # Tournaments together against what random registration predicts (context: friends sit
    # together too), as -log10 p in hundredths.
    co_presence_score: int

    def __init__(self, players: list[str], view: CollusionView, hands_together: int,
                 tournaments_together: int, tested: bool, score: int, q_value: Percent,
                 leading_signal: str, leading_family: CollusionFamily, evidence_hands: int,
                 chip_dumping: FamilyFact, soft_play: FamilyFact, team_play: FamilyFact,
                 signals: list[SignalFact], co_presence_score: int) -> None:
        self.players = players
        self.view = view
        self.hands_together = hands_together
        self.tournaments_together = tournaments_together
        self.tested = tested
        self.score = score
        self.q_value = q_value
        self.leading_signal = leading_signal
        self.leading_family = leading_family
        self.evidence_hands = evidence_hands
        self.chip_dumping = chip_dumping
        self.soft_play = soft_play
        self.team_play = team_play
        self.signals = signals
        self.co_presence_score = co_presence_score


@dataclass(slots=True)
class RingFact:
    """Three or more players joined by flagged pairs."""

    players: list[str]
    view: CollusionView
    # Flagged pairs among them.
    pairs: int


# ---------------------------------------------------------------- tournament summaries


@dataclass(slots=True)
class PrizeFact:
    """One prize a summary lists for a place."""

    kind: PrizeKind
    # Cents of `currency` when the summary states an amount (points or play chips for those
    # units); None when it does not (a ticket or seat named without its value).
    amount: Money | None
    currency: str | None
    text: str


@dataclass(slots=True)
class PlacementFact:
    """One line of a summary's list: an entry and where it finished."""

    # None while the entry is still playing, or when the summary does not say.
    place: int | None
    player: str
    still_playing: bool
    # Nothing listed: the place won nothing.
    prizes: list[PrizeFact]
    line: int


@dataclass(slots=True)
class PlaceFact:
    """One place number of a summary with every entry listed at it (more than one: a tie).
    A tie of n entries at place p spans places p to p + n - 1."""

    place: int
    holders: list[PlacementFact]
    # The next place number the summary lists (None after the last one).
    next_place: int | None


@dataclass(slots=True)
class SummaryFact:
    """A tournament summary as the site wrote it: terms, entries, places and prizes. Money is
    in cents of `currency` (points or play chips for those units); None where the summary
    does not say."""

    tournament_id: str
    site: str
    source_format: str
    # The tournament's name and game as the header writes them ("" when it does not).
    name: str
    game: str
    currency: str | None
    buy_in: Money | None
    fee: Money | None
    bounty: Money | None
    # The entries (or players) the summary counts; its list can be longer (re-entries).
    entries: int | None
    prize_pool: Money | None
    rebuys: int | None
    add_ons: int | None
    # The summary says the tournament is still running.
    in_progress: bool
    # The summary states when the tournament finished.
    finish_recorded: bool
    line: int
    placements: list[PlacementFact] = field(default_factory=list)
    # Every place number listed, ascending, with its holders; `ties` are those held by more
    # than one entry.
    places: list[PlaceFact] = field(default_factory=list)
    ties: list[PlaceFact] = field(default_factory=list)
    # Entries listed; of them, still playing, and finished at a place the summary leaves
    # unknown.
    listed: int = 0
    still_playing: int = 0
    places_unknown: int = 0
    # The lowest and highest place numbers listed (None when none is).
    first_place: int | None = None
    last_place: int | None = None


# ---------------------------------------------------------------- events


@dataclass(slots=True, init=False)
class HandEvent:
    """After the posts of a hand: who is where, who posted what."""

    hand: HandFact
    table: TableFact

    def __init__(self, hand: HandFact, table: TableFact) -> None:
        self.hand = hand
        self.table = table


@dataclass(slots=True, init=False)
class PostEvent:
    hand: HandFact
    table: TableFact
    post: PostFact

    def __init__(self, hand: HandFact, table: TableFact, post: PostFact) -> None:
        self.hand = hand
        self.table = table
        self.post = post


@dataclass(slots=True, init=False)
class ActionEvent:
    hand: HandFact
    table: TableFact
    street: StreetFact
    action: ActionFact
    actor: PlayerFact

    def __init__(self, hand: HandFact, table: TableFact, street: StreetFact, action: ActionFact,
                 actor: PlayerFact) -> None:
        self.hand = hand
        self.table = table
        self.street = street
        self.action = action
        self.actor = actor


@dataclass(slots=True, init=False)
class TimeoutEvent:
    hand: HandFact
    timeout: TimeoutFact

    def __init__(self, hand: HandFact, timeout: TimeoutFact) -> None:
        self.hand = hand
        self.timeout = timeout


@dataclass(slots=True, init=False)
class PotEvent:
    hand: HandFact
    pot: PotFact

    def __init__(self, hand: HandFact, pot: PotFact) -> None:
        self.hand = hand
        self.pot = pot


@dataclass(slots=True, init=False)
class HandEndEvent:
    hand: HandFact
    table: TableFact

    def __init__(self, hand: HandFact, table: TableFact) -> None:
        self.hand = hand
        self.table = table


@dataclass(slots=True)
class RegistrationEvent:
    tournament: TournamentFact
    registration: RegistrationFact


@dataclass(slots=True)
class UnregistrationEvent:
    tournament: TournamentFact
    unregistration: UnregistrationFact


@dataclass(slots=True)
class StartEvent:
    tournament: TournamentFact
    start: StartFact


@dataclass(slots=True)
class EntrantEvent:
    """One entrant of the start (each `seat` line before `tournament_start`), after the
    start itself: rules that judge one entrant's seat listen to this, and their findings
    point at that entrant's `seat` line."""

    tournament: TournamentFact
    start: StartFact
    entrant: EntrantFact


@dataclass(slots=True)
class SeatingStartedEvent:
    """Seating begins (the `seating_started` line): `tournament.seating_started_at` is set."""

    tournament: TournamentFact


@dataclass(slots=True)
class RegistrationClosedEvent:
    """Registration closes (the `registration_closed` line): the entrants, the prize pool and
    the lobby's payout shares it states, and the structure the terms then in force give."""

    tournament: TournamentFact


@dataclass(slots=True)
class InfoViewEvent:
    tournament: TournamentFact
    view: InfoViewFact


@dataclass(slots=True)
class BreakEvent:
    tournament: TournamentFact
    pause: BreakFact


@dataclass(slots=True, init=False)
class ClockEvent:
    tournament: TournamentFact
    clock: ClockFact

    def __init__(self, tournament: TournamentFact, clock: ClockFact) -> None:
        self.tournament = tournament
        self.clock = clock


@dataclass(slots=True)
class TableBalanceEvent:
    tournament: TournamentFact
    balance: TableBalanceFact


@dataclass(slots=True)
class EliminationEvent:
    tournament: TournamentFact
    elimination: EliminationFact


@dataclass(slots=True)
class NoChipsEvent:
    """A hand that left players with no chips (clause 16), located at its `hand` line."""

    tournament: TournamentFact
    busted: NoChipsFact


@dataclass(slots=True)
class PayoutEvent:
    tournament: TournamentFact
    payout: PayoutFact


@dataclass(slots=True)
class BountyEvent:
    tournament: TournamentFact
    bounty: BountyFact


@dataclass(slots=True)
class ChatEvent:
    tournament: TournamentFact
    chat: ChatFact


@dataclass(slots=True)
class RollbackEvent:
    tournament: TournamentFact
    rollback: RollbackFact


@dataclass(slots=True)
class ServerFailureEvent:
    tournament: TournamentFact
    failure: ServerFailureFact


@dataclass(slots=True)
class CancellationEvent:
    tournament: TournamentFact
    cancellation: CancellationFact


@dataclass(slots=True)
class CancellationEntryEvent:
    """One entry of a cancellation (each remaining or registered player), after the
    cancellation event itself: rules that judge one player's payment listen to this."""

    tournament: TournamentFact
    cancellation: CancellationFact
    entry: CancelledEntryFact


@dataclass(slots=True)
class TournamentEndEvent:
    tournament: TournamentFact
    end: TournamentEndFact


@dataclass(slots=True, init=False)
class HandStacksEvent:
    """At each `hand` line of a log: its players' stacks against what the log left them."""

    tournament: TournamentFact
    stacks: HandStacksFact

    def __init__(self, tournament: TournamentFact, stacks: HandStacksFact) -> None:
        self.tournament = tournament
        self.stacks = stacks


@dataclass(slots=True)
class PaidPlaceEvent:
    """One finishing place, once the file ends (its payout lines may follow the end)."""

    tournament: TournamentFact
    place: PaidPlaceFact


@dataclass(slots=True)
class SeatingAuditEvent:
    seating: SeatingAuditFact


@dataclass(slots=True)
class PairEvent:
    pair: PairFact


@dataclass(slots=True)
class RingEvent:
    ring: RingFact


@dataclass(slots=True)
class SummaryEvent:
    """A tournament summary, once per summary read."""

    summary: SummaryFact


@dataclass(slots=True)
class SummaryPlaceEvent:
    """One place number a summary lists, after the summary itself: rules that judge one
    place listen to this, and their findings point at the place's first line."""

    summary: SummaryFact
    place: PlaceFact


# What `on NAME` may name, and the event each delivers. Rules listen to exactly one.
EVENTS: dict[str, type] = {
    "hand": HandEvent,
    "post": PostEvent,
    "action": ActionEvent,
    "timeout": TimeoutEvent,
    "pot": PotEvent,
    "hand_end": HandEndEvent,
    "registration": RegistrationEvent,
    "unregistration": UnregistrationEvent,
    "registration_closed": RegistrationClosedEvent,
    "seating_started": SeatingStartedEvent,
    "tournament_start": StartEvent,
    "entrant": EntrantEvent,
    "info_view": InfoViewEvent,
    "break": BreakEvent,
    "clock": ClockEvent,
    "table_balance": TableBalanceEvent,
    "elimination": EliminationEvent,
    "no_chips": NoChipsEvent,
    "payout": PayoutEvent,
    "bounty": BountyEvent,
    "chat": ChatEvent,
    "rollback": RollbackEvent,
    "server_failure": ServerFailureEvent,
    "cancellation": CancellationEvent,
    "cancellation_entry": CancellationEntryEvent,
    "tournament_end": TournamentEndEvent,
    "hand_stacks": HandStacksEvent,
    "paid_place": PaidPlaceEvent,
    "seating_audit": SeatingAuditEvent,
    "pair": PairEvent,
    "ring": RingEvent,
    "summary": SummaryEvent,
    "summary_place": SummaryPlaceEvent,
}

# Enumerations whose members rules may name bare (`hand.structure in {no_limit, pot_limit}`).
ENUMS: tuple[type[StrEnum], ...] = (
    ActionKind, BettingStructure, Game, Play, Street, TournamentKind, CancellationStage,
    PrizeCurrency,
    Suit, PrizeKind, CollusionFamily, CollusionView,
)
