"""One direction of flow (../shared/docs/DESIGN.md): input files → ingest → replay → rules →
findings → report. A package imports only what comes before it: ingest knows nothing of
replay, the rules, the audit or the collusion aggregates; replay knows the records but not the
rules that judge them; a report renders findings and never reads an input format itself.
Explain sits beside the audit, downstream of replay and the rules: it retells one hand with the
audit's own judge, and the reports render what it tells.

Past ingest, nothing imports a reader module, not even for a constant: the stages after it
know the records (checker/model), not how they were read, and come in only through the doors
listed in INGEST_ENTRY_POINTS.

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
        ("checker.replay", "checker.dsl", "checker.audit", "checker.explain", "checker.collusion",
         "checker.report"),
        "ingest turns bytes into records, first in the flow",
    ),
    "checker/replay": (
        ("checker.dsl", "checker.audit", "checker.explain", "checker.collusion", "checker.report"),
        "replay derives facts and knows no policy: the rules judge them later",
    ),
    "checker/dsl": (
        ("checker.audit", "checker.explain", "checker.collusion", "checker.report"),
        "the rules judge the replay's facts; the audit and explain run them, reports render them",
    ),
    "checker/audit": (
        ("checker.explain", "checker.report"),
        "the audit judges and returns a result; explain and the reports come after it",
    ),
    "checker/explain": (
        ("checker.report",),
        "explain builds a hand's explanation as plain data; the reports render it",
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


def _from_base(node: ast.ImportFrom, relative: Path) -> str:
    """The dotted module a `from ... import` statement imports from, relative ones resolved."""
    base = node.module or ""
    if node.level:
        package = _package(relative)
        kept = package[: len(package) - (node.level - 1)]
        base = ".".join([*kept, *([base] if base else [])])
    return base


def imported_names(tree: ast.Module, relative: Path) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of everything a module imports, at any depth."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = _from_base(node, relative)
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


# The doors into ingest: the modules of checker/ingest that the stages past it may import, and
# why. Every other module there is a reader module - a format's reader, or the decoding, cutting,
# detection and checks the readers share - and all it holds (a format's name, a pattern, a
# limit) is the readers' own: a stage past ingest that needs a constant finds it in the model
# (checker/model/formats.py: the format names records are told apart by), which the reader
# imports too. A name a door merely imports from a reader module is that module's (the door is
# no way round the rule). The scope is the checker package: the reader tests, the fuzz harness
# and the read benchmark exist to drive the readers themselves.
INGEST = "checker.ingest"
INGEST_ENTRY_POINTS: dict[str, str] = {
    "checker.ingest.stream": "find, open and read files into records, each reader chosen by the "
                             "file's content: how the audit, explain and refund read input",
    "checker.ingest.excerpt": "the bound on quoted input text, one for the readers and the audit "
                              "(which bounds the readers' warnings again): no format in it",
}


def _door_imports(root: Path, door: str) -> dict[str, str]:
    """The names `door` imports from other ingest modules, and the module each comes from."""
    relative = Path(*door.split(".")).with_suffix(".py")
    tree = ast.parse((root / relative).read_text(encoding="utf-8"), str(relative))
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _from_base(node, relative)
            for alias in node.names:
                source = f"{base}.{alias.name}" if base == INGEST else base
                if _within(source, INGEST):
                    found[alias.asname or alias.name] = ".".join(source.split(".")[:3])
    return found


def _ingest_module(name: str, doors: dict[str, dict[str, str]]) -> str:
    """The module of checker/ingest an imported name is: `checker.ingest.x` for x and all in
    it, save what a door only imports from another; the bare package for the package."""
    parts = name.split(".")
    module = ".".join(parts[:3])
    if len(parts) > 3 and module in doors:
        return doors[module].get(parts[3], module)
    return module


def reader_imports(root: Path) -> list[str]:
    """`path:line: imports MODULE (...)` for every import of a reader module of ingest by a
    module of root/checker outside ingest."""
    doors = {door: _door_imports(root, door) for door in INGEST_ENTRY_POINTS}
    found: list[str] = []
    for path in sorted((root / "checker").rglob("*.py")):
        relative = path.relative_to(root)
        if _within(_module_name(relative), INGEST):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(relative))
        names = {(line, name) for line, name in imported_names(tree, relative)
                 if _within(name, INGEST)}
        modules: set[tuple[int, str]] = set()
        for line, name in names:
            # `from checker.ingest import x` names the package and x: x is judged. The
            # package alone (`from checker import ingest`) opens every reader.
            if name == INGEST and any(at == line and other != name for at, other in names):
                continue
            modules.add((line, _ingest_module(name, doors)))
        for line, module in sorted(modules):
            if module not in INGEST_ENTRY_POINTS:
                found.append(f"{relative.as_posix()}:{line}: imports {module} (a reader module: "
                             "past ingest, import the records' model or a door of ingest)")
    return found


def test_every_package_imports_only_upstream() -> None:
    assert flow_violations(REPO) == []


def test_nothing_past_ingest_imports_a_reader_module() -> None:
    assert reader_imports(REPO) == []


def test_the_doors_into_ingest_are_there() -> None:
    for door in INGEST_ENTRY_POINTS:
        assert (REPO / Path(*door.split("."))).with_suffix(".py").is_file(), door


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
    # The rules language, the audit and explain, each importing what comes after it.
    "checker/dsl/engine.py": "\nfrom checker.explain import trace\n",
    "checker/audit/seating.py": "\nimport checker.explain.hands\n",
    "checker/explain/words.py": ("\n\ndef _planted() -> None:\n"
                                 "    from checker.report.explain_text import render_explain_text"
                                 "\n"),
    # Allowed: replay reads the records' model; a report reads replay's facts; explain runs the
    # audit's judge and the rules; a report renders an explanation.
    "checker/replay/facts.py": "\nimport checker.model.hand\n",
    "checker/report/context.py": "\nfrom checker.replay import facts\n",
    "checker/explain/states.py": ("\nfrom checker.audit import findings\n"
                                  "from checker.dsl import types\n"),
    "checker/report/json_report.py": "\nfrom checker.explain.explanation import HandExplanation\n",
}


def _copy_with(root: Path, planted: dict[str, str]) -> dict[str, int]:
    """Copy checker/ under root, then add each planted code at the end of its module; the
    line each planted code starts on."""
    for path in (REPO / "checker").rglob("*.py"):
        copy = root / path.relative_to(REPO)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, copy)
    lines = {}
    for name, code in planted.items():
        module = root / name
        text = module.read_text(encoding="utf-8")
        lines[name] = text.count("\n") + 1
        module.write_text(text + code, encoding="utf-8")
    return lines


def test_the_check_finds_forbidden_imports_planted_in_a_copy(tmp_path: Path) -> None:
    (tmp_path / "clean").mkdir()
    _copy_with(tmp_path / "clean", {})
    assert flow_violations(tmp_path / "clean") == []
    lines = _copy_with(tmp_path, PLANTED)
    found = [entry.split(" (")[0] for entry in flow_violations(tmp_path)]
    assert found == [
        f"checker/ingest/base.py:{lines['checker/ingest/base.py'] + 4}: imports checker.report",
        f"checker/replay/pots.py:{lines['checker/replay/pots.py'] + 3}: imports checker.dsl.ast",
        f"checker/dsl/engine.py:{lines['checker/dsl/engine.py'] + 1}: imports checker.explain",
        f"checker/audit/seating.py:{lines['checker/audit/seating.py'] + 1}: "
        "imports checker.explain.hands",
        f"checker/explain/words.py:{lines['checker/explain/words.py'] + 3}: "
        "imports checker.report.explain_text",
        f"checker/report/text_report.py:{lines['checker/report/text_report.py'] + 1}: "
        "imports checker.ingest",
        f"checker/report/text_report.py:{lines['checker/report/text_report.py'] + 3}: "
        "imports checker.ingest.phh",
    ]


PLANTED_READERS = {
    # A reader's constant, the case this rule was written for.
    "checker/audit/accounting.py": "\nfrom checker.ingest.tournament_log import NAME as LOG\n",
    # A function-level import of a reader from its package; the package itself, which opens
    # every reader; a relative import; a dynamic one of detection, which is no door.
    "checker/collusion/rings.py": ("\n\ndef _planted() -> None:\n"
                                   "    from checker.ingest import phh, stream\n"),
    "checker/cli.py": "\nfrom checker import ingest\n",
    "checker/explain/hands.py": "\nfrom ..ingest.base import Block\n",
    "checker/sim/__init__.py": ("\nimport importlib\n"
                                "importlib.import_module('checker.ingest.detect')\n"),
    # A reader's name that a door imports is the reader's, not the door's.
    "checker/audit/seating.py": "\nfrom checker.ingest.stream import is_json\n",
    # Allowed: the doors, named every way, and what the door defines itself.
    "checker/audit/refund.py": ("\nfrom checker.ingest import excerpt, stream\n"
                                "import checker.ingest.stream\n"
                                "from checker.ingest.stream import FileRecords, parse_records\n"
                                "from checker.ingest.excerpt import bounded\n"),
}


def test_the_check_finds_reader_imports_planted_in_a_copy(tmp_path: Path) -> None:
    # The copy's own imports are left out, so that this test says only whether the planted
    # ones are found (whether the repository has none is the test above).
    (tmp_path / "clean").mkdir()
    _copy_with(tmp_path / "clean", {})
    before = reader_imports(tmp_path / "clean")
    lines = _copy_with(tmp_path, PLANTED_READERS)
    found = [entry.split(" (")[0] for entry in reader_imports(tmp_path) if entry not in before]
    assert found == [
        f"checker/audit/accounting.py:{lines['checker/audit/accounting.py'] + 1}: "
        "imports checker.ingest.tournament_log",
        f"checker/audit/seating.py:{lines['checker/audit/seating.py'] + 1}: "
        "imports checker.ingest.tournament_log",
        f"checker/cli.py:{lines['checker/cli.py'] + 1}: imports checker.ingest",
        f"checker/collusion/rings.py:{lines['checker/collusion/rings.py'] + 3}: "
        "imports checker.ingest.phh",
        f"checker/explain/hands.py:{lines['checker/explain/hands.py'] + 1}: "
        "imports checker.ingest.base",
        f"checker/sim/__init__.py:{lines['checker/sim/__init__.py'] + 2}: "
        "imports checker.ingest.detect",
    ]
