"""What a correct server pays each player still in when it cancels a tournament (clause 31),
for the Sit & Go and MTT drivers alike.

Heads-up (31.6): the fee back and the whole pool by chip count. Before the money (31.2): buy-in
and fee back, and the eliminated players' buy-ins by chip count. In the money (31.3): the fee,
the next payout, and what is left of the pool after the prizes already paid and those next
payouts, by chip count. Rebuy events (31.4): the same, the pool holding every rebuy and add-on
(before the money, what the pool holds beyond the buy-ins refunded is divided). A satellite
cancelled before its seats are in reach pays as 31.2 in cash (31.5: the seats' value is the
pool). A chip-count share is rounded down to the cent.
"""

from dataclasses import dataclass

BEFORE_MONEY = "before_money"
IN_THE_MONEY = "in_the_money"
# Payout shares are in basis points.
_WHOLE = 10_000


@dataclass(frozen=True, slots=True)
class Refunds:
    stage: str
    # What every player still in receives before the chip-count share.
    base: int
    # The money divided by chip count.
    divided: int
    owed: dict[str, int]


def cancellation_refunds(*, buy_in: int, fee: int, pool: int, shares: tuple[int, ...],
                         stacks: dict[str, int], paid_out: int, heads_up: bool) -> Refunds:
    """The refunds of a cancellation after a hand: `pool` is the prize pool collected,
    `stacks` the players still in, `paid_out` the prizes credited so far (cents)."""
    remaining = len(stacks)
    total = sum(stacks.values())
    if heads_up or remaining > len(shares):
        stage = BEFORE_MONEY
        base = fee if heads_up else buy_in + fee
        divided = pool if heads_up else pool - buy_in * remaining
    else:
        stage = IN_THE_MONEY
        next_payout = pool * shares[remaining - 1] // _WHOLE
        base = fee + next_payout
        divided = pool - paid_out - remaining * next_payout
    owed = {name: base + divided * chips // total for name, chips in stacks.items()}
    return Refunds(stage, base, divided, owed)


@dataclass(frozen=True, slots=True)
class MatchStanding:
    """One match of a Matrix when it is cancelled: its buy-in, the chips of the players
    still in it, the places of those out of it (the winner of a finished one: 1st), its
    payout shares and its pool."""

    buy_in: int
    stacks: dict[str, int]
    places: dict[str, int]
    shares: tuple[int, ...]
    pool: int

    @property
    def live(self) -> bool:
        return len(self.stacks) > 1

    @property
    def in_the_money(self) -> bool:
        return len(self.stacks) <= len(self.shares)


def matrix_points(points: tuple[int, ...], place: int) -> int:
    return points[place - 1] if 1 <= place <= len(points) else 0


def matrix_refunds(*, entrants: list[str], fee: int, matches: list[MatchStanding],
                   score_pool: int, points: tuple[int, ...], paid_positions: int,
                   estimates: dict[str, int]) -> dict[str, int]:
    """Clause 31.7 as a correct server pays it (docs/tournament-log.md, "Matrix"): each
    player still in a live match gets the fee, each live match's buy-in (before its money) or
    next payout (in it), a chip-count share of the buy-ins the players out of every match
    paid in the matches still before the money, and a share by estimated score of the
    score pool when they can still reach a paid Matrix position (fewer other entrants than
    the positions paid surely above their highest score still possible). Shares are
    rounded down to the cent."""
    live = {p: [m for m in matches if m.live and p in m.stacks] for p in entrants}
    still_in = [p for p in entrants if live[p]]
    chips = {p: sum(m.stacks[p] for m in live[p]) for p in still_in}
    total = sum(chips.values())
    out = len(entrants) - len(still_in)
    divided = out * sum(m.buy_in for m in matches if m.live and not m.in_the_money)
    earned = {p: sum(matrix_points(points, m.places[p]) for m in matches if p in m.places)
              + sum(matrix_points(points, 1) for m in matches if not m.live and p in m.stacks)
              for p in entrants}
    low = {p: earned[p] + sum(min(matrix_points(points, k) for k in range(1, len(m.stacks) + 1))
                              for m in live[p]) for p in entrants}
    high = {p: earned[p] + sum(matrix_points(points, 1) for m in live[p]) for p in entrants}
    reach = [p for p in still_in
             if sum(1 for q in entrants if q != p and low[q] > high[p]) < paid_positions]
    eligible = sum(estimates[p] for p in reach)
    owed = {}
    for p in still_in:
        matches_due = sum(
            m.pool * m.shares[len(m.stacks) - 1] // _WHOLE if m.in_the_money else m.buy_in
            for m in live[p])
        score = score_pool * estimates[p] // eligible if p in reach and eligible else 0
        owed[p] = fee + matches_due + divided * chips[p] // max(total, 1) + score
    return owed
