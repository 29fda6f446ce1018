"""Rules are data: the rule set's numbers live in rules/, never as literals under checker/.

Scans every module under checker/ (readers excepted: they parse file formats, not policy)
for the distinctive numbers of the Full Tilt rules — the 1,500 starting stack, 30 entrants,
the $50 and $200 bounty caps (in cents), the 5-minute break and the hour (in seconds). The one
unit table that converts `1h`/`5m` literals to seconds is the only place such a number may
stand. (The small policy numbers — the 4-bet cap, the 3 and 2 table gaps, the 6-table
threshold — are too common as ints to scan for; tests/test_rules_files.py checks that the
rules read them from parameters.)
"""

import ast
from pathlib import Path

from checker.native import GENERATED_PATTERN
from tests.conftest import REPO

CHECKER = REPO / "checker"
RULE_NUMBERS = {1500, 30, 5000, 20000, 300, 3600}
# (module, number): why it may stand there.
ALLOWED = {
    ("checker/dsl/units.py", 3600): "seconds in an hour, to read `1h` literals",
    ("checker/audit/partition.py", 30): "seconds to wait for a Dask scheduler to answer (the "
                                        "tool's own setting, Dask's default)",
    ("checker/audit/partition.py", 300): "seconds a Dask cluster may have no worker before "
                                         "its files are given up (the tool's own setting)",
}


def _int_constants(path: Path) -> list[tuple[int, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and type(node.value) is int
    ]


def test_rule_numbers_are_not_python_literals() -> None:
    found = []
    for path in sorted(CHECKER.rglob("*.py")):
        relative = path.relative_to(REPO).as_posix()
        if relative.startswith("checker/ingest/") or path.match(GENERATED_PATTERN):
            continue  # readers; the typed rules make accel writes from the rules files
        for line, value in _int_constants(path):
            if value in RULE_NUMBERS and (relative, value) not in ALLOWED:
                found.append(f"{relative}:{line}: {value}")
    assert found == []


def test_the_rules_file_holds_the_numbers() -> None:
    text = (REPO / "rules" / "fulltilt.rules").read_text(encoding="utf-8")
    for literal in ("1500", "$50", "$200", "5m", "1h"):
        assert literal in text.replace("1_500", "1500"), literal
