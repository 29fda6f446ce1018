"""The bundled rules files' trees kept from the build (checker/dsl/parsed_trees.py): read back
they are the parser's trees, spans and all; a rule set loads from them without parsing; and
anything else - another text, another parser, a damaged file - is parsed as before."""

import json
from pathlib import Path

import pytest

from checker import rulesets
from checker.dsl import parsed_trees
from checker.dsl import parser as rules_parser
from checker.dsl.ast import RulesFile
from checker.dsl.parsed_trees import decoded, encoded, kept_tree, text_digest, write_trees
from checker.dsl.parser import parse_rules
from checker.dsl.ruleset import load_ruleset
from tests.conftest import REPO

# Every rules file of the repository: the bundled sets, their fixtures, the examples.
RULES_FILES = sorted(path for path in REPO.glob("**/*.rules")
                     if ".venv" not in path.parts and path.is_file())


def _bundled_texts() -> dict[str, str]:
    texts = {}
    for name in rulesets.NAMES:
        path = rulesets.bundled_file(name)
        assert path is not None
        texts[name] = path.read_text(encoding="utf-8")
    return texts


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A trees file written afresh, in place of the build's."""
    target = write_trees(tmp_path / "parsed_trees.json")
    monkeypatch.setattr(parsed_trees, "TREES_FILE", target)
    return target


def test_there_are_rules_files_to_read() -> None:
    assert len(RULES_FILES) >= 6
    assert {path.name for path in RULES_FILES} >= {"fulltilt.rules", "pokerstars.rules"}


@pytest.mark.parametrize("path", RULES_FILES, ids=lambda path: path.name)
def test_a_tree_read_back_is_the_parser_s_spans_and_all(path: Path) -> None:
    tree = parse_rules(path.read_text(encoding="utf-8"), path.name)
    value = json.loads(json.dumps(encoded(tree)))
    back = decoded(value)
    assert back == tree
    # Spans are left out of the nodes' equality: the encoding holds every field.
    assert encoded(back) == encoded(tree)
    assert repr(back) == repr(tree)


def test_the_encoding_holds_every_span() -> None:
    text = 'ruleset demo "Demo"\nclause 1 "One"\n'
    tree = parse_rules(text, "demo.rules")
    moved = parse_rules("\n" + text, "demo.rules")
    assert tree == moved  # equal as nodes,
    assert encoded(tree) != encoded(moved)  # not as encoded trees


def test_the_bundled_sets_load_from_the_kept_trees_without_a_parse(
        kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = {name: load_ruleset(rulesets.bundled_file(name))  # type: ignore[arg-type]
              for name in rulesets.NAMES}

    def no_parse(text: str, file: str) -> RulesFile:
        raise AssertionError(f"{file} was parsed")

    # The loader imports the parser when it needs one: its function as the module holds it.
    monkeypatch.setattr(rules_parser, "parse_rules", no_parse)
    for name in rulesets.NAMES:
        loaded = load_ruleset(rulesets.bundled_file(name))  # type: ignore[arg-type]
        before = parsed[name]
        assert loaded.sha256 == before.sha256
        assert loaded.files == before.files
        assert {f: encoded(t) for f, t in loaded.trees.items()} == {
            f: encoded(t) for f, t in before.trees.items()}
        assert sorted(loaded.rules) == sorted(before.rules)
        assert loaded.param_types == before.param_types


def test_a_text_not_kept_is_parsed(kept: Path) -> None:
    text = _bundled_texts()["tda2024"]
    assert kept_tree(text) is not None
    assert kept_tree(text + "\n# one more line\n") is None


def test_trees_of_another_parser_are_not_used(kept: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    document = json.loads(kept.read_text(encoding="utf-8"))
    document["parser"] = "0" * 64
    other = kept.with_name("other.json")
    other.write_text(json.dumps(document), encoding="utf-8")
    monkeypatch.setattr(parsed_trees, "TREES_FILE", other)
    assert kept_tree(_bundled_texts()["fulltilt"]) is None


@pytest.mark.parametrize("damage", [
    "not json",
    '["a list"]',
    '{"parser": "%s"}',
    '{"parser": "%s", "trees": {"%s": ["NoSuchNode", 1]}}',
    '{"parser": "%s", "trees": {"%s": ["RulesetDecl", "x", "y"]}}',
    '{"parser": "%s", "trees": {"%s": ["RulesFile", {"t": [], "u": []}, {"t": []}]}}',
    '{"parser": "%s", "trees": {"%s": ["Span", 1, 2, 3, 4]}}',
    '{"parser": "%s", "trees": {"%s": ["RulesFile", {"t": [1.5]}, {"t": []}]}}',
])
def test_a_damaged_trees_file_is_parsed_around(
        damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _bundled_texts()["pokerstars"]
    fields = damage.count("%s")
    values = (parsed_trees.parser_digest(), text_digest(text))[:fields]
    target = tmp_path / "damaged.json"
    target.write_text(damage % values, encoding="utf-8")
    monkeypatch.setattr(parsed_trees, "TREES_FILE", target)
    assert kept_tree(text) is None
    # The rule set still loads (parsed).
    assert load_ruleset(rulesets.bundled_file("pokerstars")).name == "pokerstars"  # type: ignore[arg-type]


def test_a_missing_trees_file_is_parsed_around(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parsed_trees, "TREES_FILE", tmp_path / "absent.json")
    assert kept_tree(_bundled_texts()["fulltilt"]) is None


def test_the_parser_digest_changes_with_what_makes_a_tree(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = parsed_trees.parser_digest()
    folder = Path(parsed_trees.__file__).resolve().parent
    for name in ("feltcheck.lark", "parser.py", "ast.py"):
        copy = tmp_path / "dsl"
        copy.mkdir(exist_ok=True)
        for source in ("feltcheck.lark", "parser.py", "ast.py", "text_guard.py", "units.py",
                       "parsed_trees.py"):
            (copy / source).write_bytes((folder / source).read_bytes())
        (copy / name).write_bytes((folder / name).read_bytes() + b"\n")
        monkeypatch.setattr(parsed_trees, "__file__", str(copy / "parsed_trees.py"))
        assert parsed_trees.parser_digest() != before


def test_a_parser_whose_sources_cannot_be_read_keeps_nothing(
        kept: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # An installation without the parser's sources beside their bytecode: parsed as before.
    monkeypatch.setattr(parsed_trees, "__file__", str(tmp_path / "nowhere" / "parsed_trees.py"))
    assert kept_tree(_bundled_texts()["fulltilt"]) is None
