"""What the real corpus is, written down independently of the readers.

The expected format of every file comes from what the file is (read by a person), and hand
counts come from a plain header count, so a reader that misdetects a file or silently drops
hands fails the corpus tests.
"""

import re
from pathlib import Path

from checker.ingest.decode import iter_lines

# Files that are not hand histories or summaries at all: tracker dumps, notes, a binary sheet.
NOT_INPUT_SUFFIXES = (".hp", ".hands", ".gt", ".md", ".tsv", ".xls")
NOT_INPUT_NAMES = {"SOURCES.txt"}
# A tournament summary that the corpus keeps among the tournament hand files.
MISFILED_SUMMARIES = {"ftp/tour/Flop/NLHE-9max-STT-USD-8.30-201211.step.txt"}


def expected_format(relative: str) -> str | None:
    """The format a person reading the file would name; None for files that are not inputs."""
    name = relative.rsplit("/", 1)[-1]
    if relative.endswith(NOT_INPUT_SUFFIXES) or name in NOT_INPUT_NAMES:
        return None
    if relative.startswith("ftp/old2008/") and name.endswith(".expected.txt"):
        return None  # FPDB "print hand" database dumps, not hand histories
    if relative in MISFILED_SUMMARIES:
        return "fulltilt-summary"
    if relative.startswith(("ftp/tour/", "ftp/cash/", "ftp/old2008/")):
        return "fulltilt-hand"
    if relative.startswith("ftp/summaries/"):
        return "fulltilt-summary"
    if relative.startswith(("stars/tour/", "stars/cash/")):
        return "pokerstars-hand"
    if relative.startswith("stars/summaries/"):
        return "pokerstars-archive-html" if name.endswith(".htm") else "pokerstars-summary"
    if relative.startswith("other/pokertracker_summaries/"):
        return "pokertracker-summary"
    if relative.startswith("phh/"):
        return "phh"
    raise AssertionError(f"corpus file with no expectation: {relative}")


HAND_FORMATS = {"fulltilt-hand", "pokerstars-hand", "phh"}

_HEADER = {
    "fulltilt-hand": re.compile(r"Full ?Tilt ?Poker(?:\.fr)? Game #\d+"),
    "pokerstars-hand": re.compile(
        r"(?:PokerStars (?:Zoom |Home Game )?(?:Hand|Game)|Full Tilt (?:Rush )?Hand) #\d+"
    ),
    "phh": re.compile(r"^\[\d+\]\s*$"),
}


def count_hands_present(path: Path, fmt: str) -> int:
    """Hands in a file by a plain header count, independent of the readers."""
    if fmt == "phh" and path.suffix == ".phh":
        return 1
    pattern = _HEADER[fmt]
    return sum(len(pattern.findall(text)) for _, text in iter_lines(path))
