"""The tournament replay's watches (checker/replay/tournament_busts.py), one line at a time.
Clause 21's held tables: a line that releases one held table and changes another's balance
records the change of the other, whatever order the tables were held in. Players a hand left
with no chips: what the log then says of one is said of that player only."""

from datetime import UTC, datetime

from checker.replay.tournament_busts import HoldWatch, NoChipsWatch
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


def test_what_the_log_says_of_one_broke_player_is_said_of_that_player_only() -> None:
    # Two players left with no chips by one hand: the elimination line names the second,
    # the rebuy the first, the rollback neither.
    watch = NoChipsWatch()
    started = {"al": 100, "bo": 200, "cy": 300}
    watch.hand("1", "h1", started, {"al": 0, "bo": 0, "cy": 600}, 50, 49, [])
    watch.eliminated("bo")
    watch.rebought("al")
    watch.restored("cy", 500)
    [held] = watch.end()
    assert [(p.player, p.eliminated, p.rebought, p.restored) for p in held.fact.players] == [
        ("al", False, True, False), ("bo", True, False, False)]
