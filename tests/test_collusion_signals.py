"""Clause 28 on simulated colluders: each strategy's team is flagged, by the signal made for
it and by the rules' verdict, in the view that can see it; the clean twin (the same seed, every
team honest friends who sit together as often, audited as a log: every hole card) flags
nobody, and the teams' signals there stay within chance.

The corpus: tests/collusion_sim.py (seed 5, a development seed; the benchmark scores others).
"""

from pathlib import Path

import pytest

from checker.audit.collusion import CollusionOutcome, PairVerdict
from tests.collusion_sim import audited, corpus, teams

# The signal made for each strategy, and a z it must pass on the planted corpus.
MADE_FOR = {"chip_dumping": "chip_flow", "soft_play": "aggression_with_partner",
            "whipsaw": "squeeze", "card_sharing": "outs_tracking"}
PLANTED_Z = 4.0
# In the twin, no signal of a team of friends may look like this.
CHANCE_Z = 4.0


def _pair(outcome: CollusionOutcome, view: str, key: tuple[str, str]) -> PairVerdict:
    return next(p for p in outcome.pairs if p.view == view and p.score.key == key)


def _best_z(pair: PairVerdict, signal: str) -> float:
    return max(s.z for s in pair.score.signals if s.signal.name == signal and s.scored)


@pytest.fixture(scope="module")
def planted(collusion_root: Path) -> tuple[Path, CollusionOutcome, CollusionOutcome]:
    out = corpus(collusion_root)
    return out, audited(out / "log").collusion, audited(out / "ftp").collusion


@pytest.fixture(scope="module")
def twin(collusion_root: Path) -> tuple[Path, CollusionOutcome]:
    out = corpus(collusion_root, twin=True)
    return out, audited(out / "log").collusion


@pytest.mark.parametrize("strategy", sorted(MADE_FOR))
def test_each_strategy_is_flagged_by_its_signal_in_the_integrity_view(
        planted: tuple[Path, CollusionOutcome, CollusionOutcome], strategy: str) -> None:
    out, integrity, _ = planted
    key = next(k for k, s in teams(out).items() if s == strategy)
    pair = _pair(integrity, "integrity", key)
    assert pair.score.tested
    assert _best_z(pair, MADE_FOR[strategy]) >= PLANTED_Z
    assert pair.flagged, f"{strategy} team {key} not flagged"
    assert pair.evidence, "a flagged pair has evidence hands"
    assert all(e.actor in key and e.partner in key for e in pair.evidence)


def test_only_the_teams_are_flagged(
        planted: tuple[Path, CollusionOutcome, CollusionOutcome]) -> None:
    out, integrity, public = planted
    colluding = {k for k, s in teams(out).items() if s != "friends"}
    flagged = {p.score.key for p in integrity.pairs if p.flagged}
    assert flagged == colluding
    # The public view sees no hidden cards: card sharing is lost there, the rest is not.
    flagged_public = {p.score.key for p in public.pairs if p.flagged}
    assert flagged_public <= colluding
    assert {s for k, s in teams(out).items() if k in flagged_public} >= {
        "chip_dumping", "soft_play", "whipsaw"}


def test_card_signals_need_the_cards(
        planted: tuple[Path, CollusionOutcome, CollusionOutcome]) -> None:
    out, _, public = planted
    key = next(k for k, s in teams(out).items() if s == "card_sharing")
    pair = _pair(public, "public", key)
    outs = [s for s in pair.score.signals if s.signal.name == "outs_tracking"]
    # Shown cards only: P's decisions facing a bet are seldom matched with Q's cards.
    assert all(s.occasions < pair.score.hands_together // 10 for s in outs)


def test_the_clean_twin_flags_nobody(twin: tuple[Path, CollusionOutcome]) -> None:
    out, integrity = twin
    assert not [p.score.key for p in integrity.pairs if p.flagged]
    for key in teams(out):
        pair = _pair(integrity, "integrity", key)
        assert pair.score.tested
        counted = [s.z for s in pair.score.signals if s.scored and not s.signal.context]
        assert max(counted) < CHANCE_Z, key
