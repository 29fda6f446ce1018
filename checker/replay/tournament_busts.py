"""What a tournament log must say after a hand leaves a player with no chips (clause 16), and
whether a held table waits past the point its balance is restored (clause 21).

Mechanics only: who was left with nothing and what followed; how far a held table is from the
fullest, each time that changes. The rules decide what is a violation.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from checker.replay.facts import LeftWithoutChipsFact, NoChipsFact, TableBalanceFact
from checker.replay.tournament_tables import TableSeating


class HeldNoChips(NamedTuple):
    """A hand that left players no chips, waiting for the table's next hand or the end."""

    fact: NoChipsFact
    line: int
    seq: int


@dataclass(slots=True)
class NoChipsWatch:
    """Per table, the last hand that left players with no chips, and what has followed."""

    open: dict[str, HeldNoChips] = field(default_factory=dict)

    def hand(self, table: str, hand: str, started: dict[str, int], after: dict[str, int],
             line: int, seq: int, eliminated: Iterable[str]) -> HeldNoChips | None:
        """A hand ended at `table`: the table's previous such hand is complete (returned);
        this one is kept when it left someone who had chips with none (and not already
        eliminated: a writer may put the elimination first)."""
        done = self.open.pop(table, None)
        if done is not None:
            done.fact.until = f"hand {hand}"
        broke = [LeftWithoutChipsFact(player=player) for player, chips in after.items()
                 if chips <= 0 < started.get(player, 0)]
        if broke:
            out = set(eliminated)
            broke = [p for p in broke if p.player not in out]
        if broke:
            self.open[table] = HeldNoChips(NoChipsFact(table=table, hand=hand, players=broke,
                                                       until=""), line, seq)
        return done

    def _players(self, player: str) -> Iterable[LeftWithoutChipsFact]:
        for held in self.open.values():
            yield from (p for p in held.fact.players if p.player == player)

    def eliminated(self, player: str) -> None:
        for p in self._players(player):
            p.eliminated = True

    def rebought(self, player: str) -> None:
        for p in self._players(player):
            p.rebought = True

    def restored(self, player: str, chips: int) -> None:
        if chips > 0:
            for p in self._players(player):
                p.restored = True

    def end(self) -> list[HeldNoChips]:
        """The tournament ends: every hand still waiting is complete."""
        done = list(self.open.values())
        self.open.clear()
        for held in done:
            held.fact.until = "the tournament's end"
        return done

    def drop(self) -> None:
        """The file ends without the tournament's end: a log cut short is judged as far as
        it goes, so the elimination may be among the lines never written."""
        self.open.clear()


class _Change(NamedTuple):
    """A held table's balance (its players, the fullest table's, the tables with players)
    and the line after which it stood so."""

    balance: tuple[int, int, int]
    at: datetime
    line: int
    seq: int


@dataclass(slots=True)
class HoldWatch:
    """Held tables whose balance changed during the hold: once a hand is dealt at another
    table after the change, the table was kept on hold in that balance."""

    # Per held table: the balance last judged (at the hold, or at a later delivery), and
    # the latest change since, not yet judged.
    judged: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    changed: dict[str, _Change] = field(default_factory=dict)

    def hold(self, balance: TableBalanceFact) -> None:
        self.judged[balance.table] = _key(balance)
        self.changed.pop(balance.table, None)

    def resume(self, table: str) -> None:
        self.judged.pop(table, None)
        self.changed.pop(table, None)

    def note(self, seating: TableSeating, at: datetime, line: int, seq: int) -> None:
        """After a line (read at `at`): record each held table whose balance it changed."""
        for table in list(self.judged):
            if table not in seating.held:
                self.resume(table)
                continue
            now = _key(seating.balance(table, held=True))
            last = self.changed.get(table)
            if now != (self.judged[table] if last is None else last.balance):
                self.changed[table] = _Change(now, at, line, seq)

    def dealt_elsewhere(self, table: str, started: datetime, seating: TableSeating
                        ) -> list[tuple[TableBalanceFact, int, int]]:
        """A hand dealt at `started` at `table`: each other held table whose balance changed
        before that deal is judged as kept on hold (balance now, and the line of the
        change). A hand dealt at a held table itself means it resumed."""
        if table in self.judged:
            seating.held.discard(table)
            self.resume(table)
        kept: list[tuple[TableBalanceFact, int, int]] = []
        for held, change in list(self.changed.items()):
            if started > change.at:
                balance = seating.balance(held, held=True)
                balance.kept = True
                kept.append((balance, change.line, change.seq))
                self.judged[held] = _key(balance)
                del self.changed[held]
        return kept


def _key(balance: TableBalanceFact) -> tuple[int, int, int]:
    return balance.players, balance.fullest_players, balance.tables_remaining
