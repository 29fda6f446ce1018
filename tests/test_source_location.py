"""A record's location (checker/model/source.py) is a plain class, not a pydantic model: the
models that hold one validate and write it as the model did."""

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from checker.model.records import Rejection
from checker.model.source import SourceLocation

files = st.text(max_size=30)
lines = st.integers(min_value=-(2**70), max_value=2**70)


@given(files, lines)
def test_a_location_reads_from_its_mapping_and_writes_back_to_it(file: str, line: int) -> None:
    rejection = Rejection.model_validate({"location": {"file": file, "line": line},
                                          "reason": "r"})
    assert rejection.location == SourceLocation(file=file, line=line)
    assert str(rejection.location) == f"{file}:{line}"
    assert rejection.model_dump()["location"] == {"file": file, "line": line}
    assert Rejection.model_validate_json(rejection.model_dump_json()) == rejection


@given(files, lines)
def test_a_location_is_equal_hashed_and_pickled_by_its_file_and_line(file: str,
                                                                       line: int) -> None:
    location = SourceLocation(file=file, line=line)
    again = pickle.loads(pickle.dumps(location))
    assert again == location and hash(again) == hash(location)
    assert location != SourceLocation(file=file + "x", line=line)
    assert location != SourceLocation(file=file, line=line + 1)
    assert location != (file, line)


@pytest.mark.parametrize("value", [
    {"file": "a.txt", "line": "3"},  # a line is an integer, not text for one
    {"file": "a.txt", "line": 3.0},
    {"file": "a.txt", "line": True},
    {"file": 7, "line": 3},
    {"file": "a.txt"},
    {"file": "a.txt", "line": 3, "column": 1},
    ("a.txt", 3),
    "a.txt:3",
])
def test_anything_else_is_refused_as_a_location(value: object) -> None:
    with pytest.raises(ValidationError, match="location"):
        Rejection.model_validate({"location": value, "reason": "r"})
