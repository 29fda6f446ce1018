"""Clause 9's seat draw across tournaments (checker/replay/seating_audit.py, checker/audit/
seating.py): the chi-square tail against closed forms and printed tables, the statistic on
hand-computed tables, its false-alarm rate on uniform draws and its power on biased ones, the
collector on logs, and the audit of the planted pair."""

import json
import random
import subprocess
import sys
from collections.abc import Callable
from math import erfc, exp, factorial, gamma, isclose, sqrt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.ingest.stream import FileRecords, open_file
from checker.model.tournament_log import LogRecord
from checker.replay.seating_audit import (
    SeatingCollector,
    SeatingStatistic,
    chi_square_survival,
    permille,
    regularized_upper_gamma,
    seating_table,
)
from tests.conftest import REPO

RULES = REPO / "rules" / "fulltilt.rules"
FIXTURES = REPO / "hand_histories" / "fixtures"
PLANTED = FIXTURES / "seating-biased.planted.jsonl"
TWIN = FIXTURES / "seating-biased.twin.jsonl"
SCRIPT = REPO / "tests" / "fixture_makers" / "make_seating_fixtures.py"
# rules/fulltilt.rules: seating.significance_permille and seating.min_tournaments.
SIGNIFICANCE = 0.01
MIN_TOURNAMENTS = 100

Generator = Callable[[random.Random, int], list[int]]


# ---------------------------------------------------------------- chi-square tail


def _closed_form_survival(x: float, freedom: int) -> float:
    """The chi-square tail by its closed forms: for even df e^-y sum_{k<df/2} y^k / k!, for
    odd df erfc(sqrt y) + e^-y sum_{j=1}^{(df-1)/2} y^(j-1/2) / Gamma(j+1/2), y = x/2."""
    y = x / 2
    if freedom % 2 == 0:
        return exp(-y) * sum(y**k / factorial(k) for k in range(freedom // 2))
    terms = [y ** (j - 0.5) / gamma(j + 0.5) for j in range(1, (freedom - 1) // 2 + 1)]
    return erfc(sqrt(y)) + exp(-y) * float(sum(terms))


@pytest.mark.parametrize("freedom", [1, 2, 3, 4, 5, 9, 15, 24, 27, 40, 61])
def test_survival_agrees_with_the_closed_forms(freedom: int) -> None:
    for x in (0.01, 0.5, 1.0, freedom - 1.0, freedom + 0.0, freedom + 2.5, 3.0 * freedom,
              freedom + 40.0, 150.0):
        if x <= 0:
            continue
        expected = _closed_form_survival(x, freedom)
        assert isclose(chi_square_survival(x, freedom), expected, rel_tol=1e-9, abs_tol=1e-15)


# Critical values as printed in chi-square tables (3 decimals): P(X >= x) = p.
TABLE = [
    (1, 3.841, 0.05), (1, 6.635, 0.01), (1, 10.828, 0.001),
    (2, 5.991, 0.05), (2, 9.210, 0.01),
    (5, 11.070, 0.05), (5, 15.086, 0.01),
    (10, 18.307, 0.05), (10, 23.209, 0.01), (10, 2.558, 0.99),
    (15, 24.996, 0.05), (15, 30.578, 0.01),
    (24, 36.415, 0.05), (24, 42.980, 0.01),
    (30, 50.892, 0.01), (100, 124.342, 0.05), (100, 135.807, 0.01),
]


@pytest.mark.parametrize(("freedom", "x", "p"), TABLE)
def test_survival_matches_printed_tables(freedom: int, x: float, p: float) -> None:
    assert abs(chi_square_survival(x, freedom) - p) < 2e-4 * max(p / 0.01, 1)


def test_survival_edges() -> None:
    assert chi_square_survival(0.0, 3) == 1.0
    assert regularized_upper_gamma(2.0, -1.0) == 1.0
    assert chi_square_survival(5000.0, 4) == pytest.approx(0.0, abs=1e-300)
    with pytest.raises(ValueError, match="degrees of freedom must be at least 1, not 0"):
        chi_square_survival(1.0, 0)
    with pytest.raises(ValueError):
        regularized_upper_gamma(0.0, 1.0)


@given(st.integers(1, 80), st.floats(0.0, 400.0), st.floats(0.0, 50.0))
def test_survival_is_a_probability_falling_with_the_statistic(
    freedom: int, x: float, step: float
) -> None:
    p = chi_square_survival(x, freedom)
    assert 0.0 <= p <= 1.0
    assert chi_square_survival(x + step, freedom) <= p + 1e-12


@given(st.integers(1, 80), st.floats(0.0, 400.0))
def test_survival_rises_with_the_degrees_of_freedom(freedom: int, x: float) -> None:
    assert chi_square_survival(x, freedom + 1) >= chi_square_survival(x, freedom) - 1e-12


def test_permille_rounds_down_so_the_threshold_is_exact() -> None:
    assert permille(0.0099999) == 9
    assert permille(0.01) == 10
    assert permille(0.4149) == 414
    assert (permille(0.0), permille(1.0), permille(1e-200)) == (0, 1000, 0)


# ---------------------------------------------------------------- the statistic


def _statistic(tables: list[list[int]]) -> SeatingStatistic:
    """Tournaments given as their players' seats in registration order."""
    statistic = SeatingStatistic()
    for seats in tables:
        statistic.add(seating_table(seats))
    return statistic


def test_heads_up_reduces_to_the_binomial_z_test() -> None:
    """100 heads-up tournaments, the first registrant on seat 1 in 65: one degree of freedom,
    Q = (65 - 50)^2 / (100 / 4) = 9, p = P(|Z| >= 3) = 0.0027."""
    statistic = _statistic([[1, 2]] * 65 + [[2, 1]] * 35)
    q, freedom = statistic.chi_square()
    assert freedom == 1
    assert q == pytest.approx(9.0)
    assert statistic.p_value() == pytest.approx(erfc(3 / sqrt(2)))
    assert statistic.p_value() == pytest.approx(0.0027, abs=1e-4)


def test_three_handed_is_pearson_times_n_minus_one_over_n() -> None:
    """30 three-player tournaments, 20 seated 1-2-3 and 5 each in the two other cyclic orders:
    each rank's row is (20, 5, 5) against 10 expected, Pearson X^2 = 3 * 150 / 10 = 45; for
    identical strata of n players the statistic is (n - 1) / n of it: 30, with 4 degrees of
    freedom, p = e^-15 (1 + 15)."""
    statistic = _statistic([[1, 2, 3]] * 20 + [[2, 3, 1]] * 5 + [[3, 1, 2]] * 5)
    q, freedom = statistic.chi_square()
    assert freedom == 4
    assert q == pytest.approx(30.0)
    assert statistic.p_value() == pytest.approx(16 * exp(-15))


def test_a_perfectly_balanced_series_has_no_evidence() -> None:
    """Every order of three seats equally often: observed = expected, Q = 0, p = 1."""
    orders = [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]]
    statistic = _statistic(orders * 20)
    q, freedom = statistic.chi_square()
    assert abs(q) < 1e-9
    assert freedom == 4
    assert statistic.p_value() == pytest.approx(1.0)


def test_tables_of_different_sizes_add_their_degrees_of_freedom_by_seats_used() -> None:
    # Heads-up (seats 1-2) and 6-max (seats 1-6): 4 rank buckets x 6 seat numbers in use.
    statistic = _statistic([[2, 1], [1, 2], [3, 1, 6, 2, 5, 4], [6, 5, 4, 3, 2, 1]] * 10)
    assert statistic.chi_square()[1] == (4 - 1) * (6 - 1)
    # Two tables of two seats (seat numbers 1 and 2 twice): 4 players, 4 buckets, 2 numbers.
    assert _statistic([[1, 2, 2, 1]] * 5).chi_square()[1] == (4 - 1) * (2 - 1)


def test_a_lone_player_is_not_a_tournament() -> None:
    statistic = _statistic([[3], []])
    assert statistic.tournaments == 0
    assert statistic.chi_square() == (0.0, 0)
    assert statistic.p_value() == 1.0


def _uniform(rng: random.Random, size: int) -> list[int]:
    return rng.sample(range(1, size + 1), size)


def _mixed_uniform(rng: random.Random) -> list[int]:
    """A uniform draw in one of four kinds of tournament: heads-up, a full 6-max, 5 players on
    a 9-max table (which seats are used is random too), and 12 players on two 6-max tables."""
    kind = rng.randrange(4)
    if kind == 0:
        return _uniform(rng, 2)
    if kind == 1:
        return _uniform(rng, 6)
    if kind == 2:
        return rng.sample(range(1, 10), 5)
    seats = list(range(1, 7)) * 2
    rng.shuffle(seats)
    return seats


def test_uniform_draws_raise_false_alarms_at_about_the_significance() -> None:
    """300 audits of 100 uniformly seated tournaments: at the 1% level about 3 false alarms
    (at most 12 has probability > 0.9999), at 10% about 30, and p-values spread over [0, 1]
    (not a test that never fires)."""
    p_values = []
    for seed in range(300):
        rng = random.Random(seed)
        p_values.append(_statistic([_mixed_uniform(rng) for _ in range(MIN_TOURNAMENTS)])
                        .p_value())
    alarms = sum(p < SIGNIFICANCE for p in p_values)
    assert alarms <= 12
    assert 12 <= sum(p < 0.10 for p in p_values) <= 50
    assert 120 <= sum(p < 0.5 for p in p_values) <= 180


def _in_registration_order(rng: random.Random, size: int) -> list[int]:
    return list(range(1, size + 1))


def _first_on_seat_one(rng: random.Random, size: int) -> list[int]:
    return [1, *rng.sample(range(2, size + 1), size - 1)]


def _first_from_a_narrow_range(rng: random.Random, size: int) -> list[int]:
    """The first registrant's seat from seats 1-2 only, the others at random."""
    first = rng.choice((1, 2))
    return [first, *rng.sample([s for s in range(1, size + 1) if s != first], size - 1)]


def _near_registration_number(rng: random.Random, size: int) -> list[int]:
    """Each seat drawn from a narrow window around the registration number: players sorted by
    their number plus a uniform jitter of up to 2."""
    keys = sorted(range(size), key=lambda rank: rank + rng.uniform(0, 2))
    seats = [0] * size
    for seat, rank in enumerate(keys, start=1):
        seats[rank] = seat
    return seats


BIASED: list[Generator] = [_in_registration_order, _first_on_seat_one,
                           _first_from_a_narrow_range, _near_registration_number]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(BIASED), st.sampled_from([(6,), (2, 6), (6, 9)]))
def test_biased_draws_fail(seed: int, biased: Generator, sizes: tuple[int, ...]) -> None:
    rng = random.Random(seed)
    tables = [biased(rng, sizes[n % len(sizes)]) for n in range(MIN_TOURNAMENTS)]
    assert _statistic(tables).p_value() < SIGNIFICANCE


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.permutations(range(1, 10)))
def test_statistic_ignores_tournament_order_and_seat_names(
    seed: int, renumber: list[int]
) -> None:
    """Which tournament came first, and what the seats are called, say nothing about the draw:
    reordering tournaments or renumbering seats (the same way everywhere) keeps Q."""
    rng = random.Random(seed)
    tables = [rng.sample(range(1, 10), rng.randint(2, 9)) for _ in range(40)]
    q, freedom = _statistic(tables).chi_square()
    shuffled = tables[:]
    rng.shuffle(shuffled)
    renamed = [[renumber[seat - 1] for seat in seats] for seats in tables]
    for other in (shuffled, renamed):
        q_other, freedom_other = _statistic(other).chi_square()
        assert freedom_other == freedom
        assert q_other == pytest.approx(q, rel=1e-6, abs=1e-6)


# ---------------------------------------------------------------- the collector on logs


HEADER = {"event": "log_start", "seq": 0, "at": "2026-11-02T10:00:00Z",
          "schema_version": "1.0", "site": "Full Tilt Poker"}
TERMS = {"event": "tournament_terms", "kind": "mtt", "game": "holdem", "structure": "no_limit",
         "currency": "USD", "buy_in": 1000, "fee": 100, "seats_per_table": 9,
         "scheduled_start": "2026-11-02T12:00:00Z",
         "levels": [{"level": 1, "duration_s": 600, "small_blind": 10, "big_blind": 20}],
         "breaks": None, "payout_structure": [{"min_entrants": 2, "shares_bp": [10000]}]}


def _line(event: str, tournament: str, **fields: object) -> dict[str, object]:
    if event == "tournament_terms":
        fields = {**TERMS, **fields}
    elif event in ("registration", "unregistration"):
        money = "paid" if event == "registration" else "refund"
        fields = {"accepted": True, money: 1100, f"{money}_currency": "cash", **fields}
    elif event == "seat":
        fields = {"table": "1", "stack": 1500, **fields}
    elif event == "tournament_start":
        fields = {"entrants": 4, "tables": 1, **fields}
    return {"event": event, "tournament": tournament, **fields}


def _write_log(path: Path, lines: list[dict[str, object]]) -> Path:
    numbered = [HEADER] + [{**line, "event": line["event"], "seq": seq,
                            "at": f"2026-11-02T11:{seq // 60:02d}:{seq % 60:02d}Z"}
                           for seq, line in enumerate(lines, start=1)]
    path.write_text("".join(json.dumps(line) + "\n" for line in numbered), encoding="utf-8")
    return path


def _collect(*paths: Path) -> SeatingCollector:
    collector = SeatingCollector()
    for path in paths:
        opened = open_file(path)
        assert isinstance(opened, FileRecords)
        for record in opened.records:
            assert isinstance(record, LogRecord), record
            collector.feed(record)
        collector.end_file()
    return collector


def _cell(bucket: int, seat: int) -> int:
    return bucket * 10 + seat - 1


def test_players_are_ranked_by_registration_still_in_force(tmp_path: Path) -> None:
    """ann, ben, cat register; ben unregisters; dan registers, ben again: the order is ann,
    cat, dan, ben (4 players: buckets 0, 1, 2, 3). A refused entry, a seat for someone never
    registered, a second seat line, and seats after the start count for nothing."""
    lines = [
        _line("registration", "1", player="zed"),  # before the terms: not followed
        _line("tournament_terms", "1"),
        _line("registration", "1", player="ann"),
        _line("registration", "1", player="ben"),
        _line("registration", "1", player="cat"),
        _line("registration", "1", player="ivy", accepted=False, paid=0),
        _line("unregistration", "1", player="ben"),
        _line("registration", "1", player="dan"),
        _line("registration", "1", player="ben"),
        _line("seat", "1", player="ben", seat=4),
        _line("seat", "1", player="dan", seat=2),
        _line("seat", "1", player="ann", seat=3),
        _line("seat", "1", player="cat", seat=1),
        _line("seat", "1", player="ann", seat=7),
        _line("seat", "1", player="ivy", seat=5),
        _line("seat", "1", player="zed", seat=6),
        _line("tournament_start", "1"),
        _line("registration", "1", player="late"),
        _line("seat", "1", player="late", seat=8),
    ]
    collector = _collect(_write_log(tmp_path / "a.jsonl", lines))
    expected = [0] * 40
    for bucket, seat in ((0, 3), (1, 1), (2, 2), (3, 4)):
        expected[_cell(bucket, seat)] = 1
    assert collector.statistic.observed == expected
    assert collector.statistic.tournaments == 1
    assert collector.first == ((tmp_path / "a.jsonl").as_posix(), "1")


def test_tournaments_that_never_start_count_when_their_file_ends(tmp_path: Path) -> None:
    two = [_line("tournament_terms", "7"),
           _line("registration", "7", player="ann"), _line("registration", "7", player="ben"),
           _line("seat", "7", player="ann", seat=2), _line("seat", "7", player="ben", seat=1)]
    lone = [_line("tournament_terms", "8"), _line("registration", "8", player="ann"),
            _line("seat", "8", player="ann", seat=1)]
    # The same tournament id in two files: two tournaments (states live within a file).
    first = _write_log(tmp_path / "first.jsonl", two + lone)
    second = _write_log(tmp_path / "second.jsonl", two)
    collector = _collect(first, second)
    assert collector.statistic.tournaments == 2
    assert collector.tournaments == {}  # nothing of a file is kept after it
    expected = [0] * 40
    expected[_cell(0, 2)] = expected[_cell(1, 1)] = 2
    assert collector.statistic.observed == expected
    fact = collector.fact()
    assert fact is not None and fact.tournaments == 2
    assert collector.first == (first.as_posix(), "7")


def test_nothing_counted_gives_no_fact(tmp_path: Path) -> None:
    lone = [_line("tournament_terms", "8"), _line("registration", "8", player="ann"),
            _line("seat", "8", player="ann", seat=1)]
    collector = _collect(_write_log(tmp_path / "lone.jsonl", lone))
    assert collector.fact() is None and collector.first is None


# ---------------------------------------------------------------- the planted pair


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULES)


def _findings(paths: list[Path], ruleset: Ruleset) -> list[tuple[str, str, int, str | None]]:
    result = audit(paths, ruleset_id(ruleset, RULES), ruleset)
    return [(f.rule, f.location.file, f.location.line, f.location.tournament)
            for f in result.findings]


def test_planted_log_gives_the_one_finding_at_its_header(ruleset: Ruleset) -> None:
    result = audit([PLANTED], ruleset_id(ruleset, RULES), ruleset)
    assert [(f.rule, f.location.file, f.location.line, f.location.tournament, f.severity)
            for f in result.findings] == [
        ("seating.random-draw", PLANTED.as_posix(), 1, "951001", "warning")]
    evidence = next(iter(result.findings)).evidence
    assert evidence["seating.tournaments"] == MIN_TOURNAMENTS
    assert evidence["seating.p_value_permille"] == 0
    assert result.warnings == []


def test_twin_log_gives_none(ruleset: Ruleset) -> None:
    assert _findings([TWIN], ruleset) == []


def test_the_pair_audited_together_is_still_biased(ruleset: Ruleset) -> None:
    """Half of 200 tournaments seated in order: found, located at the first file read."""
    assert _findings([TWIN, PLANTED], ruleset) == [
        ("seating.random-draw", TWIN.as_posix(), 1, "952001")]


def test_fewer_tournaments_than_the_minimum_say_nothing(tmp_path: Path, ruleset: Ruleset) -> None:
    # The last tournament's lines end the file: without them no line is missing.
    lines = PLANTED.read_text(encoding="utf-8").splitlines(keepends=True)
    first = min(i for i, line in enumerate(lines) if '"tournament": "951100"' in line)
    short = tmp_path / "short.jsonl"
    short.write_text("".join(lines[:first]), encoding="utf-8")
    assert _collect(short).statistic.tournaments == MIN_TOURNAMENTS - 1
    assert _findings([short], ruleset) == []


def test_the_fixtures_are_what_the_script_writes(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(SCRIPT), str(tmp_path)], check=True)
    for path in (PLANTED, TWIN):
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name
        assert path.stat().st_size < 150_000


def test_the_fixtures_seat_as_described() -> None:
    """Planted: every player on the seat of their registration number; twin: the same
    tournaments, each table's seats a permutation of its seats, not all in order."""
    def seatings(path: Path) -> list[list[int]]:
        by_tournament: dict[str, list[int]] = {}
        for line in path.read_text(encoding="utf-8").splitlines()[1:]:
            event = json.loads(line)
            if event["event"] == "seat":
                by_tournament.setdefault(event["tournament"], []).append(event["seat"])
        return list(by_tournament.values())

    planted, twin = seatings(PLANTED), seatings(TWIN)
    assert len(planted) == len(twin) == MIN_TOURNAMENTS
    assert all(seats == list(range(1, len(seats) + 1)) for seats in planted)
    assert [sorted(seats) for seats in twin] == planted
    assert sum(seats != sorted(seats) for seats in twin) > MIN_TOURNAMENTS // 2
