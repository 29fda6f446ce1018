"""Clause 28's aggregates are mergeable partial results (DESIGN.md, "Across files"): a corpus
split in any way, aggregated per part and merged in any order, gives the aggregates of the
whole, and the same ranking of pairs.

Checked two ways: on random aggregates (hypothesis: merge is associative and commutative, and
the empty aggregates are its identity), and on a simulated corpus cut into one file per
tournament, audited file by file and merged over random splits.
"""

import json
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.audit.collusion import CollusionJudge
from checker.audit.findings import HandJudge
from checker.audit.run import AuditResult, PartAuditor, _run, audit
from checker.audit.seating import SeatingJudge
from checker.collusion.aggregates import (
    EMPTY,
    FAMILIES,
    PAIR_WIDTH,
    Aggregates,
    EvidenceHand,
    _sum,
)
from checker.collusion.observe import OPEN_LINEUPS, HandObserver
from checker.collusion.scores import ScoringSettings
from checker.collusion.scoring import score_pairs
from checker.collusion.signals import BY_NAME, PLAYER_WIDTH
from checker.dsl.ruleset import load_ruleset
from tests.collusion_sim import RULESET, corpus, split_log
from tests.fixture_makers.make_collusion_fixtures import FIXTURES, NAME

KEPT = 3
NAMES = ["ann", "bob", "cat", "dan", "eve"]


@st.composite
def aggregates(draw: st.DrawFn) -> Aggregates:
    agg = Aggregates("integrity", KEPT)
    small = st.integers(-10**6, 10**6)
    for a in draw(st.lists(st.sampled_from(NAMES), max_size=4, unique=True)):
        values = draw(st.lists(small, min_size=PLAYER_WIDTH, max_size=PLAYER_WIDTH))
        agg.add_player(a, values)
    pairs = [(a, b) for i, a in enumerate(NAMES) for b in NAMES[i + 1:]]
    for key in draw(st.lists(st.sampled_from(pairs), max_size=5, unique=True)):
        values = draw(st.lists(small, min_size=PAIR_WIDTH, max_size=PAIR_WIDTH))
        agg.add_pair(key, values)
        for _ in range(draw(st.integers(0, 5))):
            hand = EvidenceHand(-draw(st.integers(0, 50)), draw(st.sampled_from(["f1", "f2"])),
                                draw(st.integers(1, 9)), draw(st.sampled_from(["h1", "h2"])),
                                draw(st.sampled_from(["", "t1"])), "chip_flow", key[0], key[1])
            agg.offer(key, draw(st.sampled_from(FAMILIES)), hand.record)
        for _ in range(draw(st.integers(0, 3))):
            agg.add_flow(key, draw(st.sampled_from(["t1", "t2", "t3"])), draw(small))
    agg.hands = draw(st.integers(0, 1000))
    agg.entries = draw(st.integers(0, 1000))
    agg.entries_squared = draw(st.integers(0, 10**6))
    return agg


def _copy(agg: Aggregates) -> Aggregates:
    """A deep copy through the plain values a worker hands on (the compiled evidence records
    do not deep-copy)."""
    return Aggregates.load(agg.dump())


def merged(*parts: Aggregates) -> Aggregates:
    total = Aggregates("integrity", KEPT)
    for part in parts:
        total.merge(_copy(part))
    return total


@settings(max_examples=200, deadline=None)
@given(aggregates(), aggregates(), aggregates())
def test_merge_is_associative_and_commutative(a: Aggregates, b: Aggregates,
                                             c: Aggregates) -> None:
    left = _copy(a).merge(merged(b, c))
    right = merged(a, b).merge(_copy(c))
    assert left.state() == right.state()
    assert merged(a, b).state() == merged(b, a).state()
    assert merged(a).state() == _copy(a).merge(Aggregates("integrity", KEPT)).state()


@given(aggregates(), aggregates())
def test_merge_adds_every_counter(a: Aggregates, b: Aggregates) -> None:
    total = merged(a, b)
    for key in set(a.pairs) | set(b.pairs):
        zero = [0] * PAIR_WIDTH
        mine = a.pair(key) if key in a.pairs else zero
        theirs = b.pair(key) if key in b.pairs else zero
        assert total.pair(key) == [x + y for x, y in zip(mine, theirs, strict=True)]
    for name in set(a.players) | set(b.players):
        zero = [0] * PLAYER_WIDTH
        mine = a.player(name) if name in a.players else zero
        theirs = b.player(name) if name in b.players else zero
        assert total.player(name) == [x + y for x, y in zip(mine, theirs, strict=True)]
    assert total.hands == a.hands + b.hands
    # Evidence: per pair and family, the best KEPT of both parts' hands, best first.
    for key in set(a.pairs) | set(b.pairs):
        both = [a.evidence_hands(key) if key in a.pairs else [[]] * len(FAMILIES),
                b.evidence_hands(key) if key in b.pairs else [[]] * len(FAMILIES)]
        for family, kept in enumerate(total.evidence_hands(key)):
            assert kept == sorted(both[0][family] + both[1][family])[:KEPT]
    # The count the places' compaction goes by: every filled slot, whether the hand came in
    # by an offer or with a pair new to the whole.
    assert total.evidence_filled == sum(1 for rank in total.evidence_ranks if rank != EMPTY)


def test_a_hand_kept_for_several_pairs_merges_into_each() -> None:
    """A worker's hand that is evidence for several pairs is one place of its aggregates;
    merged, it is kept for each pair whose best it is, beside the hands already kept."""
    mine = Aggregates("integrity", KEPT)
    theirs = Aggregates("integrity", KEPT)
    pairs = [("ann", "bob"), ("ann", "cat"), ("bob", "cat")]
    for index, key in enumerate(pairs):
        mine.offer(key, FAMILIES[0], EvidenceHand(-10 - index, "a.txt", 5, "h0", "t", "chip_flow",
                                                  key[0], key[1]).record)
    shared = theirs.place("b.txt", 7, "h9", "t")
    weights = {pairs[0]: 30, pairs[1]: 5, pairs[2]: 12}
    for key, weight in weights.items():
        theirs.offer_at(theirs.pair_at(key), 0, weight, shared, 0)
    total = _copy(mine).merge(theirs)
    for index, key in enumerate(pairs):
        expected = sorted([EvidenceHand(-10 - index, "a.txt", 5, "h0", "t", "chip_flow", *key),
                           EvidenceHand(-weights[key], "b.txt", 7, "h9", "t", "chip_flow", *key)])
        assert total.evidence_hands(key)[0] == expected
    assert total.evidence_hands(pairs[0])[0][0].hand == "h9"  # 30 beats 10


@settings(max_examples=200, deadline=None)
@given(aggregates())
def test_evidence_counts_are_the_kept_hands_per_family(agg: Aggregates) -> None:
    """What a pair's facts count (no hand made) is what `evidence_hands` gives; a pair that
    never met has none."""
    for key in [*agg.pairs, ("nobody", "zed")]:
        assert agg.evidence_counts(key) == [len(kept) for kept in agg.evidence_hands(key)]


@given(aggregates())
def test_dump_and_load_give_the_same_aggregates(agg: Aggregates) -> None:
    """What a worker writes out (`dump`, plain JSON values) reads back equal (`load`)."""
    assert Aggregates.load(json.loads(json.dumps(agg.dump()))).state() == agg.state()


@given(aggregates(), aggregates())
def test_a_pickled_aggregate_is_the_same_and_grows_on(agg: Aggregates, more: Aggregates) -> None:
    """What a worker's process hands to the parent (a pickle: the counters' vecs go as
    arrays) is the same aggregate, and merges and grows as the original does."""
    again = pickle.loads(pickle.dumps(agg))
    assert again.state() == agg.state()
    assert again.merge(_copy(more)).state() == agg.merge(_copy(more)).state()
    again.add_pair(("zed", "zoe"), [1] * PAIR_WIDTH)
    assert again.pair(("zed", "zoe")) == [1] * PAIR_WIDTH


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(1, 30), st.sampled_from(FAMILIES),
                          st.sampled_from(["chip_flow", "squeeze", "team_profit"]),
                          st.booleans()), max_size=60),
       st.integers(0, 4))
def test_evidence_keeps_the_best_hands_of_each_family(offers: list[tuple[int, int, object, str,
                                                                          bool]],
                                                      kept: int) -> None:
    """Whatever the order of the offers, a pair keeps per family the `kept` smallest records
    (the strongest hand first, ties by place, signal and actor), duplicates included."""
    agg = Aggregates("integrity", kept)
    offered: dict[object, list[tuple[object, ...]]] = {family: [] for family in FAMILIES}
    for weight, line, family, signal, second in offers:
        actor, partner = ("bob", "ann") if second else ("ann", "bob")
        record = (-weight, "f", line, f"h{line % 7}", "t1", signal, actor, partner)
        agg.offer(("ann", "bob"), family, record)  # type: ignore[arg-type]
        offered[family].append(record)
    for index, family in enumerate(FAMILIES):
        assert [e.record for e in agg.evidence_hands(("ann", "bob"))[index]] == \
            sorted(offered[family])[:kept]


def test_evidence_places_stay_bounded_by_the_kept_hands() -> None:
    """A hand's place is kept while a slot refers to it: the places of hands pushed out are
    dropped, and the kept hands read back whole after it."""
    agg = Aggregates("integrity", 2)
    # Each hand stronger than the last: every one is kept, and pushes an older one out.
    for number in range(20_000):
        agg.offer(("ann", "bob"), FAMILIES[number % len(FAMILIES)],
                  (-number, "f", number, f"h{number}", "", "chip_flow", "ann", "bob"))
    assert len(agg.place_hands) < 5_000
    for index in range(len(FAMILIES)):
        last = [n for n in range(20_000) if n % len(FAMILIES) == index][-2:]
        assert [(e.rank, e.line, e.hand) for e in agg.evidence_hands(("ann", "bob"))[index]] \
            == [(-n, n, f"h{n}") for n in reversed(last)]


def test_evidence_of_another_pair_or_signal_is_refused() -> None:
    agg = Aggregates("integrity", KEPT)
    with pytest.raises(ValueError):
        agg.offer(("ann", "bob"), FAMILIES[0], (-1, "f", 1, "h", "", "chip_flow", "ann", "cat"))
    with pytest.raises(ValueError):
        agg.offer(("ann", "bob"), FAMILIES[0], (-1, "f", 1, "h", "", "no_such", "ann", "bob"))
    with pytest.raises(ValueError):
        agg.offer(("bob", "ann"), FAMILIES[0], (-1, "f", 1, "h", "", "chip_flow", "ann", "bob"))


def test_views_and_settings_must_agree() -> None:
    with pytest.raises(ValueError):
        Aggregates("integrity", KEPT).merge(Aggregates("public", KEPT))
    with pytest.raises(ValueError):
        Aggregates("integrity", KEPT).merge(Aggregates("integrity", KEPT + 1))


_INT64 = st.one_of(st.integers(-(2**63), 2**63 - 1),
                   st.sampled_from([2**63 - 1, 2**63 - 2, -(2**63), -(2**63) + 1, 0, 1, -1]))


@given(_INT64, _INT64)
def test_a_counter_sum_is_exact_or_refused_past_64_bits(before: int, added: int) -> None:
    """`_sum` checks before it adds (compiled, a sum of machine integers would wrap)."""
    total = before + added
    if -(2**63) <= total <= 2**63 - 1:
        assert _sum(before, added) == total
    else:
        with pytest.raises(OverflowError):
            _sum(before, added)


def test_a_merged_counter_beyond_64_bits_is_refused() -> None:
    """The merge adds machine integers, which would wrap around silently where compiled: it
    checks, as `add_pair` does."""
    big, more = Aggregates("integrity", KEPT), Aggregates("integrity", KEPT)
    row = [0] * PAIR_WIDTH
    row[3] = 2**63 - 10
    big.add_pair(("ann", "bob"), row)
    with pytest.raises(OverflowError):
        big.add_pair(("ann", "bob"), [0, 0, 0, 11] + [0] * (PAIR_WIDTH - 4))
    more.add_pair(("ann", "bob"), [0, 0, 0, 11] + [0] * (PAIR_WIDTH - 4))
    with pytest.raises(OverflowError):
        big.merge(more)
    low = Aggregates("integrity", KEPT)
    low.add_pair(("ann", "bob"), [0, 0, 0, -(2**63) + 5] + [0] * (PAIR_WIDTH - 4))
    less = Aggregates("integrity", KEPT)
    less.add_pair(("ann", "bob"), [0, 0, 0, -6] + [0] * (PAIR_WIDTH - 4))
    with pytest.raises(OverflowError):
        low.merge(less)
    fits = Aggregates("integrity", KEPT)
    fits.add_pair(("ann", "bob"), [0, 0, 0, 9] + [0] * (PAIR_WIDTH - 4))
    assert big.merge(fits).pair(("ann", "bob"))[3] == 2**63 - 1


@pytest.fixture(scope="module")
def split_corpus(collusion_root: Path) -> list[Path]:
    return split_log(corpus(collusion_root) / "log", collusion_root / "split")


def test_a_corpus_split_and_merged_equals_the_whole(split_corpus: list[Path]) -> None:
    whole = audit(split_corpus, RULESET).collusion
    # A kept hand sits under its own signal's family: a pair's facts count a family's
    # evidence by its slots (`evidence_counts`), the findings and reports by each hand.
    kept = 0
    for agg in whole.aggregates.values():
        for key in agg.pairs:
            for family, hands in zip(FAMILIES, agg.evidence_hands(key), strict=True):
                assert {BY_NAME[hand.signal].family for hand in hands} <= {family}
                kept += len(hands)
    assert kept > 100
    assert whole.aggregates["integrity"].hands > 10000
    parts = [audit([path], RULESET).collusion.aggregates for path in split_corpus]
    scoring = ScoringSettings(min_hands=100, min_tournaments=3, min_occasions=20,
                              prior_occasions=30)
    expected = whole.aggregates["integrity"]
    ranking = [s.key for s in sorted(score_pairs(expected, scoring),
                                     key=lambda s: (s.log10_p, s.key))]
    rng = random.Random(28)
    for _ in range(4):
        order = rng.sample(range(len(parts)), len(parts))
        cut = rng.randrange(1, len(parts))
        halves = []
        for chosen in (order[:cut], order[cut:]):
            half = Aggregates("integrity", expected.evidence_kept)
            for index in chosen:
                half.merge(_copy(parts[index]["integrity"]))
            halves.append(half)
        combined = halves[1].merge(halves[0])
        assert combined.state() == expected.state()
        assert [s.key for s in sorted(score_pairs(combined, scoring),
                                      key=lambda s: (s.log10_p, s.key))] == ranking


def _observed(paths: list[Path], open_lineups: int) -> dict[str, Aggregates]:
    """The aggregates of an audit of `paths` whose observer holds at most `open_lineups`
    line-ups open before closing them."""
    rules = load_ruleset(Path(RULESET.path))
    auditor = PartAuditor(RULESET, rules)
    result = AuditResult(ruleset=RULESET)
    collusion = CollusionJudge(auditor.compiled, result.findings, auditor.params)
    assert collusion.settings is not None
    collusion.observer = HandObserver(collusion.settings.observer, open_lineups)
    judge = HandJudge(auditor.compiled, result.findings, collusion.observer)
    _run(paths, result, judge, SeatingJudge(auditor.compiled, result.findings), collusion,
         None, False)
    return collusion.aggregates()


@pytest.mark.parametrize("open_lineups", [1, 2, 7])
def test_line_ups_closed_early_give_the_same_aggregates(open_lineups: int) -> None:
    """A large log closes its line-ups when too many are open (observe.OPEN_LINEUPS), not
    only when the file ends: the aggregates are the same. The planted log has 89 line-ups in
    14 tournaments, which meet again after being closed (a table's line-up recurs)."""
    planted = [FIXTURES / f"{NAME}.planted.jsonl"]
    whole = _observed(planted, OPEN_LINEUPS)
    early = _observed(planted, open_lineups)
    assert whole["integrity"].hands > 1000
    for view, agg in whole.items():
        assert early[view].state() == agg.state(), view
