"""The functions rules may call: a small fixed table of pure functions over plain values.

This table is the whole of what a rule can call; there is no way to reach other Python. Each
entry has a signature the type checker knows. The functions never see None: when an argument
may be unknown, the compiled call gives None (unknown) instead of calling.

Seats go clockwise in ascending seat number, wrapping from the highest seat to the lowest.
"""

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from checker.dsl.types import (
    BOOL,
    CHIPS,
    INT,
    MONEY,
    NUMERIC,
    PERCENT,
    STRING,
    ListType,
    Optional,
    Type,
    Var,
)


@dataclass(frozen=True, slots=True)
class Builtin:
    name: str
    params: tuple[tuple[str, Type], ...]
    result: Type
    function: Callable[..., object]

    @property
    def doc(self) -> str:
        return (self.function.__doc__ or "").strip()

    def signature(self) -> str:
        """`lesser(a: N, b: N) -> N, N: int, chips, money, duration or percent`."""
        params = ", ".join(f"{name}: {_shown(kind)}" for name, kind in self.params)
        variables = {v.name: v for _, kind in self.params for v in _variables(kind)}
        where = [f"{v.name}: {v}" for v in variables.values() if v.choices is not None]
        return f"{self.name}({params}) -> {_shown(self.result)}" + "".join(
            f", {w}" for w in where)


def _shown(kind: Type) -> str:
    """A signature type, variables by name."""
    if isinstance(kind, Var):
        return kind.name
    if isinstance(kind, ListType):
        return f"list[{_shown(kind.item)}]"
    if isinstance(kind, Optional):
        return f"{_shown(kind.inner)} | none"
    return str(kind)


def _variables(kind: Type) -> list[Var]:
    if isinstance(kind, Var):
        return [kind]
    if isinstance(kind, ListType):
        return _variables(kind.item)
    if isinstance(kind, Optional):
        return _variables(kind.inner)
    return []


# ---------------------------------------------------------------- seats


def next_seat(seat: int, seats: Sequence[int]) -> int | None:
    """The first of `seats` clockwise after `seat` (the lowest when none is higher); `seat`
    itself when it is the only one; none when `seats` is empty."""
    # One pass, no list: the bundled rules call this a few times a hand (compiled copies).
    after: int | None = None
    lowest: int | None = None
    for s in seats:
        if s > seat and (after is None or s < after):
            after = s
        if lowest is None or s < lowest:
            lowest = s
    return after if after is not None else lowest


def previous_seat(seat: int, seats: Sequence[int]) -> int | None:
    """The first of `seats` counter-clockwise before `seat` (the highest when none is
    lower); none when `seats` is empty."""
    before: int | None = None
    highest: int | None = None
    for s in seats:
        if s < seat and (before is None or s > before):
            before = s
        if highest is None or s > highest:
            highest = s
    return before if before is not None else highest


def seats_between(a: int, b: int, seats: Sequence[int]) -> int:
    """How many of `seats` lie strictly between seat `a` and seat `b`, going clockwise from
    `a`. When a == b the walk goes all the way round: every seat but `a` counts."""
    if a < b:
        return sum(1 for s in seats if a < s < b)
    if a > b:
        return sum(1 for s in seats if s > a or s < b)
    return sum(1 for s in seats if s != a)


def highest(values: Sequence[int]) -> int | None:
    """The largest value of the list; none when it is empty."""
    return max(values) if values else None


def lowest(values: Sequence[int]) -> int | None:
    """The smallest value of the list; none when it is empty."""
    return min(values) if values else None


# ---------------------------------------------------------------- numbers


def lesser(a: int, b: int) -> int:
    """The smaller of two numbers of the same kind."""
    return a if a <= b else b


def greater(a: int, b: int) -> int:
    """The larger of two numbers of the same kind."""
    return a if a >= b else b


def absolute(a: int) -> int:
    """The magnitude of a number, of the same kind (abs)."""
    return -a if a < 0 else a


def share(total: int, part: int, whole: int) -> int:
    """`part / whole` of `total`, rounded down: floor(total * part / whole); 0 when `whole`
    is 0 (the share of a prize pool by chip count, say)."""
    if whole == 0:
        return 0
    return total * part // whole


def percent_of(amount: int, percent: int) -> int:
    """`percent` (basis points: 65% = 6500) of `amount`, rounded down."""
    return amount * percent // 10_000


def length(values: Sequence[object]) -> int:
    """The number of items in a list (len)."""
    return len(values)


def position(item: object, values: Sequence[object]) -> int | None:
    """Where `item` first stands in `values`, counting from 0; none when it is not there:
    position(hearts, [clubs, diamonds, hearts, spades]) is 2."""
    for index, value in enumerate(values):
        if value == item:
            return index
    return None


# ---------------------------------------------------------------- text

# Ranks as written in chat: digits, letters and words; plural forms for "pocket kings".
_RANK_WORDS = (
    "two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace|deuce|trey"
)
_RANK_PLURALS = (
    "twos|deuces|threes|treys|fours|fives|sixes|sevens|eights|nines|tens|jacks|queens|kings"
    "|aces|[2-9]s|10s"
)
_SUIT_WORDS = "spades?|hearts?|diamonds?|clubs?"
# A card written short ("Ah", "Td", "10c"), alone or run together ("AhKd"). The words "As"
# and "Ah" alone are English ("As I said", "Ah, nice") and do not count; "AsKd" does.
_SHORT_CARD = r"(?:10|[2-9TJQKA])[shdc]"
_SHORT_CARDS = re.compile(rf"(?<![\w]){_SHORT_CARD}(?:{_SHORT_CARD})*(?![\w])")
_SPELLED = re.compile(
    rf"\b(?:(?:{_RANK_WORDS}|10|[2-9]|[tjqka])\s+of\s+(?:{_SUIT_WORDS})"
    rf"|pocket\s+(?:{_RANK_PLURALS}))\b",
    re.IGNORECASE,
)
_ENGLISH_SHORT = frozenset({"As", "Ah"})


def contains(text: str, word: str) -> bool:
    """Whether `word` occurs in `text`, ignoring case (anywhere, also inside words)."""
    return word.casefold() in text.casefold()


@lru_cache(maxsize=256)
def _words_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def mentions_any(text: str, words: Sequence[str]) -> bool:
    """Whether `text` has any of `words` as a whole word (or phrase), ignoring case:
    "nice FLUSH" mentions "flush"; "flushed" does not."""
    wanted = tuple(word for word in words if word)
    return bool(wanted) and _words_pattern(wanted).search(text) is not None


def mentions_card(text: str) -> bool:
    """Whether `text` names a playing card. Recognised: short forms with an upper-case
    rank and a lower-case suit ("Ah", "Td", "10c", "AhKd"; the lone words "As" and "Ah" are
    read as English), spelled cards in any case ("ten of spades", "A of hearts"), and pocket
    pairs ("pocket kings", "pocket 7s")."""
    if _SPELLED.search(text):
        return True
    return any(match.group(0) not in _ENGLISH_SHORT for match in _SHORT_CARDS.finditer(text))


# Phrase patterns (clause 29 chat). Text and patterns are read as words: lower case, curly
# apostrophes straightened, suit symbols as their letters ("K♠" is "ks"); a word is a run of
# letters, digits and ' + % / (so "he's", "60/40", "QQ+" and "16%" are one word each).
_SUIT_SYMBOLS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c", "’": "'", "‘": "'"})
_WORD = re.compile(r"[a-z0-9'+%/]+")
_CLASS_REF = re.compile(r"\[([a-z0-9_]+)\]")
_NOTHING = "(?!)"
_MAX_NESTING = 4


def _words(text: str) -> list[str]:
    found = _WORD.findall(text.casefold().translate(_SUIT_SYMBOLS))
    return [word.strip("'") for word in found if word.strip("'")]


def _vocabulary(entries: Sequence[str]) -> dict[str, list[str]]:
    """`"name: member member"` entries as {name: members}; entries of one name add up."""
    classes: dict[str, list[str]] = {}
    for entry in entries:
        name, _, members = entry.partition(":")
        classes.setdefault(name.strip().casefold(), []).extend(members.casefold().split())
    return classes


def _member(member: str, classes: dict[str, list[str]], depth: int = 0) -> str:
    """A regex for one vocabulary member: a word, `{name}` (every member of class `name`;
    classes nest a few levels, not into themselves), or a shape whose `[name]` parts are each
    one plain word of class `name` ("[rank][suit]" is "ah", "10c"...)."""
    if member.startswith("{") and member.endswith("}"):
        return _class(member[1:-1], classes, depth + 1)
    parts: list[str] = []
    at = 0
    for ref in _CLASS_REF.finditer(member):
        parts.append(re.escape(member[at:ref.start()]))
        plain = [w for w in classes.get(ref.group(1), []) if "[" not in w]
        parts.append("(?:" + "|".join(map(re.escape, plain)) + ")" if plain else _NOTHING)
        at = ref.end()
    parts.append(re.escape(member[at:]))
    # `_` joins the words of a member of several words ("full_house").
    return "".join(parts).replace("_", " ")


def _class(name: str, classes: dict[str, list[str]], depth: int) -> str:
    """A regex for any member of class `name`; nothing for an unknown class or past the
    nesting limit (a class naming itself)."""
    members = classes.get(name, [])
    if depth > _MAX_NESTING or not members:
        return _NOTHING
    # A member written `-word` is a word the class's shapes must not read ("at" is not
    # ace-ten).
    unless = [re.escape(m[1:]).replace("_", " ") for m in members if m.startswith("-")]
    kept = [_member(m, classes, depth) for m in members if not m.startswith("-")]
    guard = "(?!(?:" + "|".join(unless) + ") )" if unless else ""
    return guard + "(?:" + "|".join(kept) + ")"


def _token(token: str, classes: dict[str, list[str]]) -> str:
    """A regex for one pattern word followed by its space: `word`, `{class}`, `*` (any one
    word), `...` (any words, none included), `^` and `$` (the start and end of the text),
    alternatives `a|{b}`; a trailing `?` makes it optional."""
    if token == "...":
        return r"(?:[^\s^$]+ )*"
    optional = token.endswith("?") and len(token) > 1
    token = token[:-1] if optional else token
    choices: list[str] = []
    for choice in token.split("|"):
        if choice == "*":
            choices.append(r"[^\s^$]+")
        elif choice in ("^", "$"):
            choices.append(re.escape(choice))
        elif choice.startswith("{") and choice.endswith("}"):
            choices.append(_class(choice[1:-1], classes, 0))
        elif choice:
            choices.append(re.escape(choice).replace("_", " "))
    body = "(?:" + "|".join(choices) + ") " if choices else _NOTHING
    return f"(?:{body})?" if optional else body


@lru_cache(maxsize=64)
def _phrases_pattern(patterns: tuple[str, ...], vocabulary: tuple[str, ...]) -> re.Pattern[str]:
    classes = _vocabulary(vocabulary)
    alternatives = [" " + "".join(_token(t, classes) for t in " ".join(_words_of(p)).split())
                    for p in patterns if p.strip()]
    return re.compile("|".join(alternatives) if alternatives else _NOTHING)


def _words_of(pattern: str) -> list[str]:
    """A pattern's words, folded as text is, its syntax (`{}`, `|`, `?`, `*`, `...`) kept."""
    return pattern.casefold().translate(_SUIT_SYMBOLS).split()


def mentions_phrase(text: str, patterns: Sequence[str], vocabulary: Sequence[str]) -> bool:
    """Whether `text` says any of `patterns`, read word by word, ignoring case and
    punctuation. A pattern is words: `word`, `a|b` (either), `{name}` (any member of the
    vocabulary's class `name`), `*` (any one word), `...` (any words, or none), `^` and `$`
    (the start and the end of the text), and a trailing `?` makes a word optional.
    `vocabulary` entries are `"name: member member"`; a member is a word, words joined by `_`
    ("full_house"), a shape like `[rank][suit]` (one plain word of each named class), or
    `-word`, a word the class does not take though its shapes would read it:
    mentions_phrase("he needs a heart", ["* needs a? {suit}"], ["suit: heart spade"])."""
    return _phrases_pattern(tuple(patterns), tuple(vocabulary)).search(
        " ^ " + " ".join(_words(text)) + " $ ") is not None


# ---------------------------------------------------------------- the table

_N = Var("N", NUMERIC)
_AMOUNT = Var("A", (MONEY, CHIPS))
_ANY = Var("T")
_INTS = ListType(INT)

BUILTINS: dict[str, Builtin] = {
    b.name: b
    for b in (
        Builtin("len", (("list", ListType(_ANY)),), INT, length),
        Builtin("position", (("item", _ANY), ("list", ListType(_ANY))), Optional(INT),
                position),
        Builtin("abs", (("number", _N),), _N, absolute),
        Builtin("lesser", (("a", _N), ("b", _N)), _N, lesser),
        Builtin("greater", (("a", _N), ("b", _N)), _N, greater),
        Builtin("next_seat", (("seat", INT), ("seats", _INTS)), Optional(INT), next_seat),
        Builtin("previous_seat", (("seat", INT), ("seats", _INTS)), Optional(INT),
                previous_seat),
        Builtin("seats_between", (("a", INT), ("b", INT), ("seats", _INTS)), INT,
                seats_between),
        Builtin("highest", (("values", ListType(_N)),), Optional(_N), highest),
        Builtin("lowest", (("values", ListType(_N)),), Optional(_N), lowest),
        Builtin("share", (("total", _AMOUNT), ("part", CHIPS), ("whole", CHIPS)), _AMOUNT,
                share),
        Builtin("percent_of", (("amount", _AMOUNT), ("percent", PERCENT)), _AMOUNT,
                percent_of),
        Builtin("contains", (("text", STRING), ("word", STRING)), BOOL, contains),
        Builtin("mentions_any", (("text", STRING), ("words", ListType(STRING))), BOOL,
                mentions_any),
        Builtin("mentions_card", (("text", STRING),), BOOL, mentions_card),
        Builtin("mentions_phrase", (("text", STRING), ("patterns", ListType(STRING)),
                                    ("vocabulary", ListType(STRING))), BOOL, mentions_phrase),
    )
}
