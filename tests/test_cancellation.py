"""Cancellations (clauses 31, 34): the facts the replay derives, the refund calculator, and
`feltcheck refund`.

Expected amounts are worked by hand from the clause text (the arithmetic is in each test or
in the fixture test blocks of rules/fulltilt-fixtures.rules), never read back from the code.
"""

import json
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.audit.refund import RefundError, RuleReader, refund_report
from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.cli import EXIT_OK, EXIT_USAGE, main
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.model.source import SourceLocation
from checker.model.tournament_log import (
    CancellationStage,
    LogRecord,
    PrizeCurrency,
    event_from,
)
from checker.replay.cancellation import hypothetical_cancellation
from checker.replay.facts import CancellationEntryEvent, CancellationEvent, Seconds
from checker.replay.tournament import Step, TournamentState

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules" / "fulltilt.rules"
FIXTURES = ROOT / "hand_histories" / "fixtures"
HEADS_UP = FIXTURES / "log-cancel-heads-up.twin.jsonl"
T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)


@cache
def _ruleset() -> Ruleset:
    return load_ruleset(RULES)


@cache
def _entry_rules() -> RuleReader:
    return RuleReader.for_event(_ruleset(), "cancellation_entry")


# ---------------------------------------------------------------- small logs


def _at(seconds: int) -> str:
    return (T0 + timedelta(seconds=seconds)).isoformat()


def _terms(**over: object) -> dict[str, object]:
    terms: dict[str, object] = {
        "event": "tournament_terms", "at": _at(-3600), "kind": "mtt", "game": "holdem",
        "structure": "no_limit", "currency": "USD", "buy_in": 1000, "fee": 100,
        "seats_per_table": 9, "scheduled_start": _at(0),
        "levels": [{"level": 1, "duration_s": 600, "small_blind": 10, "big_blind": 20}],
        "breaks": None,
        "payout_structure": [{"min_entrants": 2, "shares_bp": [5000, 3000, 2000]}],
    }
    terms.update(over)
    return terms


def _reg(player: str, paid: int = 1100, currency: str = "cash",
         satellite: bool = False) -> dict[str, object]:
    return {"event": "registration", "at": _at(-60), "player": player, "accepted": True,
            "paid": paid, "paid_currency": currency, "via_satellite": satellite}


def _seat(player: str, seat: int, stack: int) -> dict[str, object]:
    return {"event": "seat", "at": _at(0), "player": player, "table": "1", "seat": seat,
            "stack": stack}


def _start(entrants: int) -> dict[str, object]:
    return {"event": "tournament_start", "at": _at(5), "entrants": entrants, "tables": 1}


def _out(player: str, place: int, prize: int = 0) -> dict[str, object]:
    return {"event": "elimination", "at": _at(60), "player": player, "place": place,
            "table": "1", "hand": "h1", "prize": prize}


def _payment(player: str, chips: int, paid: int = 0, currency: str = "cash",
             **more: object) -> dict[str, object]:
    return {"player": player, "chips": chips, "paid": paid, "paid_currency": currency, **more}


def _cancel(stage: str, payouts: list[dict[str, object]], **more: object) -> dict[str, object]:
    return {"event": "cancellation", "at": _at(120), "stage": stage, "reason": "technical",
            "payouts": payouts, **more}


def _feed(state: TournamentState, lines: list[dict[str, object]]) -> list[Step]:
    steps: list[Step] = []
    for number, line in enumerate(lines, start=2):
        event = event_from({"seq": number, "tournament": "1", **line})
        record = LogRecord(source_format="tournament-log",
                           location=SourceLocation(file="t.jsonl", line=number), event=event)
        steps.extend(state.feed(record))
    return steps


def _cancellation_steps(lines: list[dict[str, object]]) -> list[Step]:
    steps = _feed(TournamentState("1"), lines)
    return [s for s in steps if s.name in ("cancellation", "cancellation_entry")]


# ---------------------------------------------------------------- the facts


def test_before_start_entries_come_from_the_registrations() -> None:
    steps = _cancellation_steps([
        _terms(), _reg("al"), _reg("bo", 0, "ticket", satellite=True),
        _reg("cy", 1100, "tournament_dollars"),
        _cancel("before_start", [_payment("cy", 0), _payment("al", 0), _payment("bo", 0)]),
    ])
    # The cancellation first, then one entry per payment in the log's order.
    assert [s.name for s in steps] == ["cancellation"] + ["cancellation_entry"] * 3
    first = steps[0].event
    assert isinstance(first, CancellationEvent)
    fact = first.cancellation
    assert fact.stage is CancellationStage.BEFORE_START
    entries = {e.player: e for e in fact.entries}
    assert [e.player for e in fact.entries] == ["cy", "al", "bo"]
    assert entries["bo"].via_satellite and not entries["al"].via_satellite
    assert entries["cy"].entered_with is PrizeCurrency.TOURNAMENT_DOLLARS
    assert entries["bo"].entered_with is PrizeCurrency.TICKET
    assert (entries["al"].buy_in, entries["al"].fee) == (1000, 100)
    # Three entries paid for, a $10 buy-in each (the satellite seat's too).
    assert fact.prize_pool == 3000
    assert fact.total_chips == 0 and fact.eliminated_buy_ins == 0


def test_an_unknown_player_has_no_registration_facts() -> None:
    steps = _cancellation_steps([_terms(), _cancel("before_start", [_payment("zed", 0)])])
    entry = steps[1].event
    assert isinstance(entry, CancellationEntryEvent)
    assert entry.entry.entered_with is None and not entry.entry.via_satellite


def test_chips_are_the_replayed_stacks_and_the_total_counts_every_stack() -> None:
    steps = _cancellation_steps([
        _terms(), _reg("al"), _reg("bo"), _reg("cy"), _reg("di"),
        _seat("al", 1, 1500), _seat("bo", 2, 1500), _seat("cy", 3, 1500), _seat("di", 4, 1500),
        _start(4), _out("di", 4),
        # The server believes al has 1,000 chips and leaves cy out of its payments.
        _cancel("before_money", [_payment("al", 1000), _payment("bo", 1500)]),
    ])
    first = steps[0].event
    assert isinstance(first, CancellationEvent)
    fact = first.cancellation
    assert [(e.player, e.chips) for e in fact.entries] == [("al", 1500), ("bo", 1500)]
    # al, bo and cy hold 1,500 each; di is out.
    assert fact.total_chips == 4500
    assert fact.eliminated_buy_ins == 1000
    # Terms that name no prize but cash: no non-cash value to refund.
    assert fact.non_cash_value == 0


def test_pool_paid_out_guarantee_and_non_cash_value() -> None:
    steps = _cancellation_steps([
        _terms(guarantee=10000, rebuy=True, seats_awarded=2, non_cash_value=700),
        _reg("al"), _reg("bo"), _reg("cy"),
        {"event": "rebuy", "at": _at(30), "player": "al", "kind": "rebuy", "paid": 1000,
         "chips": 1500},
        {"event": "rebuy", "at": _at(31), "player": "bo", "kind": "add_on", "paid": 500,
         "chips": 1000},
        _out("cy", 3, 400),
        {"event": "payout", "at": _at(61), "player": "cy", "place": 3, "paid": 400,
         "paid_currency": "cash"},
        _cancel("in_the_money", [_payment("al", 100), _payment("bo", 100)]),
    ])
    first = steps[0].event
    assert isinstance(first, CancellationEvent)
    fact = first.cancellation
    # 3 x $10 buy-ins + $10 rebuy + $5 add-on; the guarantee stays apart.
    assert fact.prize_pool == 4500
    assert fact.paid_out_so_far == 400
    assert fact.guarantee == 10000
    # Two packages of $7.
    assert fact.non_cash_value == 1400


def test_next_payout_is_the_prize_of_the_place_about_to_fall() -> None:
    steps = _cancellation_steps([
        _terms(), _reg("al"), _reg("bo"), _reg("cy"), _reg("di"),
        _seat("al", 1, 1500), _seat("bo", 2, 1500), _seat("cy", 3, 1500), _seat("di", 4, 1500),
        _start(4), _out("di", 4),
        _cancel("in_the_money", [_payment("al", 2000), _payment("bo", 2000),
                                 _payment("cy", 2000)]),
    ])
    first = steps[0].event
    assert isinstance(first, CancellationEvent)
    # 3 players left: 3rd place, 20% of the $40 collected = $8.
    assert {e.next_payout for e in first.cancellation.entries} == {800}


def test_next_payout_reads_the_tier_of_the_entries_paid_for() -> None:
    # Up to 3 entrants the winner takes all; from 4, three places are paid.
    tiers = [{"min_entrants": 2, "max_entrants": 3, "shares_bp": [10000]},
             {"min_entrants": 4, "shares_bp": [6000, 4000]}]
    steps = _cancellation_steps([
        _terms(payout_structure=tiers), _reg("al"), _reg("bo"), _reg("cy"), _reg("di"),
        _seat("al", 1, 1500), _seat("bo", 2, 1500), _seat("cy", 3, 1500), _seat("di", 4, 1500),
        _start(4), _out("di", 4), _out("cy", 3),
        _cancel("in_the_money", [_payment("al", 3000), _payment("bo", 3000)]),
    ])
    first = steps[0].event
    assert isinstance(first, CancellationEvent)
    # 2 players left: 2nd place of the 4-entrant tier, 40% of the $40 collected = $16.
    assert {e.next_payout for e in first.cancellation.entries} == {1600}


def test_next_payout_uses_a_guarantee_above_the_pool() -> None:
    steps = _cancellation_steps([
        _terms(guarantee=10000), _reg("al"), _reg("bo"), _reg("cy"),
        _seat("al", 1, 1500), _seat("bo", 2, 1500), _seat("cy", 3, 1500), _start(3),
        _cancel("in_the_money", [_payment("al", 1500), _payment("bo", 1500),
                                 _payment("cy", 1500)]),
    ])
    first = steps[0].event
    assert isinstance(first, CancellationEvent)
    # 20% of the $100 guarantee (only $30 collected).
    assert first.cancellation.entries[0].next_payout == 2000


def test_matrix_payments_give_matches_and_score_eligibility() -> None:
    match = {"match": "A", "buy_in": 250, "in_the_money": True, "next_payout": 500}
    steps = _cancellation_steps([
        _terms(kind="matrix"), _reg("al"), _reg("bo"),
        _cancel("before_money", [_payment("al", 100, matches=[match], estimated_matrix_score=7),
                                 _payment("bo", 100)], matrix_score_pool=800),
    ])
    first = steps[0].event
    assert isinstance(first, CancellationEvent)
    fact = first.cancellation
    assert fact.matrix_score_pool == 800
    al, bo = fact.entries
    assert [(m.match, m.in_the_money, m.next_payout) for m in al.matches] == [("A", True, 500)]
    assert al.estimated_matrix_score == 7 and al.can_reach_paid_matrix_place
    assert not bo.can_reach_paid_matrix_place and bo.matches == []


# ---------------------------------------------------------------- the hypothetical


def _state(lines: list[dict[str, object]]) -> TournamentState:
    state = TournamentState("1")
    _feed(state, lines)
    return state


def _hypothetical(state: TournamentState) -> list[tuple[str, object]]:
    assert state.fact is not None and state.terms is not None
    return hypothetical_cancellation(state.fact, state.terms, state.ledger, state.stacks,
                                     Seconds(100))


def _stage_and_players(state: TournamentState) -> tuple[str, list[tuple[str, int]]]:
    events = _hypothetical(state)
    first = events[0][1]
    assert isinstance(first, CancellationEvent)
    return (str(first.cancellation.stage),
            [(e.player, e.chips) for e in first.cancellation.entries])


def test_hypothetical_stages_and_players() -> None:
    lines = [_terms(), _reg("al"), _reg("bo"), _reg("cy"), _reg("di")]
    assert _stage_and_players(_state(lines)) == (
        "before_start", [("al", 0), ("bo", 0), ("cy", 0), ("di", 0)])
    lines += [_seat("al", 1, 1500), _seat("bo", 2, 1500), _seat("cy", 3, 1500),
              _seat("di", 4, 1500), _start(4)]
    # 4 left, 3 places paid.
    assert _stage_and_players(_state(lines))[0] == "before_money"
    lines.append(_out("di", 4))
    assert _stage_and_players(_state(lines)) == (
        "in_the_money", [("al", 1500), ("bo", 1500), ("cy", 1500)])


def _owed(state: TournamentState) -> dict[str, int | None]:
    reader = _entry_rules()
    owed: dict[str, int | None] = {}
    for name, event in _hypothetical(state):
        if name == "cancellation_entry" and isinstance(event, CancellationEntryEvent):
            dues = reader.dues(event)
            owed[event.entry.player] = next(
                (d.expected for d in dues if d.expected is not None), None)
    return owed


def test_calculator_totals_before_and_in_the_money() -> None:
    lines = [_terms(), _reg("al"), _reg("bo"), _reg("cy"), _reg("di"),
             _seat("al", 1, 1000), _seat("bo", 2, 2000), _seat("cy", 3, 1500),
             _seat("di", 4, 1500), _start(4)]
    # Before the money, nobody out: four $11 refunds and nothing to divide.
    assert _owed(_state(lines)) == {"al": 1100, "bo": 1100, "cy": 1100, "di": 1100}
    lines.append(_out("di", 4))
    # In the money (3 left, 3 paid): $1 fee + $8 (3rd: 20% of $40) each, and the rest
    # $40 - 3 x $8 = $16 by chips 1000 : 2000 : 1500 of 4500 -> $3.55, $7.11, $5.33.
    assert _owed(_state(lines)) == {"al": 100 + 800 + 355, "bo": 100 + 800 + 711,
                                    "cy": 100 + 800 + 533}


@settings(max_examples=60, deadline=None)
@given(buy_in=st.integers(100, 100_000), fee=st.integers(0, 10_000),
       chips_a=st.integers(1, 10_000), chips_b=st.integers(1, 10_000))
def test_heads_up_shares_add_up_to_fees_and_pool(buy_in: int, fee: int, chips_a: int,
                                                 chips_b: int) -> None:
    state = _state([
        _terms(kind="heads_up", buy_in=buy_in, fee=fee, max_entrants=2,
               payout_structure=[{"min_entrants": 2, "shares_bp": [10000]}]),
        _reg("al", buy_in + fee), _reg("bo", buy_in + fee),
        _seat("al", 1, chips_a), _seat("bo", 2, chips_b), _start(2)])
    owed = _owed(state)
    total = sum(v for v in owed.values() if v is not None)
    # Each is paid its fee and its chip share of the 2 x buy-in pool, each rounded down by
    # less than a cent.
    assert 0 <= 2 * fee + 2 * buy_in - total <= 2
    assert all(v is not None and v >= fee for v in owed.values())
    bigger = "al" if chips_a > chips_b else "bo"
    if chips_a != chips_b:
        assert owed[bigger] == max(v for v in owed.values() if v is not None)


# ---------------------------------------------------------------- the fixtures

# Each planted log's one finding, at the line of its cancellation.
PLANTED: dict[str, tuple[str, int]] = {
    "log-cancel-heads-up": ("cancellation.heads-up-sit-and-go", 10),
    "log-cancel-before-start": ("cancellation.before-start-refund", 6),
    "log-cancel-refund-currency": ("cancellation.refund-currency", 5),
    "log-cancel-before-the-money": ("cancellation.before-the-money", 16),
    "log-cancel-in-the-money": ("cancellation.in-the-money", 13),
    "log-cancel-rebuy": ("cancellation.rebuy-before-the-money", 15),
    "log-cancel-non-cash-kept": ("cancellation.non-cash-prizes", 18),
    "log-cancel-non-cash-valued": ("cancellation.non-cash-prizes", 16),
    "log-cancel-matrix": ("cancellation.matrix", 54),
    "log-cancel-below-minimum": ("cancellation.below-minimum-refund", 5),
    "log-cancel-chips-as-played": ("cancellation.chips-as-played", 10),
    "log-cancel-unpaid-player": ("cancellation.every-player-paid", 10),
}


def _findings(path: Path) -> list[tuple[str, int]]:
    rules = _ruleset()
    result = audit([path], ruleset_id(rules, RULES), rules)
    return sorted((f.rule, f.location.line) for f in result.findings)


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_planted_cancellation_gives_its_finding_and_its_twin_none(name: str) -> None:
    assert _findings(FIXTURES / f"{name}.planted.jsonl") == [PLANTED[name]]
    assert _findings(FIXTURES / f"{name}.twin.jsonl") == []


def test_every_cancellation_rule_has_a_planted_fixture() -> None:
    rules = {r for r in _ruleset().rules if r.startswith("cancellation.")}
    assert rules == {rule for rule, _ in PLANTED.values()}


# ---------------------------------------------------------------- feltcheck refund


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["refund", *argv, "--rules", str(RULES)])
    out, err = capsys.readouterr()
    return code, out, err


def test_heads_up_example_of_the_clause(capsys: pytest.CaptureFixture[str]) -> None:
    # Clause 31.6: $20+$1, 1,800 to 1,200 chips: $1 + $24 and $1 + $16.
    code, out, _ = _run(capsys, str(HEADS_UP), "--at", "9")
    assert code == EXIT_OK
    alice = next(line for line in out.splitlines() if line.startswith("alice"))
    bob = next(line for line in out.splitlines() if line.startswith("bob"))
    assert "$25.00" in alice and "$1.00 + $24.00" in alice
    assert "$17.00" in bob and "$1.00 + $16.00" in bob


def test_heads_up_log_cut_before_the_cancellation(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    lines = HEADS_UP.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:9]), encoding="utf-8")  # up to the hand (seq 8)
    code, out, _ = _run(capsys, str(cut), "--format", "json")
    assert code == EXIT_OK
    doc = json.loads(out)
    assert doc["cancelled_at"] is None and doc["at_event"] == 8
    owed = {p["player"]: (p["owed"], [part["value"] for part in p["rules"][0]["parts"]])
            for p in doc["players"]}
    assert owed == {"alice": (2500, [100, 2400]), "bob": (1700, [100, 1600])}


def test_at_an_earlier_event(capsys: pytest.CaptureFixture[str]) -> None:
    # After the registrations (seq 3), before the start: each is owed $10 + $1 back.
    code, out, _ = _run(capsys, str(FIXTURES / "log-cancel-before-the-money.twin.jsonl"),
                        "--at", "3", "--format", "json")
    assert code == EXIT_OK
    doc = json.loads(out)
    assert doc["stage"] == "before_start"
    assert [(p["player"], p["owed"]) for p in doc["players"]] == [("alice", 1100),
                                                                   ("bob", 1100)]


def test_unknown_event_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, str(HEADS_UP), "--at", "99")
    assert code == EXIT_USAGE and out == ""
    assert "no event 99" in err


def test_not_a_log_is_a_clear_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("just some notes\n", encoding="utf-8")
    code, _, err = _run(capsys, str(text))
    assert code == EXIT_USAGE and "not a tournament log" in err
    code, _, err = _run(capsys, str(tmp_path / "missing.jsonl"))
    assert code == EXIT_USAGE and "no such file" in err


def test_several_tournaments_need_a_choice(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    first = HEADS_UP.read_text(encoding="utf-8").splitlines(keepends=True)
    other = (FIXTURES / "log-cancel-below-minimum.twin.jsonl").read_text(encoding="utf-8")
    # The second log's lines, renumbered after the first's.
    extra = []
    for number, line in enumerate(other.splitlines()[1:], start=len(first)):
        value = json.loads(line)
        value["seq"] = number
        extra.append(json.dumps(value) + "\n")
    both = tmp_path / "both.jsonl"
    both.write_text("".join(first + extra), encoding="utf-8")
    code, _, err = _run(capsys, str(both))
    assert code == EXIT_USAGE and "--tournament" in err
    code, out, _ = _run(capsys, str(both), "--tournament", "810002", "--format", "json")
    assert code == EXIT_OK
    assert [(p["player"], p["owed"]) for p in json.loads(out)["players"]] == [
        ("alice", 1100), ("bob", 1100)]
    code, _, err = _run(capsys, str(both), "--tournament", "42")
    assert code == EXIT_USAGE and "no tournament 42" in err


def test_refund_report_reads_the_logs_own_cancellation() -> None:
    report = refund_report(FIXTURES / "log-cancel-matrix.planted.jsonl", _ruleset())
    assert report.tournament == "900701"  # the Matrix, not one of its matches
    assert report.cancelled_at == 53 and report.stage == "before_money"
    owed = {p.player: (report.owed(p), p.paid) for p in report.players}
    # The twin's amounts (worked in tests/fixture_makers/make_matrix_fixtures.py); bob was
    # paid $1 short.
    assert owed == {"alice": (762, 762), "bob": (1972, 1872), "carol": (2265, 2265)}


def test_refund_error_without_terms(tmp_path: Path) -> None:
    lines = HEADS_UP.read_text(encoding="utf-8").splitlines(keepends=True)
    path = tmp_path / "no-terms.jsonl"
    path.write_text(lines[0] + "".join(lines[2:4]), encoding="utf-8")
    with pytest.raises(RefundError, match="no tournament_terms"):
        refund_report(path, _ruleset())
