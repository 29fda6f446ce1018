"""Showdown strength for the hands phevaluator does not rank: short-deck high, 8-or-better low,
A-5 low, 2-7 low and badugi. Pure Python on rank bitmasks; tests/test_replay_evaluate.py checks
every function against the reference evaluator pinned in the test extra (exhaustively on
five-card hands where that is cheap).

Every function returns an int where larger is better, comparable only with results of the same
function (8-or-better: the Omaha and stud functions share one scale).

A result is the hand's category above bit `_CATEGORY_SHIFT` (where the game has categories),
and below it one of three encodings, never mixed within one category:
- distinct ranks (no pair, flushes, lows; badugi's one to four cards) as a bitmask of the
  ranks. For two sets of the same size the larger mask is the one with the higher card at the
  first difference, highest card first: how poker compares such hands, as one int comparison.
- pairs and the like: the ranks four bits each, the most numerous first, then the highest.
- short-deck straights: the top card.
Lows negate the result, so that larger is better there too.
"""

from collections.abc import Callable, Hashable, Sequence
from itertools import combinations
from typing import Final

# Ace low (A=1 .. K=13) for the A-5 family, badugi and 8-or-better; ace high (2 .. A=14) for
# 2-7 and short deck.
_ACE_LOW: Final = {rank: value for value, rank in enumerate("A23456789TJQK", start=1)}
_ACE_HIGH: Final = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}
_LOW_BIT: Final = {rank: 1 << (value - 1) for rank, value in _ACE_LOW.items()}  # ace = bit 0
_EIGHT_BIT: Final = {rank: bit if bit < 1 << 8 else 0 for rank, bit in _LOW_BIT.items()}
_SHORT_DECK: Final = {rank: value for rank, value in _ACE_HIGH.items() if value >= 6}
_ACE = _ACE_HIGH["A"]
_SUIT_BIT: Final = {suit: 1 << i for i, suit in enumerate("cdhs")}

_CATEGORY_SHIFT: Final = 20  # above any rank mask (bits 0-14) and any four packed ranks (16 bits)

# Categories of the standard high order (2-7 negates it): no pair 0, straight 4, flush 5,
# straight flush 8, and the paired ones by their rank counts, most numerous first.
_STRAIGHT: Final = 4
_FLUSH: Final = 5
_STRAIGHT_FLUSH: Final = 8
_STANDARD_CATEGORY: Final = {(2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6, (4, 1): 7}
# A-5 low: straights and flushes do not exist; categories count badness (no pair 0).
_A5_CATEGORY: Final = {(2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}
# Short deck: a flush beats a full house.
_SD_PAIR: Final = 1
_SD_TWO_PAIR: Final = 2
_SD_TRIPS: Final = 3
_SD_STRAIGHT: Final = 4
_SD_FULL_HOUSE: Final = 5
_SD_FLUSH: Final = 6
_SD_QUADS: Final = 7
_SD_STRAIGHT_FLUSH: Final = 8

# 2-7: the ace is only high, so A-2-3-4-5 is no straight; 2-3-4-5-6 .. T-J-Q-K-A are.
_ACE_HIGH_STRAIGHTS: Final = frozenset(0b11111 << low for low in range(2, _ACE - 3))
# Short deck, (mask, top card) from the best down; A-6-7-8-9 is the lowest straight.
_SHORT_DECK_STRAIGHTS: Final[tuple[tuple[int, int], ...]] = (
    *((0b11111 << (top - 4), top) for top in range(_ACE, 9, -1)),
    ((1 << _ACE) | (0b1111 << 6), 9),
)

_PAIRS_OF_EIGHT: Final = tuple(sum(1 << i for i in two) for two in combinations(range(8), 2))
_TRIPLES_OF_EIGHT: Final = tuple(sum(1 << i for i in three) for three in combinations(range(8), 3))

# Memos for the paths that search (Omaha 8-or-better, paired A-5 lows), the second cleared
# when it grows past this many keys.
_MEMO_LIMIT: Final = 200_000
_omaha8_memo: Final[dict[int, int | None]] = {}
_paired_a5_memo: Final[dict[Hashable, int]] = {}


def clear_memo() -> None:
    """Forget every memoised result (for measuring the cold cost)."""
    _omaha8_memo.clear()
    _paired_a5_memo.clear()


# --- 8-or-better -------------------------------------------------------------------------------

def eight_or_better_low(cards: Sequence[str]) -> int | None:
    """Best 8-or-better low from any five of `cards` (stud hi/lo); None when fewer than five
    distinct ranks eight or lower."""
    mask = 0
    for card in cards:
        mask |= _EIGHT_BIT[card[0]]
    if mask.bit_count() < 5:
        return None
    return -_lowest(mask, 5)


def omaha_eight_or_better_low(hole: Sequence[str], board: Sequence[str]) -> int | None:
    """Best 8-or-better low from exactly two of `hole` and three of `board` (Omaha hi/lo); None
    when no such five have distinct ranks eight or lower."""
    hole_mask = board_mask = 0
    for card in hole:
        hole_mask |= _EIGHT_BIT[card[0]]
    for card in board:
        board_mask |= _EIGHT_BIT[card[0]]
    key = hole_mask << 8 | board_mask  # at most 65,536 keys: no limit needed
    try:
        return _omaha8_memo[key]
    except KeyError:
        value = _omaha8_memo[key] = _best_omaha_low(hole_mask, board_mask)
        return value


def _best_omaha_low(hole_mask: int, board_mask: int) -> int | None:
    threes = [three for three in _TRIPLES_OF_EIGHT if three & board_mask == three]
    lows = [two | three for two in _PAIRS_OF_EIGHT if two & hole_mask == two
            for three in threes if not two & three]
    return -min(lows) if lows else None


# --- A-5 low -------------------------------------------------------------------------------------

def ace_to_five_low(cards: Sequence[str]) -> int:
    """Best A-5 low from any five of `cards` (razz, A-5 triple draw): ace low, straights and
    flushes do not count, pairs do."""
    if len(cards) < 5:
        raise ValueError(f"an A-5 low needs five cards at least, got {len(cards)}")
    mask = 0
    for card in cards:
        mask |= _LOW_BIT[card[0]]
    if mask.bit_count() >= 5:
        return -_lowest(mask, 5)
    # Fewer than five ranks: some pairing is forced, and the search is memoised by ranks.
    values = tuple(sorted(_ACE_LOW[card[0]] for card in cards))
    return _memo(_paired_a5_memo, values, lambda: _best_paired_a5(values))


def _best_paired_a5(values: tuple[int, ...]) -> int:
    return max(_a5_paired_five(five) for five in set(combinations(values, 5)))


def _a5_paired_five(values: Sequence[int]) -> int:
    pattern, packed = _grouped(values)
    return -(_A5_CATEGORY[pattern] << _CATEGORY_SHIFT | packed)


# --- 2-7 low -------------------------------------------------------------------------------------

def deuce_to_seven_low(cards: Sequence[str]) -> int:
    """2-7 low of exactly five cards: the worst high hand wins, the ace is always high."""
    if len(cards) != 5:
        raise ValueError(f"a 2-7 low needs exactly five cards, got {len(cards)}")
    values = [_ACE_HIGH[card[0]] for card in cards]
    mask = 0
    for value in values:
        mask |= 1 << value
    if mask.bit_count() == 5:
        flush = len({card[1] for card in cards}) == 1
        straight = mask in _ACE_HIGH_STRAIGHTS
        category = (_STRAIGHT_FLUSH if straight and flush else _FLUSH if flush
                    else _STRAIGHT if straight else 0)
        return -(category << _CATEGORY_SHIFT | mask)
    pattern, packed = _grouped(values)
    return -(_STANDARD_CATEGORY[pattern] << _CATEGORY_SHIFT | packed)


# --- badugi --------------------------------------------------------------------------------------

def badugi_low(cards: Sequence[str]) -> int:
    """Best badugi: the most cards of distinct ranks and distinct suits, then the lowest (ace
    low)."""
    if not cards:
        raise ValueError("a badugi hand needs one card at least")
    bits = [(_LOW_BIT[card[0]], _SUIT_BIT[card[1]]) for card in cards]
    if len(bits) <= 4 and (whole := _rainbow_ranks(bits)):
        return (len(bits) << 13) - whole  # the whole hand is a badugi: shown hands mostly are
    for size in range(min(4, len(bits)), 0, -1):
        masks = [m for chosen in combinations(bits, size) if (m := _rainbow_ranks(chosen))]
        if masks:
            # Any larger set beats any smaller: a rank mask stays below 1 << 13.
            return (size << 13) - min(masks)
    raise AssertionError("one card is always a badugi hand")


def _rainbow_ranks(chosen: Sequence[tuple[int, int]]) -> int:
    """The rank mask of `chosen` if its ranks and its suits are all distinct, else 0."""
    ranks = suits = 0
    for rank, suit in chosen:
        if ranks & rank or suits & suit:
            return 0
        ranks |= rank
        suits |= suit
    return ranks


# --- short-deck high -----------------------------------------------------------------------------

def short_deck_high(cards: Sequence[str]) -> int:
    """Best five-card short-deck (6+) high hand of five to seven cards: a flush beats a full
    house and A-6-7-8-9 is the lowest straight."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a short-deck hand needs 5 to 7 cards, got {len(cards)}")
    counts: dict[int, int] = {}
    by_suit: dict[str, int] = {}  # suit -> rank mask of its cards
    for card in cards:
        value = _SHORT_DECK.get(card[0])
        if value is None:
            raise ValueError(f"{card} is not in the short deck")
        counts[value] = counts.get(value, 0) + 1
        by_suit[card[1]] = by_suit.get(card[1], 0) | 1 << value
    # From at most seven cards only one suit can hold five.
    flush = next((mask for mask in by_suit.values() if mask.bit_count() >= 5), 0)
    if flush and (top := _straight_top(flush)):
        return _SD_STRAIGHT_FLUSH << _CATEGORY_SHIFT | top
    if len(counts) == len(cards):  # no pair: the common case, decided by masks alone
        if flush:
            return _SD_FLUSH << _CATEGORY_SHIFT | _highest(flush, 5)
        ranks = 0
        for mask in by_suit.values():
            ranks |= mask
        if top := _straight_top(ranks):
            return _SD_STRAIGHT << _CATEGORY_SHIFT | top
        return _highest(ranks, 5)
    return _short_deck_grouped(counts, flush)


def _short_deck_grouped(counts: dict[int, int], flush: int) -> int:
    """The best hand from cards with at least one pair (and maybe a flush among them)."""
    by_count = sorted(counts, key=lambda value: (counts[value], value), reverse=True)
    first = by_count[0]
    rest = by_count[1:]  # most numerous first, then highest
    if counts[first] == 4:
        return _SD_QUADS << _CATEGORY_SHIFT | first << 4 | max(rest)
    if flush:
        return _SD_FLUSH << _CATEGORY_SHIFT | _highest(flush, 5)
    if counts[first] == 3 and counts[rest[0]] >= 2:
        return _SD_FULL_HOUSE << _CATEGORY_SHIFT | first << 4 | rest[0]
    ranks = 0
    for value in counts:
        ranks |= 1 << value
    if top := _straight_top(ranks):
        return _SD_STRAIGHT << _CATEGORY_SHIFT | top
    if counts[first] == 3:
        return _pack(_SD_TRIPS, first, *sorted(rest, reverse=True)[:2])
    if counts[rest[0]] == 2:  # two pairs or three: the third pair's rank may be the kicker
        return _pack(_SD_TWO_PAIR, first, rest[0], max(rest[1:]))
    return _pack(_SD_PAIR, first, *sorted(rest, reverse=True)[:3])


def _straight_top(ranks: int) -> int:
    """Top card of the best short-deck straight within the rank mask, 0 if none."""
    for mask, top in _SHORT_DECK_STRAIGHTS:
        if ranks & mask == mask:
            return top
    return 0


# --- shared --------------------------------------------------------------------------------------

def _grouped(values: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """(rank counts, packed ranks), both ordered most numerous first, then highest first."""
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    order = sorted(counts, key=lambda value: (counts[value], value), reverse=True)
    packed = 0
    for value in order:
        packed = packed << 4 | value
    return tuple(counts[value] for value in order), packed


def _pack(category: int, *values: int) -> int:
    packed = 0
    for value in values:
        packed = packed << 4 | value
    return category << _CATEGORY_SHIFT | packed


def _lowest(mask: int, count: int) -> int:
    """The `count` lowest set bits of `mask`."""
    while mask.bit_count() > count:
        mask ^= 1 << (mask.bit_length() - 1)
    return mask


def _highest(mask: int, count: int) -> int:
    """The `count` highest set bits of `mask`."""
    while mask.bit_count() > count:
        mask &= mask - 1
    return mask


def _memo(memo: dict[Hashable, int], key: Hashable, compute: Callable[[], int]) -> int:
    try:
        return memo[key]
    except KeyError:
        pass
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    value = memo[key] = compute()
    return value
