"""What every input format provides, and the helpers they share to cut a file into records.

A format sniffs a file's first lines, cuts the line stream into blocks (one record each) and
parses one block at a time. Cutting is simple and robust; parsing may fail on a damaged
record, and the driver (`stream.py`) turns any failure into a located rejection and goes on.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeVar

from checker.ingest.decode import Line
from checker.ingest.excerpt import EXCERPT_CHARS, bounded
from checker.model import Record, Rejection, SourceLocation
from checker.model.cards import DECK, RANKS, SUITS


@dataclass(slots=True, init=False)
class Block:
    """Consecutive lines of one record. Line `i` of `lines` is file line `start + i`. Nothing
    changes a block once cut. The constructor is written out: compiled with mypyc, the one
    @dataclass makes runs interpreted (~0.3 us a block, frozen; docs/performance.md)."""

    start: int
    lines: list[str]

    def __init__(self, start: int, lines: list[str]) -> None:
        self.start = start
        self.lines = lines

    @property
    def end(self) -> int:
        return self.start + len(self.lines) - 1

    def numbered(self) -> Iterator[Line]:
        return enumerate(self.lines, start=self.start)


class RecordError(ValueError):
    """A record is damaged: `reason` says how, `line` where (file line number)."""

    def __init__(self, reason: str, line: int, hand: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.hand = hand


class InputFormat(Protocol):
    name: str
    # True when this format's records are hands (a rejected record counts as a hand read).
    holds_hands: bool

    def sniff(self, head: list[str]) -> bool:
        """Whether the first non-blank lines of a file are in this format."""
        ...

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        """Cut the file's numbered lines into one block per record."""
        ...

    def parse(self, block: Block, path: str) -> Record:
        """Read one record; raise RecordError (or return a Rejection) when it is damaged."""
        ...


CachedValue = TypeVar("CachedValue")

# Seat numbers as written ("1", "10") and the numbers they are, for the readers' seat lines: a
# look-up, where testing the digits and converting them cost ~450-700 instructions a line
# (compiled, another module reads this Final as a static).
SEAT_NUMBERS: Final[dict[str, int]] = {str(number): number for number in range(100)}


def first_word(text: str, words: tuple[str, ...], at: int) -> tuple[int, int]:
    """Where in `text`, from `at`, one of `words` first starts, and that word's length;
    (-1, 0) when none does. The readers' stand-in for a pattern's alternation of fixed words
    (a pattern tries every position of the line)."""
    start = -1
    size = 0
    for word in words:
        where = text.find(word, at)
        if where >= 0 and (start < 0 or where < start):
            start, size = where, len(word)
    return start, size


# A pot line's words, the same in Full Tilt's and PokerStars' summaries.
TOTAL_POT: Final = "Total pot "
RAKE: Final = " | Rake "


def total_and_rake(text: str) -> tuple[str, str] | None:
    """A pot line's total and rake as written (`Total pot T | Rake R`, cut at the first
    " | Rake " after "Total pot "); None for a line that does not start so or names no rake.
    Each reader checks the two texts as its pattern would."""
    if not text.startswith(TOTAL_POT):
        return None
    cut = text.find(RAKE, len(TOTAL_POT))
    if cut < 0:
        return None
    return text[len(TOTAL_POT):cut], text[cut + len(RAKE):]


# The deck's texts in `DECK` order (rank then suit), and each rank's and suit's place by its
# character's code (-1: no rank or suit).
_DECK_TEXTS: Final[list[str]] = list(DECK)
_RANK_AT: Final[tuple[int, ...]] = tuple(RANKS.find(chr(code)) for code in range(128))
_SUIT_AT: Final[tuple[int, ...]] = tuple(SUITS.find(chr(code)) for code in range(128))


def deck_cards(text: str) -> list[str] | None:
    """The cards of "Ah Kd 2c" (one space between each) as the deck's own texts, or None
    when `text` is not written so (the reader's general path then reads it, or refuses it).
    A record holds the same string object for a card in every hand, whose hash is computed
    once for the run, where a text cut from each line was a new string, hashed again at
    every look-up (the readers' checks, the replay's ranking, the observer's equity)."""
    size = len(text)
    if size % 3 != 2:
        return None
    cards: list[str] = []
    for at in range(0, size, 3):
        if at and ord(text[at - 1]) != 32:  # " "
            return None
        rank_code = ord(text[at])
        suit_code = ord(text[at + 1])
        if rank_code >= 128 or suit_code >= 128:
            return None
        rank = _RANK_AT[rank_code]
        suit = _SUIT_AT[suit_code]
        if rank < 0 or suit < 0:
            return None
        cards.append(_DECK_TEXTS[rank * 4 + suit])
    return cards


def remember(cache: dict[str, CachedValue], text: str, value: CachedValue, size: int
             ) -> CachedValue:
    """`value` kept in the readers' `cache` of what a text reads as, and returned. A cache
    with `size` entries is emptied first, not frozen: a file's records repeat their texts
    close together (a table's hands), so the recent texts are the ones read again."""
    if len(cache) >= size:
        cache.clear()
    cache[text] = value
    return value


def split_at(lines: Iterator[Line], is_start: Callable[[str], bool]) -> Iterator[Block]:
    """Blocks that begin at each line where `is_start` holds; trailing blank lines dropped.

    Non-blank lines before the first start form a block of their own, so the parser can
    reject them (a record whose header line is missing) instead of losing them silently.
    """
    start = 0
    current: list[str] = []
    for number, text in lines:
        if is_start(text) and current:
            block = trimmed_block(start, current)
            if block is not None:
                yield block
            current = []
        if not current:
            start = number
        current.append(text)
    block = trimmed_block(start, current)
    if block is not None:
        yield block


def split_on_blank_runs(lines: Iterator[Line], min_blank: int = 1) -> Iterator[Block]:
    """Blocks separated by at least `min_blank` blank lines."""
    start = 0
    current: list[str] = []
    blanks = 0
    for number, text in lines:
        if not text.strip():
            blanks += 1
            if current:
                current.append(text)
            continue
        if current and blanks >= min_blank:
            block = trimmed_block(start, current)
            if block is not None:
                yield block
            current = []
        blanks = 0
        if not current:
            start = number
        current.append(text)
    block = trimmed_block(start, current)
    if block is not None:
        yield block


def trimmed_block(start: int, lines: list[str]) -> Block | None:
    """Drop leading and trailing blank lines; None when nothing is left."""
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    last = len(lines)
    while last > first and not lines[last - 1].strip():
        last -= 1
    if first == last:
        return None
    return Block(start + first, lines[first:last])


def record_fields(block: Block, path: str, fmt: str) -> dict[str, Any]:
    """The fields every record starts with: its format and where it stands in the file."""
    return {
        "source_format": fmt,
        "location": {"file": path, "line": block.start},
        "end_line": block.end,
    }


def rejection(
    path: str, line: int, reason: str, fmt: str, hand: str | None = None, is_hand: bool = True
) -> Rejection:
    # Bounded: a damaged record's reason or hand number can hold a runaway line.
    return Rejection(
        location=SourceLocation(file=path, line=line),
        hand=hand if hand is None else bounded(hand, EXCERPT_CHARS),
        reason=bounded(reason),
        source_format=fmt,
        is_hand=is_hand,
    )
