"""Findings given the same fields share pydantic's set of the fields given
(checker/model/findings.py, SharedFieldNames), and nothing a finding does with it reaches
another: dumps, copies with updates, pickles and equality behave as with a set of its own."""

import pickle
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from checker.model.findings import Finding, FindingLocation, fingerprint

WORDS = st.text(alphabet="abcxyz", min_size=1, max_size=6)


@st.composite
def findings(draw: st.DrawFn) -> Finding:
    located: dict[str, Any] = {"file": draw(WORDS), "line": draw(st.integers(1, 10**6))}
    for name in ("tournament", "table", "hand", "street"):
        if draw(st.booleans()):
            located[name] = draw(st.none() | WORDS)
    if draw(st.booleans()):
        located["action"] = draw(st.integers(0, 40))
    location = FindingLocation(**located)
    rule = draw(WORDS)
    return Finding(rule=rule, clauses=draw(st.lists(WORDS, max_size=2)), severity="error",
                   message=draw(WORDS), location=location,
                   evidence=draw(st.dictionaries(WORDS, st.integers(), max_size=3)),
                   fingerprint=fingerprint(rule, location))


def _given(finding: Finding) -> tuple[set[str], set[str]]:
    return finding.__pydantic_fields_set__, finding.location.__pydantic_fields_set__


@given(findings(), findings())
def test_findings_given_the_same_fields_share_the_set(one: Finding, other: Finding) -> None:
    if set(one.location.__pydantic_fields_set__) == set(other.location.__pydantic_fields_set__):
        assert one.location.__pydantic_fields_set__ is other.location.__pydantic_fields_set__
    assert one.__pydantic_fields_set__ is other.__pydantic_fields_set__  # all fields given


@given(findings())
def test_a_finding_dumps_only_what_it_was_given(finding: Finding) -> None:
    shown = finding.location.model_dump(exclude_unset=True)
    assert set(shown) == set(finding.location.__pydantic_fields_set__)
    again = FindingLocation(**shown)
    assert again == finding.location


@given(findings(), findings())
def test_a_copy_with_updates_changes_no_other_finding(one: Finding, other: Finding) -> None:
    """No finding is given an `event` here: were the shared set changed, `other` would show it."""
    before = set(other.location.__pydantic_fields_set__)
    moved = one.location.model_copy(update={"event": 7})
    assert moved.event == 7
    assert "event" in moved.__pydantic_fields_set__
    assert set(other.location.__pydantic_fields_set__) == before


@given(st.lists(findings(), max_size=5))
def test_findings_come_back_whole_from_a_pickle(found: list[Finding]) -> None:
    back = pickle.loads(pickle.dumps(found))
    assert back == found
    assert [_given(f) for f in back] == [_given(f) for f in found]
