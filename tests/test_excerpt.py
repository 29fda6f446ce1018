"""A quote of input text in a rejection or warning is short, and exact when the text is."""

import ast

from hypothesis import given
from hypothesis import strategies as st

from checker.ingest.excerpt import EXCERPT_CHARS, REASON_CHARS, bounded, excerpt


@given(st.text(max_size=3 * EXCERPT_CHARS))
def test_a_quote_is_repr_when_short_and_cut_with_its_length_when_long(text: str) -> None:
    quoted = excerpt(text)
    if len(repr(text)) <= EXCERPT_CHARS + 2:
        assert quoted == repr(text)
    else:
        head, _, tail = quoted.rpartition("… (")
        assert tail == f"{len(text):,} characters)"
        assert len(head) <= EXCERPT_CHARS + 2
        assert text.startswith(ast.literal_eval(head))  # the kept part starts the text


def test_a_runaway_line_is_quoted_in_a_few_hundred_characters() -> None:
    assert len(excerpt("x" * 20_000_000)) < EXCERPT_CHARS + 40
    assert len(excerpt("\uffff" * 20_000_000)) < EXCERPT_CHARS + 40


@given(st.text(max_size=2 * REASON_CHARS))
def test_a_reason_is_bounded(reason: str) -> None:
    kept = bounded(reason)
    assert kept == reason if len(reason) <= REASON_CHARS else kept.startswith(reason[:REASON_CHARS])
    assert len(kept) <= REASON_CHARS + 40
