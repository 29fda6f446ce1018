"""The spool of findings, rejections and warnings (checker/audit/spool.py): past its bound
its items go to disk, and they read back as a stable sort of everything added would give
them, whatever the bound, the merges and the pickling between."""

import json
import pickle
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checker.audit import spool as spool_module
from checker.audit.ruleset import identify_ruleset
from checker.audit.run import audit
from checker.audit.spool import Spool
from checker.cli import main
from tests.conftest import REPO

CORPUS = REPO.parent / "shared" / "corpus" / "real"

# (key, the order it was added in): equal keys must keep that order.
Item = tuple[int, int]


def by_key(item: Item) -> int:
    return item[0]


def _items(keys: list[int]) -> list[Item]:
    return [(key, added) for added, key in enumerate(keys)]


keys = st.lists(st.integers(0, 6), max_size=60)
limits = st.integers(1, 9)


@given(keys, limits)
def test_the_items_read_back_as_a_stable_sort(numbers: list[int], limit: int) -> None:
    items = _items(numbers)
    spool = Spool(by_key, limit=limit)
    for item in items:
        spool.append(item)
        assert spool.in_memory < limit
    assert len(spool) == len(items) and bool(spool) == bool(items)
    assert spool.on_disk == len(items) - len(items) % limit
    assert list(spool.in_order()) == sorted(items, key=by_key)
    assert list(spool) == list(spool.in_order())  # again: the runs are read anew


@given(keys, keys, limits, limits)
def test_a_later_part_added_keeps_the_order_of_one_spool(first: list[int], second: list[int],
                                                          mine: int, theirs: int) -> None:
    items = _items(first + second)
    whole = Spool(by_key, items[:len(first)], limit=mine)
    whole += Spool(by_key, items[len(first):], limit=theirs)
    assert whole == sorted(items, key=by_key)
    # Spilled as one item at a time would spill it: a run each time `mine` are held.
    assert whole.on_disk == len(items) - len(items) % mine and whole.in_memory < mine


@given(keys, limits)
def test_a_pickled_spool_carries_its_items(numbers: list[int], limit: int) -> None:
    items = _items(numbers)
    spool = Spool(by_key, items, limit=limit)
    back = pickle.loads(pickle.dumps(spool))
    assert back == spool == sorted(items, key=by_key)
    assert back.limit == limit and back.in_memory < limit


def test_a_spool_is_not_equal_to_what_it_does_not_hold() -> None:
    spool = Spool(by_key, [(1, 0)], limit=1)
    assert spool != [] and spool != [(1, 1)] and spool != "x"
    assert spool.on_disk == 1


def _report(out: Path, jobs: int) -> bytes:
    main(["audit", str(CORPUS), "--format", "json", "--output", str(out), "--fail-on", "never",
          "--jobs", str(jobs)])
    return out.read_bytes()


def test_a_spilling_audit_reports_the_same_bytes(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    """The real Full Tilt corpus (findings, rejections and warnings): its JSON report with
    every spool spilling after 3 items is the one kept in memory, in one process and merged
    from two (the parent's spools spill what the workers hand back)."""
    kept = _report(tmp_path / "kept.json", 1)
    doc = json.loads(kept)
    assert min(len(doc["findings"]), len(doc["rejected"]), len(doc["warnings"])) > 3
    monkeypatch.setattr(spool_module, "SPOOL_ITEMS", 3)
    result = audit([CORPUS], identify_ruleset(REPO / "rules" / "fulltilt.rules"))
    assert min(result.findings.on_disk, result.rejected.on_disk, result.warnings.on_disk) > 0
    assert _report(tmp_path / "spilled.json", 1) == kept
    assert _report(tmp_path / "merged.json", 2) == kept
