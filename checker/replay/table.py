"""What one table's previous hand established, across consecutive hands of one input."""

from dataclasses import dataclass, field

from checker.model.hand import Hand
from checker.replay.facts import HandFact, TableFact


@dataclass(slots=True)
class TableState:
    """State of one table (one file, one tournament, one table) between its hands."""

    name: str
    hands_seen: int = 0
    button_seat: int | None = None
    small_blind_seat: int | None = None
    big_blind_seat: int | None = None
    small_blind_player: str | None = None
    big_blind_player: str | None = None
    dealt_seats: list[int] = field(default_factory=list)
    # Everyone seated in the previous hand (dealt in or not): name -> seat.
    seated: dict[str, int] = field(default_factory=dict)
    heads_up: bool = False
    # A hand of this table may be missing before the next one (a rejected or unreplayable
    # record): the previous hand is unknown, and the next hand is not the table's first.
    gap: bool = False
    # Everyone's chips when the previous hand ended (name -> chips).
    end_stacks: dict[str, int] = field(default_factory=dict)
    # Whether the last hand given to `fact_for` found its previous hand known, and the big
    # blind seat of the hand before the previous one (valid only across two known hands).
    last_known: bool = False
    earlier_big_blind_seat: int | None = None
    # Tournament logs: the input proves the table's first hand of the tournament (its seat
    # lines drew the table and no line was lost before its first hand) ...
    first_hand_proven: bool = False
    # ... and a record's previous record of the table is its previous hand, even when stacks
    # changed in between (rebuys; chips from nowhere are the tournament replay's to judge).
    follows_every_hand: bool = False

    def left(self, player: str) -> None:
        """`player` was moved to another table (a log says so): if they come back, they
        arrive anew, in whatever seat, rather than change seats."""
        self.seated.pop(player, None)

    def forget(self) -> None:
        """The next hand may not follow the last one seen: nothing is known about it."""
        self.gap = True

    def fact_for(self, hand: Hand) -> TableFact:
        """The table as this hand finds it (before `record` is called for it)."""
        seated = {s.player: s.seat for s in hand.seats}
        known = self.hands_seen > 0 and not self.gap and (
            self.follows_every_hand or self._stacks_carry_over(hand))
        # A hand text never proves that the table's first hand in the input is its first hand
        # of the tournament (unknown); a hand after one seen, even across a gap, is not.
        first: bool | None = False if self.hands_seen > 0 else None
        if first is None and self.first_hand_proven and not self.gap:
            first = True
        fact = TableFact(name=self.name, previous_hand_known=known, first_hand=first,
                         max_seats=hand.max_seats)
        self.last_known = known
        if not known:
            return fact
        fact.earlier_big_blind_seat = self.earlier_big_blind_seat
        previous = self.seated
        fact.previous_button_seat = self.button_seat
        fact.previous_small_blind_seat = self.small_blind_seat
        fact.previous_big_blind_seat = self.big_blind_seat
        fact.previous_small_blind_player = self.small_blind_player
        fact.previous_big_blind_player = self.big_blind_player
        dealt = self.dealt_seats
        fact.previous_dealt_seats = list(dealt)
        fact.previous_players = list(previous)
        fact.previous_heads_up = self.heads_up
        # One pass over this hand's players, in its order: who arrived, who changed seats,
        # and the seats that were dealt in last hand and kept by the same player (a seat a
        # player kept is theirs in `previous`: it was dealt in if it is in `dealt`).
        arrived: list[str] = []
        changed: list[str] = []
        continuing: list[int] = []
        dealt_set = set(dealt)
        for name, seat in seated.items():
            before = previous.get(name)
            if before is None:
                arrived.append(name)
            elif before != seat:
                changed.append(name)
            elif seat in dealt_set:
                continuing.append(seat)
        fact.arrived = arrived
        fact.departed = [n for n in previous if n not in seated]
        fact.changed_seats = changed
        fact.continuing_seats = continuing
        return fact

    def _stacks_carry_over(self, hand: Hand) -> bool:
        """Whether the previous hand in the input is the one dealt before this: some player
        of it is still seated, and every player who stayed starts with the chips it left
        them. Otherwise hands are missing in between (a rebuy or add-on looks the same and is
        equally unprovable), or the previous hand is another table's: with no player in
        common nothing ties the two hands together (inputs that anonymise table names may
        give two tables one name)."""
        ends = self.end_stacks
        stayed = False
        for seat in hand.seats:
            end = ends.get(seat.player)
            if end is None:
                continue
            if end != seat.stack:
                return False
            stayed = True
        return stayed

    def record(self, hand: Hand, fact: HandFact) -> None:
        """Remember what this hand established for the next one."""
        self.hands_seen += 1
        self.gap = False
        self.earlier_big_blind_seat = self.big_blind_seat if self.last_known else None
        self.button_seat = fact.button_seat
        self.small_blind_seat = fact.small_blind_seat
        self.big_blind_seat = fact.big_blind_seat
        self.small_blind_player = fact.small_blind_player
        self.big_blind_player = fact.big_blind_player
        self.dealt_seats = list(fact.dealt_seats)
        self.seated = {s.player: s.seat for s in hand.seats}
        self.heads_up = fact.heads_up
        ends = {s.player: s.stack for s in hand.seats}
        for player in fact.players:
            ends[player.name] = player.stack
        for back in hand.returns:
            ends[back.player] = ends.get(back.player, 0) + back.amount
        for award in hand.awards:
            if not award.cashed_out:  # the site kept it, having paid the cash-out instead
                ends[award.player] = ends.get(award.player, 0) + award.amount
        for cash_out in hand.cash_outs:
            ends[cash_out.player] = ends.get(cash_out.player, 0) + cash_out.amount
        self.end_stacks = ends
