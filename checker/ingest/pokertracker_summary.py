"""PokerTracker 4's export of a tournament summary ("PokerTracker 4 Tournament Summary").

"Key: value" lines (Site, Game, Tournament #, Started, Finished, Buyin, Fee, Table Type,
Tourney Type, Players), then one "Place: 4, Player: x, Won: $0.00," line per player.

"Place: 0" is what the tracker writes when it does not know a player's finishing place (in
the corpus the three players left when the hand history ended all show 0): it is read as an
unknown place (place None, not still playing), with a warning naming those players. The
tracker's times carry no zone: they are kept as written (naive). "Buyin" and "Fee" are
separate amounts, as in the tracker's database ($22 + $2 for a Full Tilt $22 + $2 Sit & Go).
"""

import re
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from checker.ingest.amounts import currency_of, is_digits, parse_cents
from checker.ingest.base import Block, RecordError, record_fields, split_at
from checker.ingest.decode import Line
from checker.ingest.excerpt import excerpt
from checker.model import PrizeKind, TournamentSummary

NAME = "pokertracker-summary"

_HEADER = re.compile(r"^PokerTracker [0-9]+ Tournament Summary$")
_PLACE = re.compile(r"^Place: (?P<place>[0-9]+), Player: (?P<player>.+), Won: (?P<won>[^,]*),?$")
_KEY_VALUE = re.compile(r"^(?P<key>[A-Za-z #]+): (?P<value>.*)$")
_SITES = {"Full Tilt": "Full Tilt Poker"}
_STAMP_FORMAT = "%Y/%m/%d %H:%M:%S"
_UNKNOWN_PLACE = 0


class _Summary:
    def __init__(self, block: Block, path: str) -> None:
        self.block = block
        self.d: dict[str, Any] = record_fields(block, path, NAME)
        self.placements: list[dict[str, Any]] = []
        self.unknown_places: list[str] = []
        self.game: list[str] = []
        self.warnings: list[str] = []

    def read(self, number: int, line: str) -> None:
        if line.startswith("Place: "):
            self.place(number, line)
            return
        pair = _KEY_VALUE.match(line)
        handler = _KEYS.get(pair["key"]) if pair is not None else None
        if pair is None or handler is None:
            raise RecordError(f"line {number} not understood: {line[:120]!r}", number,
                              self.d.get("tournament_id"))
        try:
            handler(self, pair["value"].strip())
        except ValueError as exc:
            raise RecordError(f"line {number}: {pair['key']}: {exc}", number,
                              self.d.get("tournament_id")) from None

    def place(self, number: int, line: str) -> None:
        match = _PLACE.match(line)
        if match is None:
            raise RecordError(f"line {number}: place line not understood: {line[:120]!r}",
                              number, self.d.get("tournament_id"))
        place = int(match["place"])
        player = match["player"]
        if place == _UNKNOWN_PLACE:
            self.unknown_places.append(player)
        prizes = []
        won = match["won"].strip()
        try:
            amount = parse_cents(won) if won else 0
        except ValueError as exc:
            raise RecordError(f"line {number}: Won: {exc}", number,
                              self.d.get("tournament_id")) from None
        if amount:
            prizes.append({"kind": PrizeKind.CASH, "amount": amount,
                           "currency": currency_of(won), "text": won})
        self.placements.append({
            "place": place if place != _UNKNOWN_PLACE else None,
            "player": player,
            "prizes": prizes,
            "line": number,
        })

    # -- keys

    def site(self, value: str) -> None:
        self.d["site"] = _SITES.get(value, value)

    def game_name(self, value: str) -> None:
        self.game.insert(0, value)

    def tourney_type(self, value: str) -> None:
        self.game.append(value)

    def tournament(self, value: str) -> None:
        if not is_digits(value):
            raise ValueError(f"not a tournament number: {excerpt(value)}")
        self.d["tournament_id"] = value

    def started(self, value: str) -> None:
        self.d["started_at"] = datetime.strptime(value, _STAMP_FORMAT)

    def finished(self, value: str) -> None:
        self.d["finished_at"] = datetime.strptime(value, _STAMP_FORMAT)

    def buy_in(self, value: str) -> None:
        self.d["buy_in"] = parse_cents(value)
        self.d["currency"] = currency_of(value)

    def fee(self, value: str) -> None:
        self.d["fee"] = parse_cents(value)

    def table_type(self, value: str) -> None:
        self.d["name"] = value or None

    def players(self, value: str) -> None:
        self.d["entries"] = int(value)

    def finish(self) -> TournamentSummary:
        d = self.d
        if "tournament_id" not in d:
            raise RecordError("summary has no 'Tournament #:' line", self.block.start)
        if "site" not in d:
            raise RecordError("summary has no 'Site:' line", self.block.start,
                              d["tournament_id"])
        if self.game:
            d["game"] = " ".join(self.game)
        if self.unknown_places:
            self.warnings.append(f"'Place: 0' (place not recorded by the tracker) for "
                                 f"{', '.join(self.unknown_places)}: read as unknown places")
        entries = d.get("entries")
        if entries is not None and len(self.placements) != entries:
            self.warnings.append(f"the summary lists {len(self.placements)} players for "
                                 f"{entries} players")
        d["placements"] = self.placements
        d["warnings"] = self.warnings
        return TournamentSummary.model_validate(d)


_KEYS = {
    "Site": _Summary.site,
    "Game": _Summary.game_name,
    "Tournament #": _Summary.tournament,
    "Started": _Summary.started,
    "Finished": _Summary.finished,
    "Buyin": _Summary.buy_in,
    "Fee": _Summary.fee,
    "Table Type": _Summary.table_type,
    "Tourney Type": _Summary.tourney_type,
    "Players": _Summary.players,
}


class PokerTrackerSummaryFormat:
    name = NAME
    holds_hands = False

    def sniff(self, head: list[str]) -> bool:
        return bool(head) and _HEADER.match(head[0]) is not None

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        return split_at(lines, lambda text: _HEADER.match(text.strip()) is not None)

    def parse(self, block: Block, path: str) -> TournamentSummary:
        numbered = block.numbered()
        number, first = next(numbered)
        if _HEADER.match(first.strip()) is None:
            raise RecordError(f"line {number} is not a PokerTracker summary header: "
                              f"{first.strip()[:120]!r}", number)
        summary = _Summary(block, path)
        for number, text in numbered:
            line = text.strip()
            if line:
                summary.read(number, line)
        return summary.finish()


FORMAT = PokerTrackerSummaryFormat()
