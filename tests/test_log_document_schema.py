"""The tournament-log document is the schema: docs/tournament-log.md states every field of
every event (and of every object inside one) with the schema's type, nullability and
required-ness, in field tables the test reads.

The document marks each field table with `<!-- schema: NAME -->` (NAME a `$defs` entry of
checker/schemas/tournament-log.schema.json, or `envelope`, or `types`). Type words: the
`types` table names each `$defs` type (enumerations list their values there); the rest is
written structurally (`integer ≥ 1`, `array of card`, `X or null`, `a`, `b` for an inline
enumeration). The comparison is a function of the document's text and the schema, so the
last tests feed it a schema with one change each and require it to notice.
"""

import copy
import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = ROOT / "docs" / "tournament-log.md"
SCHEMA = ROOT / "checker" / "schemas" / "tournament-log.schema.json"

_MARKER = re.compile(r"^<!-- schema: ([a-z_]+) -->$")
_TICKED = re.compile(r"`([^`]*)`")
# The envelope's `event` row: every event's `event` is the constant of its own name.
_EVENT_NAME = "the event's name"

Field = tuple[str, bool]  # (type words, required)


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def document_tables(text: str) -> dict[str, list[dict[str, str]]]:
    """Every marked table: its rows, as column header -> cell."""
    lines = text.splitlines()
    tables: dict[str, list[dict[str, str]]] = {}
    for number, line in enumerate(lines):
        marked = _MARKER.match(line.strip())
        if marked is None:
            continue
        name = marked.group(1)
        assert name not in tables, f"docs line {number + 1}: a second table for {name}"
        start = number + 1
        while start < len(lines) and not lines[start].strip():
            start += 1
        assert start < len(lines) and lines[start].startswith("|"), (
            f"docs line {number + 1}: the marker of {name} is not followed by a table")
        header = _cells(lines[start])
        rows = []
        for row in lines[start + 2:]:
            if not row.startswith("|"):
                break
            rows.append(dict(zip(header, _cells(row), strict=True)))
        tables[name] = rows
    return tables


def field_table(rows: list[dict[str, str]], name: str) -> dict[str, Field]:
    fields: dict[str, Field] = {}
    for row in rows:
        names = _TICKED.findall(row["field"])
        assert len(names) == 1, f"{name}: one field per row, not {row['field']!r}"
        required = row["req."].split()[0]
        assert required in {"yes", "no"}, f"{name}.{names[0]}: req. is {row['req.']!r}"
        assert names[0] not in fields, f"{name}.{names[0]} is listed twice"
        fields[names[0]] = (row["type"], required == "yes")
    return fields


class Words:
    """The schema's types in the document's words."""

    def __init__(self, types: list[dict[str, str]]) -> None:
        self.word: dict[str, str] = {}
        self.values: dict[str, set[str]] = {}
        for row in types:
            defs = _TICKED.findall(row["schema"])
            assert len(defs) == 1 and defs[0].startswith("$defs/"), row
            name = defs[0].removeprefix("$defs/")
            self.word[name] = row["type"]
            self.values[name] = set(_TICKED.findall(row["values and meaning"]))

    def of(self, node: dict[str, Any]) -> str:
        if "$ref" in node:
            name = node["$ref"].removeprefix("#/$defs/")
            return self.word.get(name, f"<no word for $defs/{name}>")
        if "anyOf" in node:
            kinds = node["anyOf"]
            nulls = [kind for kind in kinds if kind == {"type": "null"}]
            others = [self.of(kind) for kind in kinds if kind != {"type": "null"}]
            return " or ".join(others + ["null"] * len(nulls))
        if "enum" in node:
            values = ", ".join(f"`{value}`" for value in node["enum"] if value is not None)
            return values + (" or null" if None in node["enum"] else "")
        if "const" in node:
            return f"`{node['const']}`"
        kind = node.get("type")
        if kind == "integer":
            low, high = node.get("minimum"), node.get("maximum")
            if low is not None and high is not None:
                return f"integer {low}–{high}"
            return "integer" if low is None else f"integer ≥ {low}"
        if kind == "string":
            return f"string matching `{node['pattern']}`" if "pattern" in node else "text"
        if kind == "array":
            least = node.get("minItems")
            return f"array of {self.of(node['items'])}" + (f" (≥ {least})" if least else "")
        if kind == "boolean":
            return "boolean"
        return f"<unworded {json.dumps(node)}>"


def disagreements(text: str, schema: dict[str, Any]) -> list[str]:
    """Where the document and the schema differ, one line each (none: they agree)."""
    tables = document_tables(text)
    defs = schema["$defs"]
    found: list[str] = []
    words = Words(tables.get("types", []))
    for name, node in defs.items():
        if node.get("type") == "object":
            continue
        if name not in words.word:
            found.append(f"$defs/{name} has no word in the types table")
        elif "enum" in node:
            values = {str(value) for value in node["enum"]}
            if words.values[name] != values:
                found.append(f"$defs/{name}: the document lists {sorted(words.values[name])}, "
                             f"the schema {sorted(values)}")
    envelope = field_table(tables.get("envelope", []), "envelope")
    events = set(schema["properties"]["event"]["enum"])
    objects = {name for name, node in defs.items() if node.get("type") == "object"}
    for name in sorted(objects | {f"event_{event}" for event in events}):
        node = defs.get(name)
        if node is None:
            found.append(f"event {name.removeprefix('event_')} has no $defs/{name}")
            continue
        if name not in tables:
            found.append(f"$defs/{name} has no field table in the document")
            continue
        documented = field_table(tables[name], name)
        is_event = name.startswith("event_")
        if is_event and name != "event_log_start":
            documented = {**envelope, **documented}
        properties, required = node["properties"], set(node.get("required", ()))
        for field in sorted(set(properties) | set(documented)):
            where = f"{name}.{field}"
            if field not in documented:
                found.append(f"{where} is in the schema, not in the document")
            elif field not in properties:
                found.append(f"{where} is in the document, not in the schema")
            else:
                words_given, required_given = documented[field]
                expected = words.of(properties[field])
                if is_event and field == "event" and words_given == _EVENT_NAME:
                    expected = words_given if properties[field] == {
                        "const": name.removeprefix("event_")} else "a wrong constant"
                if words_given != expected:
                    found.append(f"{where}: the document says {words_given!r}, "
                                 f"the schema {expected!r}")
                if required_given != (field in required):
                    found.append(f"{where}: required {required_given} in the document, "
                                 f"{field in required} in the schema")
    for name in sorted(set(tables) - set(defs) - {"envelope", "types"}):
        found.append(f"the document's table {name} is no $defs entry of the schema")
    return found


def _text() -> str:
    return DOCUMENT.read_text(encoding="utf-8")


def _schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return loaded


def test_the_document_states_the_schema() -> None:
    assert disagreements(_text(), _schema()) == []


def test_every_event_has_its_table() -> None:
    tables = document_tables(_text())
    for event in _schema()["properties"]["event"]["enum"]:
        assert f"event_{event}" in tables, event


def test_the_named_readings_are_documented() -> None:
    # The fields issue 15 names: a count of discards, the stud streets, the Matrix's next
    # payout and its events, `to` on every act.
    tables = document_tables(_text())
    action = field_table(tables["hand_action"], "hand_action")
    assert action["discards"] == ("integer ≥ 0 or null", False)
    assert action["to"] == ("chips or null", False)
    streets = Words(tables["types"]).values["street"]
    assert {"second", "third", "fourth", "fifth", "sixth", "seventh"} <= streets
    match = field_table(tables["matrix_match"], "matrix_match")
    assert match["next_payout"] == ("money", False)
    section = _text().split("## Assumptions and readings", 1)[1].split("\n## ", 1)[0]
    for reading in ("**Lines are in time order.**", "**A log may stop early**",
                    "**`paid` on a refused registration**", "**The currency of a satellite seat.**",
                    "**Cancellation `chips` before the start**",
                    "**Place numbers of tied players**", "**`scheduled_start` of a Sit & Go**",
                    "**The bounty `amount` against the capped buy-in**"):
        assert reading in section, reading


def _changed(change: str) -> list[str]:
    schema = copy.deepcopy(_schema())
    defs = schema["$defs"]
    if change == "nullable":
        defs["hand_action"]["properties"]["discards"] = {"$ref": "#/$defs/count"}
    elif change == "required":
        defs["event_chat"]["required"].append("observer")
    elif change == "new field":
        defs["event_seat"]["properties"]["note"] = {"type": "string"}
    elif change == "enum value":
        defs["street"]["enum"].append("eighth")
    elif change == "type":
        defs["event_elimination"]["properties"]["prize"] = {"$ref": "#/$defs/chips"}
    elif change == "new event":
        schema["properties"]["event"]["enum"].append("table_opened")
        defs["event_table_opened"] = copy.deepcopy(defs["event_table_closed"])
    return disagreements(_text(), schema)


def test_a_field_made_not_nullable_is_noticed() -> None:
    assert _changed("nullable") == [
        "hand_action.discards: the document says 'integer ≥ 0 or null', "
        "the schema 'integer ≥ 0'"]


def test_a_field_made_required_is_noticed() -> None:
    assert _changed("required") == [
        "event_chat.observer: required False in the document, True in the schema"]


def test_an_undocumented_field_or_event_is_noticed() -> None:
    assert _changed("new field") == ["event_seat.note is in the schema, not in the document"]
    assert _changed("new event") == ["$defs/event_table_opened has no field table in the document"]


def test_a_changed_type_or_enumeration_is_noticed() -> None:
    assert _changed("type") == [
        "event_elimination.prize: the document says 'money', the schema 'chips'"]
    assert len(_changed("enum value")) == 1


def test_a_changed_document_is_noticed() -> None:
    text = _text()
    row = "| `observer` | boolean | no (false) |"
    assert text.count(row) == 1
    dropped = text.replace(row, "| `observed` | boolean | no (false) |")
    assert disagreements(dropped, _schema()) == [
        "event_chat.observed is in the document, not in the schema",
        "event_chat.observer is in the schema, not in the document"]
    required = text.replace(row, "| `observer` | boolean | yes |")
    assert disagreements(required, _schema()) == [
        "event_chat.observer: required True in the document, False in the schema"]
