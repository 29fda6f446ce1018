"""PokerStars' tournament-history archive: an HTML page with one table row per tournament.

The page's heading names the account ("... Tournaments played by 'Hero':"); each body row gives
one tournament as that account saw it: date, id, game, currency, buy-in, rebuy and add-on
spend, rake, the account's place, entries, leader-board points, prize, bounties won, and the
satellite target. Each row becomes one summary whose only placement is the account's own.

The page is read with the standard library's HTML parser, fed line by line, so a page is never
held whole; a row's location is the line its <tr> starts on (the client writes every row on
one line, so many summaries share a line). The footer's tournament count is checked against
the rows read, which catches a page cut short.
"""

import re
from collections.abc import Callable, Iterator
from datetime import datetime
from html.parser import HTMLParser
from typing import Any

from checker.ingest.amounts import is_digits, parse_cents, parse_chips
from checker.ingest.base import Block, RecordError
from checker.ingest.decode import Line
from checker.ingest.excerpt import excerpt
from checker.model import PrizeKind, TournamentSummary

NAME = "pokerstars-archive-html"

_ACCOUNT = re.compile(r"Tournaments played by '(?P<player>.*)':?\s*$")
_TITLE_ACCOUNT = re.compile(r"^TOURNEYS: <(?P<player>.*)>$")
_DATE_FORMAT = "%m/%d/%Y %I:%M:%S %p"
# A block is a row turned into "column<TAB>cell" lines; these mark the other kinds of block.
_ACCOUNT_KEY = "\x00account"
_DEFECT_KEY = "\x00defect"


class _ArchiveTable(HTMLParser):
    """Collects the heading, the column names, the body rows and the footer of the page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.section: str | None = None
        self.headers: list[str] = []
        self.heading: list[str] | None = None
        self.title: list[str] | None = None
        self.account: str | None = None
        self.row: list[str] | None = None
        self.row_line = 0
        self.cell: list[str] | None = None
        self.rows: list[tuple[int, list[str]]] = []
        self.body_rows = 0
        self.footer: tuple[int, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("thead", "tbody", "tfoot"):
            self.section = tag
        elif tag == "tr":
            self.row = []
            self.row_line = self.getpos()[0]
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "h2":
            self.heading = []
        elif tag == "title":
            self.title = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self.end_cell()
        elif tag == "tr":
            self.end_row()
        elif tag in ("thead", "tbody", "tfoot"):
            self.section = None
        elif tag == "h2" and self.heading is not None:
            match = _ACCOUNT.search("".join(self.heading))
            if match is not None:
                self.account = match["player"]
            self.heading = None
        elif tag == "title" and self.title is not None:
            match = _TITLE_ACCOUNT.match("".join(self.title).strip())
            if match is not None and self.account is None:
                self.account = match["player"]
            self.title = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        if self.heading is not None:
            self.heading.append(data)
        if self.title is not None:
            self.title.append(data)

    def end_cell(self) -> None:
        if self.cell is not None and self.row is not None:
            self.row.append(" ".join("".join(self.cell).split()))
        self.cell = None

    def end_row(self) -> None:
        if self.row is None:
            return
        if self.section == "thead":
            self.headers = self.row
        elif self.section == "tbody":
            self.rows.append((self.row_line, self.row))
            self.body_rows += 1
        elif self.section == "tfoot" and self.footer is None:
            self.footer = (self.row_line, self.row)
        self.row = None

    def drain(self) -> list[tuple[int, list[str]]]:
        rows, self.rows = self.rows, []
        return rows


def _defect(line: int, reason: str) -> Block:
    return Block(line, [f"{_DEFECT_KEY}\t{reason}"])


class StarsArchiveFormat:
    name = NAME
    holds_hands = False

    def sniff(self, head: list[str]) -> bool:
        text = "\n".join(head)
        return "<title>TOURNEYS:" in text and "Tournaments played by '" in text

    def blocks(self, lines: Iterator[Line]) -> Iterator[Block]:
        table = _ArchiveTable()
        last = 0
        for number, text in lines:
            last = number
            table.feed(text + "\n")
            yield from self._row_blocks(table)
        table.close()
        yield from self._row_blocks(table)
        yield from self._footer_defects(table, last)

    def _row_blocks(self, table: _ArchiveTable) -> Iterator[Block]:
        for line, cells in table.drain():
            if len(cells) != len(table.headers):
                yield _defect(line, f"row has {len(cells)} cells, the table header names "
                                    f"{len(table.headers)} columns: {' | '.join(cells)[:160]!r}")
                continue
            # A row is not a range of lines: its block holds "column<TAB>cell" lines (plus the
            # account), all located at the line the row starts on.
            rows = [f"{_ACCOUNT_KEY}\t{table.account or ''}"]
            rows.extend(f"{column}\t{cell}" for column, cell in zip(table.headers, cells,
                                                                     strict=True))
            yield Block(line, rows)

    def _footer_defects(self, table: _ArchiveTable, last: int) -> Iterator[Block]:
        if table.footer is None:
            # An empty input still gets a real line number: line 1, where the table should be.
            yield _defect(max(last, 1), f"the archive ends after {table.body_rows} rows "
                                        "without the table footer (truncated)")
            return
        line, cells = table.footer
        stated = cells[1] if len(cells) > 1 else ""
        if not is_digits(stated.replace(",", "")):
            yield _defect(line, f"the table footer gives no tournament count: {cells[:3]!r}")
        elif int(stated.replace(",", "")) != table.body_rows:
            yield _defect(line, f"the table footer counts {stated} tournaments, the table has "
                                f"{table.body_rows} rows")

    def parse(self, block: Block, path: str) -> TournamentSummary:
        fields = dict(line.split("\t", 1) for line in block.lines)
        defect = fields.get(_DEFECT_KEY)
        if defect is not None:
            raise RecordError(defect, block.start)
        return _Row(fields, block, path).summary()


class _Row:
    """One archive row read into a summary dict, validated once."""

    def __init__(self, fields: dict[str, str], block: Block, path: str) -> None:
        self.fields = fields
        self.line = block.start
        self.tournament = fields.get("Tourney", "")
        self.account = fields.pop(_ACCOUNT_KEY, "") or None
        self.d: dict[str, Any] = {
            "site": "PokerStars",
            "source_format": NAME,
            "location": {"file": path, "line": block.start},
            "end_line": block.start,
        }
        self.prizes: list[dict[str, Any]] = []
        self.place: int | None = None
        self.target: str | None = None
        self.warnings: list[str] = []

    def summary(self) -> TournamentSummary:
        if not is_digits(self.tournament):
            raise RecordError(f"row has no tournament id: Tourney {excerpt(self.tournament)}",
                              self.line)
        # The Currency cell is read first: the amounts in the other cells are in it.
        self.d["currency"] = self.fields.get("Currency") or None
        for column, cell in self.fields.items():
            handler = _COLUMNS.get(column)
            if handler is None:
                if cell:
                    raise RecordError(f"column {excerpt(column)} not understood: "
                                      f"{excerpt(cell)}", self.line,
                                      self.tournament)
                continue
            try:
                handler(self, cell)
            except ValueError as exc:
                raise RecordError(f"column {excerpt(column)}: {exc}", self.line,
                                  self.tournament) from None
        self.add_placement()
        self.d["warnings"] = self.warnings
        return TournamentSummary.model_validate(self.d)

    def add_placement(self) -> None:
        if self.account is None:
            self.warnings.append("the page does not name the account holder ('played by' "
                                 "heading missing): the place is left out")
            return
        self.d["placements"] = [{
            "place": self.place,
            "player": self.account,
            "prizes": self.prizes,
            "line": self.line,
        }]

    def money(self, cell: str) -> int:
        return parse_cents(cell)

    # -- columns

    def date(self, cell: str) -> None:
        # The archive does not say which zone its times are in: kept as written (naive).
        self.d["started_at"] = datetime.strptime(cell, _DATE_FORMAT)

    def tourney(self, cell: str) -> None:
        self.d["tournament_id"] = cell

    def game(self, cell: str) -> None:
        self.d["game"] = cell or None

    def currency(self, cell: str) -> None:
        if cell and not (len(cell) == 3 and cell.isalpha()):
            raise ValueError(f"not a currency code: {excerpt(cell)}")

    def buy_in(self, cell: str) -> None:
        if cell.endswith(" FPP"):
            self.d["buy_in"] = parse_chips(cell[:-4])
            self.d["currency"] = "FPP"
        else:
            self.d["buy_in"] = self.money(cell)

    def rebuys(self, cell: str) -> None:
        self.money(cell)  # the rebuy and add-on spend: the record model has no field for it

    def rake(self, cell: str) -> None:
        self.d["fee"] = self.money(cell)

    def place_cell(self, cell: str) -> None:
        self.place = int(cell) if cell else None

    def entries(self, cell: str) -> None:
        self.d["entries"] = int(cell) if cell else None

    def points(self, cell: str) -> None:
        # Leader-board points have two decimals; the text keeps them exactly.
        if self.money(cell):
            self.prizes.append(_prize(PrizeKind.POINTS, f"{cell} TLB points", None, "TLB"))

    def prize(self, cell: str) -> None:
        amount = self.money(cell)
        if amount:
            self.prizes.append(_prize(PrizeKind.CASH, cell, amount, self.fields.get("Currency")))

    def bounty(self, cell: str) -> None:
        amount = self.money(cell)
        if amount:
            self.prizes.append(_prize(PrizeKind.BOUNTY, cell, amount,
                                      self.fields.get("Currency")))

    def target_id(self, cell: str) -> None:
        if cell and not is_digits(cell):
            raise ValueError(f"not a tournament id: {excerpt(cell)}")
        self.target = cell or None

    def qualified(self, cell: str) -> None:
        # The client marks a qualification with '*\/*' (a tick); any mark counts.
        if cell:
            target = f" #{self.fields.get('Target ID')}" if self.fields.get("Target ID") else ""
            self.prizes.append(_prize(PrizeKind.SEAT, f"qualified for target tournament"
                                                      f"{target} ({cell})"))


def _prize(kind: PrizeKind, text: str, amount: int | None = None,
           currency: str | None = None) -> dict[str, Any]:
    return {"kind": kind, "amount": amount, "currency": currency, "text": text}


_COLUMNS: dict[str, Callable[[_Row, str], None]] = {
    "Date/Time": _Row.date,
    "Tourney": _Row.tourney,
    "Game": _Row.game,
    "Currency": _Row.currency,
    "Buy-In": _Row.buy_in,
    "ReBuysAddOns": _Row.rebuys,
    "Rake": _Row.rake,
    "Place": _Row.place_cell,
    "Entries": _Row.entries,
    "TLB Points": _Row.points,
    "Prize": _Row.prize,
    "Bounty Awarded": _Row.bounty,
    "Target ID": _Row.target_id,
    "Qualified": _Row.qualified,
}

FORMAT = StarsArchiveFormat()
