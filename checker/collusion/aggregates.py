"""Partial aggregates of one view: every pair that met, every player seen, the evidence hands.

`Aggregates.merge` is associative and commutative, and exact: every counter is an integer
(money in mbb), evidence keeps the best `evidence_kept` hands per pair and family under one
total order, and a pair's chip flow over time keeps its `FLOW_POINTS` earliest tournaments. So
a corpus split in any way, aggregated per part and merged, gives the aggregates of the whole.

Memory grows with the pairs that met (`2 * WIDTH + 1` integers each, plus at most
`evidence_kept` hands per family and `FLOW_POINTS` flow points), never with the hands.

The counters of every pair are one flat `vec[i64]` (librt's vector of machine integers, which
compiled code reads and writes unboxed: ~3 ns an update where an `array('q')` took ~85, a
hand adding some hundred), a row of `PAIR_WIDTH` integers per pair (the players' likewise):
the garbage collector does not track it, where a per-pair array made every full collection
traverse some 76,000 of them at benchmark size. The dict from a pair to its row holds only
tuples of strings and ints, which the collector stops tracking. A vec is a value as to its
length: growing it (a new pair or player) gives a new vec, so what holds it reads it again
from here after `pair_at` or `player_at`. In compiled code a counter's sum wraps past 64
bits (the observer's sums are capped far below); the merge and `add_pair` check.

The evidence hands are flat too: per pair, `evidence_kept` slots per family in two vecs (the
hand's rank, and a reference: where the hand is in the place lists, the signal, which of the
two players acted), best first. A kept hand is no Python object: at benchmark size some
500,000 of them, made while the audit runs, cost about 3.5 s of a 51 s audit as tuples (their
allocation, and collections brought on by them). A place (file, line, hand, tournament) is
appended once per hand that offers evidence; places no slot refers to any longer are dropped
when they outnumber the kept hands (`_compact`), so they too are bounded by the pairs.
"""

from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final

from librt.vecs import extend as vec_extend
from librt.vecs import vec
from mypy_extensions import i64

from checker.collusion.signals import PLAYER_WIDTH, SIGNALS, WIDTH
from checker.replay.facts import CollusionFamily as Family

PairKey = tuple[str, str]
# The pair array's last cell: tournaments both players entered.
TOURNAMENTS: Final = 2 * WIDTH
PAIR_WIDTH: Final = 2 * WIDTH + 1
FAMILIES: Final[tuple[Family, ...]] = tuple(Family)
FAMILY_INDEX: Final = {family: index for index, family in enumerate(FAMILIES)}
# Tournaments kept per pair for its chip flow over time (the earliest, by tournament key).
FLOW_POINTS: Final = 64


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


_NO_EVIDENCE: Final[PairEvidence] = tuple(() for _ in FAMILIES)

# A slot's reference: place * _PLACE + signal * 2 + (1 when the pair's second player acted).
EVIDENCE_SIGNALS: Final[tuple[str, ...]] = tuple(s.name for s in SIGNALS)
SIGNAL_CODE: Final = {name: code for code, name in enumerate(EVIDENCE_SIGNALS)}
_PLACE: Final = 2 * len(EVIDENCE_SIGNALS)
# The rank of an empty slot: after every hand's (a rank is minus a weight); below 2 ** 62, a
# machine integer in the compiled module.
EMPTY: Final = 2 ** 61
# Places kept beyond twice the kept hands before the unreferenced ones are dropped.
_PLACES_SLACK: Final = 4096


# A new row's zeros, as vecs: a vec extends from a vec about three times faster than from a
# list.
_PAIR_ZEROS: Final = vec[i64]([0] * PAIR_WIDTH)
_PLAYER_ZEROS: Final = vec[i64]([0] * PLAYER_WIDTH)
# What a machine integer holds: a counter's bounds (machine integers themselves, so that
# compiled code compares them natively).
_LEAST: Final[i64] = -9223372036854775807 - 1
_MOST: Final[i64] = 9223372036854775807


def _no_counters() -> vec[i64]:
    return vec[i64]()


# A new pair's evidence slots, empty, by their count: a vec is extended by a vec without a
# list of boxed ints made and read per pair (MTT players meet new players all along).
_EMPTY_SLOTS: Final[dict[int, vec[i64]]] = {}
_ZERO_SLOTS: Final[dict[int, vec[i64]]] = {}


def _filled(made: dict[int, vec[i64]], size: int, value: i64) -> vec[i64]:
    """A vec of `size` cells of `value`, made once and kept in `made`."""
    cells = made.get(size)
    if cells is None:
        cells = made[size] = vec[i64]([value] * size)
    return cells


@dataclass(slots=True)
class Aggregates:
    """What one view (integrity: every hole card; public: showdown cards only) has gathered."""

    view: str
    evidence_kept: int
    # (a, b) with a < b -> where its row starts in `pair_counters`: from there, counters of a
    # toward b at [0, WIDTH), of b toward a at [WIDTH, 2W), the tournaments both entered at
    # TOURNAMENTS. Rows are only appended: a pair keeps its offset.
    pairs: dict[PairKey, int] = field(default_factory=dict)
    pair_counters: vec[i64] = field(default_factory=_no_counters)
    # A player -> where its row of `PLAYER_WIDTH` counters starts in `player_counters`.
    players: dict[str, int] = field(default_factory=dict)
    player_counters: vec[i64] = field(default_factory=_no_counters)
    # Per pair (its row's number in `pair_counters`), per family (FAMILIES order), the best
    # `evidence_kept` hands, best first: their ranks (EMPTY: none) and references.
    evidence_ranks: vec[i64] = field(default_factory=_no_counters)
    evidence_refs: vec[i64] = field(default_factory=_no_counters)
    # Slots holding a hand (a slot, once filled, stays filled).
    evidence_filled: int = 0
    # Where each referenced hand is: file, line, hand id, tournament ("" for none).
    place_files: list[str] = field(default_factory=list)
    place_lines: list[int] = field(default_factory=list)
    place_hands: list[str] = field(default_factory=list)
    place_tournaments: list[str] = field(default_factory=list)
    # Per pair: net mbb from a to b in each tournament together (the earliest FLOW_POINTS).
    flows: dict[PairKey, dict[str, int]] = field(default_factory=dict)
    hands: int = 0
    # Over every tournament: entries, and the sum of each tournament's entries squared (what
    # a random registration predicts for two players' tournaments together).
    entries: int = 0
    entries_squared: int = 0

    def __getstate__(self) -> dict[str, Any]:
        """Every field by name, the counters as arrays (a vec does not pickle)."""
        state = {name: getattr(self, name) for name in _FIELDS}
        for name in _VEC_FIELDS:
            state[name] = array("q", state[name])
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, vec[i64](value) if name in _VEC_FIELDS else value)

    def pair_at(self, key: PairKey) -> int:
        """Where the pair's row starts in `pair_counters` (a row of zeros and empty evidence
        slots for a new pair)."""
        at = self.pairs.get(key)
        if at is None:
            at = self.pairs[key] = len(self.pair_counters)
            self.pair_counters = vec_extend(self.pair_counters, _PAIR_ZEROS)
            slots = len(FAMILIES) * self.evidence_kept
            self.evidence_ranks = vec_extend(self.evidence_ranks,
                                             _filled(_EMPTY_SLOTS, slots, EMPTY))
            self.evidence_refs = vec_extend(self.evidence_refs, _filled(_ZERO_SLOTS, slots, 0))
        return at

    def player_at(self, name: str) -> int:
        """Where the player's row starts in `player_counters` (zeros for a new player)."""
        at = self.players.get(name)
        if at is None:
            at = self.players[name] = len(self.player_counters)
            self.player_counters = vec_extend(self.player_counters, _PLAYER_ZEROS)
        return at

    def pair(self, key: PairKey) -> list[int]:
        """A copy of the pair's counters (`PAIR_WIDTH`)."""
        at = self.pairs[key]
        return list(self.pair_counters[at:at + PAIR_WIDTH])

    def player(self, name: str) -> list[int]:
        """A copy of the player's counters (`PLAYER_WIDTH`)."""
        at = self.players[name]
        return list(self.player_counters[at:at + PLAYER_WIDTH])

    def add_pair(self, key: PairKey, values: Sequence[int]) -> None:
        """Add `values` (`PAIR_WIDTH` counters) into the pair's, adding the pair if new."""
        at = self.pair_at(key)  # first: a new pair gives a new vec
        _add_row(self.pair_counters, at, values, PAIR_WIDTH)

    def add_player(self, name: str, values: Sequence[int]) -> None:
        """Add `values` (`PLAYER_WIDTH` counters) into the player's."""
        at = self.player_at(name)
        _add_row(self.player_counters, at, values, PLAYER_WIDTH)

    def wants(self, key: PairKey, family: Family, weight: int) -> bool:
        """Whether a hand of `weight` could be among the pair's best for `family` (a cheap
        test before the hand is built; `offer` decides ties)."""
        at = self.pairs.get(key)
        if at is None:
            return self.evidence_kept > 0
        return self.wants_at(at, FAMILY_INDEX[family], weight)

    def wants_at(self, at: int, family: int, weight: int) -> bool:
        """`wants` for the pair whose row starts at `at`, `family` its FAMILIES index."""
        kept = self.evidence_kept
        if kept == 0:
            return False
        last = (at // PAIR_WIDTH * len(FAMILIES) + family + 1) * kept - 1
        worst: int = self.evidence_ranks[last]
        return -weight <= worst

    def place(self, file: str, line: int, hand: str, tournament: str) -> int:
        """A new place for the hands `offer_at` is given (one per hand that offers)."""
        if len(self.place_hands) >= 2 * self.evidence_filled + _PLACES_SLACK:
            self._compact()
        self.place_files.append(file)
        self.place_lines.append(line)
        self.place_hands.append(hand)
        self.place_tournaments.append(tournament)
        return len(self.place_hands) - 1

    def offer(self, key: PairKey, family: Family, hand: EvidenceRecord) -> None:
        """Keep `hand` if it is among the pair's best for `family` (the pair is added if
        new). Its actor and partner are the pair's two players."""
        rank, file, line, hand_id, tournament, signal, actor, partner = hand
        a, b = key
        if not a < b:
            raise ValueError(f"a pair is its two players sorted, not {a}, {b}")
        if (actor, partner) == (a, b):
            second = 0
        elif (actor, partner) == (b, a):
            second = 1
        else:
            raise ValueError(f"evidence of {actor} toward {partner} offered for the pair "
                             f"{a}, {b}")
        code = SIGNAL_CODE.get(signal)
        if code is None:
            raise ValueError(f"evidence of an unknown signal {signal!r}")
        at = self.pair_at(key)
        family_at = FAMILY_INDEX[family]
        if self.wants_at(at, family_at, -rank):
            self.offer_at(at, family_at, -rank,
                          self.place(file, line, hand_id, tournament), code * 2 + second)

    def offer_at(self, at: int, family: int, weight: int, place: int, code: int) -> None:
        """Keep the hand at `place` (`place()`) of `weight` for the pair whose row starts at
        `at` if it is among the pair's best of `family`; `code`: its signal's index in
        EVIDENCE_SIGNALS times 2, plus 1 when the pair's second player acted. The same total
        order as the records': rank, then file, line, hand, tournament, signal, actor."""
        kept = self.evidence_kept
        if kept == 0:
            return
        if weight >= EMPTY or -weight >= EMPTY:
            raise ValueError(f"an evidence weight of {weight} is out of range")
        ranks = self.evidence_ranks
        refs = self.evidence_refs
        first = (at // PAIR_WIDTH * len(FAMILIES) + family) * kept
        rank = -weight
        ref = place * _PLACE + code
        last = first + kept - 1
        worst = ranks[last]
        if not self._before(rank, ref, worst, refs[last] if rank == worst else 0):
            return
        if worst == EMPTY:
            self.evidence_filled += 1
        # Find where the hand goes: after every kept hand that is not worse. A kept hand's
        # reference is read only on a tie of ranks (most offers are decided by rank alone).
        slot = last
        while slot > first:
            above = ranks[slot - 1]
            if not self._before(rank, ref, above, refs[slot - 1] if rank == above else 0):
                break
            slot -= 1
        # The worse hands move down one slot; the last one drops out.
        move = last
        while move > slot:
            ranks[move] = ranks[move - 1]
            refs[move] = refs[move - 1]
            move -= 1
        ranks[slot] = rank
        refs[slot] = ref

    def _before(self, rank: int, ref: int, other_rank: int, other_ref: int) -> bool:
        """Whether the hand (rank, ref) sorts before the kept one (an empty slot: always), in
        the records' order. Both are the same pair's (a, b), a < b: the actor is a first."""
        if rank != other_rank:
            return rank < other_rank
        return self._tie_key(ref) < self._tie_key(other_ref)

    def _tie_key(self, ref: int) -> tuple[str, int, str, str, str, int]:
        place, code = divmod(ref, _PLACE)
        signal, second = divmod(code, 2)
        return (self.place_files[place], self.place_lines[place], self.place_hands[place],
                self.place_tournaments[place], EVIDENCE_SIGNALS[signal], second)

    def _kept(self, at: int, names: PairKey) -> PairEvidence:
        """The pair's kept hands per family as records, best first."""
        kept = self.evidence_kept
        ranks = self.evidence_ranks
        refs = self.evidence_refs
        a, b = names
        families: list[tuple[EvidenceRecord, ...]] = []
        for family in range(len(FAMILIES)):
            first = (at // PAIR_WIDTH * len(FAMILIES) + family) * kept
            hands: list[EvidenceRecord] = []
            for slot in range(first, first + kept):
                if ranks[slot] == EMPTY:
                    break
                place, code = divmod(refs[slot], _PLACE)
                signal, second = divmod(code, 2)
                actor, partner = (b, a) if second else (a, b)
                hands.append((ranks[slot], self.place_files[place], self.place_lines[place],
                              self.place_hands[place], self.place_tournaments[place],
                              EVIDENCE_SIGNALS[signal], actor, partner))
            families.append(tuple(hands))
        return tuple(families)

    def _evidence(self) -> Iterable[tuple[PairKey, PairEvidence]]:
        """Every pair with any kept hand, with them, in no particular order."""
        for key, at in self.pairs.items():
            kept = self._kept(at, key)
            if any(kept):
                yield key, kept

    def _compact(self) -> None:
        """Drop the places no slot refers to (renumbering the references)."""
        refs = self.evidence_refs
        ranks = self.evidence_ranks
        renumbered: dict[int, int] = {}
        files: list[str] = []
        lines: list[int] = []
        hands: list[str] = []
        tournaments: list[str] = []
        for slot in range(len(ranks)):
            if ranks[slot] == EMPTY:
                continue
            place, code = divmod(refs[slot], _PLACE)
            new = renumbered.get(place)
            if new is None:
                new = renumbered[place] = len(hands)
                files.append(self.place_files[place])
                lines.append(self.place_lines[place])
                hands.append(self.place_hands[place])
                tournaments.append(self.place_tournaments[place])
            refs[slot] = new * _PLACE + code
        self.place_files, self.place_lines = files, lines
        self.place_hands, self.place_tournaments = hands, tournaments

    def evidence_hands(self, key: PairKey) -> list[list[EvidenceHand]]:
        """The pair's kept hands per family (FAMILIES order), best first."""
        at = self.pairs.get(key)
        per_pair = _NO_EVIDENCE if at is None else self._kept(at, key)
        return [[EvidenceHand(*hand) for hand in kept] for kept in per_pair]

    def evidence_counts(self, key: PairKey) -> list[int]:
        """How many hands `evidence_hands` gives per family, without making them: what a
        pair's facts count (most pairs are judged, few are reported)."""
        kept = self.evidence_kept
        ranks = self.evidence_ranks
        at = self.pairs.get(key)
        counts: list[int] = []
        for family in range(len(FAMILIES)):
            count = 0
            if at is not None:
                first = (at // PAIR_WIDTH * len(FAMILIES) + family) * kept
                while count < kept and ranks[first + count] != EMPTY:
                    count += 1
            counts.append(count)
        return counts

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
        # The pairs' rows end here before the merge: a row from here on is a pair new here.
        known = len(self.pair_counters)
        # Each pair of `other`: its row here and there.
        pair_rows = [(self.pair_at(key), at) for key, at in other.pairs.items()]
        player_rows = [(self.player_at(name), at) for name, at in other.players.items()]
        # The counters read after the look-ups, which grow them.
        _add_rows(self.pair_counters, pair_rows, other.pair_counters, PAIR_WIDTH)
        _add_rows(self.player_counters, player_rows, other.player_counters, PLAYER_WIDTH)
        self._merge_evidence(other, known, pair_rows)
        for key, points in other.flows.items():
            for tournament, net in points.items():
                self.add_flow(key, tournament, net)
        self.hands += other.hands
        self.entries += other.entries
        self.entries_squared += other.entries_squared
        return self

    def _merge_evidence(self, other: "Aggregates", known: int,
                        pair_rows: list[tuple[int, int]]) -> None:
        """Offer `other`'s kept hands to this one's pairs slot by slot (no record built, one
        place per place of `other`, made just before its hands are offered: a place number
        is not held across `place()`, which may renumber). Insertion order does not matter:
        hands are ordered by rank, then by their places' contents (`_before`). `pair_rows`:
        each pair's row here and in `other`; a pair whose row here starts at `known` or later
        was new here before the merge: its hands are copied."""
        kept = self.evidence_kept
        if kept == 0:
            return
        families = len(FAMILIES)
        ranks = other.evidence_ranks
        refs = other.evidence_refs
        # Each kept hand of `other`, chained by its place (`other`'s places are numbered from
        # 0): the place's last hand, and per hand the one before it of the same place, its
        # pair's row here and family, rank and signal code. Flat lists of ints, no tuple or
        # list a hand: a partial brings some ten thousand hands, and each object made here
        # was work for the allocator and the garbage collector (docs/performance.md).
        last_of = [-1] * len(other.place_hands)
        before: list[int] = []
        rows: list[int] = []
        family_of: list[int] = []
        rank_of: list[int] = []
        code_of: list[int] = []
        # A pair new here takes `other`'s kept hands as they are, in their order (the same
        # order it would give them): its first evidence slot there and here.
        fresh: list[int] = []
        for mine_at, at in pair_rows:
            first = at // PAIR_WIDTH * families * kept
            if mine_at >= known:
                fresh.append(first)
                fresh.append(mine_at // PAIR_WIDTH * families * kept)
                continue
            for family in range(families):
                start = first + family * kept
                for slot in range(start, start + kept):
                    rank = ranks[slot]
                    if rank == EMPTY:
                        break  # the kept hands come first
                    ref = refs[slot]
                    place = ref // _PLACE
                    before.append(last_of[place])
                    last_of[place] = len(rows)
                    rows.append(mine_at)
                    family_of.append(family)
                    rank_of.append(rank)
                    code_of.append(ref % _PLACE)
        for place, hand in enumerate(last_of):
            mine_place = -1
            while hand >= 0:
                at, family, rank = rows[hand], family_of[hand], rank_of[hand]
                if self.wants_at(at, family, -rank):
                    if mine_place < 0:
                        mine_place = self.place(other.place_files[place],
                                                other.place_lines[place],
                                                other.place_hands[place],
                                                other.place_tournaments[place])
                    self.offer_at(at, family, -rank, mine_place, code_of[hand])
                hand = before[hand]
        if fresh:
            self._copy_evidence(other, fresh)

    def _copy_evidence(self, other: "Aggregates", fresh: list[int]) -> None:
        """Copy the kept hands of pairs new here (`fresh`: their first slots in `other` and
        here, in turns) with their places, each of `other`'s places made once. The places
        are added without a compaction between them (every one is referred to), which would
        renumber the places already given; one may follow."""
        ranks, refs = other.evidence_ranks, other.evidence_refs
        my_ranks, my_refs = self.evidence_ranks, self.evidence_refs
        width = len(FAMILIES) * self.evidence_kept
        placed = [-1] * len(other.place_hands)
        filled = 0
        for turn in range(0, len(fresh), 2):
            theirs, mine = fresh[turn], fresh[turn + 1]
            for offset in range(width):
                rank = ranks[theirs + offset]
                if rank == EMPTY:
                    continue
                ref = refs[theirs + offset]
                place = ref // _PLACE
                mine_place = placed[place]
                if mine_place < 0:
                    mine_place = placed[place] = len(self.place_hands)
                    self.place_files.append(other.place_files[place])
                    self.place_lines.append(other.place_lines[place])
                    self.place_hands.append(other.place_hands[place])
                    self.place_tournaments.append(other.place_tournaments[place])
                my_ranks[mine + offset] = rank
                my_refs[mine + offset] = mine_place * _PLACE + ref % _PLACE
                filled += 1
        self.evidence_filled += filled
        if len(self.place_hands) >= 2 * self.evidence_filled + _PLACES_SLACK:
            self._compact()

    def dump(self) -> dict[str, object]:
        """Everything as plain values (lists, ints, strings): what a worker hands on, in a
        file or over the wire (`load` reads it back)."""
        return {
            "view": self.view, "evidence_kept": self.evidence_kept, "hands": self.hands,
            "entries": self.entries, "entries_squared": self.entries_squared,
            "pairs": [[a, b, values] for (a, b), values in sorted(self._pair_rows())],
            "players": [[name, values] for name, values in sorted(self._player_rows())],
            "evidence": [[a, b, [[list(e) for e in kept] for kept in families]]
                         for (a, b), families in sorted(self._evidence())],
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
            for family, kept in zip(FAMILIES, families, strict=True):
                for e in kept:
                    agg.offer((a, b), family, (int(e[0]), str(e[1]), int(e[2]), str(e[3]),
                                               str(e[4]), str(e[5]), str(e[6]), str(e[7])))
        for a, b, points in data["flows"]:
            agg.flows[(a, b)] = {tournament: net for tournament, net in points}
        return agg

    def state(self) -> tuple[object, ...]:
        """Everything, in a canonical order: two aggregates are equal when their states are."""
        return (
            self.view, self.evidence_kept, self.hands, self.entries, self.entries_squared,
            sorted(self._pair_rows()),
            sorted(self._player_rows()),
            sorted(self._evidence()),
            sorted((k, sorted(v.items())) for k, v in self.flows.items()),
        )

    def _pair_rows(self) -> Iterable[tuple[PairKey, list[int]]]:
        """Every pair with a copy of its counters, in no particular order."""
        counters = self.pair_counters
        return ((key, list(counters[at:at + PAIR_WIDTH])) for key, at in self.pairs.items())

    def _player_rows(self) -> Iterable[tuple[str, list[int]]]:
        counters = self.player_counters
        return ((name, list(counters[at:at + PLAYER_WIDTH]))
                for name, at in self.players.items())


_FIELDS: Final = tuple(item.name for item in fields(Aggregates))
# The fields that are vecs, pickled as arrays.
_VEC_FIELDS: Final = frozenset({"pair_counters", "player_counters", "evidence_ranks",
                                "evidence_refs"})


def _add_rows(mine: vec[i64], places: list[tuple[int, int]], theirs: vec[i64],
              width: int) -> None:
    """Add rows of `theirs` into rows of `mine`: `places` pairs the start of each row of
    `mine` with that of the row of `theirs` added into it. A loop compiled over machine
    integers (numpy's view of a vec is read-only). A sum beyond 64 bits raises."""
    for target, source in places:
        for index in range(width):
            mine[target + index] = _sum(mine[target + index], theirs[source + index])


def _add_row(counters: vec[i64], at: int, values: Sequence[int], width: int) -> None:
    if len(values) != width:
        raise ValueError(f"a row of {width} counters, not {len(values)}")
    for index in range(width):
        counters[at + index] = _sum(counters[at + index], values[index])


def _sum(before: i64, added: i64) -> i64:
    """`before + added`, or OverflowError past 64 bits: checked before adding, as a compiled
    sum of machine integers would wrap (an int too large for `added` raises on the way in,
    compiled)."""
    if (added > 0 and before > _MOST - added) or (added < 0 and before < _LEAST - added):
        raise OverflowError("a counter does not fit in 64 bits")
    return before + added
