"""The compiled modules (checker/native.py): the guard against stale builds, and that a built
package really runs its compiled modules (so `make test`, which builds first, tests them)."""

import hashlib
import importlib
import json
import os
from pathlib import Path

import pytest

import checker
from checker.dsl.engine import compile_ruleset, native_module_name
from checker.native import (
    C_EXTENSIONS,
    COMPILED_MODULES,
    MANIFEST,
    StaleBuildError,
    check_fresh,
    compiled_modules,
    source_digests,
)
from checker.replay import ph_evaluators
from checker.rules_arg import load_rules, rules_argument
from checker.rulesets import NAMES
from tests.conftest import REPO


def fake_repository(root: Path) -> Path:
    """A repository whose compiled modules are small files; its package folder."""
    for path in (*COMPILED_MODULES, *C_EXTENSIONS):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(f'"""{path}"""\n', encoding="utf-8")
    return root / "checker"


def build(package: Path) -> None:
    """What `make accel` leaves: the group's library and the sources' digests."""
    (package / "_native__mypyc.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\x7fELF")
    (package / MANIFEST).write_text(json.dumps(source_digests(package.parent)),
                                    encoding="utf-8")


def test_a_package_without_compiled_modules_is_fresh(tmp_path: Path) -> None:
    check_fresh(fake_repository(tmp_path))


def test_a_build_of_the_current_sources_is_fresh(tmp_path: Path) -> None:
    package = fake_repository(tmp_path)
    build(package)
    check_fresh(package)


def test_a_changed_source_makes_the_build_stale(tmp_path: Path) -> None:
    package = fake_repository(tmp_path)
    build(package)
    (tmp_path / "checker/replay/betting.py").write_text("changed = True\n", encoding="utf-8")
    with pytest.raises(StaleBuildError, match=r"checker/replay/betting\.py.*make accel"):
        check_fresh(package)


def test_a_library_without_its_manifest_is_refused(tmp_path: Path) -> None:
    package = fake_repository(tmp_path)
    build(package)
    (package / MANIFEST).unlink()
    with pytest.raises(StaleBuildError, match="make pure"):
        check_fresh(package)


def test_an_extension_of_a_module_no_longer_compiled_is_refused(tmp_path: Path) -> None:
    package = fake_repository(tmp_path)
    build(package)
    (package / "dsl" / "builtins.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\x7fELF")
    with pytest.raises(StaleBuildError, match=r"checker/dsl/builtins\.py"):
        check_fresh(package)


def test_a_changed_c_extension_makes_the_build_stale(tmp_path: Path) -> None:
    package = fake_repository(tmp_path)
    build(package)
    (tmp_path / C_EXTENSIONS[0]).write_text("/* changed */\n", encoding="utf-8")
    with pytest.raises(StaleBuildError, match=r"_pheval_fastcall\.c.*make accel"):
        check_fresh(package)


def test_a_manifest_without_its_library_is_refused(tmp_path: Path) -> None:
    package = fake_repository(tmp_path)
    build(package)
    next(package.glob("_native__mypyc*")).unlink()
    with pytest.raises(StaleBuildError, match="library is missing"):
        check_fresh(package)


def test_digests_are_the_sources_sha256() -> None:
    digests = source_digests(REPO)
    assert sorted(digests) == sorted([*compiled_modules(REPO), *C_EXTENSIONS])
    first = COMPILED_MODULES[0]
    assert digests[first] == hashlib.sha256((REPO / first).read_bytes()).hexdigest()


def test_the_package_runs_compiled_modules_exactly_when_built() -> None:
    """Built (`make accel`, done by `make test`): every listed module is an extension, and
    so are the bundled rule sets' typed rules, which the engine runs; not built: every one
    is its source. Never a mix."""
    built = (Path(checker.__file__).parent / MANIFEST).exists()
    for path in compiled_modules(REPO):
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        origin = Path(module.__file__ or "")
        assert (origin.suffix == ".so") == built, (path, origin)
    # The hand-written C extensions too (the hold'em evaluators' calls; POSIX only).
    assert (built and os.name == "posix") == ph_evaluators.FASTCALL
    if built:
        generated = {Path(path).stem for path in compiled_modules(REPO)[len(COMPILED_MODULES):]}
        assert generated == {native_module_name(name) for name in NAMES}
        for name in NAMES:
            compiled = compile_ruleset(load_rules(rules_argument(name)))
            assert all(rules.native is not None for rules in compiled.dispatch.values()), name


def test_a_generated_module_is_compiled_and_digested_with_the_listed_ones(
        tmp_path: Path) -> None:
    package = fake_repository(tmp_path)
    generated = tmp_path / "checker/rulesets/native_house.py"
    generated.parent.mkdir(parents=True, exist_ok=True)
    generated.write_text('"""typed rules"""\n', encoding="utf-8")
    assert compiled_modules(tmp_path)[-1] == "checker/rulesets/native_house.py"
    build(package)
    (package / "rulesets" / "native_house.cpython-311-x86_64-linux-gnu.so").write_bytes(
        b"\x7fELF")
    check_fresh(package)
    generated.write_text('"""other typed rules"""\n', encoding="utf-8")
    with pytest.raises(StaleBuildError, match=r"checker/rulesets/native_house\.py"):
        check_fresh(package)
