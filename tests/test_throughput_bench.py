"""The throughput benchmark's own parts (benchmarks/throughput/, issue 17): our hands given to
PokerKit 0.7.7 act by act and replayed strictly, and the feltcheck runs it cannot make."""

import argparse
import dataclasses
import json
import warnings
from pathlib import Path

import pytest

from benchmarks.throughput import __main__ as harness
from benchmarks.throughput import feltcheck_side
from benchmarks.throughput.__main__ import _jobs
from benchmarks.throughput.corpora import TABLE_SIZES, Input, simulator_inputs
from benchmarks.throughput.feltcheck_side import AuditRun
from benchmarks.throughput.pokerkit_side import (
    COMPLETED,
    REFUSED,
    UNFINISHED,
    PokerKitHand,
    Skipped,
    convert,
    hands_of,
    replay,
)
from tests.conftest import CORPUS

PHH = CORPUS / "phh"
# Real single hands: heads-up, a dead small blind, multiway showdowns, all-ins (HandHQ cash),
# and televised WSOP tournament hands with antes (NL and fixed-limit hold'em, PL Omaha).
SINGLE_HANDS = sorted((PHH / "handhq_ftp2009").glob("*.phh")) + sorted(
    (PHH / "wsop2023").glob("*.phh"))


def _converted(path: Path) -> PokerKitHand:
    (hand,) = hands_of([path])
    converted = convert(hand)
    assert isinstance(converted, PokerKitHand), converted
    return converted


def _replayed(hand: PokerKitHand) -> tuple[str, str]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return replay(hand)


def test_real_hands_play_to_their_end_in_pokerkit() -> None:
    outcomes: dict[str, str] = {}
    for path in SINGLE_HANDS:
        for hand in hands_of([path]):
            converted = convert(hand)
            if not isinstance(converted, Skipped):
                outcomes[path.name] = _replayed(converted)[0]
    assert len(outcomes) >= 15
    assert {name for name, outcome in outcomes.items() if outcome != COMPLETED} == set()


def test_heads_up_the_big_blind_is_player_one() -> None:
    hand = _converted(PHH / "handhq_ftp2009" / "ftp1000nl_26262274596_headsup.phh")
    # PokerKit gives the second blind to player 0 heads-up: the list is in blind order.
    assert len(hand.stacks) == 2 and hand.blinds[0] < hand.blinds[1]
    assert _replayed(hand)[0] == COMPLETED


def test_a_dead_small_blind_puts_the_big_blind_first_without_a_button() -> None:
    # A PHH record names no button: the posts place the players.
    (hand,) = (one for one in hands_of([PHH / "handhq_ftp2009" / "ftp-50nl-handhq_1.phhs"])
               if one.hand_id == "26262285734")
    converted = convert(hand)
    assert isinstance(converted, PokerKitHand)
    assert converted.blinds[0] == hand.big_blind and not any(converted.blinds[1:])
    assert _replayed(converted)[0] == COMPLETED


def test_an_act_out_of_turn_is_refused_not_repaired() -> None:
    hand = _converted(PHH / "handhq_ftp2009" / "ftp50nl_26262275476_bet_fold.phh")
    first = next(i for i, act in enumerate(hand.actions) if not act.startswith("d "))
    doubled = (*hand.actions[:first + 1], hand.actions[first], *hand.actions[first + 1:])
    outcome, message = _replayed(dataclasses.replace(hand, actions=doubled))
    assert outcome == REFUSED
    assert message.startswith(hand.actions[first] + ": ")


def test_a_hand_whose_acts_run_out_is_unfinished() -> None:
    hand = _converted(PHH / "handhq_ftp2009" / "ftp50nl_26262275476_bet_fold.phh")
    assert hand.actions[-1].endswith(" f")
    assert _replayed(dataclasses.replace(hand, actions=hand.actions[:-1])) == (UNFINISHED, "")


def test_a_game_the_benchmark_does_not_convert_is_skipped_with_its_name() -> None:
    (hand,) = hands_of([PHH / "phh_spec_examples" /
                        "yockey_arieh_2019_wsop_ppc_F2L3D_tournament.phh"])
    skipped = convert(hand)
    assert isinstance(skipped, Skipped) and "draw27_triple" in skipped.reason


def test_a_run_the_checkout_has_no_option_for_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(feltcheck_side, "audit_options", frozenset)
    jobs = feltcheck_side.run_audit((PHH,), jobs=2)
    cluster = feltcheck_side.run_audit((PHH,), scheduler="tcp://127.0.0.1:1")
    assert "no --jobs option" in jobs.problem and jobs.hands == 0
    assert "no --scheduler option" in cluster.problem and cluster.hands == 0


def test_a_reports_summary_is_read_from_its_head(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness reads only a report's summary (a whole report held would be counted in the
    next audit's peak resident set): the same summary as the whole document's, also when it
    is cut across the chunks read, and never the lines after it."""
    summary = {"files": 3, "hands": 1_000_910, "plays": {"cash": 1_000_910},
               "findings": {"error": 0, "warning": 2, "info": 0}, "warnings": 40_000}
    document = {"tool": {"name": "feltcheck"}, "ruleset": {"name": "fulltilt"},
                "summary": summary, "warnings": [{"text": "x" * 50}] * 40_000}
    report = tmp_path / "report.json"
    report.write_text(json.dumps(document, indent=2), encoding="utf-8")
    for chunk in (7, 64, 1 << 16):
        monkeypatch.setattr(feltcheck_side, "_SUMMARY_CHUNK", chunk)
        assert feltcheck_side.report_summary(report) == summary
    head = json.dumps({"tool": {}, "summary": summary}, indent=2)
    (tmp_path / "cut.json").write_text(head[:len(head) // 2] + "[not json", encoding="utf-8")
    with pytest.raises(ValueError, match="no summary"):
        feltcheck_side.report_summary(tmp_path / "cut.json")


def test_job_counts_name_every_core_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert _jobs("1,2,N") == [1, 2]
    monkeypatch.setattr("os.cpu_count", lambda: 8)
    assert _jobs("1,2,N") == [1, 2, 8]


def test_only_a_one_process_row_has_a_cpu_rate_and_the_others_a_speed_up(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """wait4 counts no --jobs worker (the fork server's children) nor any Dask worker: their
    rows' CPU would be the parent's alone, so they show the speed-up over one job instead."""
    monkeypatch.setattr(harness, "audit_options", lambda: frozenset({"--jobs", "--scheduler"}))
    monkeypatch.setattr(harness, "pokerkit_replay", lambda paths, most: {
        "hands_per_second": 1_000.0, "hands_per_cpu_second": 1_000.0})

    def audited(paths: tuple[Path, ...], jobs: int | None = None,
                scheduler: str | None = None) -> AuditRun:
        seconds = 11.0 if jobs == 1 else 6.0
        return AuditRun(hands=10_000, seconds=seconds, cpu_seconds=11.0 if jobs == 1 else 2.0)

    monkeypatch.setattr(harness, "run_audit", audited)
    args = argparse.Namespace(jobs=[1, 2], pokerkit_max_hands=0)
    rows = harness._rows(Input("x", (PHH,), "x"), 10_000, args, "tcp://127.0.0.1:1", "",
                         AuditRun(seconds=1.0, cpu_seconds=1.0))
    assert [row["jobs"] for row in rows] == ["1", "2", "dask 2 workers"]
    assert [row["feltcheck_net_hands_per_cpu_second"] for row in rows] == [1_000.0, 0.0, 0.0]
    assert [row["speed_up_over_one_job"] for row in rows] == [None, 11.0 / 6.0, 11.0 / 6.0]


def test_the_simulated_inputs_are_nl_holdem_at_one_table_size(tmp_path: Path) -> None:
    """Each simulated input holds the hands asked for, all NL hold'em at the input's table
    size, and a corpus's text and log inputs are the same hands."""
    inputs = {one.name: one for one in simulator_inputs(tmp_path, 200, "sng")}
    assert sorted(inputs) == ["sng ftp NLHE 6-max", "sng ftp NLHE 9-max",
                              "sng log NLHE 6-max", "sng log NLHE 9-max"]
    for size in TABLE_SIZES:
        (text,) = inputs[f"sng ftp NLHE {size}-max"].paths
        (log,) = inputs[f"sng log NLHE {size}-max"].paths
        lines = [json.loads(line) for path in log.glob("*.jsonl")
                 for line in path.read_text(encoding="utf-8").splitlines()]
        terms = [line for line in lines if line["event"] == "tournament_terms"]
        assert terms and all((t["game"], t["structure"], t["seats_per_table"])
                             == ("holdem", "no_limit", size) for t in terms)
        hands = sum(line["event"] == "hand" for line in lines)
        headers = sum(path.read_text(encoding="utf-8").count("Full Tilt Poker Game #")
                      for path in text.glob("*.hands.txt"))
        assert hands == headers >= 200


def test_only_the_wanted_inputs_are_written(tmp_path: Path) -> None:
    inputs = simulator_inputs(tmp_path, 100, "sng", lambda name: name == "sng log NLHE 6-max")
    assert [one.name for one in inputs] == ["sng log NLHE 6-max"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sng-nlhe-6max-100"]
