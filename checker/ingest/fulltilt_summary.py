"""Full Tilt Poker tournament summaries ("Full Tilt Poker Tournament Summary ...").

One summary per header line. The header gives the name, the id and the game; field lines
follow (buy-in, chips, entries, pool, times), then one line per player: "Still Playing - X"
or "N: X[, prize]", and a closing line "X finished in Nth place".

Also holds the helpers the PokerStars summary reader shares: time stamps with their zone,
ordinal places, and the closing-line checks.
"""

import re
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from checker.ingest.amounts import is_digits, parse_cents, parse_chips
from checker.ingest.base import Block, RecordError, record_fields, split_at
from checker.ingest.decode import Line
from checker.ingest.excerpt import bounded, excerpt
from checker.model import PrizeKind, TournamentSummary

NAME = "fulltilt-summary"

# Units whose amounts are written with cents; the others (points, play chips) are whole units.
CENT_UNITS = frozenset({"USD", "EUR", "GBP", "T$"})
PLAY = "PLAY"
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}

# Zones a site may print without an ET time next to it. Abbreviations that name several
# zones (CT, CCT, CUST) only ever come with "[... ET]" in the corpus and are not guessed.
_ZONES = {
    "ET": ZoneInfo("America/New_York"),
    "CET": ZoneInfo("Europe/Paris"),
    "WET": ZoneInfo("Europe/Lisbon"),
    "EET": ZoneInfo("Europe/Helsinki"),
    "MSK": ZoneInfo("Europe/Moscow"),
    "UTC": ZoneInfo("UTC"),
    "GMT": ZoneInfo("UTC"),
}
_STAMP_FORMATS = ("%Y/%m/%d %H:%M:%S", "%a, %B %d, %Y %H:%M")
_BRACKETED_ET = re.compile(r"^(?P<local>.+) \[(?P<et>[^\[\]]+) ET\]$")
_ORDINAL = re.compile(r"([0-9]+)(?:st|nd|rd|th)")
_HOLDERS_SHOWN = 5


# ---------------------------------------------------------------- shared helpers


def parse_stamp(text: str) -> datetime:
    """'2013/05/14 19:02:43 ET', '... CET [2013/05/14 13:02:43 ET]', 'Wed, July 21, 2010
    22:40 ET' -> an aware datetime. The ET time is used when the site gives one."""
    text = text.strip()
    match = _BRACKETED_ET.match(text)
    if match is not None:
        return _zoned(match["et"], "ET")
    stamp, _, zone = text.rpartition(" ")
    return _zoned(stamp, zone)


def _zoned(stamp: str, zone: str) -> datetime:
    tz = _ZONES.get(zone)
    if tz is None:
        raise ValueError(f"time zone {excerpt(zone)} is not one feltcheck can place")
    for fmt in _STAMP_FORMATS:
        try:
            return datetime.strptime(stamp, fmt).replace(tzinfo=tz)
        except ValueError:
            continue
    raise ValueError(f"not a date and time: {excerpt(stamp)}")


def ordinals(text: str) -> list[int]:
    """'8307th, 9204th and 9520th' -> [8307, 9204, 9520]."""
    return [int(number) for number in _ORDINAL.findall(text)]


def prize(kind: PrizeKind, text: str, amount: int | None = None,
          currency: str | None = None) -> dict[str, Any]:
    return {"kind": kind, "amount": amount, "currency": currency, "text": text}


def placement(place: int | None, player: str, line: int, still_playing: bool = False,
              country: str | None = None,
              prizes: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A placement dict holding only what differs from the model's defaults: a summary can
    list tens of thousands of players, and validation is cheaper for absent defaults."""
    entry: dict[str, Any] = {"place": place, "player": player, "line": line}
    if still_playing:
        entry["still_playing"] = True
    if country is not None:
        entry["country"] = country
    if prizes:
        entry["prizes"] = prizes
    return entry


def check_closing_line(placements: list[dict[str, Any]], player: str, places: list[int],
                       warnings: list[str], line: int) -> None:
    """Warn when the closing line names a player or places the list does not show."""
    listed = sorted(p["place"] for p in placements if p["player"] == player)
    if listed == sorted(places):
        return
    said = ", ".join(str(place) for place in places)
    if not listed:
        holders = sorted({p["player"] for p in placements if p["place"] in places})
        shown_holders = ", ".join(holders[:_HOLDERS_SHOWN])
        if len(holders) > _HOLDERS_SHOWN:
            shown_holders += f" and {len(holders) - _HOLDERS_SHOWN} more"
        held = f"; listed at place {said}: {shown_holders}" if holders else ""
        # Bounded: the names listed are the file's, a damaged file's can be any length.
        warnings.append(bounded(f"line {line}: the closing line names {excerpt(player)}, who is "
                                f"not in the list of places{held}"))
        return
    shown = ", ".join(str(place) for place in listed)
    warnings.append(bounded(f"line {line}: the closing line puts {excerpt(player)} at place "
                            f"{said}, the list at place {shown}"))


# ---------------------------------------------------------------- Full Tilt amounts

_UNIT_SUFFIXES = (" Play Chips", " FTP", " T$")
_UNIT_OF_SUFFIX = {" Play Chips": PLAY, " FTP": "FTP", " T$": "T$"}


def ft_amount(text: str) -> tuple[int, str]:
    """'$4.75' -> (475, 'USD'); '9,200 FTP' -> (9200, 'FTP'); '150 T$' -> (15000, 'T$');
    '1,125 Play Chips' -> (1125, 'PLAY'). ValueError when it is none of these."""
    text = text.strip()
    currency = _SYMBOLS.get(text[:1])
    if currency is not None:
        return parse_cents(text), currency
    for suffix in _UNIT_SUFFIXES:
        if text.endswith(suffix):
            unit = _UNIT_OF_SUFFIX[suffix]
            number = text[: -len(suffix)]
            return (parse_cents(number) if unit in CENT_UNITS else parse_chips(number)), unit
    raise ValueError(f"not an amount: {excerpt(text)}")


_TICKET = re.compile(r"^(?P<value>[$€£][0-9,]+(?:\.[0-9]+)?) (?P<what>.*\b(?:Ticket|Token))$")
_CASHOUT = " (Cashout)"


def ft_prize(text: str) -> dict[str, Any]:
    """A place line's prize: cash, cashout, ticket or token, FTP points, play chips, T$."""
    if text.endswith(_CASHOUT):
        amount, currency = ft_amount(text[: -len(_CASHOUT)])
        return prize(PrizeKind.CASH, text, amount, currency)
    ticket = _TICKET.match(text)
    if ticket is not None:
        amount, currency = ft_amount(ticket["value"])
        return prize(PrizeKind.TICKET, text, amount, currency)
    if text.endswith((" Ticket", " Token")):
        return prize(PrizeKind.TICKET, text)
    amount, unit = ft_amount(text)
    return prize(_KIND_OF_UNIT.get(unit, PrizeKind.CASH), text, amount, unit)


_KIND_OF_UNIT = {
    "FTP": PrizeKind.POINTS,
    "T$": PrizeKind.TOURNAMENT_DOLLARS,
    PLAY: PrizeKind.PLAY_MONEY,
}

# ---------------------------------------------------------------- the reader

_HEADER = re.compile(
    r"^(?P<site>Full Tilt Poker(?:\.fr)?) Tournament Summary (?P<name>.*?) ?"
    r"\((?P<id>[0-9]+)\)(?: (?P<game>.*))?$"
)
_HEADER_PREFIXES = ("Full Tilt Poker Tournament Summary ", "Full Tilt Poker.fr Tournament Summary ")
_PLACE = re.compile(r"^([0-9]+): (.+)$")
_ENTRIES = re.compile(r"^([0-9]+) Entries$")
_FINISHED = re.compile(
    r"^(?P<player>.+?) finished in (?P<places>[0-9]+(?:st|nd|rd|th)"
    r"(?:(?:, | and )[0-9]+(?:st|nd|rd|th))*) place\.?$"
)
_PERFORMED = re.compile(r"^.+ performed [0-9]+ (?:Rebuys?|Add-Ons?)$")
_BOUNTY_AWARDS = re.compile(r"^(?P<player>.+) received (?P<count>\S+) Knockout Bounty Awards?$")
# "Top 999 finishers receive entry to Tournament 264533392", "Top 2 finishers receive Step 3
# Ticket", "Top finisher receives $75 Satellite Token".
_TOP_PRIZE = re.compile(r"^Top (?:[0-9,]+ )?finishers? receives? .+$")
_CASHOUT_VALUE = re.compile(r"^Cashout value of [0-9,]+ chips: .+$")
_NAMES_MISSING = "Some player names are missing from this summary"
_STILL = "Still Playing - "

# Field labels; used to split a line on which the client glued two fields together.
_LABELS = (
    "Buy-In: ", "Add-On: ", "Rebuy: ", "Buy-In Chips: ", "Add-On Chips: ", "Rebuy Chips: ",
    "Knockout Bounty: ", "Total Add-Ons: ", "Total Rebuys: ", "Total Prize Pool: ",
    "Total Cashout Pool: ", "Current Cashout Pool: ", "Tournament started: ",
    "Tournament finished: ", "Tournament is still in progress",
)


class _NotUnderstood(Exception):
    """A line's shape matched a field but its value did not read."""


class _Summary:
    """The state of one summary while its lines are read; validated once at the end."""

    def __init__(self, block: Block, path: str) -> None:
        self.block = block
        self.d: dict[str, Any] = record_fields(block, path, NAME)
        self.placements: list[dict[str, Any]] = []
        self.warnings: list[str] = []
        self.finished_line: tuple[int, str, list[int]] | None = None
        self.bounty_awards: tuple[int, str, str] | None = None
        self.names_missing = False

    # -- per line

    def read(self, number: int, line: str) -> None:
        if line.startswith(_STILL):
            self.placements.append(placement(None, line[len(_STILL):], number, True))
            return
        if is_digits(line[0]):
            place = _PLACE.match(line)
            if place is not None:
                self.place(number, int(place[1]), place[2])
                return
        try:
            if self.field(number, line):
                return
        except _NotUnderstood:
            pass
        if not self.glued(number, line):
            raise RecordError(f"line {number} not understood: {line[:120]!r}", number,
                              self.d.get("tournament_id"))

    def place(self, number: int, place: int, rest: str) -> None:
        player, comma, tail = rest.rpartition(", ")
        if not comma:
            self.placements.append(placement(place, rest, number))
            return
        try:
            won = ft_prize(tail)
        except ValueError:
            raise RecordError(f"line {number}: prize not understood: {excerpt(tail)} in "
                              f"{excerpt(rest)}",
                              number, self.d.get("tournament_id")) from None
        self.placements.append(placement(place, player, number, prizes=[won]))

    def field(self, number: int, line: str) -> bool:
        """Read a field line; False when the line is no field this reader knows."""
        for prefix, handler in _FIELD_HANDLERS:
            if line.startswith(prefix):
                try:
                    handler(self, number, line[len(prefix):])
                except ValueError as exc:
                    raise _NotUnderstood from exc
                return True
        return self.other_line(number, line)

    def other_line(self, number: int, line: str) -> bool:
        entries = _ENTRIES.match(line)
        if entries is not None:
            self.d["entries"] = int(entries[1])
            return True
        finished = _FINISHED.match(line)
        if finished is not None:
            self.d["hero_result"] = line
            self.finished_line = (number, finished["player"], ordinals(finished["places"]))
            return True
        awards = _BOUNTY_AWARDS.match(line)
        if awards is not None:
            self.bounty_awards = (number, awards["player"], awards["count"])
            return True
        if line.startswith(_NAMES_MISSING):
            self.names_missing = True
            self.warnings.append(f"line {number}: the site notes that some player names are "
                                 "missing from this summary (player list not fully loaded)")
            return True
        # Understood, and nothing in the record model to keep them in: the account's own
        # rebuy/add-on counts, satellite targets, cashout pools.
        return any(
            pattern.match(line) is not None
            for pattern in (_PERFORMED, _TOP_PRIZE, _CASHOUT_VALUE)
        )

    def glued(self, number: int, line: str) -> bool:
        """Read a line holding two fields run together ('Total Rebuys: 2Total Prize Pool:
        $55') as both fields, with a warning; False when the line is not such a line."""
        for label in _LABELS:
            cut = line.find(label, 1)
            if cut <= 0:
                continue
            first, second = line[:cut].strip(), line[cut:]
            try:
                if not (self.field(number, first) and self.field(number, second)):
                    continue
            except _NotUnderstood:
                continue
            self.warnings.append(f"line {number} holds two fields run together: {excerpt(first)} "
                                 f"and {excerpt(second)} (read both)")
            return True
        return False

    # -- field handlers

    def buy_in(self, number: int, value: str) -> None:
        stake, plus, fee = value.partition(" + ")
        amount, currency = ft_amount(stake)
        self.d["buy_in"] = amount
        self.d["currency"] = currency
        if plus:
            fee_amount, fee_currency = ft_amount(fee)
            self.d["fee"] = fee_amount
            if fee_currency != currency:
                self.warnings.append(f"line {number}: the fee is in {fee_currency}, the "
                                     f"buy-in in {currency}")

    def prize_pool(self, number: int, value: str) -> None:
        amount, currency = ft_amount(value)
        entry = self.d.get("currency")
        if entry is not None and currency != entry:
            self.warnings.append(f"line {number}: the prize pool {excerpt(value)} is in "
                                 f"{currency}, "
                                 f"not in the entry currency {entry}: left out")
            return
        self.d["prize_pool"] = amount
        self.d.setdefault("currency", currency)

    def started(self, number: int, value: str) -> None:
        self.d["started_at"] = self.stamp(number, value)

    def finished(self, number: int, value: str) -> None:
        self.d["finished_at"] = self.stamp(number, value)

    def stamp(self, number: int, value: str) -> datetime | None:
        try:
            return parse_stamp(value)
        except ValueError as exc:
            if "time zone" not in str(exc):
                raise
            self.warnings.append(f"line {number}: {exc}: time left out ({excerpt(value.strip())})")
            return None

    def in_progress(self, number: int, value: str) -> None:
        if value.strip():
            raise ValueError(value)
        self.d["in_progress"] = True

    def bounty(self, number: int, value: str) -> None:
        self.d["bounty"], _ = ft_amount(value)

    # -- the end

    def finish(self) -> TournamentSummary:
        self.add_bounty_awards()
        self.check_players()
        d = self.d
        d["placements"] = self.placements
        d["warnings"] = self.warnings
        return TournamentSummary.model_validate(d)

    def add_bounty_awards(self) -> None:
        if self.bounty_awards is None:
            return
        number, player, count = self.bounty_awards
        if not is_digits(count):
            self.warnings.append(f"line {number}: the bounty line is a broken template "
                                 f"({excerpt(player)} received {excerpt(count)}): bounties won "
                                 f"unknown")
            return
        bounty = self.d.get("bounty")
        won = prize(PrizeKind.BOUNTY, f"{count} Knockout Bounty Awards",
                    int(count) * bounty if bounty is not None else None,
                    self.d.get("currency"))
        for entry in self.placements:
            if entry["player"] == player:
                entry.setdefault("prizes", []).append(won)
                return
        self.warnings.append(f"line {number}: {excerpt(player)} won {count} bounties but is not in "
                             "the list of places")

    def check_players(self) -> None:
        d = self.d
        entries = d.get("entries")
        if entries is None and not self.placements and self.finished_line is None:
            raise RecordError(f"summary ends after line {self.block.end} with no entries and "
                              "no places (truncated)", self.block.end, d["tournament_id"])
        if "buy_in" not in d:
            self.warnings.append("no 'Buy-In:' line")
        if entries is None:
            self.warnings.append("no 'N Entries' line")
        if d.get("in_progress") and d.get("finished_at") is not None:
            self.warnings.append("the summary says both 'finished' and 'still in progress'")
        if self.finished_line is not None:
            number, player, places = self.finished_line
            if not self.placements:
                self.placements.extend(placement(place, player, number) for place in places)
                self.warnings.append(f"the summary lists no players ({entries} entries): only "
                                     f"the closing line's place of {excerpt(player)} is known")
                return
            check_closing_line(self.placements, player, places, self.warnings, number)
        if not self.placements:
            self.warnings.append(f"the summary lists no players ({entries} entries)")
        elif entries is not None and len(self.placements) != entries and not self.names_missing:
            self.warnings.append(f"the summary lists {len(self.placements)} players for "
                                 f"{entries} entries")


_Handler = Callable[[_Summary, int, str], None]


def _store_count(key: str) -> _Handler:
    def handler(summary: _Summary, number: int, value: str) -> None:
        summary.d[key] = parse_chips(value)

    return handler


def _check_amount(summary: _Summary, number: int, value: str) -> None:
    """An amount with nothing in the record model to keep it in (rebuy cost, cashout pool):
    checked to be an amount, so that a damaged line is still noticed."""
    ft_amount(value)


def _check_count(summary: _Summary, number: int, value: str) -> None:
    parse_chips(value)


# Longer prefixes first where one starts another ("Buy-In Chips: " before "Buy-In: ").
_FIELD_HANDLERS: list[tuple[str, _Handler]] = [
    ("Buy-In Chips: ", _store_count("starting_chips")),
    ("Buy-In: ", _Summary.buy_in),
    ("Total Prize Pool: ", _Summary.prize_pool),
    ("Tournament started: ", _Summary.started),
    ("Tournament finished: ", _Summary.finished),
    ("Tournament is still in progress", _Summary.in_progress),
    ("Total Rebuys: ", _store_count("rebuys")),
    ("Total Add-Ons: ", _store_count("add_ons")),
    ("Knockout Bounty: ", _Summary.bounty),
    ("Add-On Chips: ", _check_count),
    ("Rebuy Chips: ", _check_count),
    ("Add-On: ", _check_amount),
    ("Rebuy: ", _check_amount),
    ("Total Cashout Pool: ", _check_amount),
    ("Current Cashout Pool: ", _check_amount),
]


class FullTiltSummaryFormat:
    name = NAME
    holds_hands = False

    def sniff(self, head: list[str]) -> bool:
        return bool(head) and head[0].startswith(_HEADER_PREFIXES) and \
            _HEADER.match(head[0]) is not None

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        return split_at(lines, lambda text: text.lstrip().startswith(_HEADER_PREFIXES))

    def parse(self, block: Block, path: str) -> TournamentSummary:
        summary = _Summary(block, path)
        numbered = block.numbered()
        number, first = next(numbered)
        header = _HEADER.match(first.strip())
        if header is None:
            raise RecordError(f"line {number} is not a Full Tilt summary header: "
                              f"{first.strip()[:120]!r}", number)
        summary.d.update(
            site=header["site"],
            tournament_id=header["id"],
            name=header["name"] or None,
            game=" ".join((header["game"] or "").split()) or None,
        )
        for number, text in numbered:
            line = text.strip()
            if line:
                summary.read(number, line)
        return summary.finish()


FORMAT = FullTiltSummaryFormat()
