"""A streamed JSON document (checker/report/json_stream.py) is, byte for byte, what
`json.dumps(indent=2, ensure_ascii=False)` writes of the same document with its arrays made
lists; and json itself refuses a JsonArray rather than write it empty."""

import enum
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checker.audit.ruleset import ruleset_id
from checker.audit.run import audit
from checker.dsl.ruleset import load_ruleset
from checker.report.json_report import report_document
from checker.report.json_stream import JsonArray, indented, json_chunks
from tests.conftest import CORPUS, REPO

RULES = REPO / "rules" / "fulltilt.rules"
# A real PHH file whose hands are read with warnings (HandHQ records no payouts), and the
# bundled fixtures, with findings (the test adds a truncated hand: a rejected record).
PHH_FILE = CORPUS / "phh" / "handhq_ftp2009" / "ftp-50nl-handhq_1.phhs"
SAMPLES = REPO / "hand_histories" / "fixtures"

TEXT = st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=8)
LEAVES = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT


class Kind(enum.IntEnum):
    ONE = 1


class Name(enum.StrEnum):
    A = "a\u00e9"


class Ratio(float):
    pass


# What json writes its own way: NaN and the infinities, tuples, subclasses of int, str and
# float, keys that are not text (json turns them into text).
ODD_LEAVES = (st.floats() | st.sampled_from([Kind.ONE, Name.A, Ratio(0.5), (1, "x"), ()])
              | st.tuples(LEAVES, LEAVES))
ODD_KEYS = TEXT | st.integers() | st.booleans() | st.none() | st.floats(allow_nan=False)
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(TEXT, inner, max_size=4), max_leaves=12)


@st.composite
def documents(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """(streamed, plain): the same document, some of its top-level lists as JsonArrays whose
    items are made by a function of their source (a plain list when written by json)."""
    plain: dict[str, Any] = draw(st.dictionaries(TEXT, VALUES, max_size=5))
    streamed = dict(plain)
    for key in draw(st.lists(TEXT, max_size=3)):
        sources = draw(st.lists(VALUES, max_size=5))
        plain[key] = [{"made from": source} for source in sources]
        streamed[key] = JsonArray(sources, lambda source: {"made from": source})
    return streamed, plain


@given(documents())
def test_the_streamed_text_is_what_json_writes(pair: tuple[dict[str, Any], dict[str, Any]]
                                               ) -> None:
    streamed, plain = pair
    expected = json.dumps(plain, indent=2, ensure_ascii=False) + "\n"
    assert "".join(json_chunks(streamed)) == expected


FLAT = st.dictionaries(TEXT, st.none() | st.booleans() | st.integers() | TEXT, min_size=1,
                       max_size=6)


# A dict with a scalar or two before what is not one (a float, a list, a dict).
MIXED = st.dictionaries(TEXT, VALUES, min_size=2, max_size=4)


@given(st.lists(FLAT, min_size=1, max_size=4), st.lists(LEAVES | FLAT | MIXED, max_size=3))
def test_items_of_scalars_are_laid_out_as_json_lays_them_out(
        items: list[dict[str, Any]], others: list[Any]) -> None:
    """Warnings and rejections are dicts of scalars, written without json's indenting
    encoder (checker/report/json_stream.py `_laid_out`): the same text, unicode, escapes and
    all, beside items of every other shape."""
    plain = {"warnings": items + others, "rejected": others}
    streamed = {"warnings": JsonArray(items + others, lambda item: item), "rejected": others}
    expected = json.dumps(plain, indent=2, ensure_ascii=False) + "\n"
    assert "".join(json_chunks(streamed)) == expected


ODD_VALUES = st.recursive(LEAVES | ODD_LEAVES, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(ODD_KEYS, inner, max_size=4), max_leaves=12)


@given(st.lists(ODD_VALUES, max_size=4), ODD_VALUES)
def test_values_json_writes_its_own_way_are_as_json_writes_them(items: list[Any],
                                                                value: Any) -> None:
    """Items and top-level values holding what the layout here does not write itself
    (checker/report/json_stream.py `_laid_out`): json's own text, at any depth."""
    plain = {"value": value, "items": items}
    streamed = {"value": value, "items": JsonArray(items, lambda item: item)}
    expected = json.dumps(plain, indent=2, ensure_ascii=False) + "\n"
    assert "".join(json_chunks(streamed)) == expected


@given(ODD_VALUES)
def test_a_whole_value_indented_is_what_json_writes(value: Any) -> None:
    # What the SARIF report is written with.
    assert indented(value) == json.dumps(value, indent=2, ensure_ascii=False)


def test_the_special_floats_and_subclasses_are_json_s() -> None:
    value = {"nan": float("nan"), "inf": [float("inf"), -float("inf")], "ratio": Ratio(2.5),
             "kind": Kind.ONE, "name": Name.A, "pair": (1, 2), 3: "three", None: False,
             "deep": [{"a": [1.0, 1e16, -0.0, 5e-324]}]}
    expected = json.dumps({"items": [value]}, indent=2, ensure_ascii=False) + "\n"
    assert '"nan": NaN' in expected and "-Infinity" in expected and "1e+16" in expected
    assert "".join(json_chunks({"items": JsonArray([value], lambda item: item)})) == expected


def test_each_item_is_a_piece_of_its_own() -> None:
    made: list[int] = []

    def make(item: int) -> int:
        made.append(item)
        return item

    pieces = json_chunks({"head": 1, "items": JsonArray([10, 20, 30], make)})
    assert next(pieces) == '{\n  "head": '
    assert next(pieces) == "1"
    assert next(pieces) == ',\n  "items": '
    assert next(pieces) == "[\n    10"
    assert made == [10]  # the later items are not made yet
    assert list(pieces) == [",\n    20", ",\n    30", "\n  ]", "\n}\n"]


def test_json_refuses_an_array_it_would_write_empty() -> None:
    with pytest.raises(TypeError, match="JsonArray"):
        json.dumps({"findings": JsonArray([1], str)})


def test_a_report_streams_its_warnings_and_rejections_as_it_would_write_them(
        tmp_path: Path) -> None:
    """The audit's JSON report: findings, rejected records and read warnings each made as the
    encoder reaches them, the same bytes as the document written whole."""
    hand = (SAMPLES / "call-amount.twin.txt").read_text(encoding="utf-8")
    truncated = tmp_path / "truncated.txt"  # no summary section: rejected
    truncated.write_text(hand[:hand.index("*** SUMMARY ***")], encoding="utf-8")
    result = audit([PHH_FILE, SAMPLES, truncated], ruleset_id(load_ruleset(RULES), RULES))
    assert result.warnings and result.rejected and result.findings
    streamed = report_document(result, streamed=True)
    assert all(isinstance(streamed[key], JsonArray)
               for key in ("findings", "rejected", "warnings"))
    whole = json.dumps(report_document(result), indent=2, ensure_ascii=False) + "\n"
    assert "".join(json_chunks(streamed)) == whole
