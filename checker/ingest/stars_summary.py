"""PokerStars tournament summaries ("PokerStars Tournament #354025449, No Limit Hold'em").

Field lines (buy-in, players, prize pool, satellite target, times) follow the header, then one
line per entry, "  N: name (location), <result>", where the result is "still playing", a prize
with its share of the pool, a qualification, or nothing; then a line about the account holder
("You finished in 8th place ..."). Full Tilt wrote the same layout on PokerStars software in
2016 ("Full Tilt Tournament #..."). Summaries that came by e-mail carry a greeting, a closing
and sometimes a line naming the account ("requested by Hero"): those lines are read too.
Several summaries in one file are cut at their header lines.
"""

import re
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from checker.ingest.amounts import is_digits, parse_cents, parse_chips
from checker.ingest.base import Block, RecordError, record_fields, trimmed_block
from checker.ingest.decode import Line
from checker.ingest.excerpt import excerpt
from checker.ingest.fulltilt_summary import (
    CENT_UNITS,
    PLAY,
    check_closing_line,
    ordinals,
    parse_stamp,
    placement,
    prize,
)
from checker.model import PrizeKind, TournamentSummary

NAME = "pokerstars-summary"

_SITES = {"PokerStars": "PokerStars", "Full Tilt": "Full Tilt Poker"}
_HEADER = re.compile(r"^(?P<site>PokerStars|Full Tilt) Tournament #(?P<id>[0-9]+), (?P<game>.+)$")
_HEADER_PREFIXES = ("PokerStars Tournament #", "Full Tilt Tournament #")
# Control characters a client left before the header (one file has a stray 0x10 byte).
_CONTROL = "".join(chr(code) for code in range(32))
_EMAIL_HEAD = re.compile(
    r"^Tournament History for your last [0-9]+ tournaments? requested by (?P<player>.+?)"
    r"(?: \([^()]*\))?$"
)
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_UNIT_WORDS = {"FPP": "FPP", "SC": "SC"}
_KINDS = {"FPP": PrizeKind.POINTS, "SC": PrizeKind.POINTS, PLAY: PrizeKind.PLAY_MONEY}
_TYPE_LINES = frozenset({"Freeroll", "Super Satellite", "Freeroll Super Satellite", "Satellite"})

_PLACE_START = re.compile(r"^([0-9]+): ")
_SHARE = re.compile(r"^(?P<amount>.+?) \((?P<share>[0-9.]+)%\)$")
_PLAYERS = re.compile(r"^([0-9]+) players?$")
_ADDED = re.compile(r"^(?P<amount>\S+(?: [A-Z]{3})?) added to the prize pool by PokerStars$")
_TARGET = re.compile(r"^Target Tournament #(?P<id>[0-9]+)(?: Buy-In: (?P<buy_in>.+))?$")
_TICKETS = re.compile(r"^[0-9]+ tickets? to the target tournament$")
_OLD_STAMP = re.compile(
    r"^- ([0-9]{4}/[0-9][0-9]/[0-9][0-9]) - ([0-9][0-9]?:[0-9][0-9]:[0-9][0-9]) \((\w+)\)$")
_YOU_PLACE = re.compile(r"^You finished in (?P<place>[0-9]+(?:st|nd|rd|th)) place"
                        r"(?: \(eliminated at hand #[0-9]+\))?\.$")
_YOU_UNPLACED = re.compile(r"^You finished the tournament(?: \(eliminated at hand #[0-9]+\))?\.$")
_YOU_AWARD = re.compile(
    r"^You finished the tournament in (?P<place>[0-9]+(?:st|nd|rd|th)) place\. "
    r"A (?P<currency>[A-Z]{3}) (?P<amount>[0-9,]+(?:\.[0-9]+)?) award has been credited to your "
    r".+ account\.$"
)
_DEAR = re.compile(r"^Dear (?P<player>.+),$")
_CLOSINGS = (
    "Congratulations!",
    "Thank you for participating.",
    "There are no personal statistics because you did not play in this tournament.",
    "If you have any questions, please contact ",
    "You are still playing",
)
_QUALIFIED = "(qualified for the target tournament)"
_STILL = "still playing"


def header_of(line: str) -> tuple[str, re.Match[str] | None]:
    """The header match of a line, after any stray control characters before it."""
    cleaned = line.strip().lstrip(_CONTROL)
    return cleaned, _HEADER.match(cleaned)


def _is_header(text: str) -> bool:
    return "Tournament #" in text and text.strip().lstrip(_CONTROL).startswith(_HEADER_PREFIXES)


def stars_amount(text: str, currency: str | None = None) -> tuple[int, str]:
    """'$24.55' -> (2455, 'USD'); '25,750 FPP' -> (25750, 'FPP'); '1.00' after a '$' amount
    -> cents of that currency; a bare '300' is play money."""
    text = text.strip()
    body, _, word = text.rpartition(" ")
    unit = _UNIT_WORDS.get(word)
    if body and unit is not None:
        return parse_chips(body), unit
    code = None
    if body and len(word) == 3 and word.isalpha() and word.isupper():
        text, code = body, word  # a currency code after the amount: '$2.00 USD'
    symbol = _SYMBOLS.get(text[:1])
    if symbol is not None:
        if code is not None and symbol != code:
            raise ValueError(f"amount {excerpt(text)} does not match its currency code {code}")
        return parse_cents(text), symbol
    if code is not None:
        return parse_cents(text), code
    if " " in text:
        raise ValueError(f"not an amount: {excerpt(text)}")
    if currency is not None and currency in CENT_UNITS:
        return parse_cents(text), currency
    return parse_chips(text), PLAY


def split_place_line(rest: str) -> tuple[str, str | None, str]:
    """'name (location), result' -> (name, location, result). Locations may hold parentheses
    ('Санкт-Петербург(RUS)', 'herne bay kent (uk)'), so the closing one is matched back."""
    close = rest.find("),")
    if close < 0:
        raise ValueError("no '(location),' after the name")
    start = rest.rfind("(", 0, close)
    if start >= 0 and rest.find(")", start, close) < 0:  # the usual case: no nesting
        return rest[:start].rstrip(), rest[start + 1:close].strip(), rest[close + 2:].strip()
    depth = 0
    for index in range(close, -1, -1):
        char = rest[index]
        if char == ")":
            depth += 1
        elif char == "(":
            depth -= 1
            if depth == 0:
                location = rest[index + 1:close].strip()
                return rest[:index].rstrip(), location, rest[close + 2:].strip()
    raise ValueError("unbalanced parentheses around the location")


class _Summary:
    """The state of one summary while its lines are read; validated once at the end."""

    def __init__(self, block: Block, path: str) -> None:
        self.block = block
        self.d: dict[str, Any] = record_fields(block, path, NAME)
        self.placements: list[dict[str, Any]] = []
        self.warnings: list[str] = []
        self.header_line: int | None = None
        self.players: int | None = None
        self.target: str | None = None
        self.account: str | None = None
        self.result: tuple[int, list[int], dict[str, Any] | None] | None = None
        self.last_number = 0
        self.numbering_gap: str | None = None

    def read(self, number: int, raw: str, line: str) -> None:
        if self.header_line is not None and is_digits(line[0]):
            start = _PLACE_START.match(line)
            if start is not None:
                self.place(number, int(start[1]), line[start.end():])
                return
        if self.header_line is None:
            self.before_header(number, raw, line)
            return
        try:
            understood = self.field(number, line)
        except ValueError as exc:
            raise RecordError(f"line {number}: {exc}: {line[:120]!r}", number,
                              self.d["tournament_id"]) from None
        if not understood:
            raise RecordError(f"line {number} not understood: {line[:120]!r}", number,
                              self.d["tournament_id"])

    def before_header(self, number: int, raw: str, line: str) -> None:
        cleaned, header = header_of(raw)
        if header is not None:
            if cleaned != line:
                strays = "".join(f"U+{ord(c):04X}" for c in line[: len(line) - len(cleaned)])
                self.warnings.append(f"line {number}: stray control character {strays} before "
                                     "the header (ignored)")
            self.header_line = number
            self.d.update(site=_SITES[header["site"]], tournament_id=header["id"],
                          game=header["game"].strip())
            return
        email = _EMAIL_HEAD.match(line)
        if email is not None:
            self.account = email["player"]
            return
        raise RecordError(f"line {number} comes before the summary header and is not "
                          f"understood: {line[:120]!r}", number)

    def place(self, number: int, index: int, rest: str) -> None:
        if index != self.last_number + 1 and self.numbering_gap is None:
            self.numbering_gap = (f"line {number}: the list jumps from entry "
                                  f"{self.last_number} to {index}")
        self.last_number = index
        try:
            player, country, result = split_place_line(rest)
            entry = placement(index, player, number, country=country)
            self.result_of(entry, result)
        except ValueError as exc:
            raise RecordError(f"line {number}: place line not understood ({exc}): "
                              f"{rest[:120]!r}", number, self.d["tournament_id"]) from None
        self.placements.append(entry)

    def result_of(self, entry: dict[str, Any], result: str) -> None:
        if not result:
            return
        if result == _STILL:
            entry["place"] = None
            entry["still_playing"] = True
        elif result == _QUALIFIED:
            target = f" #{self.target}" if self.target else ""
            seat = prize(PrizeKind.SEAT, f"qualified for the target tournament{target}")
            entry.setdefault("prizes", []).append(seat)
        elif result.lower().endswith("ticket"):
            entry.setdefault("prizes", []).append(prize(PrizeKind.TICKET, result))
        else:
            share = _SHARE.match(result)
            value = share["amount"] if share is not None else result
            amount, unit = stars_amount(value, self.d.get("currency"))
            kind = _KINDS.get(unit, PrizeKind.CASH)
            entry.setdefault("prizes", []).append(prize(kind, result, amount, unit))

    def field(self, number: int, line: str) -> bool:
        d = self.d
        if line.startswith("Buy-In: "):
            self.buy_in(number, line[8:])
        elif line.startswith("Total Prize Pool: "):
            self.prize_pool(number, line[18:].strip())
        elif line.startswith("Tournament started"):
            d["started_at"] = self.stamp(number, line[18:])
        elif line.startswith("Tournament finished"):
            d["finished_at"] = self.stamp(number, line[19:])
        elif (players := _PLAYERS.match(line)) is not None:
            self.players = d["entries"] = int(players[1])
        elif (target := _TARGET.match(line.strip())) is not None:
            self.target = target["id"]
            if target["buy_in"]:
                self.check_target_buy_in(target["buy_in"])
        elif line in _TYPE_LINES:
            d["name"] = line
        elif (added := _ADDED.match(line)) is not None:
            stars_amount(added["amount"])  # nothing in the model keeps the overlay
        elif _TICKETS.match(line) is not None:
            pass  # the tickets show on the qualifying place lines
        else:
            return self.account_line(number, line)
        return True

    def account_line(self, number: int, line: str) -> bool:
        """Lines about the account holder and the e-mail wrapping around a summary."""
        if line.startswith("You "):
            return self.you(number, line)
        dear = _DEAR.match(line)
        if dear is not None:
            self.account = dear["player"]
            return True
        return line.startswith(_CLOSINGS)

    def you(self, number: int, line: str) -> bool:
        self.d["hero_result"] = line
        if (placed := _YOU_PLACE.match(line)) is not None:
            self.result = (number, ordinals(placed["place"]), None)
        elif (award := _YOU_AWARD.match(line)) is not None:
            text = f"{award['currency']} {award['amount']}"
            won = prize(PrizeKind.CASH, text, parse_cents(award["amount"]), award["currency"])
            self.result = (number, ordinals(award["place"]), won)
        elif line.startswith("You are still playing"):
            self.d["in_progress"] = True
        elif _YOU_UNPLACED.match(line) is None:
            return False
        return True

    def buy_in(self, number: int, value: str) -> None:
        parts = value.strip().split("/")
        if len(parts) > 3:
            raise ValueError(f"a buy-in of {len(parts)} parts")
        amount, currency = stars_amount(parts[0] if len(parts) > 1 else value)
        d = self.d
        d["buy_in"], d["currency"] = amount, currency
        if len(parts) == 1:
            return
        rest = [stars_amount(part, currency) for part in parts[1:]]
        if len(rest) == 2:
            d["bounty"] = rest[0][0]
        d["fee"] = rest[-1][0]
        if any(unit != currency for _, unit in rest):
            self.warnings.append(f"line {number}: the buy-in parts are in different units: "
                                 f"{excerpt(value.strip())}")

    def check_target_buy_in(self, value: str) -> None:
        """The target tournament's buy-in: read to be sure it is one, nowhere to keep it."""
        parts = value.strip().split("/")
        _, currency = stars_amount(parts[0])
        for part in parts[1:]:
            stars_amount(part, currency)

    def prize_pool(self, number: int, value: str) -> None:
        if value.lower().endswith("ticket"):
            self.warnings.append(f"line {number}: the prize pool is a ticket ({excerpt(value)}), "
                                 "not an amount: left out")
            return
        amount, unit = stars_amount(value, self.d.get("currency"))
        entry = self.d.get("currency")
        if entry is not None and unit != entry:
            self.warnings.append(f"line {number}: the prize pool {excerpt(value)} is in {unit}, "
                                 f"not "
                                 f"in the entry currency {entry}: left out")
            return
        self.d["prize_pool"] = amount
        self.d["currency"] = unit

    def stamp(self, number: int, value: str) -> datetime | None:
        value = value.strip()
        old = _OLD_STAMP.match(value)
        if old is not None:
            value = f"{old[1]} {old[2]} {old[3]}"
        try:
            return parse_stamp(value)
        except ValueError as exc:
            if "time zone" not in str(exc):
                raise
            self.warnings.append(f"line {number}: {exc}: time left out ({excerpt(value)})")
            return None

    def finish(self) -> TournamentSummary:
        if self.header_line is None:
            raise RecordError("no summary header", self.block.start)
        if "finished_at" not in self.d and any(p.get("still_playing") for p in self.placements):
            self.d["in_progress"] = True
        self.check_players()
        self.d["placements"] = self.placements
        self.d["warnings"] = self.warnings
        return TournamentSummary.model_validate(self.d)

    def check_players(self) -> None:
        if self.numbering_gap is not None:
            self.warnings.append(self.numbering_gap)
        listed = len(self.placements)
        if self.result is not None:
            self.check_result(*self.result)
        if self.players is None:
            self.warnings.append("no 'N players' line")
        elif listed and listed < self.players:
            # Re-entries make the list longer than the player count, never shorter.
            self.warnings.append(f"the summary lists {listed} entries for {self.players} "
                                 "players (truncated?)")
        elif not listed and self.result is None:
            self.warnings.append(f"the summary lists no players ({self.players} players)")

    def check_result(self, number: int, places: list[int], won: dict[str, Any] | None) -> None:
        """Tie the account holder's line to the list (or stand in for a missing list)."""
        if not self.placements:
            if self.account is None:
                self.warnings.append(f"line {number}: the summary lists no players and does "
                                     "not name the account holder: the place is in "
                                     "hero_result only")
                return
            prizes = [won] if won is not None else []
            self.placements.extend(placement(place, self.account, number, prizes=prizes)
                                   for place in places)
            self.warnings.append(f"the summary lists no players ({self.players} players): only "
                                 f"the place of {excerpt(self.account)} is known")
            return
        if self.account is not None:
            check_closing_line(self.placements, self.account, places, self.warnings, number)
        elif not any(p["place"] in places for p in self.placements):
            self.warnings.append(f"line {number}: no one in the list holds the place the "
                                 "account holder finished in")


class StarsSummaryFormat:
    name = NAME
    holds_hands = False

    def sniff(self, head: list[str]) -> bool:
        if not head:
            return False
        first = head[0]
        if _EMAIL_HEAD.match(first) is not None and len(head) > 1:
            first = head[1]
        return header_of(first)[1] is not None

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        """One block per header; lines before the first header (an e-mail's opening line)
        stay with the first summary, so that they are read, not lost."""
        start = 1
        current: list[str] = []
        seen_header = False
        for number, text in lines:
            if _is_header(text):
                if seen_header:
                    block = trimmed_block(start, current)
                    if block is not None:
                        yield block
                    current = []
                seen_header = True
            if not current:
                start = number
            current.append(text)
        block = trimmed_block(start, current)
        if block is not None:
            yield block

    def parse(self, block: Block, path: str) -> TournamentSummary:
        summary = _Summary(block, path)
        for number, text in block.numbered():
            line = text.strip()
            if line:
                summary.read(number, text, line)
        return summary.finish()


FORMAT = StarsSummaryFormat()
