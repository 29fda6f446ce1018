"""Where the button and the blinds go, hand after hand, at one table: what a correct server
does under clauses 9, 18 and 19 (the checker's rules file is the judge; this is the server).

Clause 9: the first button is to the right of seat 1 (the highest seat dealt), the blinds the
next two seats. Clause 18 ("dead button"): the big blind moves one seat; the small blind is the
previous big blind's seat, dead when that seat is empty; the button goes to the previous small
blind's seat, or after a dead small blind to the seat where it was due (the big blind's seat of
the hand before). Clause 19: heads-up the player due the big blind posts it and the other is
small blind and button.
"""

from dataclasses import dataclass


def next_seat(seat: int, seats: list[int]) -> int:
    """The first of `seats` (sorted, not empty) clockwise after `seat`."""
    for candidate in seats:
        if candidate > seat:
            return candidate
    return seats[0]


@dataclass(frozen=True, slots=True)
class Blinds:
    button: int
    small_blind: int | None
    big_blind: int


@dataclass(slots=True)
class Rotation:
    """One table's blinds so far (None: no hand dealt yet)."""

    previous: Blinds | None = None
    earlier_big_blind: int | None = None

    def next_hand(self, seats: list[int]) -> Blinds:
        """The blinds of the next hand dealt to `seats` (sorted seat numbers, two or more)."""
        previous = self.previous
        if previous is None:
            button = seats[-1]
            if len(seats) == 2:
                blinds = Blinds(button, button, next_seat(button, seats))
            else:
                small = next_seat(button, seats)
                blinds = Blinds(button, small, next_seat(small, seats))
        else:
            big = next_seat(previous.big_blind, seats)
            if len(seats) == 2:
                other = next_seat(big, seats)
                blinds = Blinds(other, other, big)
            else:
                small_blind = previous.big_blind if previous.big_blind in seats else None
                due = (previous.small_blind if previous.small_blind is not None
                       else self.earlier_big_blind)
                blinds = Blinds(due if due is not None else previous.button, small_blind, big)
        return blinds

    def dealt(self, blinds: Blinds) -> None:
        """`blinds` were the hand's: the next hand rotates from them."""
        self.earlier_big_blind = self.previous.big_blind if self.previous is not None else None
        self.previous = blinds
