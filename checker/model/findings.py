"""Findings: the one result type every report renders (DESIGN.md, "The JSON report contract")."""

import hashlib
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

# Most severe first: `--fail-on X` fails on X and everything before it.
SEVERITIES = ("error", "warning", "info")

Severity = Literal["error", "warning", "info"]


# Each set of field names some finding was given, once (SharedFieldNames).
_FIELD_NAMES: dict[frozenset[str], set[str]] = {}


class SharedFieldNames(BaseModel):
    """pydantic keeps in every instance the set of the fields its input gave: about 730 bytes,
    twice in a finding of 2.4 KB (its location is a model too). A run keeps every finding to
    the report, so those given the same fields share one set (docs/performance.md, "Memory").
    Sharing is safe: the models are frozen, and pydantic copies the set before a
    `model_copy(update=...)` changes it."""

    def model_post_init(self, context: Any, /) -> None:
        given = frozenset(self.__pydantic_fields_set__)
        shared = _FIELD_NAMES.get(given)
        if shared is None:
            shared = _FIELD_NAMES[given] = set(given)
        object.__setattr__(self, "__pydantic_fields_set__", shared)


class FindingLocation(SharedFieldNames):
    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str
    line: int
    tournament: str | None = None
    table: str | None = None
    hand: str | None = None
    street: str | None = None
    action: int | None = None
    # A tournament log's own number (`seq`) for the event that decided.
    event: int | None = None
    # Clause 28: the players a pair or ring finding is about (sorted); the file, line, tournament
    # and hand are then those of its strongest evidence hand.
    players: list[str] | None = None


class Finding(SharedFieldNames):
    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: str
    clauses: list[str]
    severity: Severity
    message: str
    location: FindingLocation
    # The values that decided, by the rule text that read them ("actor.stack": 1200).
    evidence: dict[str, Any] = Field(default_factory=dict)
    fingerprint: str


def finding_order(finding: Finding) -> tuple[str, int, str, str]:
    """Every format lists findings in this order: file, line, rule, fingerprint."""
    return (finding.location.file, finding.location.line, finding.rule, finding.fingerprint)


def fingerprint(rule: str, location: FindingLocation, scope: str | None = None) -> str:
    """Stable across runs and unrelated edits of the input: the rule and where it fired in
    poker terms (tournament, table, hand, street, action, log event), never the file or
    line. `scope` tells apart records that share all of those (the summaries of a Matrix
    event's matches share its tournament id; their names differ)."""
    parts: tuple[object, ...] = (rule, location.tournament, location.table, location.hand,
                                 location.street, location.action)
    if location.event is not None:  # (hand findings keep the fingerprints they had)
        parts = (*parts, location.event)
    if scope is not None:
        parts = (*parts, scope)
    key = "\x1f".join(str(part) for part in parts)
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
