"""Shared test locations. The real corpus is read in place from ../shared, never copied."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "real"
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def corpus() -> Path:
    assert CORPUS.is_dir(), f"the real corpus must be at {CORPUS}"
    return CORPUS


@pytest.fixture(scope="session")
def collusion_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the clause-28 tests' simulated corpora are written, once per session
    (tests/collusion_sim.py)."""
    return tmp_path_factory.mktemp("collusion")
