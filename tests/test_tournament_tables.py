"""Tournament replay of tables, same-hand groups, hand-for-hand, chat and rollbacks
(clauses 21, 25, 26, 29, 30), and the fixtures that plant their violations
(tests/fixture_makers/make_tournament_fixtures.py)."""

import difflib
import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from checker.replay.facts import (
    ChatEvent,
    ClockEvent,
    EliminationEvent,
    RollbackEvent,
    ServerFailureEvent,
    TableBalanceEvent,
)
from checker.replay.tournament import Step, TournamentState
from checker.replay.tournament_tables import TableSeating
from tests.fixture_makers.make_tournament_fixtures import FIXTURES, PAIRS
from tests.test_tournament_replay import _at, _feed, _terms

ROOT = Path(__file__).resolve().parents[1]


def test_the_generator_writes_the_committed_fixtures() -> None:
    for name, make in PAIRS.items():
        for variant, planted in (("planted", True), ("twin", False)):
            path = FIXTURES / f"{name}.{variant}.jsonl"
            assert path.read_text() == make(planted).text(), path.name


def test_each_twin_differs_from_its_planted_file_in_few_lines() -> None:
    for name, make in PAIRS.items():
        planted, twin = (_without_seq(make(v).lines) for v in (True, False))
        matcher = difflib.SequenceMatcher(a=planted, b=twin, autojunk=False)
        differing = sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in matcher.get_opcodes()
                        if tag != "equal")
        assert 0 < differing <= 6, name


def _without_seq(lines: list[dict[str, object]]) -> list[str]:
    return [json.dumps({k: v for k, v in line.items() if k != "seq"}) for line in lines]


def _seat(player: str, table: str, seat: int) -> dict[str, object]:
    return {"event": "seat", "at": _at(-10), "player": player, "table": table, "seat": seat,
            "stack": 1500}


def _walk(table: str, hand: str, started: int, ended: int, players: list[str],
          deal: int | None = None) -> dict[str, object]:
    """Both others fold to the big blind (seat 2), who gets the small blind's 10."""
    line: dict[str, object] = {
        "event": "hand", "at": _at(ended), "table": table, "hand": hand,
        "started": _at(started), "game": "holdem", "structure": "no_limit", "button": 3,
        "seats": [{"seat": n, "player": p, "stack": 1500, "cards": ["2c", "3d"]}
                  for n, p in enumerate(players, start=1)],
        "actions": [
            {"street": "preflop", "player": players[0], "kind": "small_blind", "amount": 10},
            {"street": "preflop", "player": players[1], "kind": "big_blind", "amount": 20},
            {"street": "preflop", "player": players[2], "kind": "fold"},
            {"street": "preflop", "player": players[0], "kind": "fold"}],
        "returns": [{"player": players[1], "amount": 10}],
        "awards": [{"player": players[1], "amount": 20, "pot": 0}]}
    if deal is not None:
        line["deal"] = deal
    return line


TABLES = {"1": ["a", "b", "c"], "2": ["d", "e", "f"]}
START = [_terms(kind="mtt", max_entrants=None),
         *[_seat(p, t, n) for t, ps in TABLES.items() for n, p in enumerate(ps, start=1)],
         {"event": "tournament_start", "at": _at(0), "entrants": 6, "tables": 2}]


def _of(steps: list[Step], kind: type) -> list[object]:
    return [s.event for s in steps if isinstance(s.event, kind)]


@given(st.integers(min_value=101, max_value=400), st.booleans())
def test_tables_behind_whatever_order_the_lines_come_in(second_start: int, first: bool) -> None:
    """Table 2 ends deal 1 at +200 s; table 1 deals hand 2 at `second_start` — behind when
    that is before +200 s, whichever hand's line the log writes first."""
    deal1 = [_walk("1", "h1", 10, 100, TABLES["1"], 1), _walk("2", "h2", 10, 200, TABLES["2"], 1)]
    later = _walk("1", "h3", second_start, second_start + 50, TABLES["1"], 2)
    order = [deal1[0], later, deal1[1]] if first else [*deal1, later]
    h4h = [{"event": "hand_for_hand", "at": _at(5), "active": active} for active in (True,)]
    steps = _feed(TournamentState("1"), [*START, *h4h, *order,
                                         {"event": "hand_for_hand", "at": _at(999),
                                          "active": False}])
    clocks = {e.clock.at: e.clock for e in _of(steps, ClockEvent)}  # type: ignore[attr-defined]
    assert all(c.hand_for_hand for c in clocks.values())
    assert clocks[second_start].tables_behind == (1 if second_start < 200 else 0)


def test_hand_for_hand_deals_counted_when_the_log_omits_them() -> None:
    lines = [*START, {"event": "hand_for_hand", "at": _at(5), "active": True},
             _walk("1", "h1", 10, 100, TABLES["1"]), _walk("1", "h3", 150, 170, TABLES["1"]),
             _walk("2", "h2", 10, 200, TABLES["2"]),
             {"event": "hand_for_hand", "at": _at(999), "active": False}]
    clocks = _of(_feed(TournamentState("1"), lines), ClockEvent)
    assert sorted(c.clock.tables_behind for c in clocks) == [0, 0, 1]  # type: ignore[attr-defined]


def _bust(player: str, table: str, hand: str, place: int, at: int) -> dict[str, object]:
    return {"event": "elimination", "at": _at(at), "player": player, "place": place,
            "table": table, "hand": hand, "prize": 0}


def test_busts_of_one_deal_at_two_tables_are_one_group() -> None:
    lines = [*START, {"event": "hand_for_hand", "at": _at(5), "active": True},
             _walk("1", "h1", 10, 100, TABLES["1"], 1), _bust("c", "1", "h1", 6, 101),
             _walk("2", "h2", 10, 200, TABLES["2"], 1), _bust("f", "2", "h2", 5, 201),
             _walk("1", "h3", 210, 260, ["a", "b", "d"], 2)]
    busts = _of(_feed(TournamentState("1"), lines), EliminationEvent)
    assert [[b.player for b in e.elimination.same_hand] for e in busts] == [  # type: ignore[attr-defined]
        ["c", "f"], ["c", "f"]]
    assert all(e.elimination.hand_for_hand for e in busts)  # type: ignore[attr-defined]


def test_busts_outside_hand_for_hand_group_by_hand() -> None:
    lines = [*START, _walk("1", "h1", 10, 100, TABLES["1"]), _bust("c", "1", "h1", 6, 101),
             _walk("2", "h2", 10, 200, TABLES["2"]), _bust("f", "2", "h2", 5, 201),
             {"event": "level", "at": _at(300), "level": 1}]
    busts = _of(_feed(TournamentState("1"), lines), EliminationEvent)
    assert [[b.player for b in e.elimination.same_hand] for e in busts] == [  # type: ignore[attr-defined]
        ["c"], ["f"]]


def _chat(text: str, hand: str | None, action: int | None, player: str = "c",
          observer: bool = False) -> dict[str, object]:
    return {"event": "chat", "at": _at(50), "player": player, "text": text, "table": "1",
            "hand": hand, "action": action, "observer": observer}


def test_chat_during_a_hand_waits_for_the_hand_and_knows_who_folded() -> None:
    lines = [*START, _chat("x", "h1", 2), _chat("y", "h1", 3), _chat("z", "h1", 3, "q", True),
             _walk("1", "h1", 10, 100, TABLES["1"])]
    steps = _feed(TournamentState("1"), lines)
    chats = [e.chat for e in _of(steps, ChatEvent)]  # type: ignore[attr-defined]
    # c folds at action 2: after 2 actions not yet, after 3 yes; the observer is not dealt in.
    assert [(c.text, c.in_hand, c.folded) for c in chats] == [
        ("x", True, False), ("y", True, True), ("z", False, False)]
    # Delivered at the chat's own line, once the hand's line is read.
    assert [s.line for s in steps if isinstance(s.event, ChatEvent)] == [10, 11, 12]


def test_chat_whose_hand_never_comes_is_delivered_at_the_end_as_unknown() -> None:
    state = TournamentState("1")
    assert _of(_feed(state, [*START, _chat("gl", "h9", 1)]), ChatEvent) == []
    chats = [s.event.chat for s in state.close() if isinstance(s.event, ChatEvent)]
    assert [(c.during_hand, c.in_hand, c.folded) for c in chats] == [(True, None, None)]


def _rollback(table: str, stacks: dict[str, int], hand: str | None = None
              ) -> dict[str, object]:
    return {"event": "rollback", "at": _at(300), "table": table, "hand": hand,
            "stacks": [{"player": p, "seat": n, "stack": s}
                       for n, (p, s) in enumerate(stacks.items(), start=1)]}


def test_rollback_compares_with_the_start_of_the_hand_and_names_the_unrestored() -> None:
    failure: dict[str, object] = {"event": "server_failure", "at": _at(290), "reason": "x",
                                  "tables": ["1", "2"]}
    lines = [*START, _walk("1", "h1", 10, 100, TABLES["1"]), failure,
             _rollback("1", {"a": 1490, "b": 1500}), {"event": "level", "at": _at(400),
                                                      "level": 2}]
    steps = _feed(TournamentState("1"), lines)
    (rollback,) = [e.rollback for e in _of(steps, RollbackEvent)]  # type: ignore[attr-defined]
    assert [(p.player, p.stack_at_hand_start, p.restored_to) for p in rollback.players] == [
        ("a", 1490, 1490), ("b", 1510, 1500)]
    assert rollback.not_restored == ["c"]
    (failed,) = [e.failure for e in _of(steps, ServerFailureEvent)]  # type: ignore[attr-defined]
    assert (failed.tables_in_progress, failed.tables_rolled_back) == (["1", "2"], ["1"])


def test_a_rolled_back_hand_whose_line_was_written_restores_its_deal() -> None:
    lines = [*START, _walk("1", "h1", 10, 100, TABLES["1"]),
             _rollback("1", {"a": 1500, "b": 1500, "c": 1500}, hand="h1")]
    (event,) = _of(_feed(TournamentState("1"), lines), RollbackEvent)
    assert {p.stack_at_hand_start for p in event.rollback.players} == {1500}  # type: ignore[attr-defined]


def test_a_held_table_is_measured_against_the_fullest() -> None:
    lines = [*START, _bust("c", "1", "h0", 6, 50),
             {"event": "table_hold", "at": _at(60), "table": "1", "held": True}]
    (event,) = _of(_feed(TournamentState("1"), lines), TableBalanceEvent)
    balance = event.balance  # type: ignore[attr-defined]
    assert (balance.players, balance.fullest_players, balance.tables_remaining) == (2, 3, 2)


@given(st.lists(st.tuples(st.sampled_from("abcdefgh"), st.sampled_from("123"),
                          st.booleans()), max_size=40))
def test_seating_puts_every_player_at_one_table(moves: list[tuple[str, str, bool]]) -> None:
    seating = TableSeating()
    expected: dict[str, str] = {}
    for player, table, stays in moves:
        if stays:
            seating.seat(player, table)
            expected[player] = table
        else:
            seating.remove(player)
            expected.pop(player, None)
    assert seating.table_of == expected
    for table in "123":
        assert seating.at(table) == {p for p, t in expected.items() if t == table}


def test_fixture_logs_are_valid_json_lines() -> None:
    for path in sorted((ROOT / "hand_histories" / "fixtures").glob("log-*.jsonl")):
        for line in path.read_text().splitlines():
            assert isinstance(json.loads(line), dict)
