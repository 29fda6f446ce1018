"""Eliminations of a tournament log, grouped as clause 25 and 26 rank them.

Players eliminated in the same hand — in hand-for-hand, the same deal at any table — form one
group, delivered once the group is complete. A prize's elimination also waits for its payout
line, so the rules can see when the prize was credited (clause 16). Players eliminated at other
tables at exactly the same moment (the elimination lines' `at`) are each other's
`same_moment` (clause 25): an elimination is delivered only once a line written later than
its moment is read (lines are in time order), since another may still follow.
"""

from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from checker.replay.facts import BustFact, Chips, EliminationFact, Money, Seconds

# ("hand", hand id) or ("deal", deal number as text): what makes eliminations "the same hand".
GroupKey = tuple[str, str]


class HeldBust(NamedTuple):
    fact: EliminationFact
    line: int
    seq: int
    # The elimination line's `at`, to the fraction the log writes.
    moment: datetime | None = None


def bust_of(fact: EliminationFact) -> BustFact:
    return BustFact(player=fact.player, table=fact.table or "",
                    started_hand_with=Chips(fact.started_hand_with), place=fact.place,
                    prize=Money(fact.prize))


@dataclass(slots=True)
class EliminationBook:
    group: list[HeldBust] = field(default_factory=list)
    key: GroupKey | None = None
    # Eliminations per place: players eliminated at one place are tied at it.
    places: dict[int, int] = field(default_factory=dict)
    awaiting_credit: dict[str, HeldBust] = field(default_factory=dict)
    # Complete (and credited) eliminations, waiting for a line later than their moment.
    ready: list[HeldBust] = field(default_factory=list)
    # The eliminations of each moment not yet past, to pair those at different tables.
    at_moment: dict[datetime, list[HeldBust]] = field(default_factory=dict)

    def open_deal(self) -> int | None:
        return int(self.key[1]) if self.key is not None and self.key[0] == "deal" else None

    def add(self, key: GroupKey, bust: HeldBust) -> None:
        """Record an elimination; a group of another hand or deal is complete."""
        if self.key != key:
            self.close_group()
        self.key = key
        if self.group:
            # One list shared by the whole group: each elimination sees all the others.
            bust.fact.same_hand = self.group[0].fact.same_hand
        self.group.append(bust)
        self.places[bust.fact.place] = self.places.get(bust.fact.place, 0) + 1
        self._meet(bust)

    def _meet(self, bust: HeldBust) -> None:
        """Pair `bust` with the eliminations of its moment at other tables, outside its
        own group."""
        if bust.moment is None:
            return
        others = self.at_moment.setdefault(bust.moment, [])
        for other in others:
            if (other.fact.table != bust.fact.table
                    and other.fact.same_hand is not bust.fact.same_hand):
                other.fact.same_moment.append(bust_of(bust.fact))
                bust.fact.same_moment.append(bust_of(other.fact))
        others.append(bust)

    def close_group(self) -> None:
        """The open group is complete: ready (no prize, or already credited), or waiting
        for its payout."""
        group, self.group, self.key = self.group, [], None
        for bust in group:
            if bust.fact.prize > 0 and bust.fact.credited_at is None:
                self.awaiting_credit[bust.fact.player] = bust
            else:
                self.ready.append(bust)

    def credit(self, player: str, at: Seconds) -> None:
        """A payout line: the elimination it credits is ready (or its group will be)."""
        for bust in self.group:
            if bust.fact.player == player and bust.fact.credited_at is None:
                bust.fact.credited_at = at
                return  # ready with its group
        bust_waiting = self.awaiting_credit.pop(player, None)
        if bust_waiting is not None:
            bust_waiting.fact.credited_at = at
            self.ready.append(bust_waiting)

    def release(self, now: datetime) -> list[HeldBust]:
        """What can be delivered once a line written at `now` is read: the ready
        eliminations of earlier moments."""
        if self.at_moment:
            for moment in [m for m in self.at_moment if m < now]:
                del self.at_moment[moment]
        if not self.ready:
            return []
        out = [b for b in self.ready if b.moment is None or b.moment < now]
        if len(out) < len(self.ready):
            self.ready = [b for b in self.ready if not (b.moment is None or b.moment < now)]
        else:
            self.ready = []
        return out

    def release_all_ready(self) -> list[HeldBust]:
        """The tournament ends or is cancelled: no elimination joins a moment any more."""
        ready, self.ready, self.at_moment = self.ready, [], {}
        return ready

    def close_all(self) -> list[HeldBust]:
        self.close_group()
        ready = self.ready
        ready.extend(self.awaiting_credit.values())
        self.ready, self.at_moment = [], {}
        self.awaiting_credit.clear()
        return ready
