"""Every reader, fed arbitrary bytes or a real record cut or mutated at random, answers with
records or located rejections: never an exception, and never an internal "reader error"."""

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.ingest.base import InputFormat
from checker.ingest.decode import iter_lines, iter_lines_from_bytes
from checker.ingest.detect import FORMATS
from checker.ingest.stream import parse_records
from checker.model import Hand, LogRecord, Rejection, TournamentSummary
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
    records = list(parse_records(fmt, iter_lines_from_bytes(data), "fuzz.txt"))
    for record in records:
        assert isinstance(record, Hand | TournamentSummary | LogRecord | Rejection)
        if isinstance(record, Rejection):
            assert not record.reason.startswith("reader error"), record.reason
            assert record.location.line >= 1


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
