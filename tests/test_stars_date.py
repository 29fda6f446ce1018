"""The PokerStars header's date read without its pattern (checker/ingest/stars_date.py): what
`usual_date` reads, `DATE` reads the same; the shapes the sites write, it reads itself; and
every date of both real PokerStars corpora."""

import re
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from checker.ingest.stars_date import DATE, usual_date
from tests.conftest import CORPUS

SECOND_CORPUS = CORPUS.parent / "real-pokerstars"
# The header's date: from the " - " before its year in a `PokerStars ... Hand #N: ...` line.
_HEADER = re.compile(r"^\ufeff?\s*PokerStars .*?(?:Hand|Game) #[0-9]+:.* - ([0-9]{4}/.*)$")


def by_pattern(text: str) -> tuple[object, ...] | None:
    """What `DATE` reads, in `usual_date`'s terms (the zone as text)."""
    found = DATE.match(text)
    if found is None:
        return None
    groups = found.groups()
    et = tuple(int(value) for value in groups[7:]) if groups[7] else (-1,) * 6
    return (*(int(value) for value in groups[:6]), groups[6], *et)


def by_hand(text: str) -> tuple[object, ...] | None:
    fields = usual_date(text)
    if fields[0] < 0:
        return None
    return (*fields[:6], text[fields[6]:fields[7]], *fields[8:])


def number(digits: int) -> st.SearchStrategy[str]:
    return st.integers(0, 10**digits - 1).map(lambda n: str(n).zfill(digits))


def day(width: int) -> st.SearchStrategy[str]:
    return st.sampled_from([1, 2]).flatmap(
        lambda month: st.sampled_from([1, 2]).flatmap(
            lambda days: st.tuples(number(width), number(month), number(days)).map("/".join)))


def clock() -> st.SearchStrategy[str]:
    return st.tuples(st.sampled_from([1, 2]).flatmap(number), number(2), number(2)).map(
        ":".join)


ZONES = st.sampled_from(["ET", "CET", "WET", "EET", "PT", "MSK", "AEST", "ABCDE", "Z"])
USUAL = st.builds(
    lambda date, dash, time, zone, left, right, et: (
        f"{date}{dash} {time} {left}{zone}{right}{et}"),
    day(4), st.sampled_from(["", " -"]), clock(), ZONES,
    st.sampled_from(["", "("]), st.sampled_from(["", ")"]),
    st.one_of(st.just(""), st.builds(lambda d, t: f" [{d} {t} ET]", day(4), clock())))


@given(USUAL)
@example("2011/07/17 12:23:34 CET [2011/07/17 6:23:34 ET]")
@example("2008/01/04 - 22:05:53 (ET)")
def test_the_usual_shapes_are_read_without_the_pattern(text: str) -> None:
    assert by_hand(text) is not None
    assert by_hand(text) == by_pattern(text)


# Pieces of dates, put together in any order: near misses of every kind.
PIECES = st.sampled_from(["2011", "/", "07", "7", "17", "123", " ", " -", "- ", ":", "23",
                          "9", "00", "(", ")", "ET", "CET", "ABCDEF", "É", " [", " ET]", "]",
                          "x", "\n", "٣"])


@given(st.lists(PIECES, max_size=24).map("".join))
@example("2011/07/17 12:23:34 ABCDEF")
@example("2011/07/17 12:23:34 CET [2011/07/17 6:23:34 ET] ")
@example("2011/07/17 12:23:34 CET [2011/07/17 6:23:34 PT]")
@example("2011/07/17 -9:23:34 ET")
@example("2011/7/123 9:23:34 ET")
@example("٢٠١١/07/17 9:23:34 ET")
def test_what_is_read_without_the_pattern_the_pattern_reads_alike(text: str) -> None:
    read = by_hand(text)
    if read is not None:
        assert read == by_pattern(text)


@given(USUAL, st.integers(0, 60), st.sampled_from(["x", " ", "7", ":", "/", "(", "]", "É"]))
def test_a_usual_date_broken_anywhere_is_read_alike_or_left_to_the_pattern(
        text: str, at: int, inserted: str) -> None:
    broken = text[:at] + inserted + text[at:]
    read = by_hand(broken)
    if read is not None:
        assert read == by_pattern(broken)


def header_dates(root: Path) -> list[str]:
    dates = []
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in {".txt", ""}:
            continue
        for line in path.read_bytes().decode("utf-8", errors="replace").splitlines():
            found = _HEADER.match(line)
            if found is not None:
                dates.append(found[1].strip())
    return dates


def test_every_date_of_the_real_pokerstars_hands_is_read_without_the_pattern() -> None:
    dates = header_dates(CORPUS / "stars") + header_dates(SECOND_CORPUS)
    assert len(dates) > 1000
    missed = [text for text in dates if by_hand(text) is None]
    assert not missed, missed[:5]
    assert all(by_hand(text) == by_pattern(text) for text in dates)
