"""What the tournament driver tells the hand engine, and what the engine gives back."""

from dataclasses import dataclass, field
from datetime import datetime

from checker.model.hand import BettingStructure, Game
from checker.model.tournament_log import Disconnect, HandPlayed, Reconnect, Timeout

# A line the log writes about a hand while it is played, before the hand's own line.
HandNote = Timeout | Disconnect | Reconnect


@dataclass(frozen=True, slots=True)
class TeamPlay:
    """How a colluder (or a straight player with a habit) deviates from its style: the team's
    `strategy` (checker/sim/collusion.py names them), the other members' names, how often it
    acts on the strategy (`intensity`, in [0, 1]) and, in chip dumping, the partner it feeds
    (None: it is the one fed)."""

    strategy: str
    partners: tuple[str, ...]
    intensity: float
    feeds: str | None = None


@dataclass(frozen=True, slots=True)
class PlayerStyle:
    """How a simulated player plays; every knob in [0, 1].

    looseness: how wide a range of starting hands it plays; aggression: how often it bets or
    raises rather than checks or calls; position: how much later position widens its range;
    bluffing: how often it bets or raises without the hand for it; patience: how rarely it
    times out (1 never); team: the colluding strategy it plays with partners, if any."""

    name: str
    looseness: float
    aggression: float
    position: float
    bluffing: float
    patience: float = 1.0
    # Keyword only: the knobs above may be given as a list.
    team: TeamPlay | None = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class SimSeat:
    seat: int
    player: str
    stack: int
    style: PlayerStyle


@dataclass(frozen=True, slots=True)
class Stakes:
    level: int
    small_blind: int
    big_blind: int
    ante: int = 0
    # Fixed limit: the small and big bet (None in no-limit and pot-limit).
    small_bet: int | None = None
    big_bet: int | None = None


@dataclass(frozen=True, slots=True)
class HandPlan:
    """One hand to play. The driver decides the rotation (clauses 17-19 are its business);
    the engine posts what it is told and plays the hand out."""

    tournament: str
    table: str
    hand_id: str
    game: Game
    structure: BettingStructure
    stakes: Stakes
    # Seats dealt in, in seat order; `button` is a seat number (it may be an empty seat: a
    # dead button); `small_blind_seat` None: no small blind this hand (clause 18).
    seats: tuple[SimSeat, ...]
    button: int
    small_blind_seat: int | None
    big_blind_seat: int
    started: datetime
    players_left: int | None = None
    # Places paid (a satellite: its seats); with `players_left`, how near the money bubble
    # the tournament is (a bubble folder reads it; the hand's line does not carry it).
    places_paid: int | None = None
    deal: int | None = None
    # Engine-level faults to inject in this hand, by name (checker/sim/faults.py).
    faults: frozenset[str] = frozenset()
    # Players disconnected at the deal (still out from an earlier hand: `HandResult.
    # disconnected`): their seats say so, they post, and out of time they check-fold
    # (clause 27) unless they reconnect first.
    disconnected: frozenset[str] = frozenset()
    # The `seq` and `at` of the hand line are the log writer's; placeholders here.


@dataclass(slots=True)
class HandResult:
    """The hand as played (the log's `hand` event: every card, act, pot and award) and the
    faults that really took effect (a fault may find no occasion: an odd chip needs a split
    pot), each with the action index it corrupted when it has one."""

    hand: HandPlayed
    faults: list[tuple[str, int | None]] = field(default_factory=list)
    # Seconds the hand took on the table's clock.
    duration_s: int = 0
    # The hand's `timeout`, `disconnect` and `reconnect` lines in the order they happened
    # (`seq` 0 for the log writer; `at` on the hand's clock): written before the hand line.
    notes: list[HandNote] = field(default_factory=list)
    # Players still disconnected when the hand ended, in seat order: the next hand's
    # `HandPlan.disconnected` (or a `reconnect` line between hands).
    disconnected: tuple[str, ...] = ()
    # Per team member: the decisions its team's strategy changed in the hand (where
    # `collusion.collude` chose another act than the style had).
    team_acts: dict[str, int] = field(default_factory=dict)


def stacks_after(hand: HandPlayed) -> dict[str, int]:
    """Each seated player's chips once `hand` is over: the deal's stack, less what they put
    in, plus what came back and what they won."""
    stacks = {seat.player: seat.stack for seat in hand.seats}
    for act in hand.actions:
        stacks[act.player] -= act.amount
    for back in hand.returns:
        stacks[back.player] += back.amount
    for award in hand.awards:
        stacks[award.player] += award.amount
    return stacks
