"""The tournament event log: the published schema, the models, the reader and the audit's counts.

The schema and the models are written separately; these tests hold them together: the same
fields and required fields for every event, and any event built from the models validates
against the schema. The bundled example is checked on its own terms (chips add up hand by hand,
places and prizes follow the structure) before the reader is trusted to read it.
"""

import json
import types
import typing
from collections import Counter
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from enum import StrEnum
from itertools import islice
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import jsonschema
import msgspec
import pytest
from annotated_types import Ge, Le, MinLen
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import AwareDatetime, BaseModel, StringConstraints

from checker.cli import EXIT_OK, main
from checker.ingest.decode import iter_lines, iter_lines_from_bytes
from checker.ingest.detect import FORMATS, HEAD_LINES, clean_head_line, detect
from checker.ingest.stream import parse_records
from checker.ingest.tournament_log import FORMAT, schema_problem
from checker.model import LogRecord, Rejection
from checker.model import hand as hand_model
from checker.model import tournament_log as log
from checker.model.event_lines import EVENT_LINES, event_line_value
from checker.model.hand_line import LogTimestamp, hand_line_value, timestamp_hook
from checker.replay import facts
from tests.conftest import CORPUS, REPO

SCHEMA_PATH = REPO / "checker" / "schemas" / "tournament-log.schema.json"
SCHEMA: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
REPORT_SCHEMA = json.loads((REPO / "checker" / "schemas" / "report.schema.json").read_text())
EXAMPLE = REPO / "hand_histories" / "logs" / "sng-6max-700001.jsonl"
RULES = REPO / "rules" / "fulltilt.rules"

# The pydantic models, and the msgspec Structs of the hand line and of the events written per
# player or per hand (checker/model/hand_line.py, checker/model/event_lines.py).
Model = type[BaseModel] | type[msgspec.Struct]
EVENT_MODELS: dict[str, Model] = {
    **{get_args(cls.model_fields["event"].annotation)[0]: cls
       for cls in get_args(get_args(log.ModelEvent)[0])},
    **{cls.event: cls for cls in EVENT_LINES},
    "hand": log.HandPlayed,
}
PART_MODELS: dict[str, Model] = {
    "level": log.Level, "break_schedule": log.BreakSchedule, "payout_tier": log.PayoutTier,
    "bounty_terms": log.BountyTerms, "hand_seat": log.HandSeat, "hand_action": log.HandAction,
    "chips_returned": log.ChipsReturned, "hand_award": log.HandAward,
    "seat_stack": log.SeatStack, "matrix_match": log.MatrixMatch,
    "cancellation_payout": log.CancellationPayout,
}


def example_lines() -> list[dict[str, Any]]:
    return [json.loads(text) for text in EXAMPLE.read_text(encoding="utf-8").splitlines()]


def read(data: bytes, path: str = "log.jsonl") -> list[LogRecord | Rejection]:
    records = list(parse_records(FORMAT, iter_lines_from_bytes(data), path))
    assert all(isinstance(r, LogRecord | Rejection) for r in records)
    return [r for r in records if isinstance(r, LogRecord | Rejection)]


# ---------------------------------------------------------------- the schema and the models


def test_the_schema_is_valid_draft_2020_12() -> None:
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_every_event_of_the_schema_has_a_model_and_back() -> None:
    assert set(SCHEMA["properties"]["event"]["enum"]) == set(EVENT_MODELS)
    assert {name.removeprefix("event_") for name in SCHEMA["$defs"]
            if name.startswith("event_")} == set(EVENT_MODELS)


@pytest.mark.parametrize(
    "definition, model",
    [(f"event_{name}", cls) for name, cls in sorted(EVENT_MODELS.items())]
    + sorted(PART_MODELS.items()),
)
def test_schema_and_model_have_the_same_fields(definition: str, model: Model) -> None:
    spec = SCHEMA["$defs"][definition]
    assert spec["additionalProperties"] is False
    assert set(spec["properties"]) == {name for name, _, _ in _fields(model)}
    assert set(spec["required"]) == {name for name, _, required in _fields(model) if required}


def _fields(model: Model) -> list[tuple[str, Any, bool]]:
    """A model's or Struct's fields: name, annotation (with its constraints), required. A
    Struct's tag (its `event`) is a field of the line, and required."""
    if issubclass(model, BaseModel):
        return [(name, typing.Annotated[info.annotation, *info.metadata] if info.metadata
                 else info.annotation, info.is_required())
                for name, info in model.model_fields.items()]
    config = model.__struct_config__
    tag: list[tuple[str, Any, bool]] = []
    if isinstance(config.tag_field, str):
        tag = [(config.tag_field, Literal[config.tag], True)]
    hints = typing.get_type_hints(model, include_extras=True)
    return tag + [(f.encode_name, hints[f.name], f.required)
                  for f in msgspec.structs.fields(model)]


def _money_and_chip_fields() -> list[tuple[str, str]]:
    names = {"buy_in", "fee", "guarantee", "paid", "refund", "prize", "prize_pool", "amount",
             "amount_each", "stack", "chips", "starting_stack", "small_blind", "big_blind", "ante",
             "next_payout", "non_cash_value", "matrix_score_pool"}
    return [(definition, name) for definition, spec in SCHEMA["$defs"].items()
            for name in spec.get("properties", {}) if name in names]


def _resolved(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The leaf schemas a property allows (through $ref and anyOf)."""
    if "$ref" in spec:
        return _resolved(SCHEMA["$defs"][spec["$ref"].rsplit("/", 1)[1]])
    if "anyOf" in spec:
        return [leaf for option in spec["anyOf"] for leaf in _resolved(option)]
    return [spec]


@pytest.mark.parametrize("definition, name", _money_and_chip_fields())
def test_money_and_chips_are_integers_in_the_schema(definition: str, name: str) -> None:
    leaves = _resolved(SCHEMA["$defs"][definition]["properties"][name])
    assert {leaf["type"] for leaf in leaves} <= {"integer", "null"}
    assert any(leaf["type"] == "integer" for leaf in leaves)


def test_the_facts_name_the_logs_enumerations() -> None:
    """One home for each: the rules read the log's own classes."""
    assert (facts.TournamentKind, facts.PrizeCurrency, facts.CancellationStage) == (
        log.TournamentKind, log.PrizeCurrency, log.CancellationStage)


@pytest.mark.parametrize(
    "definition, enum",
    [("game", hand_model.Game), ("structure", hand_model.BettingStructure),
     ("street", hand_model.Street), ("action_kind", hand_model.ActionKind),
     ("tournament_kind", log.TournamentKind), ("paid_as", log.PrizeCurrency)],
)
def test_schema_enumerations_match_the_model(definition: str, enum: type[StrEnum]) -> None:
    assert set(SCHEMA["$defs"][definition]["enum"]) == {m.value for m in enum}


# Events generated from the models' own field types must validate against the schema.

_OFFSETS = st.sampled_from([UTC, timezone(timedelta(hours=2)), timezone(timedelta(hours=-5)),
                            timezone(timedelta(hours=5, minutes=30))])


def _strategy(annotation: Any, metadata: list[Any]) -> st.SearchStrategy[Any]:
    origin = get_origin(annotation)
    if origin is typing.Annotated:
        base, *extra = get_args(annotation)
        return _strategy(base, [*metadata, *extra])
    if origin in (types.UnionType, typing.Union):
        return st.one_of(*(_strategy(arg, metadata) for arg in get_args(annotation)))
    if annotation is type(None):
        return st.none()
    if origin is Literal:
        return st.sampled_from(get_args(annotation))
    if origin is list:
        (item,) = get_args(annotation)
        least = max([m.min_length for m in metadata if isinstance(m, MinLen)]
                    + [m.min_length or 0 for m in metadata if isinstance(m, msgspec.Meta)],
                    default=0)
        return st.lists(_strategy(item, []), min_size=least, max_size=least + 3)
    if isinstance(annotation, type) and issubclass(annotation, StrEnum):
        return st.sampled_from(list(annotation))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel | msgspec.Struct):
        return model_strategy(annotation)
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        lows = [int(m.ge) for m in metadata if isinstance(m, Ge)]  # type: ignore[call-overload]
        highs = [int(m.le) for m in metadata if isinstance(m, Le)]  # type: ignore[call-overload]
        lows += [m.ge for m in metadata if isinstance(m, msgspec.Meta) and m.ge is not None]
        highs += [m.le for m in metadata if isinstance(m, msgspec.Meta) and m.le is not None]
        return st.integers(min_value=max(lows, default=None),
                           max_value=min(highs, default=10**12))
    if annotation is str:
        for m in metadata:
            if isinstance(m, StringConstraints | msgspec.Meta) and m.pattern:
                return st.from_regex(m.pattern, fullmatch=True)
        least = max([m.min_length or 0 for m in metadata
                     if isinstance(m, StringConstraints | msgspec.Meta)], default=0)
        return st.text(min_size=least, max_size=12)
    if annotation is AwareDatetime or annotation is LogTimestamp:
        return st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2099, 1, 1),
                            timezones=_OFFSETS)
    raise AssertionError(f"no strategy for {annotation!r}")


def model_strategy(model: Model) -> st.SearchStrategy[Any]:
    """Instances of `model` (validated from their values, as the simulator makes them):
    required fields always, optional fields sometimes."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for name, annotation, required in _fields(model):
        value = _strategy(annotation, [])
        fields[name] = value if required else st.one_of(st.just(...), value)
    return st.fixed_dictionaries(fields).map(
        lambda values: _part(model, {k: v for k, v in values.items() if v is not ...}))


def _part(model: Model, values: dict[str, Any]) -> Any:
    if issubclass(model, BaseModel):
        return model.model_validate(values)
    return msgspec.convert(values, model, dec_hook=timestamp_hook)


def _dumped(event: Any, exclude_defaults: bool) -> dict[str, Any]:
    """An event as a line's JSON value, every field or only those not at their default."""
    if isinstance(event, BaseModel):
        return event.model_dump(mode="json", exclude_defaults=exclude_defaults)
    value = hand_line_value(event) if isinstance(event, log.HandPlayed) else event_line_value(event)
    if exclude_defaults:
        defaults = {f.encode_name: f.default if f.default is not msgspec.NODEFAULT
                    else f.default_factory() for f in msgspec.structs.fields(event)
                    if not f.required}
        value = {k: v for k, v in value.items()
                 if k not in defaults or msgspec.to_builtins(defaults[k]) != v}
    return value


@settings(max_examples=400, deadline=None)
@given(event=st.sampled_from(sorted(EVENT_MODELS)).flatmap(lambda e: model_strategy(
    EVENT_MODELS[e])))
def test_events_built_from_the_models_validate_against_the_schema(event: Any) -> None:
    for dumped in (_dumped(event, False), _dumped(event, True)):
        errors = [e.message for e in VALIDATOR.iter_errors(dumped)]
        assert errors == [], (dumped, errors)
        # And the reader takes the line back to the same event.
        (record,) = read(json.dumps(dumped).encode("utf-8"))
        assert isinstance(record, LogRecord), record
        assert record.event == event


def test_the_models_refuse_float_money_even_when_whole() -> None:
    line = example_lines()[2]
    assert line["event"] == "registration"
    assert isinstance(log.event_from(line), log.Registration)
    with pytest.raises(msgspec.ValidationError,
                       match=r"Expected `int`, got `float` - at `\$.paid`"):
        log.event_from({**line, "paid": 1100.0})


# ---------------------------------------------------------------- the bundled example


def test_the_example_validates_line_by_line() -> None:
    lines = example_lines()
    for number, value in enumerate(lines, start=1):
        assert [e.message for e in VALIDATOR.iter_errors(value)] == [], number
    assert lines[0]["event"] == "log_start" and lines[0]["schema_version"] == "1.0"
    assert [value["seq"] for value in lines] == list(range(len(lines)))
    stamps = [datetime.fromisoformat(value["at"]) for value in lines]
    assert stamps == sorted(stamps)


def test_the_example_adds_up() -> None:
    """Chips are conserved hand to hand, places and prizes follow the announced structure."""
    lines = example_lines()
    terms = next(v for v in lines if v["event"] == "tournament_terms")
    seated = [v for v in lines if v["event"] == "seat"]
    stacks = {v["player"]: v["stack"] for v in seated}
    assert set(stacks.values()) == {terms["starting_stack"]}
    assert len(seated) == terms["max_entrants"] == 6
    for hand in (v for v in lines if v["event"] == "hand"):
        assert {s["player"]: s["stack"] for s in hand["seats"]} == {
            p: c for p, c in stacks.items() if c > 0}
        for seat in hand["seats"]:
            put = sum(a["amount"] for a in hand["actions"] if a["player"] == seat["player"])
            back = sum(r["amount"] for r in hand["returns"] if r["player"] == seat["player"])
            won = sum(a["amount"] for a in hand["awards"] if a["player"] == seat["player"])
            assert put <= seat["stack"]
            stacks[seat["player"]] = seat["stack"] - put + back + won
        assert sum(stacks.values()) == 6 * terms["starting_stack"]
        cards = [c for s in hand["seats"] for c in s["cards"]] + hand["boards"][0]
        assert len(cards) == len(set(cards))
    out = [v for v in lines if v["event"] == "elimination"]
    assert [v["place"] for v in out] == [6, 5, 4, 3, 2]
    assert all(stacks[v["player"]] == 0 for v in out)
    pool = next(v for v in lines if v["event"] == "registration_closed")["prize_pool"]
    assert pool == 6 * terms["buy_in"]
    shares = terms["payout_structure"][0]["shares_bp"]
    paid = {v["place"]: v["paid"] for v in lines if v["event"] == "payout"}
    assert paid == {1: pool * shares[0] // 10000, 2: pool * shares[1] // 10000}
    end = lines[-1]
    assert end["event"] == "tournament_end" and stacks[end["winner"]] == 6 * 1500


def test_the_reader_reads_every_line_of_the_example() -> None:
    records = read(EXAMPLE.read_bytes(), "example.jsonl")
    assert all(isinstance(r, LogRecord) for r in records)
    events = [r.event for r in records if isinstance(r, LogRecord)]
    assert len(events) == len(example_lines())
    assert isinstance(events[0], log.LogStart)
    assert [r.location.line for r in records] == list(range(1, len(records) + 1))
    counts = Counter(type(e).__name__ for e in events)
    assert counts["HandPlayed"] == 5 and counts["Elimination"] == 5 and counts["Payout"] == 2
    hand = next(e for e in events if isinstance(e, log.HandPlayed))
    assert hand.hand == "7000010001" and hand.seats[2].cards == ["As", "Ad"]


def _with_bad_lines() -> tuple[bytes, dict[int, str]]:
    """The example with damaged lines put in; file line -> words the rejection must hold."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    registration = json.loads(lines[2])
    hand = json.loads(next(t for t in lines if '"event": "hand"' in t))
    bad_money = json.dumps({**registration, "paid": 1100.5})
    whole_float = json.dumps({**registration, "paid": 1100.0})
    no_player = json.dumps({k: v for k, v in registration.items() if k != "player"})
    unknown = json.dumps({**registration, "event": "dealer_tip"})
    bad_card = json.dumps({**hand, "seats": [{**hand["seats"][0], "cards": ["1x", "Ah"]},
                                             *hand["seats"][1:]]})
    damaged = [lines[0], bad_money, *lines[1:4], no_player, whole_float, unknown, "{not json",
               bad_card, *lines[4:]]
    expected = {2: "paid: Decimal('1100.5') is not of type 'integer'",
                6: "'player' is a required property",
                7: "paid: Decimal('1100.0') is not of type 'integer'",
                8: "'dealer_tip' is not one of",
                9: "is not a JSON object", 10: "seats/0/cards/0: '1x' does not match"}
    return ("\n".join(damaged) + "\n").encode("utf-8"), expected


def test_damaged_lines_are_rejected_where_they_stand_and_the_rest_is_read() -> None:
    data, expected = _with_bad_lines()
    records = read(data)
    rejected = {r.location.line: r.reason for r in records if isinstance(r, Rejection)}
    assert set(rejected) == set(expected)
    for line, words in expected.items():
        assert words in rejected[line], (line, rejected[line])
        assert f"line {line}" in rejected[line]
    assert all(not r.is_hand for r in records if isinstance(r, Rejection))
    assert sum(isinstance(r, LogRecord) for r in records) == len(example_lines())
    hand_rejection = next(r for r in records if isinstance(r, Rejection) and r.location.line == 10)
    assert hand_rejection.hand == "7000010001"


@pytest.mark.parametrize(
    "change, words",
    [
        (('"paid": 1100', '"paid": NaN'), "NaN is not a JSON number"),
        (('"paid": 1100', '"paid": 11e2'), "paid: Decimal('1.1E+3') is not of type 'integer'"),
        (('"paid": 1100', '"paid": "1100"'), "paid: '1100' is not of type 'integer'"),
        (('"paid": 1100', '"paid": -1100'), "paid: -1100 is less than the minimum of 0"),
        (('T18:00:10Z', 'T18:00:10'), "at: '2026-11-01T18:00:10' does not match"),
        (("2026-11-01T18", "2026-13-01T18"), "line 3: at: month must be in 1..12"),
    ],
)
def test_each_defect_is_named(change: tuple[str, str], words: str) -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    assert change[0] in lines[2]
    lines[2] = lines[2].replace(change[0], change[1])
    records = read("\n".join(lines).encode("utf-8"))
    (rejection,) = [r for r in records if isinstance(r, Rejection)]
    assert rejection.location.line == 3
    assert words in rejection.reason, rejection.reason
    assert len(records) == len(lines)


def test_the_reader_and_the_whole_schema_give_the_same_verdict() -> None:
    """The reader checks a line against its own event's definition only (faster); the
    published schema as a whole must agree on every line, good or damaged."""
    data, _ = _with_bad_lines()
    for text in data.decode("utf-8").splitlines():
        try:
            value = json.loads(text, parse_float=Decimal)
        except ValueError:
            continue
        assert (schema_problem(value) is None) == VALIDATOR.is_valid(value), text


# ---------------------------------------------------------------- sniffing


def _head(text: str) -> list[str]:
    cleaned = [clean_head_line(t) for t in text.splitlines()]
    return [t for t in cleaned if t][:HEAD_LINES]


def test_sniff_claims_the_example_and_nothing_else_claims_it() -> None:
    head = _head(EXAMPLE.read_text(encoding="utf-8"))
    assert FORMAT.sniff(head)
    assert [fmt.name for fmt in FORMATS if fmt.sniff(head)] == [FORMAT.name]
    assert detect(head) is FORMAT


@pytest.mark.parametrize(
    "first",
    [
        '{"event": "log_start", "seq": 0}',  # no schema_version
        '{"event": "hand", "schema_version": "1.0"}',  # not the header event
        '{"event": "log_start", "schema_version": 1}',  # version not a string
        '[{"event": "log_start", "schema_version": "1.0"}]',  # not an object
        '{"event": "log_start", "schema_version": "1.0"',  # cut JSON
        "event=log_start schema_version=1.0",
    ],
)
def test_sniff_refuses_a_first_line_that_is_not_the_header(first: str) -> None:
    example_rest = EXAMPLE.read_text(encoding="utf-8").splitlines()[1:]
    assert not FORMAT.sniff(_head("\n".join([first, *example_rest])))


def test_the_header_must_be_the_first_line() -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    assert not FORMAT.sniff(_head("\n".join([lines[1], lines[0], *lines[2:]])))


def test_sniff_claims_no_file_of_the_real_corpus() -> None:
    claimed = []
    for path in sorted(p for p in CORPUS.rglob("*") if p.is_file()):
        head = [clean_head_line(t) for _, t in islice(iter_lines(path), 400)]
        if FORMAT.sniff([t for t in head if t][:HEAD_LINES]):
            claimed.append(path)
    assert claimed == []


# ---------------------------------------------------------------- the audit


def _audit(tmp_path: Path, *paths: Path) -> tuple[int, dict[str, Any]]:
    out = tmp_path / "report.json"
    code = main(["audit", *map(str, paths), "--rules", str(RULES), "--format", "json",
                 "--output", str(out)])
    return code, json.loads(out.read_text(encoding="utf-8"))


def test_audit_counts_the_events_of_the_example(tmp_path: Path) -> None:
    code, doc = _audit(tmp_path, REPO / "hand_histories" / "logs")
    jsonschema.validate(doc, REPORT_SCHEMA)
    assert code == EXIT_OK
    summary = doc["summary"]
    assert (summary["events"], summary["events_rejected"]) == (len(example_lines()), 0)
    # The log's `hand` lines are hands judged, counted as hand histories' hands are.
    hand_lines = sum(line["event"] == "hand" for line in example_lines())
    assert hand_lines > 0
    assert (summary["hands"], summary["summaries"], summary["tournaments"]) == (hand_lines, 0, 1)
    assert summary["hands_rejected"] == 0 and summary["plays"]["tournament"] == hand_lines
    assert doc["formats"]["tournament-log"]["events"] == len(example_lines())
    assert doc["formats"]["tournament-log"]["hands"] == hand_lines


def test_a_rejected_hand_line_is_a_hand_rejected(tmp_path: Path) -> None:
    """hands read = judged + rejected holds for logs too: a `hand` line the schema refuses
    counts once among the hands and once among the events, both rejected."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    index = next(i for i, text in enumerate(lines) if json.loads(text)["event"] == "hand")
    broken = json.loads(lines[index])
    broken["seats"] = "not a list"
    lines[index] = json.dumps(broken)
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, doc = _audit(tmp_path, path)
    summary = doc["summary"]
    hand_lines = sum(json.loads(text)["event"] == "hand" for text in lines)
    assert (summary["hands"], summary["hands_rejected"]) == (hand_lines, 1)
    assert summary["events_rejected"] == 1
    assert summary["plays"]["tournament"] == hand_lines - 1


def test_audit_counts_rejected_events_and_rejected_hand_lines(tmp_path: Path) -> None:
    data, expected = _with_bad_lines()
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(data)
    code, doc = _audit(tmp_path, damaged)
    jsonschema.validate(doc, REPORT_SCHEMA)
    assert code == EXIT_OK
    summary = doc["summary"]
    assert summary["events"] == len(example_lines()) + len(expected)
    assert summary["events_rejected"] == len(expected)
    # Every `hand` line is a hand read; a rejected one whose id can be read, a hand rejected.
    hand_lines = sum(line["event"] == "hand" for line in example_lines())
    rejected_hands = sum(r["hand"] is not None for r in doc["rejected"])
    assert rejected_hands >= 1  # one of the damaged lines is a `hand` line
    assert (summary["hands"], summary["hands_rejected"], summary["summaries_rejected"]) == (
        hand_lines + rejected_hands, rejected_hands, 0)
    assert sorted(r["line"] for r in doc["rejected"]) == sorted(expected)
    assert {r["record"] for r in doc["rejected"]} == {"event"}


def test_the_make_run_audit_reads_every_log(capsys: pytest.CaptureFixture[str]) -> None:
    """`make run` audits hand_histories/: the example log and the planted log fixtures are all
    read as logs, every line accepted (counted here from the files themselves)."""
    # (samples/truth.jsonl is the simulator's ground truth, not a log.)
    logs = sorted(p for p in (REPO / "hand_histories").rglob("*.jsonl")
                  if '"event": "log_start"' in p.read_text(encoding="utf-8").split("\n", 1)[0])
    lines = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in logs)
    hands = sum(json.loads(text)["event"] == "hand" for path in logs
                for text in path.read_text(encoding="utf-8").splitlines())
    code = main(["audit", str(REPO / "hand_histories"), "--rules", str(RULES), "--format", "text",
                 "--fail-on", "never"])
    out = capsys.readouterr().out
    assert code == EXIT_OK
    assert f"tournament-log events read {lines} = accepted" in out
    # The example is neither rejected, nor unrecognised, nor found wanting: no line names it.
    assert "sng-6max-700001.jsonl" not in out
    row = next(line for line in out.splitlines() if line.startswith("tournament-log"))
    assert row.split()[1:] == [str(len(logs)), str(hands), "0", "0", "0", str(lines), "0"]
