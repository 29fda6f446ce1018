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
    # Players eliminated so far, in order.
    eliminated: list[str] = field(default_factory=list)
    # Prizes credited so far (payout lines), in cents.
    paid_out: int = 0
    # Money paid for rebuys and add-ons, in cents.
    rebuys_paid: int = 0

    def registered(self, event: Registration) -> None:
        if event.accepted:
            self.entries[event.player] = event

    def unregistered(self, event: Unregistration) -> None:
        if event.accepted:
            self.entries.pop(event.player, None)

    def rebought(self, event: Rebuy) -> None:
        self.rebuys_paid += event.paid

    def paid(self, event: Payout) -> None:
        self.paid_out += event.paid

    def out(self, player: str) -> None:
        self.eliminated.append(player)
