"""The modules compiled to C with mypyc (`make accel`), and the guard against stale builds.

The hot path - decoding, the hand readers, replay, showdown ranking - is plain typed Python;
mypyc compiles these modules unchanged into extension modules beside their sources, which
Python then imports instead of the sources (figures in docs/performance.md). An extension
holds the source as it was when built: importing the package checks every compiled module's
source against the digest recorded at build time, and refuses to run stale code.

This file is also read by setup.py before the package can be imported: it uses nothing of
the package.
"""

import hashlib
import json
from pathlib import Path

# Paths from the repository root. Not here: pydantic models (their annotations are read at
# run time, which compiled classes lose: the fact vocabulary is compiled, and the rules' type
# checker reads its annotations from its source), modules in import cycles mypyc cannot type
# (ingest.detect, ingest.stream), and TomlFloat (a subclass of str).
COMPILED_MODULES: tuple[str, ...] = (
    "checker/ingest/amounts.py",
    "checker/ingest/base.py",
    "checker/ingest/consistency.py",
    "checker/ingest/decode.py",
    "checker/ingest/fulltilt_hand.py",
    "checker/ingest/fulltilt_header.py",
    "checker/ingest/phh.py",
    "checker/ingest/stars_date.py",
    "checker/ingest/stars_hand.py",
    "checker/ingest/tournament_log.py",
    "checker/model/digits.py",
    "checker/model/hand_record.py",
    "checker/model/log_time.py",
    "checker/model/source.py",
    "checker/replay/facts.py",
    "checker/replay/betting.py",
    "checker/replay/evaluate.py",
    "checker/replay/hand_replay.py",
    "checker/replay/lowball.py",
    "checker/replay/pots.py",
    "checker/replay/table.py",
    "checker/replay/log_hand.py",
    "checker/replay/tournament.py",
    "checker/replay/tournament_busts.py",
    "checker/replay/tournament_clock.py",
    "checker/replay/tournament_deals.py",
    "checker/replay/tournament_eliminations.py",
    "checker/replay/tournament_integrity.py",
    "checker/replay/tournament_ledger.py",
    "checker/replay/tournament_tables.py",
    "checker/replay/seating_audit.py",
    "checker/audit/findings.py",
    "checker/collusion/aggregates.py",
    "checker/collusion/equity.py",
    "checker/collusion/observe.py",
    "checker/collusion/pair_facts.py",
    "checker/collusion/scores.py",
    "checker/dsl/compiler.py",
    "checker/dsl/engine.py",
    "checker/dsl/guards.py",
    "checker/report/json_stream.py",
)
# Hand-written C extensions the compiled build adds (setup.py), by path from the repository
# root; digested with the modules above. They live at the package's top, beside the group's
# library, where `_extension_sources` does not take them for compiled modules.
C_EXTENSIONS: tuple[str, ...] = ("checker/_pheval_fastcall.c",)
# Generated before the build by `make accel` (checker.dsl.native_rules: the bundled rule
# sets' rules as typed Python) and compiled with the modules above when present.
GENERATED_PATTERN = "checker/rulesets/native_*.py"
# The shared library of the compiled group (checker/_native__mypyc.*.so) and the digests of
# the sources it was built from, both beside this file.
GROUP = "checker._native"
MANIFEST = "_native_manifest.json"


class StaleBuildError(RuntimeError):
    """A compiled module no longer matches its source."""


def compiled_modules(root: Path) -> tuple[str, ...]:
    """The modules a build of `root` (the repository) compiles: those listed above and the
    generated ones present."""
    generated = sorted(path.relative_to(root).as_posix()
                       for path in root.glob(GENERATED_PATTERN))
    return (*COMPILED_MODULES, *generated)


def source_digests(root: Path) -> dict[str, str]:
    """SHA-256 of every compiled module's source and of the C extensions', by path from
    `root` (the repository)."""
    return {path: hashlib.sha256((root / path).read_bytes()).hexdigest()
            for path in (*compiled_modules(root), *C_EXTENSIONS)}


def check_fresh(package: Path) -> None:
    """Raise StaleBuildError when `package` (the checker folder) holds compiled modules
    built from other sources than the ones beside them; nothing when nothing is compiled."""
    manifest = package / MANIFEST
    built = any(package.glob("_native__mypyc*"))
    unlisted = sorted(_extension_sources(package) - set(compiled_modules(package.parent)))
    if unlisted:
        raise StaleBuildError(
            f"compiled modules no longer in checker/native.py ({', '.join(unlisted)}): run "
            "`make accel` to rebuild, or `make pure` to remove them")
    if not manifest.exists():
        if built:
            raise StaleBuildError(
                f"{package} holds compiled modules but no {MANIFEST}: run `make accel` to "
                "rebuild them, or `make pure` to remove them")
        return
    recorded = json.loads(manifest.read_text(encoding="utf-8"))
    current = source_digests(package.parent)
    changed = sorted(path for path, digest in current.items() if recorded.get(path) != digest)
    if changed or not built:
        what = ", ".join(changed) if changed else "the compiled library is missing"
        raise StaleBuildError(
            f"compiled modules out of date ({what}): run `make accel` to rebuild them, or "
            "`make pure` to remove them")


def _extension_sources(package: Path) -> set[str]:
    """The sources of the extension modules in the package's folders, as repository paths."""
    return {f"{package.name}/{found.parent.name}/{found.name.split('.')[0]}.py"
            for found in package.glob("*/*.so")}
