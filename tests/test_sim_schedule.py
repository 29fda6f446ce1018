"""`feltcheck simulate --table-size N --game G --structure S`: a corpus of one kind of
tournament (the throughput benchmark's NL hold'em at 9- and at 6-seat tables), and the
combinations the server cannot deal refused as usage errors."""

import json
from pathlib import Path
from typing import Any

import pytest

from checker.cli import main
from checker.model.hand import BettingStructure, Game
from checker.sim.schedule import SERVER, Schedule, ScheduleError, narrowed
from tests.conftest import REPO

RULES = REPO / "rules" / "fulltilt.rules"


def _terms(out: Path) -> list[dict[str, Any]]:
    lines = [json.loads(line) for path in sorted((out / "log").glob("*.jsonl"))
             for line in path.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if line["event"] == "tournament_terms"]


def _simulate(out: Path, *options: str, hands: int = 400, seed: int = 12) -> int:
    return main(["simulate", "--seed", str(seed), "--hands", str(hands), *options,
                 "--out", str(out)])


@pytest.mark.parametrize("options, seats, game, structure, mtts", [
    (["--table-size", "9", "--game", "holdem", "--structure", "no_limit", "--mtt-every",
      "0", "--matrix-every", "0"], 9, "holdem", "no_limit", False),
    (["--table-size", "6", "--game", "holdem", "--structure", "no_limit", "--mtt-every",
      "1"], 6, "holdem", "no_limit", True),
    # A Matrix is dealt at 6 seats: allowed with --table-size 6.
    (["--table-size", "6", "--mtt-every", "0", "--matrix-every", "2"], 6, None, None, False),
    (["--table-size", "2", "--game", "omaha", "--mtt-every", "0", "--matrix-every", "0"],
     2, "omaha", None, False),
    (["--structure", "fixed_limit"], None, None, "fixed_limit", None),
])
def test_every_tournament_is_of_the_kind_asked(options: list[str], seats: int | None,
                                               game: str | None, structure: str | None,
                                               mtts: bool | None, tmp_path: Path) -> None:
    assert _simulate(tmp_path, *options, hands=700) == 0
    terms = _terms(tmp_path)
    assert len(terms) >= 2
    for term in terms:
        if seats is not None:
            assert term["seats_per_table"] == seats, term["tournament"]
        if game is not None:
            assert term["game"] == game, term["tournament"]
        if structure is not None:
            assert term["structure"] == structure, term["tournament"]
        if mtts is not None:  # a multi-table field, or one table's
            assert (term["max_entrants"] > term["seats_per_table"]) is mtts, term
    if options[-2:] == ["--matrix-every", "2"]:
        assert any(term["kind"] == "matrix" for term in terms)


def test_without_the_options_the_schedule_is_the_servers() -> None:
    assert narrowed() == Schedule() == Schedule(SERVER.table_sizes, SERVER.games,
                                                SERVER.structures)
    # Narrowed, a choice keeps only the value asked for (and its weight).
    assert narrowed(game=Game.OMAHA, structure=BettingStructure.POT_LIMIT).games == tuple(
        choice for choice in SERVER.games if choice[0] == Game.OMAHA)


def test_a_narrowed_corpus_audits_clean(tmp_path: Path) -> None:
    """No fault injected, no finding: the narrowed schedule deals as correctly as the whole
    (MTTs and Sit & Gos of NL hold'em at 9 seats, both outputs)."""
    out = tmp_path / "sim"
    assert _simulate(out, "--table-size", "9", "--game", "holdem", "--structure", "no_limit",
                     "--mtt-every", "2", "--matrix-every", "0", hands=1500) == 0
    for output in ("log", "ftp"):
        report = tmp_path / f"{output}.json"
        assert main(["audit", str(out / output), "--rules", str(RULES), "--format", "json",
                     "--output", str(report), "--fail-on", "never"]) == 0
        doc = json.loads(report.read_text(encoding="utf-8"))
        assert doc["summary"]["hands"] >= 1500, output
        assert doc["summary"]["hands_rejected"] == 0, output
        assert doc["findings"] == [], output


@pytest.mark.parametrize("options, words", [
    (["--table-size", "4"], "the schedule's table sizes are 6, 9, 2"),
    # The server's default schedule has MTTs and Matrix Sit & Gos.
    (["--table-size", "2", "--matrix-every", "0"], "MTTs are not dealt at 2-seat tables"),
    (["--table-size", "9"], "a Matrix Sit & Go is dealt at 6-seat tables"),
    (["--table-size", "9", "--mtt-every", "0", "--matrix-every", "4"],
     "a Matrix Sit & Go is dealt at 6-seat tables"),
])
def test_what_the_server_cannot_deal_is_a_usage_error(
        options: list[str], words: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert _simulate(tmp_path / "out", *options) == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_matrix_turn_that_is_always_an_mtts_is_no_conflict() -> None:
    # Every 4th tournament would be a Matrix, but every 2nd is an MTT: no Matrix is dealt.
    assert narrowed(9, mtt_every=2, matrix_every=4).table_sizes == ((9, 3),)
    with pytest.raises(ScheduleError, match="Matrix"):
        narrowed(9, mtt_every=4, matrix_every=6)


def test_an_unknown_game_is_refused_by_the_parser(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exited:
        _simulate(tmp_path, "--game", "razz")
    assert exited.value.code == 2
    assert "invalid choice: 'razz'" in capsys.readouterr().err
