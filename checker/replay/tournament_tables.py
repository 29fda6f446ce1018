"""Who sits at which table of a tournament log, for table balancing and holds (clause 21) and
for what a rollback must restore (clause 30)."""

from collections.abc import Iterable
from dataclasses import dataclass, field

from checker.replay.facts import TableBalanceFact


@dataclass(slots=True)
class TableSeating:
    """Seats, moves, hands and eliminations as the log states them, in order."""

    table_of: dict[str, str] = field(default_factory=dict)
    players: dict[str, set[str]] = field(default_factory=dict)
    held: set[str] = field(default_factory=set)
    # Where each player last sat before a hand left them no chips (a rebuy seats them back).
    busted_at: dict[str, str] = field(default_factory=dict)

    def seat(self, player: str, table: str) -> None:
        self.remove(player)
        self.table_of[player] = table
        self.players.setdefault(table, set()).add(player)

    def remove(self, player: str) -> None:
        table = self.table_of.pop(player, None)
        if table is not None:
            self.players[table].discard(player)

    def after_hand(self, table: str, stacks: Iterable[tuple[str, int]]) -> None:
        """A hand at `table` ended with these stacks: who still has chips sits there."""
        for player, chips in stacks:
            if chips > 0:
                if self.table_of.get(player) != table:
                    self.seat(player, table)
            else:
                if self.table_of.get(player) == table:
                    self.busted_at[player] = table
                self.remove(player)

    def rebought(self, player: str) -> None:
        """A busted player rebuys: back at the table where the chips ran out, if it is
        still in play."""
        table = self.busted_at.pop(player, None)
        if self.table_of.get(player) is None and table in self.players:
            self.seat(player, table)

    def close(self, table: str) -> None:
        for player in self.players.pop(table, set()):
            self.table_of.pop(player, None)
        self.held.discard(table)

    def at(self, table: str) -> set[str]:
        return self.players.get(table, set())

    def balance(self, table: str, held: bool) -> TableBalanceFact:
        """The table's size against the fullest table, as things stand."""
        sizes = [len(seated) for seated in self.players.values() if seated]
        return TableBalanceFact(table=table, players=len(self.at(table)),
                                fullest_players=max(sizes, default=0),
                                tables_remaining=len(sizes), held=held)
