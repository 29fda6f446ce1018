"""Eliminations of a tournament log, grouped as clause 25 and 26 rank them.

Players eliminated in the same hand — in hand-for-hand, the same deal at any table — form one
group, delivered once the group is complete. A prize's elimination also waits for its payout
line, so the rules can see when the prize was credited (clause 16).
"""

from dataclasses import dataclass, field
from typing import NamedTuple

from checker.replay.facts import EliminationFact, Seconds

# ("hand", hand id) or ("deal", deal number as text): what makes eliminations "the same hand".
GroupKey = tuple[str, str]


class HeldBust(NamedTuple):
    fact: EliminationFact
    line: int
    seq: int


@dataclass(slots=True)
class EliminationBook:
    group: list[HeldBust] = field(default_factory=list)
    key: GroupKey | None = None
    # Eliminations per place: players eliminated at one place are tied at it.
    places: dict[int, int] = field(default_factory=dict)
    awaiting_credit: dict[str, HeldBust] = field(default_factory=dict)

    @property
    def deal_open(self) -> bool:
        return self.key is not None and self.key[0] == "deal"

    def open_deal(self) -> int | None:
        return int(self.key[1]) if self.key is not None and self.key[0] == "deal" else None

    def add(self, key: GroupKey, bust: HeldBust) -> list[HeldBust]:
        """Record an elimination; a group of another hand or deal is complete: returned."""
        done = self.close_group() if self.key != key else []
        self.key = key
        if self.group:
            # One list shared by the whole group: each elimination sees all the others.
            bust.fact.same_hand = self.group[0].fact.same_hand
        self.group.append(bust)
        self.places[bust.fact.place] = self.places.get(bust.fact.place, 0) + 1
        return done

    def close_group(self) -> list[HeldBust]:
        """The open group is complete: what can be delivered now (no prize, or already
        credited); prizes not yet credited wait for their payout."""
        group, self.group, self.key = self.group, [], None
        ready: list[HeldBust] = []
        for bust in group:
            if bust.fact.prize > 0 and bust.fact.credited_at is None:
                self.awaiting_credit[bust.fact.player] = bust
            else:
                ready.append(bust)
        return ready

    def credit(self, player: str, at: Seconds) -> HeldBust | None:
        """A payout line: the elimination it credits, if it can now be delivered."""
        for bust in self.group:
            if bust.fact.player == player and bust.fact.credited_at is None:
                bust.fact.credited_at = at
                return None  # delivered with its group
        bust_waiting = self.awaiting_credit.pop(player, None)
        if bust_waiting is not None:
            bust_waiting.fact.credited_at = at
        return bust_waiting

    def close_all(self) -> list[HeldBust]:
        ready = self.close_group()
        ready.extend(self.awaiting_credit.values())
        self.awaiting_credit.clear()
        return ready
