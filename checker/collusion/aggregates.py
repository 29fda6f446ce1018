"""Partial aggregates of one view: every pair that met, every player seen, the evidence hands.

`Aggregates.merge` is associative and commutative, and exact: every counter is an integer
(money in mbb), evidence keeps the best `evidence_kept` hands per pair and family under one
total order, and a pair's chip flow over time keeps its `FLOW_POINTS` earliest tournaments. So
a corpus split in any way, aggregated per part and merged, gives the aggregates of the whole.

Memory grows with the pairs that met (`2 * WIDTH + 1` integers each, plus at most
`evidence_kept` hands per family and `FLOW_POINTS` flow points), never with the hands.

The counters of every pair are one flat `array('q')`, a row of `PAIR_WIDTH` integers per pair
(the players' likewise): the garbage collector tracks an array, and a per-pair array made
every full collection traverse some 76,000 of them at benchmark size. The dict from a pair to
its row holds only tuples of strings and ints, which the collector stops tracking.
"""

from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from checker.collusion.signals import PLAYER_WIDTH, WIDTH
from checker.replay.facts import CollusionFamily as Family

PairKey = tuple[str, str]
# The pair array's last cell: tournaments both players entered.
TOURNAMENTS = 2 * WIDTH
PAIR_WIDTH = 2 * WIDTH + 1
FAMILIES: tuple[Family, ...] = tuple(Family)
FAMILY_INDEX = {family: index for index, family in enumerate(FAMILIES)}
# Tournaments kept per pair for its chip flow over time (the earliest, by tournament key).
FLOW_POINTS = 64


@dataclass(frozen=True, slots=True, order=True)
class EvidenceHand:
    """One hand that shows a signal. Ordered best first: the larger weight, then by place."""

    rank: int  # -weight (mbb, or the signal's own measure): sorts the strongest first
    file: str
    line: int
    hand: str
    # "" when the hand names no tournament (kept a string: the order must be total).
    tournament: str
    signal: str
    # The player whose play the hand shows, and toward whom.
    actor: str
    partner: str

    @property
    def weight(self) -> int:
        return -self.rank

    @property
    def record(self) -> "EvidenceRecord":
        return (self.rank, self.file, self.line, self.hand, self.tournament, self.signal,
                self.actor, self.partner)


# A kept hand as the aggregates store it: EvidenceHand's fields in order (so the same order),
# in a plain tuple of strings and ints, and a pair's kept hands in tuples. The garbage
# collector stops tracking such tuples; a corpus keeps hundreds of thousands of them, and as
# objects and lists they made its full collections cost 5 s of a 60 s audit.
EvidenceRecord = tuple[int, str, int, str, str, str, str, str]
PairEvidence = tuple[tuple[EvidenceRecord, ...], ...]


_NO_EVIDENCE: PairEvidence = tuple(() for _ in FAMILIES)


_PAIR_ZEROS = bytes(8 * PAIR_WIDTH)
_PLAYER_ZEROS = bytes(8 * PLAYER_WIDTH)


def _counters() -> array:  # type: ignore[type-arg]
    return array("q")


@dataclass(slots=True)
class Aggregates:
    """What one view (integrity: every hole card; public: showdown cards only) has gathered."""

    view: str
    evidence_kept: int
    # (a, b) with a < b -> where its row starts in `pair_counters`: from there, counters of a
    # toward b at [0, WIDTH), of b toward a at [WIDTH, 2W), the tournaments both entered at
    # TOURNAMENTS. Rows are only appended: a pair keeps its offset.
    pairs: dict[PairKey, int] = field(default_factory=dict)
    pair_counters: array = field(default_factory=_counters)  # type: ignore[type-arg]
    # A player -> where its row of `PLAYER_WIDTH` counters starts in `player_counters`.
    players: dict[str, int] = field(default_factory=dict)
    player_counters: array = field(default_factory=_counters)  # type: ignore[type-arg]
    # Per pair, per family (FAMILIES order): the best evidence hands, best first.
    evidence: dict[PairKey, PairEvidence] = field(default_factory=dict)
    # Per pair: net mbb from a to b in each tournament together (the earliest FLOW_POINTS).
    flows: dict[PairKey, dict[str, int]] = field(default_factory=dict)
    hands: int = 0
    # Over every tournament: entries, and the sum of each tournament's entries squared (what
    # a random registration predicts for two players' tournaments together).
    entries: int = 0
    entries_squared: int = 0

    def pair_at(self, key: PairKey) -> int:
        """Where the pair's row starts in `pair_counters` (a row of zeros for a new pair)."""
        at = self.pairs.get(key)
        if at is None:
            at = self.pairs[key] = len(self.pair_counters)
            self.pair_counters.frombytes(_PAIR_ZEROS)
        return at

    def player_at(self, name: str) -> int:
        """Where the player's row starts in `player_counters` (zeros for a new player)."""
        at = self.players.get(name)
        if at is None:
            at = self.players[name] = len(self.player_counters)
            self.player_counters.frombytes(_PLAYER_ZEROS)
        return at

    def pair(self, key: PairKey) -> list[int]:
        """A copy of the pair's counters (`PAIR_WIDTH`)."""
        at = self.pairs[key]
        return self.pair_counters[at:at + PAIR_WIDTH].tolist()

    def player(self, name: str) -> list[int]:
        """A copy of the player's counters (`PLAYER_WIDTH`)."""
        at = self.players[name]
        return self.player_counters[at:at + PLAYER_WIDTH].tolist()

    def add_pair(self, key: PairKey, values: Sequence[int]) -> None:
        """Add `values` (`PAIR_WIDTH` counters) into the pair's, adding the pair if new."""
        _add_row(self.pair_counters, self.pair_at(key), values, PAIR_WIDTH)

    def add_player(self, name: str, values: Sequence[int]) -> None:
        """Add `values` (`PLAYER_WIDTH` counters) into the player's."""
        _add_row(self.player_counters, self.player_at(name), values, PLAYER_WIDTH)

    def wants(self, key: PairKey, family: Family, weight: int) -> bool:
        """Whether a hand of `weight` could be among the pair's best for `family` (a cheap
        test before the hand is built; `offer` decides ties)."""
        per_pair = self.evidence.get(key)
        if per_pair is None:
            return True
        kept = per_pair[FAMILY_INDEX[family]]
        return len(kept) < self.evidence_kept or -weight <= kept[-1][0]

    def offer(self, key: PairKey, family: Family, hand: EvidenceRecord) -> None:
        """Keep `hand` if it is among the pair's best for `family`."""
        per_pair = self.evidence.get(key)
        if per_pair is None:
            per_pair = _NO_EVIDENCE
        at = FAMILY_INDEX[family]
        kept = per_pair[at]
        if len(kept) >= self.evidence_kept and hand >= kept[-1]:
            return
        best = tuple(sorted((*kept, hand))[:self.evidence_kept])
        self.evidence[key] = (*per_pair[:at], best, *per_pair[at + 1:])

    def evidence_hands(self, key: PairKey) -> list[list[EvidenceHand]]:
        """The pair's kept hands per family (FAMILIES order), best first."""
        per_pair = self.evidence.get(key, _NO_EVIDENCE)
        return [[EvidenceHand(*hand) for hand in kept] for kept in per_pair]

    def add_flow(self, key: PairKey, tournament: str, net: int) -> None:
        points = self.flows.get(key)
        if points is None:
            points = self.flows[key] = {}
        points[tournament] = points.get(tournament, 0) + net
        if len(points) > FLOW_POINTS:
            del points[max(points)]

    def merge(self, other: "Aggregates") -> "Aggregates":
        """Add `other` into this one (same view and settings) and return it."""
        if other.view != self.view or other.evidence_kept != self.evidence_kept:
            raise ValueError("aggregates of different views or settings do not merge")
        for key, values in other._pair_rows():
            self.add_pair(key, values)
        for name, values in other._player_rows():
            self.add_player(name, values)
        for key, families in other.evidence.items():
            for family, hands in zip(FAMILIES, families, strict=True):
                for hand in hands:
                    self.offer(key, family, hand)
        for key, points in other.flows.items():
            for tournament, net in points.items():
                self.add_flow(key, tournament, net)
        self.hands += other.hands
        self.entries += other.entries
        self.entries_squared += other.entries_squared
        return self

    def dump(self) -> dict[str, object]:
        """Everything as plain values (lists, ints, strings): what a worker hands on, in a
        file or over the wire (`load` reads it back)."""
        return {
            "view": self.view, "evidence_kept": self.evidence_kept, "hands": self.hands,
            "entries": self.entries, "entries_squared": self.entries_squared,
            "pairs": [[a, b, values] for (a, b), values in sorted(self._pair_rows())],
            "players": [[name, values] for name, values in sorted(self._player_rows())],
            "evidence": [[a, b, [[list(e) for e in kept] for kept in families]]
                         for (a, b), families in sorted(self.evidence.items())],
            "flows": [[a, b, sorted(points.items())]
                      for (a, b), points in sorted(self.flows.items())],
        }

    @staticmethod
    def load(data: dict[str, Any]) -> "Aggregates":
        agg = Aggregates(str(data["view"]), int(data["evidence_kept"]))
        agg.hands = int(data["hands"])
        agg.entries = int(data["entries"])
        agg.entries_squared = int(data["entries_squared"])
        for a, b, values in data["pairs"]:
            agg.add_pair((a, b), [int(v) for v in values])
        for name, values in data["players"]:
            agg.add_player(name, [int(v) for v in values])
        for a, b, families in data["evidence"]:
            agg.evidence[(a, b)] = tuple(
                tuple((int(e[0]), str(e[1]), int(e[2]), str(e[3]), str(e[4]), str(e[5]),
                       str(e[6]), str(e[7])) for e in kept) for kept in families)
        for a, b, points in data["flows"]:
            agg.flows[(a, b)] = {tournament: net for tournament, net in points}
        return agg

    def state(self) -> tuple[object, ...]:
        """Everything, in a canonical order: two aggregates are equal when their states are."""
        return (
            self.view, self.evidence_kept, self.hands, self.entries, self.entries_squared,
            sorted(self._pair_rows()),
            sorted(self._player_rows()),
            sorted((k, v) for k, v in self.evidence.items() if any(v)),
            sorted((k, sorted(v.items())) for k, v in self.flows.items()),
        )

    def _pair_rows(self) -> Iterable[tuple[PairKey, list[int]]]:
        """Every pair with a copy of its counters, in no particular order."""
        counters = self.pair_counters
        return ((key, counters[at:at + PAIR_WIDTH].tolist()) for key, at in self.pairs.items())

    def _player_rows(self) -> Iterable[tuple[str, list[int]]]:
        counters = self.player_counters
        return ((name, counters[at:at + PLAYER_WIDTH].tolist())
                for name, at in self.players.items())


def _add_row(counters: array, at: int, values: Sequence[int],  # type: ignore[type-arg]
             width: int) -> None:
    if len(values) != width:
        raise ValueError(f"a row of {width} counters, not {len(values)}")
    for index in range(width):
        counters[at + index] += values[index]
