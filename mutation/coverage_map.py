"""A pytest plugin that maps every line of the mutated packages to the tests that run it.

Loaded by `campaign.py map` (`pytest -p mutation.coverage_map`). Coverage switches its context
to each test's node id, so the map names tests exactly (parametrised cases included), and the
duration of each test is kept so a mutant's tests can run fastest first.
"""

import json
import os
import time
from collections.abc import Generator
from pathlib import Path

import coverage
import pytest

# Set by campaign.py: the packages mutated (comma-separated folders) and where the map goes.
SOURCES_ENV = "FELTCHECK_MUTATION_SOURCES"
MAP_ENV = "FELTCHECK_MUTATION_MAP"

_coverage: coverage.Coverage | None = None
_durations: dict[str, float] = {}


def pytest_configure(config: pytest.Config) -> None:
    global _coverage
    sources = os.environ[SOURCES_ENV].split(",")
    _coverage = coverage.Coverage(
        source=sources, data_file=None, branch=False, config_file=False
    )
    _coverage.start()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    assert _coverage is not None
    _coverage.switch_context(item.nodeid)
    started = time.perf_counter()
    yield
    _durations[item.nodeid] = time.perf_counter() - started
    # Lines run between tests (fixtures torn down late, collection) belong to no test.
    _coverage.switch_context("")


def pytest_unconfigure(config: pytest.Config) -> None:
    assert _coverage is not None
    _coverage.stop()
    data = _coverage.get_data()
    root = Path.cwd().resolve()
    # Tests are named once and lines list their indexes: the map stays a few MB.
    tests = sorted(_durations)
    index = {test: number for number, test in enumerate(tests)}
    lines: dict[str, dict[str, list[int]]] = {}
    for filename in sorted(data.measured_files()):
        relative = Path(filename).resolve().relative_to(root).as_posix()
        by_line = data.contexts_by_lineno(filename)
        lines[relative] = {
            str(line): sorted(index[c] for c in contexts if c in index)
            for line, contexts in by_line.items()
        }
    Path(os.environ[MAP_ENV]).write_text(json.dumps(
        {"tests": tests, "durations": [_durations[test] for test in tests], "lines": lines}
    ))
