"""Tournament summary readers: Full Tilt, PokerStars (text and HTML archive), PokerTracker.

Corpus tests read every summary file of the real corpus and compare the outcome with explicit
lists written from reading the files; unit tests use small snippets written in each site's
format.
"""

import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from checker.ingest import fulltilt_summary, pokertracker_summary, stars_archive_html, stars_summary
from checker.ingest.base import InputFormat
from checker.ingest.decode import iter_lines, iter_lines_from_bytes
from checker.ingest.detect import HEAD_LINES, clean_head_line
from checker.ingest.stream import parse_records
from checker.model import Placement, PrizeKind, Rejection, TournamentSummary

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "real"
FT_DIR = CORPUS / "ftp" / "summaries"
STARS_DIR = CORPUS / "stars" / "summaries"
PT_DIR = CORPUS / "other" / "pokertracker_summaries"

FT = fulltilt_summary.FORMAT
STARS = stars_summary.FORMAT
ARCHIVE = stars_archive_html.FORMAT
PT = pokertracker_summary.FORMAT
ALL_FORMATS: list[InputFormat] = [FT, STARS, ARCHIVE, PT]

ET = ZoneInfo("America/New_York")


# ---------------------------------------------------------------- helpers


def records(fmt: InputFormat, path: Path) -> list[TournamentSummary | Rejection]:
    out: list[TournamentSummary | Rejection] = []
    for record in parse_records(fmt, iter_lines(path), path.name):
        assert isinstance(record, TournamentSummary | Rejection)
        out.append(record)
    return out


def snippet(fmt: InputFormat, text: str, encoding: str = "utf-8") -> list[TournamentSummary |
                                                                          Rejection]:
    data = text.replace("\n", "\r\n").encode(encoding)
    out: list[TournamentSummary | Rejection] = []
    for record in parse_records(fmt, iter_lines_from_bytes(data), "snippet.txt"):
        assert isinstance(record, TournamentSummary | Rejection)
        out.append(record)
    return out


def only_summary(found: list[TournamentSummary | Rejection]) -> TournamentSummary:
    assert len(found) == 1, found
    record = found[0]
    assert isinstance(record, TournamentSummary), record
    return record


def read_one(fmt: InputFormat, path: Path) -> TournamentSummary:
    return only_summary(records(fmt, path))


def head_of(path: Path) -> list[str]:
    head: list[str] = []
    for _, text in iter_lines(path):
        cleaned = clean_head_line(text)
        if cleaned:
            head.append(cleaned)
            if len(head) >= HEAD_LINES:
                break
    return head


def decoded(path: Path) -> list[str]:
    return [text for _, text in iter_lines(path)]


def at_line(summary: TournamentSummary, line: int) -> Placement:
    found = [p for p in summary.placements if p.line == line]
    assert len(found) == 1, found
    return found[0]


def eastern(year: int, month: int, day: int, hour: int, minute: int,
            second: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=ET)


# ---------------------------------------------------------------- corpus: which files, what

# A Full Tilt summary filed among the tournament hands; its content says what it is.
FT_STRAY = CORPUS / "ftp" / "tour" / "Flop" / "NLHE-9max-STT-USD-8.30-201211.step.txt"
FT_FILES = [*sorted(FT_DIR.glob("*.txt")), FT_STRAY]
STARS_FILES = sorted(STARS_DIR.glob("*.txt"))
ARCHIVE_FILES = sorted(STARS_DIR.glob("*.htm"))
PT_FILES = sorted(PT_DIR.glob("*.txt"))

# Every warning a corpus file gives, as (substring, ...) per file; other files give none.
# Each was checked against the file text.
FT_WARNINGS = {
    # Line 10 reads "Total Rebuys: 2Total Prize Pool: $55".
    "10Game-USD-SnG-8-201404.Satellite.to.Mini.FTOPS.line.error.txt": [
        "line 10 holds two fields run together: 'Total Rebuys: 2' and 'Total Prize Pool: $55'",
    ],
    # The closing line names the real account, the list its anonymised name "Hero".
    "3-Draw-Limit-USD-STT-2max-10-201211.Hero.loses.txt": [
        "line 11: the closing line names 'OrangeWater', who is not in the list of places; "
        "listed at place 2: Hero",
    ],
    "NLHE-USD-MTT-1-201012.No.rake.txt": [
        "line 8878: the closing line names 'JJman6', who is not in the list of places",
    ],
    "PLO8-USD-SnG-9man-201012.Satellite.to.FTOPS.txt": [
        "line 19: the closing line names 'onecasanova', who is not in the list of places",
    ],
    # The site's own note that its player list was incomplete.
    "NLHE-9max-MTT-USD-10-201301.rush.rebuy.17K.guar.txt": [
        "line 490: the site notes that some player names are missing",
    ],
    "NLHE-9max-MTT-USD-20-201301.multi-entry.txt": [
        "line 23443: the site notes that some player names are missing",
    ],
    # Line 4 reads "4 received %1 Knockout Bounty Awards": an unfilled template.
    "NLHE-MTT-USD-255-201408.KO.count.bounties.txt": [
        "line 4: the bounty line is a broken template ('4' received '%1')",
    ],
    # No player lines at all, only "Hero finished in 890th place".
    "NLHE-USD-MTT-14-200912.Knockout.Bounty.txt": [
        "the summary lists no players (1741 entries): only the closing line's place of 'Hero'",
    ],
    "NLHE-USD-Rush-MTT-1-201012.No.cash.txt": [
        "the summary lists no players (3602 entries): only the closing line's place of 'Hero'",
    ],
}
STARS_WARNINGS = {
    # A summary e-mailed to the player: no list, only "You finished the tournament in 2nd place".
    "NLHE-EUR-STT-0.42-201102.emailed.cp1252.txt": [
        "the summary lists no players (10 players): only the place of 'Hero' is known",
    ],
    "NLHE-MTT-FPP-100-201309.Finished.Super.Satellite.txt": [
        "line 5: the prize pool '$55.00 USD' is in USD, not in the entry currency FPP",
    ],
    "NLHE-USD-5-201603.Sunday.Million.ticket.txt": [
        "line 4: the prize pool is a ticket ('Sunday Million ticket'), not an amount",
    ],
    # The file's first byte is 0x10, before "PokerStars Tournament #".
    "NLHE-USD-MTT-4max-2.00-201011.Stars.local.format.txt": [
        "line 1: stray control character U+0010 before the header",
    ],
}
PT_WARNINGS = {
    "NLHE-USD-22-STT-Turbo-200706.FullTilt.txt": [
        "'Place: 0' (place not recorded by the tracker) for MeMe1668, Galo_PB, jak0413",
    ],
}
# Rejected summaries, as (file, line, reason substring): none in the corpus.
EXPECTED_REJECTIONS: list[tuple[str, int, str]] = []

FT_HEADER = re.compile(r"^Full Tilt Poker(?:\.fr)? Tournament Summary .*\(\d+\)")
FT_PLAYER_LINE = re.compile(r"^(?:\d+: |Still Playing - )")
STARS_HEADER = re.compile(r"^\W?(?:PokerStars|Full Tilt) Tournament #\d+, ")
STARS_PLAYER_LINE = re.compile(r"^\s*\d+: ")
PT_HEADER = re.compile(r"^PokerTracker \d+ Tournament Summary$")
PT_PLAYER_LINE = re.compile(r"^Place: \d+, ")


def corpus_cases() -> Iterator[tuple[InputFormat, Path, dict[str, list[str]], re.Pattern[str],
                                     re.Pattern[str]]]:
    for path in FT_FILES:
        yield FT, path, FT_WARNINGS, FT_HEADER, FT_PLAYER_LINE
    for path in STARS_FILES:
        yield STARS, path, STARS_WARNINGS, STARS_HEADER, STARS_PLAYER_LINE
    for path in PT_FILES:
        yield PT, path, PT_WARNINGS, PT_HEADER, PT_PLAYER_LINE


def test_the_corpus_is_there() -> None:
    assert len(FT_FILES) == 43
    assert len(STARS_FILES) == 26
    assert len(ARCHIVE_FILES) == 3
    assert len(PT_FILES) == 1


@pytest.mark.parametrize(
    ("fmt", "path", "warnings", "header", "player_line"),
    list(corpus_cases()),
    ids=lambda value: value.name if isinstance(value, Path) else "",
)
def test_corpus_text_summary_files(fmt: InputFormat, path: Path,
                                   warnings: dict[str, list[str]], header: re.Pattern[str],
                                   player_line: re.Pattern[str]) -> None:
    assert fmt.sniff(head_of(path))
    found = records(fmt, path)
    rejected = [(path.name, r.location.line, r.reason) for r in found
                if isinstance(r, Rejection)]
    expected = [case for case in EXPECTED_REJECTIONS if case[0] == path.name]
    assert [(f, n) for f, n, _ in rejected] == [(f, n) for f, n, _ in expected]
    for (_, _, reason), (_, _, part) in zip(rejected, expected, strict=True):
        assert part in reason
    summaries = [r for r in found if isinstance(r, TournamentSummary)]
    text = decoded(path)
    # Summaries and player lines counted in the text, independently of the reader.
    assert len(found) == sum(1 for line in text if header.match(line))
    summary = summaries[0]
    assert summary.source_format == fmt.name
    listed = [p for p in summary.placements if player_line.match(text[p.line - 1])]
    assert len(listed) == sum(1 for line in text if player_line.match(line))
    # Each placement's player is on its line, as written.
    for entry in listed:
        assert entry.player in text[entry.line - 1]
    expected_warnings = warnings.get(path.name, [])
    assert len(summary.warnings) == len(expected_warnings), summary.warnings
    for got, part in zip(summary.warnings, expected_warnings, strict=True):
        assert part in got


def test_corpus_archive_files() -> None:
    for path in ARCHIVE_FILES:
        assert ARCHIVE.sniff(head_of(path))
        read = records(ARCHIVE, path)
        found = [r for r in read if isinstance(r, TournamentSummary)]
        assert len(found) == len(read), [r for r in read if isinstance(r, Rejection)]
        raw = path.read_bytes().decode("cp1252")
        row_ids = re.findall(r'<tr id="row_(\d+)">', raw)
        assert [r.tournament_id for r in found] == row_ids
        for summary in found:
            assert summary.warnings == []
            assert [p.player for p in summary.placements] == ["Hero"]
            assert summary.source_format == "pokerstars-archive-html"


def test_the_excel_file_is_no_summary() -> None:
    xls = FT_DIR / "HORSE-2max-SnG-USD-200604.xls"
    head = head_of(xls)
    assert head, "the binary file decodes to some garbage lines"
    assert not any(fmt.sniff(head) for fmt in ALL_FORMATS)


def dump_file(path: Path) -> bool:
    return path.suffix in (".hp", ".hands", ".gt")


def test_each_sniffer_accepts_only_its_own_files() -> None:
    """Every file of the corpus (hands too) is accepted by exactly the reader of its folder."""
    own = {
        FT.name: set(FT_FILES),
        STARS.name: set(STARS_FILES),
        ARCHIVE.name: set(ARCHIVE_FILES),
        PT.name: set(PT_FILES),
    }
    checked = 0
    for path in sorted(CORPUS.rglob("*")):
        if not path.is_file() or dump_file(path):
            continue
        head = head_of(path)
        accepted = {fmt.name for fmt in ALL_FORMATS if fmt.sniff(head)}
        expected = {name for name, paths in own.items() if path in paths}
        assert accepted == expected, path
        checked += 1
    assert checked > 100


def pair_files(field: str) -> list[str]:
    """The tsv lists files separated by spaces, and some names hold spaces ("Entry 3.txt")."""
    return re.findall(r"\S.*?\.txt(?= |$)", field.strip())


def test_summary_ids_match_the_hand_history_pairs() -> None:
    pairs = (CORPUS / "hh_summary_pairs.tsv").read_text().splitlines()[1:]
    checked = 0
    for row in pairs:
        tournament, hands, summaries = row.split("\t")
        for hand_file in pair_files(hands):
            assert tournament in "\n".join(decoded(CORPUS / hand_file)), hand_file
        if summaries.strip() == "-":
            continue
        for name in pair_files(summaries):
            summary = read_one(FT, CORPUS / name)
            assert summary.tournament_id == tournament, name
            checked += 1
    assert checked == 18


# ---------------------------------------------------------------- corpus: values by hand


def test_fulltilt_sit_and_go_in_progress() -> None:
    s = read_one(FT, FT_DIR / "NLHE-6max-SnG-USD-5-201305.txt")
    assert (s.site, s.tournament_id) == ("Full Tilt Poker", "253843023")
    assert s.name == "$5 Sit & Go (Super Turbo)"
    assert s.game == "Hold'em No Limit (Super Turbo, 6 Handed)"
    assert (s.currency, s.buy_in, s.fee) == ("USD", 475, 25)
    assert (s.starting_chips, s.entries, s.prize_pool) == (300, 6, 2850)
    assert s.started_at == eastern(2013, 5, 14, 19, 2, 43)
    assert s.in_progress and s.finished_at is None
    still = [p.player for p in s.placements if p.still_playing]
    assert still == ["Player3", "Player2", "Player0"]
    assert all(p.place is None for p in s.placements if p.still_playing)
    hero = at_line(s, 12)
    assert (hero.place, hero.player, hero.prizes) == (4, "Hero", [])
    assert s.hero_result == "Hero finished in 4th place"
    assert (s.location.line, s.end_line) == (1, 15)


def test_fulltilt_glued_line_and_ticket() -> None:
    s = read_one(FT, FT_DIR / "10Game-USD-SnG-8-201404.Satellite.to.Mini.FTOPS.line.error.txt")
    assert (s.buy_in, s.fee, s.starting_chips, s.entries) == (800, 70, 1500, 4)
    assert (s.rebuys, s.prize_pool) == (2, 5500)
    # "CET [2014/04/24 14:36:00 ET]": the ET time is kept.
    assert s.started_at == eastern(2014, 4, 24, 14, 36, 0)
    assert s.finished_at == eastern(2014, 4, 24, 15, 34, 5)
    winner = at_line(s, 15)
    assert (winner.place, winner.player) == (1, "Player0")
    [ticket] = winner.prizes
    assert (ticket.kind, ticket.amount, ticket.currency) == (PrizeKind.TICKET, 1300, "USD")
    assert ticket.text == "$13 MiniFTOPS Ticket"


def test_fulltilt_cash_prizes_and_worded_dates() -> None:
    s = read_one(FT, FT_DIR / "NLHE-USD-SnG-6man-201007.Hero.wins.worded.date.format.txt")
    assert s.started_at == eastern(2010, 7, 21, 22, 40)
    assert s.finished_at == eastern(2010, 7, 21, 23, 10)
    assert (s.buy_in, s.fee, s.prize_pool) == (2200, 200, 13200)
    second = at_line(s, 10)
    assert (second.place, second.player) == (2, "Villain")
    assert [(p.kind, p.amount, p.currency) for p in second.prizes] == [
        (PrizeKind.CASH, 4620, "USD")]


def test_fulltilt_bounties() -> None:
    s = read_one(FT, FT_DIR / "NLHE-9max-MTT-USD-70-2013.ko.guar.txt")
    assert (s.buy_in, s.fee, s.bounty) == (7000, 500, 1500)
    assert (s.entries, s.prize_pool, s.starting_chips) == (374, 2057000, 3000)
    hero = at_line(s, 89)
    assert (hero.place, hero.player) == (79, "Hero")
    # "Hero received 3 Knockout Bounty Awards" at $15 each.
    [bounty] = hero.prizes
    assert (bounty.kind, bounty.amount, bounty.currency) == (PrizeKind.BOUNTY, 4500, "USD")


def test_fulltilt_points_play_chips_and_tournament_dollars() -> None:
    fpp = read_one(FT, FT_DIR / "NLHE-MTT-FPP-25-201308.Rebuys.Addons.txt")
    assert (fpp.currency, fpp.buy_in, fpp.fee, fpp.prize_pool) == ("FTP", 25, 0, 9200)
    assert (fpp.rebuys, fpp.add_ons, fpp.entries) == (264, 13, 91)
    assert [(p.place, p.player) for p in fpp.placements[:2]] == [
        (1, "mybankrollsmall"), (1, "1973Len")]
    third = at_line(fpp, 20)
    assert [(p.kind, p.amount, p.currency) for p in third.prizes] == [
        (PrizeKind.POINTS, 100, "FTP")]
    play = read_one(FT, FT_DIR / "NLHE-9max-play-STT-201301.hero.cashes.txt")
    assert (play.currency, play.buy_in, play.prize_pool) == ("PLAY", 250, 2250)
    first = at_line(play, 9)
    assert first.player == "Player0 snake bit"
    assert [(p.kind, p.amount) for p in first.prizes] == [(PrizeKind.PLAY_MONEY, 1125)]
    freeroll = read_one(FT, FT_DIR / "NLHE-Freeroll-MTT-201212.txt")
    assert (freeroll.currency, freeroll.buy_in, freeroll.prize_pool) == ("T$", 0, 15000)


def test_fulltilt_satellites_cashout_and_euros() -> None:
    token = read_one(FT, FT_DIR / "NLHE-USD-SnG-9man-201001.Satellite.Hero.wins.token.txt")
    [won] = at_line(token, 10).prizes
    assert (won.kind, won.amount, won.text) == (PrizeKind.TICKET, 7500, "$75 Satellite Token")
    multi = read_one(FT, FT_DIR / "Freeroll-Satellite-MultipleWinners-20100830.txt")
    winners = [p for p in multi.placements if p.place == 1]
    assert len(winners) == 111
    assert all(p.prizes[0].text == "Weekly Freeroll Ticket" for p in winners)
    assert all(p.prizes[0].amount is None for p in winners)
    cashout = read_one(FT, FT_DIR / "NLHE-MTT-USD-100-201005.cashout.txt")
    [cashed] = at_line(cashout, 218).prizes
    assert (cashed.kind, cashed.amount, cashed.text) == (PrizeKind.CASH, 5112,
                                                         "$51.12 (Cashout)")
    euro = read_one(FT, FT_DIR / "NLHE-EUR-MTT-1-201012.txt")
    assert (euro.site, euro.currency, euro.buy_in, euro.fee) == ("Full Tilt Poker.fr", "EUR",
                                                                 100, 15)
    assert euro.prize_pool == 100000
    # Only "CET" is given: Paris time, the same instant as 14:11 ET.
    assert euro.started_at == datetime(2010, 12, 3, 20, 11, tzinfo=ZoneInfo("Europe/Paris"))
    assert euro.started_at == eastern(2010, 12, 3, 14, 11)


def test_fulltilt_multi_entry_and_no_list() -> None:
    s = read_one(FT, FT_DIR / "NLHE-9max-MTT-USD-20-201301.multi-entry.txt")
    assert (s.entries, s.prize_pool) == (23433, 46866000)
    assert len(s.placements) == 23433
    assert [p.place for p in s.placements if p.player == "Hero"] == [8307, 9204, 9520]
    no_list = read_one(FT, FT_DIR / "NLHE-USD-MTT-14-200912.Knockout.Bounty.txt")
    [hero] = no_list.placements
    assert (hero.place, hero.player, hero.line) == (890, "Hero", 10)


def test_stars_sit_and_go_still_playing() -> None:
    s = read_one(STARS, STARS_DIR / "NLHE-EUR-SnG-10-201101.Sample.txt")
    assert (s.site, s.tournament_id, s.game) == ("PokerStars", "354025449", "No Limit Hold'em")
    assert (s.currency, s.buy_in, s.fee, s.bounty) == ("EUR", 904, 96, None)
    assert (s.entries, s.prize_pool) == (9, 8136)
    assert s.started_at == eastern(2011, 1, 17, 12, 33, 56)
    assert s.in_progress
    first = at_line(s, 7)
    assert (first.place, first.player, first.country, first.still_playing) == (
        None, "R0CKAR0LLA", "Dobrich", True)
    assert at_line(s, 13).player == "Hákarl"
    eighth = at_line(s, 14)
    assert (eighth.place, eighth.player, eighth.country, eighth.prizes) == (
        8, "Snaky.92150", "SURESNES", [])
    assert s.hero_result == "You finished in 8th place (eliminated at hand #56087971216)."


def test_stars_bounty_buy_in_and_cash_places() -> None:
    s = read_one(STARS, STARS_DIR / "NLHE-9max-MTT-USD-2.50-201305.KO.v2.txt")
    assert (s.buy_in, s.bounty, s.fee, s.currency) == (200, 50, 20, "USD")
    assert (s.entries, s.prize_pool) == (6643, 1328600)
    assert s.finished_at == eastern(2013, 5, 26, 18, 55, 18)
    assert not s.in_progress
    winner = at_line(s, 7)
    assert (winner.place, winner.player, winner.country) == (1, "Strehnin", "Ukraine")
    [cash] = winner.prizes
    assert (cash.kind, cash.amount, cash.currency, cash.text) == (
        PrizeKind.CASH, 206296, "USD", "$2,062.96 (15.527%)")


def test_stars_tickets_seats_and_points() -> None:
    ticket = read_one(STARS, STARS_DIR / "NLHE-USD-5-201603.Sunday.Million.ticket.txt")
    assert ticket.prize_pool is None
    [won] = at_line(ticket, 7).prizes
    assert (won.kind, won.text) == (PrizeKind.TICKET, "Sunday Million ticket")
    satellite = read_one(STARS, STARS_DIR / "NLHE-9max-SC-MTT-201512.txt")
    assert (satellite.name, satellite.currency, satellite.buy_in) == ("Super Satellite", "SC",
                                                                      250)
    assert satellite.prize_pool == 92000
    [seat] = at_line(satellite, 11).prizes
    assert seat.kind == PrizeKind.SEAT and "#1399755743" in seat.text
    [points] = at_line(satellite, 13).prizes
    assert (points.kind, points.amount, points.currency) == (PrizeKind.POINTS, 25750, "FPP")


def test_stars_re_entries_odd_locations_and_old_dates() -> None:
    reentry = read_one(STARS, STARS_DIR / "NLSD-MTT-USD-1000-50-201609.reentry.txt")
    assert (reentry.buy_in, reentry.fee, reentry.entries) == (100000, 5000, 104)
    assert len(reentry.placements) == 145
    fifth = at_line(reentry, 11)
    assert (fifth.place, fifth.player, fifth.prizes[0].amount) == (5, "blanconegro [2]",
                                                                   1126710)
    local = read_one(STARS, STARS_DIR / "NLHE-USD-MTT-4max-2.00-201011.Stars.local.format.txt")
    assert local.tournament_id == "329147523"
    nested = at_line(local, 324)
    assert (nested.player, nested.country) == ("Andrew Gvozd", "Санкт-Петербург(RUS)")
    assert at_line(local, 131).country == "monzon  (españa)"
    old = read_one(STARS, STARS_DIR / "NLHE-USD-MTT-20-200708.s0rrow.2nd.txt")
    assert old.started_at == eastern(2007, 8, 13, 8, 15)
    assert (old.buy_in, old.fee, old.currency) == (2000, 200, "USD")
    assert [(p.place, p.player, p.prizes[0].amount) for p in old.placements[1:2]] == [
        (2, "Hero", 96600)]


def test_stars_e_mails_and_play_money() -> None:
    mail = read_one(STARS, STARS_DIR / "NLHE-EUR-STT-0.42-201102.emailed.cp1252.txt")
    [hero] = mail.placements
    assert (hero.place, hero.player, hero.line) == (2, "Hero", 10)
    assert [(p.kind, p.amount, p.currency) for p in hero.prizes] == [
        (PrizeKind.CASH, 90, "EUR")]
    wins = read_one(STARS, STARS_DIR / "NLHE-USD-HUSnG-10-201011.s0rrow.wins.txt")
    assert wins.location.line == 1  # the e-mail's first line opens the record
    assert at_line(wins, 11).country == "Грязи"
    play = read_one(STARS, STARS_DIR / "NLHE-Play-STT-20110405.txt")
    assert (play.currency, play.buy_in, play.fee, play.prize_pool) == ("PLAY", 300, 20, 2700)
    accents = read_one(STARS, STARS_DIR /
                       "NLHE-USD-MTT-Freeroll.201203.accent.sensitive.player.names.txt")
    assert at_line(accents, 107).player == "Mókuska10"
    assert at_line(accents, 295).player == "szeretnivaló"
    assert accents.name == "Freeroll"
    assert (accents.entries, accents.prize_pool, accents.currency) == (28599, 150000, "USD")


def test_archive_rows() -> None:
    mtt = records(ARCHIVE, STARS_DIR / "PokerStars-MTT-Archive-201007.htm")
    first, fpp, _ = mtt
    assert isinstance(first, TournamentSummary) and isinstance(fpp, TournamentSummary)
    assert (first.tournament_id, first.game, first.currency) == ("6036953", "NL Hold'em", "USD")
    assert (first.buy_in, first.fee, first.entries) == (1000, 100, 728)
    assert first.started_at == datetime(2005, 3, 18, 23, 9, 43)
    assert (first.placements[0].place, first.placements[0].prizes) == (698, [])
    assert (first.location.line, first.end_line) == (45, 45)
    assert (fpp.currency, fpp.buy_in, fpp.fee) == ("FPP", 1000, 0)
    year = {s.tournament_id: s for s in records(
        ARCHIVE, STARS_DIR / "PokerStars-MTT-Archive-2012.ignore.bounties.htm")
        if isinstance(s, TournamentSummary)}
    assert len(year) == 1996
    cashed = year["553010006"]
    assert (cashed.buy_in, cashed.fee, cashed.entries) == (15000, 1200, 769)
    assert [(p.kind, p.amount, p.text) for p in cashed.placements[0].prizes] == [
        (PrizeKind.POINTS, None, "158.22 TLB points"), (PrizeKind.CASH, 57675, "576.75")]
    qualified = year["597809894"].placements[0]
    assert qualified.place == 1
    assert [p.kind for p in qualified.prizes] == [PrizeKind.SEAT]
    assert "#2012090065" in qualified.prizes[0].text
    sng = records(ARCHIVE, STARS_DIR / "PokerStars-SnG-Archive-201007.htm")
    assert [(s.tournament_id, s.placements[0].place) for s in sng
            if isinstance(s, TournamentSummary)] == [
        ("72971361", 2), ("72999658", 5), ("243022712", 1), ("243055898", 9)]
    second = sng[0]
    assert isinstance(second, TournamentSummary)
    assert [(p.amount, p.currency) for p in second.placements[0].prizes] == [(2700, "USD")]


def test_pokertracker_summary() -> None:
    s = read_one(PT, PT_DIR / "NLHE-USD-22-STT-Turbo-200706.FullTilt.txt")
    assert (s.site, s.tournament_id, s.game) == ("Full Tilt Poker", "20946193", "Holdem No Limit")
    assert (s.buy_in, s.fee, s.currency, s.entries) == (2200, 200, "USD", 9)
    assert s.started_at == datetime(2007, 6, 23, 16, 54, 12)
    assert s.finished_at == datetime(2007, 6, 23, 17, 19, 46)
    assert [p.place for p in s.placements] == [None, None, None, 4, 5, 6, 7, 8, 9]
    assert not any(p.still_playing or p.prizes for p in s.placements)
    assert (s.placements[3].player, s.placements[3].line) == ("theASHMAN103", 16)


# ---------------------------------------------------------------- unit tests: Full Tilt

FT_SNG = """\
Full Tilt Poker Tournament Summary $10 Sit & Go (111222333) Hold'em No Limit (Turbo)
Buy-In: $9.50 + $0.50
Buy-In Chips: 1500
3 Entries
Total Prize Pool: $28.50
Tournament started: 2012/11/07 16:31:56 CET [2012/11/07 10:31:56 ET]
Tournament finished: 2012/11/07 16:46:49 CET [2012/11/07 10:46:49 ET]

1: Alpha Beta, $19
2: Hero, $9.50
3: Gamma
Hero finished in 2nd place
"""


def test_ft_snippet_in_utf16() -> None:
    s = only_summary(snippet(FT, FT_SNG, "utf-16"))
    assert (s.tournament_id, s.buy_in, s.fee, s.prize_pool) == ("111222333", 950, 50, 2850)
    assert s.finished_at == eastern(2012, 11, 7, 10, 46, 49)
    assert [(p.place, p.player) for p in s.placements] == [
        (1, "Alpha Beta"), (2, "Hero"), (3, "Gamma")]
    assert s.placements[1].prizes[0].amount == 950
    assert s.warnings == []


def test_ft_line_not_understood_is_rejected_with_its_line() -> None:
    text = FT_SNG.replace("Buy-In Chips: 1500\n", "Buy-In Chips: 1500\nLate registration\n")
    [rejected] = snippet(FT, text)
    assert isinstance(rejected, Rejection)
    assert rejected.location.line == 4
    assert rejected.reason == "line 4 not understood: 'Late registration'"
    assert rejected.hand == "111222333"
    assert not rejected.is_hand


def test_ft_damaged_prize_and_amount_are_rejected() -> None:
    [prize] = snippet(FT, FT_SNG.replace("1: Alpha Beta, $19", "1: Alpha Beta, 19 dollars"))
    assert isinstance(prize, Rejection)
    assert prize.location.line == 9 and "prize not understood: '19 dollars'" in prize.reason
    [amount] = snippet(FT, FT_SNG.replace("$28.50", "$28.5.0"))
    assert isinstance(amount, Rejection)
    assert amount.reason == "line 5 not understood: 'Total Prize Pool: $28.5.0'"


def test_ft_glued_fields_are_both_read() -> None:
    text = FT_SNG.replace("3 Entries\nTotal Prize Pool: $28.50",
                          "3 Entries\nTotal Rebuys: 4Total Prize Pool: $28.50")
    s = only_summary(snippet(FT, text))
    assert (s.rebuys, s.prize_pool) == (4, 2850)
    assert s.warnings == ["line 5 holds two fields run together: 'Total Rebuys: 4' and "
                          "'Total Prize Pool: $28.50' (read both)"]


def test_ft_truncated_summaries() -> None:
    cut_short = "\n".join(FT_SNG.splitlines()[:3]) + "\n"
    [rejected] = snippet(FT, cut_short)
    assert isinstance(rejected, Rejection)
    assert "no entries and no places (truncated)" in rejected.reason
    assert rejected.location.line == 3
    cut_in_list = "\n".join(FT_SNG.splitlines()[:10]) + "\n"
    s = only_summary(snippet(FT, cut_in_list))
    assert s.warnings == ["the summary lists 2 players for 3 entries"]


def test_ft_closing_line_that_disagrees_with_the_list() -> None:
    s = only_summary(snippet(FT, FT_SNG.replace("Hero finished in 2nd", "Hero finished in 3rd")))
    assert s.warnings == ["line 12: the closing line puts 'Hero' at place 3, the list at "
                          "place 2"]


def test_ft_lines_before_the_header_are_rejected() -> None:
    found = snippet(FT, "Saved from the lobby\n" + FT_SNG)
    assert isinstance(found[0], Rejection)
    assert found[0].location.line == 1
    assert "not a Full Tilt summary header" in found[0].reason
    assert isinstance(found[1], TournamentSummary)


def test_ft_unknown_time_zone_is_a_warning() -> None:
    text = FT_SNG.replace("Tournament started: 2012/11/07 16:31:56 CET [2012/11/07 10:31:56 ET]",
                          "Tournament started: 2012/11/07 16:31:56 XYZ")
    s = only_summary(snippet(FT, text))
    assert s.started_at is None
    assert s.warnings == ["line 6: time zone 'XYZ' is not one feltcheck can place: time left "
                          "out ('2012/11/07 16:31:56 XYZ')"]


# ---------------------------------------------------------------- unit tests: PokerStars

STARS_MTT = """\
PokerStars Tournament #123456789, No Limit Hold'em
Buy-In: $10.00/$1.00 USD
5 players
Total Prize Pool: $50.00 USD
Tournament started 2011/01/17 18:33:56 CET [2011/01/17 12:33:56 ET]
Tournament finished 2011/01/17 19:33:56 CET [2011/01/17 13:33:56 ET]
  1: Alpha (Sweden), $35.00 (70%)
  2: Beta (Rio (Brazil)), $15.00 (30%)
  3: Gamma [2] (Berlin),\x20
  4: Delta (Norway),
  5: Gamma (Berlin),

You finished in 4th place (eliminated at hand #56087971216).
"""


def test_stars_snippet() -> None:
    s = only_summary(snippet(STARS, STARS_MTT))
    assert (s.buy_in, s.fee, s.entries, s.prize_pool) == (1000, 100, 5, 5000)
    assert [(p.place, p.player, p.country) for p in s.placements] == [
        (1, "Alpha", "Sweden"), (2, "Beta", "Rio (Brazil)"), (3, "Gamma [2]", "Berlin"),
        (4, "Delta", "Norway"), (5, "Gamma", "Berlin")]
    assert s.placements[1].prizes[0].amount == 1500
    assert s.warnings == []


def test_stars_two_summaries_in_one_file() -> None:
    second = STARS_MTT.replace("#123456789", "#987654321")
    found = snippet(STARS, STARS_MTT + "\n\n" + second)
    assert [(r.tournament_id, r.location.line, r.end_line) for r in found
            if isinstance(r, TournamentSummary)] == [
        ("123456789", 1, 13), ("987654321", 16, 28)]


def test_stars_damaged_lines() -> None:
    [unknown] = snippet(STARS, STARS_MTT.replace("5 players\n", "5 players\nLate reg open\n"))
    assert isinstance(unknown, Rejection)
    assert unknown.reason == "line 4 not understood: 'Late reg open'"
    [place] = snippet(STARS, STARS_MTT.replace("  4: Delta (Norway),", "  4: Delta Norway"))
    assert isinstance(place, Rejection)
    assert place.location.line == 10
    assert "place line not understood (no '(location),' after the name)" in place.reason
    [money] = snippet(STARS, STARS_MTT.replace("$35.00 (70%)", "35 euros (70%)"))
    assert isinstance(money, Rejection) and money.location.line == 7


def test_stars_gaps_and_short_lists_are_warned() -> None:
    gap = only_summary(snippet(STARS, STARS_MTT.replace("  4: Delta", "  6: Delta")))
    assert "line 10: the list jumps from entry 3 to 6" in gap.warnings
    cut = "\n".join(STARS_MTT.splitlines()[:9]) + "\n"
    short = only_summary(snippet(STARS, cut))
    assert short.warnings == ["the summary lists 3 entries for 5 players (truncated?)"]


def test_stars_stray_byte_before_header() -> None:
    s = only_summary(snippet(STARS, "\x10" + STARS_MTT))
    assert s.tournament_id == "123456789"
    assert s.warnings == ["line 1: stray control character U+0010 before the header (ignored)"]
    assert STARS.sniff([clean_head_line("\x10" + STARS_MTT.splitlines()[0])])


def test_stars_email_names_the_account() -> None:
    text = ("Tournament History for your last 1 tournament requested by Delta (d@example.com)\n"
            "\n" + STARS_MTT + "\nIf you have any questions, please contact us at x@example.com\n")
    s = only_summary(snippet(STARS, text))
    assert s.location.line == 1 and s.warnings == []
    wrong = only_summary(snippet(STARS, text.replace("4th place", "2nd place")))
    assert wrong.warnings == ["line 15: the closing line puts 'Delta' at place 2, the list at "
                              "place 4"]


# ---------------------------------------------------------------- unit tests: archive

ARCHIVE_PAGE = """\
<html>
<head><META HTTP-EQUIV="Content-Type" content="text/html; charset=Windows-1252"></head>
<BODY>
<title>TOURNEYS: &lt;Hero&gt;</title><h2>All  Sit & GoTournaments played by '<b>Hero':</h2>
<TABLE class="ex" cellpadding=2px cellspacing=1px>
<thead>
<tr>
<th>Date/Time</th><th>Tourney</th><th>Game</th><th>Currency</th><th>Buy-In</th>
<th>ReBuys<br>AddOns</th><th>Rake</th><th>Place</th><th>Entries</th><th>Prize</th>
<th>Bounty Awarded</th><th>Target ID</th><th>Qualified</th>
</tr>
</thead>
<tbody>
<tr id="row_11"><td align="right">1/7/2008 3:07:35 AM</td><td>11</td><td>NL Hold'em</td><td>USD</td><td>10.00</td><td>0.00</td><td>1.00</td><td>2</td><td>9</td><td nowrap>27.00</td><td>1.50</td><td>&nbsp;</td><td>&nbsp;</td></tr>
<tr id="row_12"><td align="right">1/7/2008 12:14:42 PM</td><td>12</td><td>NL Hold'em</td><td>EUR</td><td>1,000 FPP</td><td>0.00</td><td>0.00</td><td>1</td><td>90</td><td>0.00</td><td>0.00</td><td>5966738</td><td>*\\/*</td></tr>
</tbody>
<tfoot>
<tr><td align="right"><b>Total&nbsp;&nbsp;&sum;&nbsp;=</b></td><td align="center"><b>2</td><td>USD</td></tr>
</tfoot>
</TABLE>
</BODY>
</HTML>
"""  # noqa: E501


def test_archive_snippet() -> None:
    found = snippet(ARCHIVE, ARCHIVE_PAGE, "cp1252")
    first, second = found
    assert isinstance(first, TournamentSummary) and isinstance(second, TournamentSummary)
    assert (first.location.line, first.tournament_id, first.currency) == (14, "11", "USD")
    assert first.started_at == datetime(2008, 1, 7, 3, 7, 35)
    [hero] = first.placements
    assert (hero.player, hero.place, hero.line) == ("Hero", 2, 14)
    assert [(p.kind, p.amount, p.currency) for p in hero.prizes] == [
        (PrizeKind.CASH, 2700, "USD"), (PrizeKind.BOUNTY, 150, "USD")]
    assert (second.currency, second.buy_in, second.entries) == ("FPP", 1000, 90)
    assert second.started_at == datetime(2008, 1, 7, 12, 14, 42)
    [seat] = second.placements[0].prizes
    assert seat.kind == PrizeKind.SEAT and "#5966738" in seat.text


def test_archive_truncated_page_is_reported() -> None:
    cut = ARCHIVE_PAGE.split("<tr id=\"row_12\">")[0]
    found = snippet(ARCHIVE, cut)
    assert isinstance(found[0], TournamentSummary)
    assert isinstance(found[1], Rejection)
    # The page is the snippet's whole file: its end is the archive's end.
    assert found[1].reason == ("the file ends in the middle of this summary (line 14 is its "
                               "last): the archive ends after 1 rows without the table footer "
                               "(truncated)")
    assert not found[1].is_hand


def test_archive_footer_count_and_short_rows() -> None:
    miscount = ARCHIVE_PAGE.replace("<b>2</td>", "<b>3</td>")
    found = snippet(ARCHIVE, miscount)
    assert isinstance(found[-1], Rejection)
    assert found[-1].reason == "the table footer counts 3 tournaments, the table has 2 rows"
    assert found[-1].location.line == 18
    short = ARCHIVE_PAGE.replace("<td>1.00</td><td>2</td>", "<td>2</td>")
    bad, good, *_ = snippet(ARCHIVE, short)
    assert isinstance(bad, Rejection) and isinstance(good, TournamentSummary)
    assert bad.location.line == 14
    assert bad.reason.startswith("row has 12 cells, the table header names 13 columns")


def test_archive_without_account_heading() -> None:
    page = ARCHIVE_PAGE.replace(" played by '<b>Hero':", "").replace("TOURNEYS: &lt;Hero&gt;",
                                                                     "TOURNEYS")
    first, *_ = snippet(ARCHIVE, page)
    assert isinstance(first, TournamentSummary)
    assert first.placements == []
    assert first.warnings == ["the page does not name the account holder ('played by' heading "
                              "missing): the place is left out"]


# ---------------------------------------------------------------- unit tests: PokerTracker

PT_TEXT = """\
PokerTracker 4 Tournament Summary
Site: Full Tilt
Game: Holdem
Tournament #: 555
Started: 2007/06/23 16:54:12
Finished: 2007/06/23 17:19:46
Buyin: $10.00
Fee: $1.00
Table Type: STT SNG
Tourney Type: Pot Limit
Players: 2

Place: 1, Player: Alpha, Won: $20.00,
Place: 2, Player: Beta, Won: $0.00,
"""


def test_pokertracker_snippet_and_damage() -> None:
    s = only_summary(snippet(PT, PT_TEXT))
    assert (s.game, s.name, s.buy_in, s.fee) == ("Holdem Pot Limit", "STT SNG", 1000, 100)
    assert [(p.place, p.player, [q.amount for q in p.prizes]) for p in s.placements] == [
        (1, "Alpha", [2000]), (2, "Beta", [])]
    [unknown] = snippet(PT, PT_TEXT.replace("Players: 2", "Rebuys: 2"))
    assert isinstance(unknown, Rejection)
    assert unknown.reason == "line 11 not understood: 'Rebuys: 2'"
    short = only_summary(snippet(PT, PT_TEXT.replace("Place: 2, Player: Beta, Won: $0.00,\n",
                                                     "")))
    assert short.warnings == ["the summary lists 1 players for 2 players"]


# ---------------------------------------------------------------- sniffing snippets


@pytest.mark.parametrize(
    ("text", "owner"),
    [(FT_SNG, FT.name), (STARS_MTT, STARS.name), (ARCHIVE_PAGE, ARCHIVE.name),
     (PT_TEXT, PT.name),
     ("Full Tilt Poker Game #33286946295: Table Mayfair (6 max) - $0.05/$0.10 - NL Hold'em", ""),
     ("PokerStars Hand #123: Tournament #456, $1+$0.10 USD Hold'em No Limit", "")],
)
def test_sniffers_accept_only_their_own_snippets(text: str, owner: str) -> None:
    head = [clean_head_line(line) for line in text.splitlines() if clean_head_line(line)]
    assert {fmt.name for fmt in ALL_FORMATS if fmt.sniff(head)} == ({owner} if owner else set())
