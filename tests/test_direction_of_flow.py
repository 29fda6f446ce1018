"""One direction of flow (../shared/docs/DESIGN.md): input files → ingest → replay → rules →
findings → report. A package imports only what comes before it: ingest knows nothing of
replay, the rules, the audit or the collusion aggregates; replay knows the records but not the
rules that judge them; a report renders findings and never reads an input format itself.

Every import of every module is read with `ast`, at any depth (inside functions and
`if TYPE_CHECKING:` too): `import a.b`, `from a import b` (b may be a module), relative
imports, and importlib.import_module or __import__ of a literal name.
"""

import ast
import shutil
from collections.abc import Iterator
from pathlib import Path

from tests.conftest import REPO

# Package folder: the packages it may not import, and why.
FORBIDDEN: dict[str, tuple[tuple[str, ...], str]] = {
    "checker/ingest": (
        ("checker.replay", "checker.dsl", "checker.audit", "checker.collusion", "checker.report"),
        "ingest turns bytes into records, first in the flow",
    ),
    "checker/replay": (
        ("checker.dsl", "checker.audit", "checker.collusion", "checker.report"),
        "replay derives facts and knows no policy: the rules judge them later",
    ),
    "checker/report": (
        ("checker.ingest",),
        "a report renders findings; what the input formats are is ingest's and the audit's",
    ),
}


def _module_name(relative: Path) -> str:
    parts = list(relative.with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package(relative: Path) -> list[str]:
    """The package a module's relative imports start from."""
    return list(relative.parent.parts)


def imported_names(tree: ast.Module, relative: Path) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of everything a module imports, at any depth."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _package(relative)
                kept = package[: len(package) - (node.level - 1)]
                base = ".".join([*kept, *([base] if base else [])])
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"
        elif (isinstance(node, ast.Call) and _is_dynamic_import(node.func) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            yield node.lineno, node.args[0].value


def _is_dynamic_import(func: ast.expr) -> bool:
    return ((isinstance(func, ast.Name) and func.id in ("__import__", "import_module"))
            or (isinstance(func, ast.Attribute) and func.attr == "import_module"))


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def flow_violations(root: Path) -> list[str]:
    """`path:line: imports NAME (why)` for every import under root/checker against the flow."""
    found: list[str] = []
    for folder, (banned, why) in FORBIDDEN.items():
        for path in sorted((root / folder).rglob("*.py")):
            relative = path.relative_to(root)
            tree = ast.parse(path.read_text(encoding="utf-8"), str(relative))
            names = sorted({(line, name) for line, name in imported_names(tree, relative)
                            if any(_within(name, package) for package in banned)})
            for line, name in names:
                # `from a.b import c` names a.b and a.b.c: the statement is said once.
                if not any(other != name and at == line and _within(name, other)
                           for at, other in names):
                    found.append(f"{relative.as_posix()}:{line}: imports {name} ({why})")
    return found


def test_every_package_imports_only_upstream() -> None:
    assert flow_violations(REPO) == []


def test_the_packages_watched_are_there() -> None:
    for folder in FORBIDDEN:
        assert len(list((REPO / folder).glob("*.py"))) > 3, folder


PLANTED = {
    # A function-level import, as a lazy import would be.
    "checker/replay/pots.py": "\n\ndef _planted() -> None:\n    import checker.dsl.ast\n",
    # A relative import, and a type-only one.
    "checker/ingest/base.py": ("\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                               "    from ..report import output\n"),
    # The package itself named in `from checker import ...`, and a dynamic import.
    "checker/report/text_report.py": ("\nfrom checker import ingest\nimport importlib\n"
                                      "importlib.import_module('checker.ingest.phh')\n"),
    # Allowed: replay reads the records' model; a report reads replay's facts.
    "checker/replay/facts.py": "\nimport checker.model.hand\n",
    "checker/report/context.py": "\nfrom checker.replay import facts\n",
}


def test_the_check_finds_forbidden_imports_planted_in_a_copy(tmp_path: Path) -> None:
    for path in (REPO / "checker").rglob("*.py"):
        copy = tmp_path / path.relative_to(REPO)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, copy)
    assert flow_violations(tmp_path) == []
    lines = {}
    for name, code in PLANTED.items():
        planted = tmp_path / name
        text = planted.read_text(encoding="utf-8")
        lines[name] = text.count("\n") + 1
        planted.write_text(text + code, encoding="utf-8")
    found = [entry.split(" (")[0] for entry in flow_violations(tmp_path)]
    assert found == [
        f"checker/ingest/base.py:{lines['checker/ingest/base.py'] + 4}: imports checker.report",
        f"checker/replay/pots.py:{lines['checker/replay/pots.py'] + 3}: imports checker.dsl.ast",
        f"checker/report/text_report.py:{lines['checker/report/text_report.py'] + 1}: "
        "imports checker.ingest",
        f"checker/report/text_report.py:{lines['checker/report/text_report.py'] + 3}: "
        "imports checker.ingest.phh",
    ]
