"""Amounts as sites write them become exact integers (cents or chips), never floats."""

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checker.ingest.amounts import currency_of, is_digits, parse_cents, parse_chips
from checker.ingest.fulltilt_hand import _plain_chips


@pytest.mark.parametrize(
    ("text", "chips"),
    [("1,500", 1500), ("2,856,582", 2856582), ("50K", 50000), ("1000k", 1_000_000),
     ("1.5K", 1500), ("0", 0)],
)
def test_chips(text: str, chips: int) -> None:
    assert parse_chips(text) == chips


@pytest.mark.parametrize(
    ("text", "cents"),
    [("$0.50", 50), ("$1", 100), ("$1,234.50", 123450), ("€0.96", 96), ("£5", 500),
     ("$0.1", 10), ("$332.50", 33250)],
)
def test_cents(text: str, cents: int) -> None:
    assert parse_cents(text) == cents


@pytest.mark.parametrize("text", ["", "$", "abc", "1,5x", "$0.005", "1.2345K"])
def test_rejects_what_is_not_a_whole_amount(text: str) -> None:
    with pytest.raises(ValueError):
        parse_cents(text) if text.startswith("$") else parse_chips(text)


def test_currency_symbols() -> None:
    assert currency_of("$5") == "USD"
    assert currency_of("€5") == "EUR"
    assert currency_of("£5") == "GBP"
    assert currency_of("5") is None


@given(st.integers(min_value=0, max_value=10**12))
def test_cents_round_trip_with_separators(cents: int) -> None:
    dollars, rest = divmod(cents, 100)
    assert parse_cents(f"${dollars:,}.{rest:02d}") == cents


@given(st.integers(min_value=0, max_value=10**12))
def test_chips_round_trip(chips: int) -> None:
    assert parse_chips(f"{chips:,}") == chips
    assert parse_chips(str(chips)) == chips


def _reading(parse: Callable[[str], int], text: str) -> int | str:
    try:
        return parse(text)
    except ValueError:
        return "refused"


@given(st.text(alphabet="0123456789,.kKM$\u0663", max_size=12))
def test_plain_chips_read_as_the_pattern_reads_them(text: str) -> None:
    """Digits and separators are read without the pattern; a leading space (stripped, as
    around any amount) sends the same text through it: both readings agree, refusals too."""
    for parse in (parse_chips, parse_cents):
        assert _reading(parse, text) == _reading(parse, " " + text)


# Texts near a tournament's chips: digits, separators, a point, K, a sign, digits of other
# scripts, spaces; and numbers past what 18 digits hold.
_NEAR_CHIPS = st.one_of(
    st.text(alphabet="0123456789,.K-+ \u0663\u00b3", max_size=24),
    st.integers(min_value=0, max_value=10**25).map(lambda n: f"{n:,}"),
)


@given(_NEAR_CHIPS)
def test_the_full_tilt_reader_reads_plain_chips_as_parse_chips_does(text: str) -> None:
    """Its on-the-spot reading of chips (checker/ingest/fulltilt_hand.py) answers only for
    digits and separators, and then as `parse_chips`; any other text is left to it."""
    read = _plain_chips(text)
    plain = text[:1].isdigit() and text[:1].isascii() and text.replace(",", "").isascii() \
        and text.replace(",", "").isdigit()
    if read < 0:
        assert not plain or len(text) > 18, text
    else:
        assert plain, text
        assert read == parse_chips(text)


@given(st.text(alphabet=st.sampled_from("0123456789 ,.$-+٣³a/:"), max_size=8)
       | st.text(max_size=4))
def test_is_digits_takes_ascii_digits_only_as_its_definition_says(text: str) -> None:
    """The compiled loop against its definition: str.isdigit and str.isascii both."""
    assert is_digits(text) == (text.isdigit() and text.isascii())
