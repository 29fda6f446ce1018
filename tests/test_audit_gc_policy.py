"""The audit's garbage-collector settings: in force while the records stream, undone after,
also when the audit fails, and a caller's own frozen objects are left as they were."""

import gc

import pytest

from checker.audit import run
from checker.audit.gc_policy import YOUNG_THRESHOLD, long_run_collection
from checker.audit.ruleset import ruleset_id
from checker.audit.run import AuditProgress
from checker.replay.tournament import TournamentState
from tests.conftest import REPO
from tests.report_helpers import FIXTURES, RULES, rules

FILES = [FIXTURES / "rotation.twin.txt", FIXTURES / "log-prize-short.planted.jsonl"]


def test_the_audit_streams_under_the_policy_and_restores_the_defaults() -> None:
    before = gc.get_threshold()
    during: list[tuple[tuple[int, int, int], int]] = []

    def look(_: AuditProgress) -> None:
        during.append((gc.get_threshold(), gc.get_freeze_count()))

    run.audit(FILES, ruleset_id(rules(), RULES), rules(), look)
    assert during and all(t[0] >= YOUNG_THRESHOLD and t[1:] == before[1:] for t, _ in during)
    # What existed at the start (the compiled rules among it) was frozen.
    assert all(frozen > 0 for _, frozen in during)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_settings_are_restored_when_the_run_fails() -> None:
    before = gc.get_threshold()

    def fail(_: AuditProgress) -> None:
        raise RuntimeError("stop")

    with pytest.raises(RuntimeError):
        run.audit(FILES, ruleset_id(rules(), RULES), rules(), fail)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_a_callers_frozen_heap_stays_frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    # Neither freezes nor unfreezes. (The frozen count itself may drop by a few while the
    # block runs: a frozen object another thread frees, as pytest-xdist's worker thread does.)
    freeze, unfreeze = gc.freeze, gc.unfreeze
    calls: list[str] = []
    freeze()
    try:
        monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
        monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze"))
        with long_run_collection():
            assert gc.get_freeze_count() > 0
        assert gc.get_freeze_count() > 0
    finally:
        monkeypatch.undo()
        unfreeze()
    assert calls == []


def test_a_log_file_s_tournament_states_go_when_it_ends_without_a_collection() -> None:
    """Young collections are rare in a long run and full ones rarer: a file's tournament
    states must not wait for one (each refers to the file's dict of states, for a Matrix's
    matches; a million-hand MTT log held 110 MB of them). With the collector off, nothing
    of a state is left for it to find once the audit is over."""
    log = REPO / "hand_histories" / "logs" / "sng-6max-700001.jsonl"
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        result = run.audit([log], ruleset_id(rules(), RULES), rules())
        gc.collect()
        left = [type(o).__name__ for o in gc.garbage if isinstance(o, TournamentState)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert result.events > 0 and result.tournaments
    assert left == []
