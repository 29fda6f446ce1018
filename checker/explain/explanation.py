"""The explanation of one hand, as `feltcheck explain` gives it to the reports.

Plain data: the seats at the deal, each step of the hand with the table as the replay's facts
stood after it, the pots as the replay built them, and every rule that applied with the
evaluator's verdict and trace. Built by checker/explain/steps.py; rendered by
checker/report/explain_text.py and explain_html.py, which only read it.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from checker.explain.trace import RuleTrace


@dataclass(frozen=True, slots=True)
class SeatView:
    """A seat at the deal: who, with what, and the button and blinds."""

    seat: int
    name: str
    stack: int
    cards: tuple[str, ...]
    # Cards the player showed down (empty when they did not).
    shown: tuple[str, ...]
    dealt: bool
    sitting_out: bool
    button: bool
    small_blind: bool
    big_blind: bool


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player as the replay's facts stand at one moment."""

    name: str
    seat: int
    stack: int
    # Chips in front on the current street, and in the whole hand.
    street_in: int
    hand_in: int
    folded: bool
    all_in: bool
    has_acted: bool
    # Raises by others since this player last acted on the street: the sum, the largest.
    raised_since_acted: int
    largest_raise_since_acted: int

    @property
    def may_act(self) -> bool:
        return not (self.folded or self.all_in)

    @property
    def raise_option(self) -> str | None:
        """Whether the player may still raise on this street, as far as the mechanics tell:
        "to act" (has not acted on it), "faces raises of N (largest M)" (acted, then was
        raised: whether that reopens the betting is the rules' to say), None (folded, all in,
        or acted with nothing raised since)."""
        if not self.may_act:
            return None
        if not self.has_acted:
            return "to act"
        if self.raised_since_acted > 0:
            return (f"faces raises of {self.raised_since_acted} "
                    f"(largest {self.largest_raise_since_acted})")
        return None


@dataclass(frozen=True, slots=True)
class BettingState:
    """The betting round just before an act, as the replay measured it."""

    street: str
    pot: int
    # The bet to call (the highest total on the street), what the actor had to add to call.
    current_bet: int
    to_call: int
    last_full_raise: int
    # The bet to call plus the last full raise (one bet in fixed limit): the smallest total
    # a full raise goes to. Whether a smaller one is allowed (all in) is the rules' to say.
    min_raise_to: int
    pot_limit_max_to: int | None
    bet_unit: int | None
    bets_and_raises: int
    # Whose turn it was by seat order (None when the order cannot be known).
    expected_actor: str | None
    actor: PlayerState


@dataclass(frozen=True, slots=True)
class Step:
    """One moment of the hand, in order: the seating, the posts, each act and time-out, the
    showdown. `players`, `pot` and `bet_to_call` are the state after the step; at the
    showdown, the pot is what the pots held and the stacks include what the record paid and
    returned to each player."""

    number: int
    kind: str
    description: str
    street: str | None
    player: str | None
    act: str | None
    amount: int | None
    to: int | None
    all_in: bool
    line: int | None
    before: BettingState | None
    players: tuple[PlayerState, ...]
    pot: int
    bet_to_call: int
    # Rules that failed on an event of this step.
    failed: tuple[str, ...] = ()
    # How many cards of each board were out at this step.
    board_cards: int = 0

    @property
    def raise_options(self) -> tuple[str, ...]:
        """The players who may still raise after this step, each with why: "Bob (to act)"."""
        return tuple(f"{p.name} ({p.raise_option})" for p in self.players if p.raise_option)


@dataclass(frozen=True, slots=True)
class WinnerView:
    player: str
    seat: int
    distance_from_button: int
    awarded: int


@dataclass(frozen=True, slots=True)
class PotView:
    """One pot (or half of a hi/lo pot, or one board of a pot run twice) as replay built it."""

    index: int
    half: str | None
    board: int | None
    amount: int
    # The chips shared equally among the winners (None when the record cannot tell).
    shared: int | None
    eligible: tuple[str, ...]
    best: tuple[str, ...]
    winners: tuple[WinnerView, ...]

    @property
    def name(self) -> str:
        name = "main pot" if self.index == 0 else f"side pot {self.index}"
        if self.half is not None:
            name += f" ({self.half})"
        if self.board is not None:
            name += f" board {self.board + 1}"
        return name

    @property
    def event_label(self) -> str:
        """How the explanation names this pot's event (its rule applications carry it)."""
        return pot_label(self.index, self.half, self.board, self.amount)

    @property
    def odd_chips(self) -> int | None:
        """Chips left over when the shared chips are divided evenly among the winners."""
        if self.shared is None or len(self.winners) < 2:
            return None
        return self.shared % len(self.winners)

    @property
    def paid_above_even_share(self) -> tuple[str, ...]:
        """Winners the record paid more than the even share (who got the odd chips)."""
        if self.shared is None or len(self.winners) < 2:
            return ()
        even = self.shared // len(self.winners)
        return tuple(w.player for w in self.winners if w.awarded > even)


@dataclass(frozen=True, slots=True)
class ClauseText:
    clause: str
    text: str


@dataclass(frozen=True, slots=True)
class RuleApplication:
    """A rule whose `when` held for an event of the hand, and what the evaluator found."""

    rule_id: str
    title: str
    severity: str
    clauses: tuple[ClauseText, ...]
    event: str
    event_label: str
    # The step the event belongs to (None for events after the last step).
    step: int | None
    # "passed", "failed" or "unknown" (the input did not say enough to tell); "not applied"
    # when its `when` (or its `applies to`) left the event out, kept only when asked for.
    verdict: str
    message: str
    when_text: str | None
    require_text: str
    trace: RuleTrace
    # The action a finding on the event names (an act's index, a post's act), else None.
    action: int | None = None

    @property
    def failed(self) -> bool:
        return self.verdict == "failed"


@dataclass(frozen=True, slots=True)
class HandExplanation:
    hand_id: str
    site: str
    source_format: str
    file: str
    line: int
    tournament: str | None
    table: str | None
    game: str
    structure: str
    level: str | None
    small_blind: int | None
    big_blind: int | None
    ante: int | None
    button_seat: int | None
    ruleset: str
    ruleset_sha256: str
    rule_filter: str | None
    seats: tuple[SeatView, ...]
    steps: tuple[Step, ...]
    boards: tuple[tuple[str, ...], ...]
    pots: tuple[PotView, ...]
    returns: tuple[tuple[str, int], ...]
    rules: tuple[RuleApplication, ...]
    warnings: tuple[str, ...]
    # The events the rules shown listen to where they did not apply (verdict "not applied"),
    # when asked for (`feltcheck rules test` says why an expected finding did not come).
    unapplied: tuple[RuleApplication, ...] = ()

    @property
    def failures(self) -> tuple[RuleApplication, ...]:
        return tuple(r for r in self.rules if r.failed)

    @property
    def blinds(self) -> str:
        """The blinds as "15/30" (those the record gives; empty when it gives none)."""
        return "/".join(str(x) for x in (self.small_blind, self.big_blind) if x is not None)



def chips_won(pots: Iterable[PotView]) -> dict[str, int]:
    """What the record paid each player, over every pot."""
    won: dict[str, int] = {}
    for pot in pots:
        for w in pot.winners:
            won[w.player] = won.get(w.player, 0) + w.awarded
    return won


def chips_returned(returns: Iterable[tuple[str, int]]) -> dict[str, int]:
    """The uncalled bets returned to each player."""
    back: dict[str, int] = {}
    for player, amount in returns:
        back[player] = back.get(player, 0) + amount
    return back


def pot_label(index: int, half: str | None, board: int | None, amount: int) -> str:
    """How the explanation names the event of a pot (or of one half or board of it)."""
    half_text = f" ({half})" if half else ""
    board_text = f" board {board + 1}" if board is not None else ""
    return f"pot {index}{half_text}{board_text} of {amount}"
