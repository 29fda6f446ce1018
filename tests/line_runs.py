"""A text's numbered lines, and the same lines cut into runs anywhere (as
checker/ingest/decode.py `line_runs` gives a file's decoded pieces): for the tests that hold a
format's cutter of runs to its cutter of lines."""

from itertools import pairwise

from checker.ingest.decode import Line, Run, lines_of_chunks


def lines_and_runs(text: str, cuts: list[int]) -> tuple[list[Line], list[Run]]:
    """`text`'s lines, and runs of them cut before each line index in `cuts` (clamped)."""
    lines = list(lines_of_chunks([text]))
    bounds = [0, *sorted(min(cut, len(lines)) for cut in cuts), len(lines)]
    runs = [(lines[a][0], [t for _, t in lines[a:b]]) for a, b in pairwise(bounds) if b > a]
    return lines, runs
