"""Every reader, fed arbitrary bytes or a real record cut, mutated, re-encoded or blown up,
answers with records or located rejections: never an exception, never an internal "reader
error", never a location outside the input, never a whole runaway line quoted (the promises of
fuzz/checks.py, which the atheris campaign of `make fuzz` also holds the readers to)."""

import os
import re
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.ingest.base import InputFormat
from checker.ingest.decode import iter_lines, iter_lines_from_bytes
from checker.ingest.detect import FORMATS
from checker.ingest.stream import parse_records
from checker.model import Rejection
from fuzz.checks import MAX_REASON, check_reader
from tests.conftest import CORPUS, REPO

# One real file per format, small enough to mutate quickly.
SAMPLES = {
    "fulltilt-hand": "ftp/tour/Flop/NLHE-USD-MTT-KO.201104.K.as.thousand.txt",
    "pokerstars-hand": "stars/tour/Flop/NLHE-USD-MTT-665-35-201611.bounty.format.txt",
    "phh": "phh/wsop2023/test_2023_43_5__test_11_00_35_59.phh",
    "fulltilt-summary": "ftp/summaries/NLHE-USD-SnG-6man-201007.Hero.wins.worded.date.format.txt",
    "pokerstars-summary": "stars/summaries/NLHE-EUR-SnG-10-201101.Sample.txt",
    "pokerstars-archive-html": "stars/summaries/PokerStars-SnG-Archive-201007.htm",
    "pokertracker-summary": (
        "other/pokertracker_summaries/NLHE-USD-22-STT-Turbo-200706.FullTilt.txt"
    ),
    # Written by us (the corpus holds no tournament log); an absolute path wins over CORPUS.
    "tournament-log": str(REPO / "hand_histories" / "logs" / "sng-6max-700001.jsonl"),
}
FORMAT_BY_NAME = {fmt.name: fmt for fmt in FORMATS}
# FELTCHECK_FUZZ_EXAMPLES raises the example count for a deep local run.
FUZZ = settings(
    max_examples=int(os.environ.get("FELTCHECK_FUZZ_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _sample_lines(name: str) -> list[str]:
    return [text for _, text in iter_lines(CORPUS / SAMPLES[name])]


def _assert_clean(fmt: InputFormat, data: bytes) -> None:
    check_reader(fmt, data)


def test_every_format_has_a_fuzz_sample() -> None:
    assert set(SAMPLES) == set(FORMAT_BY_NAME)


@pytest.mark.parametrize("name", sorted(SAMPLES))
@FUZZ
@given(data=st.data())
def test_cut_at_a_random_line(name: str, data: st.DataObject) -> None:
    lines = _sample_lines(name)
    cut = data.draw(st.integers(min_value=1, max_value=len(lines)))
    _assert_clean(FORMAT_BY_NAME[name], "\n".join(lines[:cut]).encode("utf-8"))


@pytest.mark.parametrize("name", sorted(SAMPLES))
@FUZZ
@given(data=st.data())
def test_a_line_mutated_at_random(name: str, data: st.DataObject) -> None:
    lines = _sample_lines(name)
    index = data.draw(st.integers(min_value=0, max_value=len(lines) - 1))
    mutation = data.draw(st.sampled_from(["drop", "duplicate", "garble", "digits", "truncate"]))
    line = lines[index]
    if mutation == "drop":
        lines = lines[:index] + lines[index + 1 :]
    elif mutation == "duplicate":
        lines = lines[: index + 1] + lines[index:]
    elif mutation == "garble":
        lines[index] = data.draw(st.text(max_size=60))
    elif mutation == "digits":
        lines[index] = "".join(
            data.draw(st.sampled_from("0123456789,.K")) if ch.isdigit() else ch for ch in line
        )
    else:
        lines[index] = line[: data.draw(st.integers(min_value=0, max_value=max(len(line), 0)))]
    _assert_clean(FORMAT_BY_NAME[name], "\n".join(lines).encode("utf-8"))


@pytest.mark.parametrize("name", sorted(SAMPLES))
@FUZZ
@given(payload=st.binary(max_size=400))
def test_arbitrary_bytes_after_a_real_header(name: str, payload: bytes) -> None:
    first = _sample_lines(name)[0].encode("utf-8")
    _assert_clean(FORMAT_BY_NAME[name], first + b"\n" + payload)


@pytest.mark.parametrize("name", sorted(SAMPLES))
@FUZZ
@given(payload=st.binary(max_size=400))
def test_arbitrary_bytes(name: str, payload: bytes) -> None:
    _assert_clean(FORMAT_BY_NAME[name], payload)


def test_samples_exist() -> None:
    for relative in SAMPLES.values():
        assert Path(CORPUS / relative).is_file(), relative


@pytest.mark.parametrize("name", sorted(SAMPLES))
@FUZZ
@given(data=st.data())
def test_two_lines_swapped(name: str, data: st.DataObject) -> None:
    lines = _sample_lines(name)
    first = data.draw(st.integers(min_value=0, max_value=len(lines) - 1))
    second = data.draw(st.integers(min_value=0, max_value=len(lines) - 1))
    lines[first], lines[second] = lines[second], lines[first]
    _assert_clean(FORMAT_BY_NAME[name], "\n".join(lines).encode("utf-8"))


# Encodings a client or a tool on the way could have written, the readers' own and others.
ENCODINGS = ["utf-16-le", "utf-16-be", "utf-16", "utf-8-sig", "cp1252", "latin-1", "utf-32",
             "cp437", "mac-roman"]


@pytest.mark.parametrize("name", sorted(SAMPLES))
@FUZZ
@given(encoding=st.sampled_from(ENCODINGS), cut=st.integers(min_value=0, max_value=5000),
       crlf=st.booleans())
def test_a_file_in_another_encoding_cut_anywhere(
    name: str, encoding: str, cut: int, crlf: bool
) -> None:
    text = ("\r\n" if crlf else "\n").join(_sample_lines(name))
    data = text.encode(encoding, errors="replace")
    # Cut at any byte, the middle of a UTF-16 code unit or a UTF-8 sequence included.
    _assert_clean(FORMAT_BY_NAME[name], data[: len(data) - cut] if cut else data)


ABSURD_NUMBERS = ["0", "-1", "-0", "00000000000000000001", "9" * 30, "9" * 5000, "1e308",
                  "1,2,3,4", "0.000001", "1.5.5", "١٢٣", "１２３", "NaN", "Infinity", "1_000"]


@pytest.mark.parametrize("name", sorted(SAMPLES))
@FUZZ
@given(data=st.data())
def test_absurd_numbers(name: str, data: st.DataObject) -> None:
    lines = _sample_lines(name)
    index = data.draw(st.integers(min_value=0, max_value=len(lines) - 1))
    number = data.draw(st.sampled_from(ABSURD_NUMBERS))
    every = data.draw(st.booleans())
    lines[index] = re.sub(r"\d+", number, lines[index], count=0 if every else 1)
    _assert_clean(FORMAT_BY_NAME[name], "\n".join(lines).encode("utf-8"))


TEN_MB = 10 * 1024 * 1024


def _with_a_long_line(name: str, filler: str, size: int) -> tuple[bytes, bytes]:
    """A real file of the format, and the same with a line of `size` characters in its middle."""
    lines = _sample_lines(name)
    middle = max(1, len(lines) // 2)
    clean = "\n".join(lines).encode("utf-8")
    return clean, "\n".join([*lines[:middle], filler * size, *lines[middle:]]).encode("utf-8")


@pytest.mark.parametrize("name", sorted(SAMPLES))
@pytest.mark.parametrize("filler", ["x", "1", "{"])
def test_a_10_mb_line_is_rejected_and_quoted_briefly(name: str, filler: str) -> None:
    """A 10 MB line in the middle of a real file: the reader keeps reading, and the report
    quotes a few hundred characters of it (a 20 MB line once made a 20 MB report)."""
    fmt = FORMAT_BY_NAME[name]
    clean, blown = _with_a_long_line(name, filler, TEN_MB)
    check_reader(fmt, blown)
    records = list(parse_records(fmt, iter_lines_from_bytes(blown), "fuzz.txt"))
    for record in records:
        if isinstance(record, Rejection):
            assert len(record.reason) <= MAX_REASON
    # Only the record holding the line is lost (it may split one record in two).
    before = list(parse_records(fmt, iter_lines_from_bytes(clean), "fuzz.txt"))
    kept = [r for r in records if not isinstance(r, Rejection)]
    assert len(kept) >= len([r for r in before if not isinstance(r, Rejection)]) - 1


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_reading_a_long_line_takes_memory_in_proportion_to_it(name: str) -> None:
    """The memory a read takes is a small multiple of the record being read. Measured with
    tracemalloc on a 2 MB line (tracemalloc slows the regular expressions tenfold)."""
    size = 2 * 1024 * 1024
    _, blown = _with_a_long_line(name, "x", size)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        records = sum(1 for _ in parse_records(FORMAT_BY_NAME[name],
                                               iter_lines_from_bytes(blown), "fuzz.txt"))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert records >= 1
    assert peak < 8 * size, f"{peak / size:.1f} times the line"


@pytest.mark.parametrize("opener", ["[", "{\"a\": "])
@pytest.mark.parametrize("depth", [100, 100_000])
def test_deep_json_in_a_log_line_is_rejected_at_its_line(opener: str, depth: int) -> None:
    lines = _sample_lines("tournament-log")
    closer = "]" if opener == "[" else "}"
    deep = '{"event": "registration", "seq": 2, "x": ' + opener * depth + "1" + closer * depth + "}"
    data = "\n".join([lines[0], deep, *lines[1:]]).encode("utf-8")
    records = list(parse_records(FORMAT_BY_NAME["tournament-log"], iter_lines_from_bytes(data),
                                 "log.jsonl"))
    rejected = [r for r in records if isinstance(r, Rejection)]
    assert [r.location.line for r in rejected] == [2]
    assert not rejected[0].reason.startswith("reader error"), rejected[0].reason
    assert len(records) == len(lines) + 1  # every other line still read
