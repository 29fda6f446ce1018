"""The first line of a Full Tilt Poker hand: game number, table, game, stakes and time.

Every generation the client wrote is read here:

    FullTiltPoker Game #579366587: $200 + $10 Heads Up Sit & Go (3795352), Table 1 - 40/80 -
        Limit Omaha H/L - 21:27:00 ET - 2006/04/19
    Full Tilt Poker Game #21536466676: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi -
        12:18:37 ET - 2010/06/11
    Full Tilt Poker Game #22488827305: Table Flash - $0.02/$0.05 - No Limit Hold'em - 15:13 ET -
        Wed, July 21, 2010                                   (the short-lived 2010 date format)
    Full Tilt Poker Game #32641750796: $750 Guarantee (253683109), Table 86 - NL Hold'em -
        120/240 Ante 25 - 18:51:19 UTC - 2013/05/12 [14:51:19 ET - 2013/05/12]  (2013+ order)

Stakes come before the game until spring 2013 and after it since; which part is which is
decided by shape, not by date. Amounts may carry thousands separators and K (or B, in the
2014 Flipout header "2B/2B Ante 2B").
"""

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Final, NamedTuple

from checker.ingest.amounts import currency_of, is_digits, parse_amount
from checker.ingest.base import remember
from checker.ingest.excerpt import excerpt
from checker.model import BettingStructure, Game

_SITE = r"(?:Full Tilt Poker(?:\.[a-z]{2,3})?|FullTiltPoker)"
HEADER_START: Final = re.compile(_SITE + r" Game #([0-9]+): ")
# A header glued to the end of another line (damaged files): the site name, then a full header.
GLUED_HEADER = re.compile(_SITE + r" Game #[0-9]+: .* - [0-9]{1,2}:[0-9]{2}")

_CLOCK = r"[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?"
_NUMERIC_DATE = r"[0-9]{4}/[0-9]{1,2}/[0-9]{1,2}"
_WORDED_DATE = r"(?:[A-Z][a-z]+, )?[A-Z][a-z]+ [0-9]{1,2}, [0-9]{4}"
_TIME_TAIL: Final = re.compile(
    rf" - (?P<time>{_CLOCK}) (?P<zone>[A-Z]{{1,5}}) - (?P<date>{_NUMERIC_DATE}|{_WORDED_DATE})"
    rf"(?: \[(?P<et_time>{_CLOCK}) ET - (?P<et_date>{_NUMERIC_DATE})\])?"
    r"(?P<partial> \(partial\))?$"
)
_AMOUNT = r"[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?[KMB]?"
_STAKES: Final = re.compile(
    rf"(?P<low>{_AMOUNT})/(?P<high>{_AMOUNT})(?: Ante (?P<ante>{_AMOUNT}))?")
# "$2,000 Cap Pot Limit Omaha Hi", "$400 Pot Limit Omaha Hi", "CAP NL Hold'em", "FL Badugi".
_GAME_PART: Final = re.compile(
    rf"(?:(?P<cap>{_AMOUNT})(?: Cap)? )?(?P<capword>CAP )?"
    r"(?P<structure>No Limit|Pot Limit|Limit|NL|PL|FL) (?P<game>.+)"
)
_TOURNAMENT_TABLE: Final = re.compile(
    r"(?P<name>.+) \((?P<id>[0-9]+)\), (?P<table>(?:Table|Match) .+?)(?: \((?P<desc>[^()]*)\))?"
)
_RUSH: Final = re.compile(r"\brush\b", re.IGNORECASE)
_CASH_TABLE: Final = re.compile(r"Table (?P<table>.+?)(?: \((?P<desc>[^()]*)\))?")

STRUCTURES: Final = {
    "No Limit": BettingStructure.NO_LIMIT,
    "NL": BettingStructure.NO_LIMIT,
    "Pot Limit": BettingStructure.POT_LIMIT,
    "PL": BettingStructure.POT_LIMIT,
    "Limit": BettingStructure.FIXED_LIMIT,
    "FL": BettingStructure.FIXED_LIMIT,
}

GAMES: Final = {
    "Hold'em": Game.HOLDEM,
    "Omaha": Game.OMAHA,
    "Omaha Hi": Game.OMAHA,
    "Omaha H/L": Game.OMAHA_HILO,
    "Omaha Hi/Lo": Game.OMAHA_HILO,
    "5 Card Omaha": Game.OMAHA5,
    "5 Card Omaha Hi": Game.OMAHA5,
    "5 Card Omaha H/L": Game.OMAHA5_HILO,
    "5 Card Omaha Hi/Lo": Game.OMAHA5_HILO,
    "6 Card Omaha": Game.OMAHA6,
    "6 Card Omaha Hi": Game.OMAHA6,
    "Courchevel": Game.COURCHEVEL,
    "Courchevel Hi": Game.COURCHEVEL,
    "Courchevel H/L": Game.COURCHEVEL_HILO,
    "Courchevel Hi/Lo": Game.COURCHEVEL_HILO,
    "Irish": Game.IRISH,
    "Stud": Game.STUD,
    "Stud Hi": Game.STUD,
    "Stud H/L": Game.STUD_HILO,
    "Stud Hi/Lo": Game.STUD_HILO,
    "Razz": Game.RAZZ,
    "5 Card Stud": Game.STUD5,
    "2-7 Single Draw": Game.DRAW27_SINGLE,
    "2-7 Triple Draw": Game.DRAW27_TRIPLE,
    "A-5 Triple Draw": Game.DRAWA5_TRIPLE,
    "5 Card Draw": Game.DRAW5,
    "Badugi": Game.BADUGI,
}

_MONTHS: Final = {
    name: number
    for number, name in enumerate(
        ("January", "February", "March", "April", "May", "June", "July", "August",
         "September", "October", "November", "December"),
        start=1,
    )
}


class HeaderError(ValueError):
    """The header line cannot be read; the message says which part is wrong."""


@dataclass(frozen=True, slots=True)
class TableSetting:
    """What a header says about the table and game: the same for every hand dealt there."""

    tournament_id: str | None
    tournament_name: str | None
    table: str
    max_seats: int | None
    game: Game
    structure: BettingStructure
    game_text: str
    cap: int | None
    cap_without_amount: bool
    in_cents: bool
    currency: str | None
    # The two stakes numbers as written: blinds for NL/PL, bet sizes for fixed limit.
    stake_low: int
    stake_high: int
    ante: int | None
    # Rush Poker (fast-fold): a Rush tournament ("$4 + $0.40 Rush On Demand", "Turbo $50K
    # Guarantee (Rush)") or a Rush cash table ("Table Mach (6 max, rush)").
    fast_fold: bool = False

    @property
    def table_key(self) -> tuple[str | None, str]:
        return (self.tournament_id, self.table)


class Header(NamedTuple):
    """One hand's header (a named tuple: built for every hand, so built cheaply)."""

    hand_id: str
    setting: TableSetting
    played_at: datetime
    played_at_zone: str
    played_at_et: datetime | None
    partial: bool


# Headers of one table repeat everything but the game number and time: the table part is
# parsed once per distinct text.
_SETTINGS: Final[dict[str, TableSetting]] = {}
_SETTINGS_CACHE_SIZE: Final = 4096


# What most headers start with (every header since 2007): read without the pattern.
_USUAL_START: Final = "Full Tilt Poker Game #"
# " - 12:07:30 ET - 2026/11/01", what most headers end with before 2013: its length.
_USUAL_TAIL: Final = 27


def header_start(text: str) -> tuple[str, int] | None:
    """The game number of a line that starts as a header does (`HEADER_START`) and where
    the rest of it begins; None for any other line."""
    if text.startswith(_USUAL_START):
        # The pattern's "[0-9]+: " after the fixed words, without the pattern.
        colon = text.find(": ", 22)
        number = text[22:colon]
        if colon > 22 and is_digits(number):
            return number, colon + 2
        return None
    start = HEADER_START.match(text)
    if start is None:
        return None
    return start.group(1), start.end()


def parse_header(text: str) -> Header:
    """Read a header line; HeaderError says what is not understood."""
    start = header_start(text)
    if start is None:
        raise HeaderError("not a Full Tilt Poker header")
    hand_id, at = start
    rest = text[at:]
    played_at = _usual_time(rest)
    if played_at is not None:
        setting = _setting_of(rest[: len(rest) - _USUAL_TAIL])
        return Header(hand_id, setting, played_at, "ET", played_at, False)
    tail = _TIME_TAIL.search(rest, _tail_search_start(rest))
    if tail is None:
        raise HeaderError("no time and date at the end of the header")
    setting = _setting_of(rest[: tail.start()])
    clock, zone, date, et_clock, et_date, partial = tail.group(
        "time", "zone", "date", "et_time", "et_date", "partial")
    played_at = _datetime(date, clock)
    played_at_et = played_at if zone == "ET" else None
    if et_clock is not None:
        played_at_et = _datetime(et_date, et_clock)
    return Header(hand_id, setting, played_at, zone, played_at_et, partial is not None)


def _setting_of(middle: str) -> TableSetting:
    setting = _SETTINGS.get(middle)
    if setting is None:
        # An MTT corpus has some ten thousand settings: the cache is emptied when full.
        setting = remember(_SETTINGS, middle, _setting(middle), _SETTINGS_CACHE_SIZE)
    return setting


def _usual_time(rest: str) -> datetime | None:
    """The time of a header ending " - HH:MM:SS ET - YYYY/MM/DD" (`_TIME_TAIL` reads the
    same tail the same way, found at the same place: the date ends the line and the "ET"
    and the clock before it are fixed); None for any other ending, read by the pattern."""
    size = len(rest)
    if size <= _USUAL_TAIL:
        return None
    tail = rest[size - _USUAL_TAIL:]
    if not (tail.startswith(" - ") and tail[11:17] == " ET - " and tail[5] == ":"
            and tail[8] == ":" and tail[21] == "/" and tail[24] == "/"):
        return None
    clock, date = tail[3:11], tail[17:]
    if not (is_digits(clock[:2] + clock[3:5] + clock[6:])
            and is_digits(date[:4] + date[5:7] + date[8:])):
        return None
    try:
        return _datetime(date, clock)
    except HeaderError:
        return None  # an impossible date: the pattern's path says so


def _tail_search_start(rest: str) -> int:
    """Where the time tail can begin at the earliest. The tail holds ' - ' two or three
    times (three with the '[.. ET - ..]' part) and runs to the end, so it starts at the
    third-last ' - ' or later: the regex need not try every position before that."""
    at = len(rest)
    for _ in range(3):
        # The last ' - ' that starts before `at` (occurrences may overlap: ' - - ').
        at = rest.rfind(" - ", 0, at + 2)
        if at < 0:
            return 0
    return at


def _setting(middle: str) -> TableSetting:
    """'TABLE - STAKES - GAME' (before 2013) or 'TABLE - GAME - STAKES' (since)."""
    parts = middle.rsplit(" - ", 2)
    if len(parts) != 3:
        raise HeaderError("expected 'table - stakes - game' before the time")
    table_part, first, second = parts
    stakes = _STAKES.fullmatch(second)
    game_text = first
    if stakes is None:
        stakes, game_text = _STAKES.fullmatch(first), second
    if stakes is None:
        raise HeaderError(f"no stakes such as '$1/$2' or '15/30' in {excerpt(first)} or "
                          f"{excerpt(second)}")
    tournament = _TOURNAMENT_TABLE.fullmatch(table_part)
    in_cents = tournament is None and currency_of(stakes["low"]) is not None
    game, structure, cap, capword = _game(game_text, in_cents)
    if tournament is not None:
        t_id, t_name = tournament["id"], tournament["name"]
        table, desc = tournament["table"], tournament["desc"]
        if table.startswith("Table "):
            table = table[6:]
    else:
        cash = _CASH_TABLE.fullmatch(table_part)
        if cash is None:
            raise HeaderError(f"no 'Table NAME' or 'TOURNAMENT (ID), Table N' in "
                              f"{excerpt(table_part)}")
        t_id = t_name = None
        table, desc = cash["table"], cash["desc"]
    return TableSetting(
        tournament_id=t_id,
        tournament_name=t_name,
        table=table,
        max_seats=_max_seats(desc),
        game=game,
        structure=structure,
        game_text=game_text,
        cap=cap,
        cap_without_amount=capword,
        in_cents=in_cents,
        currency=currency_of(stakes["low"]) if in_cents else None,
        stake_low=amount(stakes["low"], in_cents),
        stake_high=amount(stakes["high"], in_cents),
        ante=amount(stakes["ante"], in_cents) if stakes["ante"] else None,
        fast_fold=_RUSH.search(t_name or "") is not None or _RUSH.search(desc or "") is not None,
    )


def amount(text: str, in_cents: bool) -> int:
    """An amount in the hand's unit; 'B' (billions) appears only in Flipout stakes."""
    try:
        if text.endswith("B") and not in_cents:
            return parse_amount(text[:-1] + "M", False) * 1000
        return parse_amount(text, in_cents)
    except ValueError as exc:  # e.g. a cash ante ('$0.40') at a table read in chips
        raise HeaderError(str(exc)) from None


def _game(text: str, in_cents: bool) -> tuple[Game, BettingStructure, int | None, bool]:
    match = _GAME_PART.fullmatch(text)
    if match is None:
        raise HeaderError(f"no betting structure and game in {excerpt(text)}")
    game = GAMES.get(match["game"])
    if game is None:
        raise HeaderError(f"a game this reader does not know: {match['game']!r}")
    cap = amount(match["cap"], in_cents) if match["cap"] else None
    return game, STRUCTURES[match["structure"]], cap, match["capword"] is not None


def _max_seats(desc: str | None) -> int | None:
    """'6 max', 'heads up', '6 max, shallow'; other words (deep, shallow...) say nothing."""
    if not desc:
        return None
    for word in desc.split(", "):
        if word == "heads up":
            return 2
        if word.endswith(" max") and is_digits(word[:-4]):
            return int(word[:-4])
    return None


def _datetime(date: str, clock: str) -> datetime:
    if len(date) == 10 and len(clock) == 8:  # "2013/05/12" "18:51:19": the common case
        try:
            return datetime.fromisoformat(date.replace("/", "-") + "T" + clock)
        except ValueError:
            pass  # read again below, to say what is wrong
    hour, minute, *second = (int(part) for part in clock.split(":"))
    if "/" in date:
        year, month, day = (int(part) for part in date.split("/"))
    else:  # "Wed, July 21, 2010"
        words = date.replace(",", "").split()
        month_name, day_text, year_text = words[-3:]
        if month_name not in _MONTHS:
            raise HeaderError(f"unknown month {excerpt(month_name)} in the date {excerpt(date)}")
        year, month, day = int(year_text), _MONTHS[month_name], int(day_text)
    try:
        return datetime(year, month, day, hour, minute, second[0] if second else 0)
    except ValueError as exc:
        raise HeaderError(f"impossible date or time {excerpt(date)} {excerpt(clock)}: "
                          f"{exc}") from None
