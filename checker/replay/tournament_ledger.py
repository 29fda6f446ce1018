"""The money side of a tournament log: who entered with what, and what has been paid out.

Kept by the tournament replay for what a cancellation owes (clauses 31, 34) and for the
refund calculator: mechanics only, no judgement.
"""

from dataclasses import dataclass, field

from checker.model.tournament_log import Payout, Rebuy, Registration, Unregistration


@dataclass(slots=True)
class TournamentLedger:
    # The accepted registration of each player still registered (a player who unregisters
    # is dropped; registering again replaces the entry).
    entries: dict[str, Registration] = field(default_factory=dict)
    # Entries paid for and not refunded: accepted registrations less accepted
    # unregistrations (a multi-entry player's re-entries each count).
    entries_paid: int = 0
    # Players eliminated so far, in order, and the place each finished in.
    eliminated: list[str] = field(default_factory=list)
    places: dict[str, int] = field(default_factory=dict)
    # Prizes credited so far (payout lines), in cents.
    paid_out: int = 0
    # Money paid for rebuys and add-ons, in cents.
    rebuys_paid: int = 0

    def registered(self, event: Registration) -> None:
        if event.accepted:
            self.entries[event.player] = event
            self.entries_paid += 1

    def unregistered(self, event: Unregistration) -> None:
        if event.accepted and self.entries.pop(event.player, None) is not None:
            self.entries_paid -= 1

    def rebought(self, event: Rebuy) -> None:
        self.rebuys_paid += event.paid

    def paid(self, event: Payout) -> None:
        self.paid_out += event.paid

    def out(self, player: str, place: int) -> None:
        self.eliminated.append(player)
        self.places[player] = place

    def remaining(self) -> list[str]:
        """The registered players not eliminated, in registration order."""
        gone = set(self.eliminated)
        return [player for player in self.entries if player not in gone]

    def collected(self, buy_in: int) -> int:
        """The prize money the entries paid: a buy-in per entry (a satellite seat's too: the
        satellite paid it), plus every rebuy and add-on. Guarantees and added money apart."""
        return buy_in * self.entries_paid + self.rebuys_paid
