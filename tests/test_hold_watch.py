"""Clause 21's watch on held tables (checker/replay/tournament_busts.py `HoldWatch`), one line
at a time: a line that releases one held table and changes another's balance records the
change of the other, whatever order the tables were held in."""

from datetime import UTC, datetime

from checker.replay.tournament_busts import HoldWatch
from checker.replay.tournament_tables import TableSeating

AT = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def _seating() -> TableSeating:
    players = {"1": {"a1", "b1", "c1"}, "2": {"a2", "b2", "c2"}, "3": {"a3", "b3", "c3"}}
    return TableSeating(players=players, held={"1", "2"})


def test_a_line_that_releases_one_held_table_still_sees_the_other_change() -> None:
    seating = _seating()
    watch = HoldWatch()
    watch.hold(seating.balance("1", held=True))
    watch.hold(seating.balance("2", held=True))
    # Line 40: table 1 resumes and a player of table 2 is out.
    seating.held.discard("1")
    seating.players["2"].discard("a2")
    watch.note(seating, AT, 40, 39)
    assert list(watch.judged) == ["2"]
    change = watch.changed["2"]
    assert (change.balance, change.line, change.seq) == ((2, 3, 3), 40, 39)


def test_an_unchanged_held_table_records_nothing() -> None:
    seating = _seating()
    watch = HoldWatch()
    watch.hold(seating.balance("2", held=True))
    watch.note(seating, AT, 41, 40)
    assert watch.changed == {}
