"""Seeds of the rules parser's fuzzing, shared by the atheris campaign and the hypothesis
tests (tests/test_rules_fuzz.py)."""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def rules_seeds() -> list[str]:
    """Each top-level declaration of the shipped rules files, under a ruleset header."""
    seeds: list[str] = []
    for path in sorted((REPO / "rules").glob("*.rules")):
        blocks = re.split(r"\n(?=\S)", path.read_text(encoding="utf-8"))
        header = next(b for b in blocks if b.startswith("ruleset "))
        seeds.extend(f"{header}\n{block}\n" for block in blocks
                     if not block.startswith(("ruleset ", "#", "extends ")))
    return seeds
