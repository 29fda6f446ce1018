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
