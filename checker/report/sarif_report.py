"""SARIF 2.1.0 for code-scanning dashboards and CI (validated in tests against the official schema).

One run: the tool's driver lists every rule of the rule set (its title, and the text of the
clauses it cites as its description and help); each finding is a result with its rule, level,
message, physical location (file and line) and logical location (tournament, table, hand,
action or log event, kept once each in the run's `logicalLocations` with their parents), and
our fingerprint as a partial fingerprint. A clause-28 finding's logical location is first its
players (`pair/A/B`, `ring/A/B/C`), and its evidence hands are its related locations. With a
baseline each result has a `baselineState`, and the baseline's findings this run no longer
gives are listed as `absent` results.
Rejected records and unreadable files are the invocation's notifications.
"""

from pathlib import Path
from typing import Any
from urllib.parse import quote

from checker import __version__
from checker.audit.run import AuditResult
from checker.dsl.ruleset import LoadedRule, Ruleset
from checker.report.context import EvidenceRef, ReportInput, evidence_refs
from checker.report.json_report import report_document
from checker.report.json_stream import indented

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
# The parts of a finding's place, outermost first, as logical-location kinds.
_LOGICAL_PARTS = ("tournament", "table", "hand", "action", "event")
FINGERPRINT_KEY = "feltcheck/v1"


def render_sarif(report: ReportInput) -> str:
    return indented(sarif_document(report)) + "\n"


def sarif_document(report: ReportInput) -> dict[str, Any]:
    doc = report_document(report.result, report.baseline)
    rule_ids = sorted(report.rules.rules)
    rule_index = {rule_id: i for i, rule_id in enumerate(rule_ids)}
    findings: list[dict[str, Any]] = list(doc["findings"])
    if report.baseline is not None:
        findings += [{**gone, "baseline_state": "absent"} for gone in report.baseline.absent]
    logical = _logical_locations(findings)
    logical_index = {node["fullyQualifiedName"]: i for i, node in enumerate(logical)}
    run: dict[str, Any] = {
        "tool": {"driver": {
            "name": "feltcheck",
            "version": __version__,
            "semanticVersion": __version__,
            "rules": [_rule(report.rules, report.rules.rules[r]) for r in rule_ids],
        }},
        "invocations": [_invocation(doc, report.result)],
        "results": [_result(f, rule_index, logical_index) for f in findings],
        "properties": _run_properties(doc),
    }
    if logical:
        run["logicalLocations"] = logical
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _rule(rules: Ruleset, loaded: LoadedRule) -> dict[str, Any]:
    rule = loaded.rule
    clauses = [ref.clause for ref in rule.cites]
    texts = [(c, rules.clauses[c].text) for c in clauses if c in rules.clauses]
    title = rule.title or rule.rule_id
    severity = rule.severity or "error"
    return {
        "id": rule.rule_id,
        "name": _pascal_case(rule.rule_id),
        "shortDescription": {"text": title},
        "fullDescription": {"text": " ".join(f"Clause {c}: {t}" for c, t in texts) or title},
        "help": {
            "text": "\n\n".join(f"Clause {c}: {t}" for c, t in texts) or title,
            "markdown": "\n\n".join(f"**Clause {c}.** {t}" for c, t in texts) or title,
        },
        "defaultConfiguration": {"level": _LEVEL[severity]},
        "properties": {
            "clauses": clauses,
            "severity": severity,
            "tags": ["poker", *(f"clause-{c}" for c in clauses)],
        },
    }


def _pascal_case(rule_id: str) -> str:
    """SARIF's `name` is an identifier: "betting.min-raise" → "BettingMinRaise"."""
    words = rule_id.replace(".", "-").replace("_", "-").split("-")
    return "".join(word[:1].upper() + word[1:] for word in words if word)


def _result(
    finding: dict[str, Any], rule_index: dict[str, int], logical_index: dict[str, int]
) -> dict[str, Any]:
    where = finding["location"]
    location: dict[str, Any] = {"physicalLocation": _physical(where["file"], where["line"])}
    # A clause-28 finding is about its players (the pair or ring) first, then its place (the
    # strongest evidence hand).
    logical = [_logical_ref(node[0], node[1], logical_index)
               for node in (_players_node(where), *_logical_chain(where)[-1:]) if node]
    if logical:
        location["logicalLocations"] = logical
    result: dict[str, Any] = {"ruleId": finding["rule"]}
    if finding["rule"] in rule_index:
        result["ruleIndex"] = rule_index[finding["rule"]]
    result |= {
        "level": _LEVEL.get(finding["severity"], "warning"),
        "message": {"text": finding["message"]},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT_KEY: finding["fingerprint"]},
    }
    related = _related(finding, logical_index)
    if related:
        result["relatedLocations"] = related
    if "baseline_state" in finding:
        result["baselineState"] = finding["baseline_state"]
    properties = {"clauses": finding["clauses"], "evidence": finding.get("evidence", {})}
    if where.get("street") is not None:
        properties["street"] = where["street"]
    result["properties"] = properties
    return result


def _physical(file: str, line: int) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": {"uri": artifact_uri(file)}}
    if line >= 1:  # line 0 stands for the whole file; SARIF lines start at 1
        physical["region"] = {"startLine": line}
    return physical


def artifact_uri(file: str) -> str:
    """Relative to the working directory when the file lies under it, else as given."""
    path = Path(file)
    if path.is_absolute():
        try:
            path = path.relative_to(Path.cwd())
        except ValueError:
            return path.as_uri()
    return quote(path.as_posix(), safe="/")


def _logical_ref(fqn: str, kind: str, logical_index: dict[str, int]) -> dict[str, Any]:
    return {"index": logical_index[fqn], "fullyQualifiedName": fqn, "kind": kind}


def _related(finding: dict[str, Any], logical_index: dict[str, int]) -> list[dict[str, Any]]:
    """A clause-28 finding's evidence hands, each a related location (its file and line, and
    its tournament and hand as a logical location), in the finding's order."""
    related = []
    refs = evidence_refs(finding["location"].get("players"), finding.get("evidence"))
    for number, ref in enumerate(refs, start=1):
        place: dict[str, Any] = {"id": number, "physicalLocation": _physical(ref.file, ref.line)}
        chain = _logical_chain(_evidence_place(ref))
        if chain:
            fqn, kind, _ = chain[-1]
            place["logicalLocations"] = [_logical_ref(fqn, kind, logical_index)]
        place["message"] = {"text": f"evidence hand {ref.hand}: {ref.signal}, {ref.actor} → "
                                    f"{ref.partner} (weight {ref.weight} mbb)"}
        related.append(place)
    return related


def _evidence_place(ref: EvidenceRef) -> dict[str, Any]:
    return {"tournament": ref.tournament, "hand": ref.hand}


def _escape(name: str) -> str:
    return name.replace("%", "%25").replace("/", "%2F")


def _players_node(where: dict[str, Any]) -> tuple[str, str, str] | None:
    """The players of a clause-28 finding as a logical location: `pair/A/B` (two players) or
    `ring/A/B/C` (more), named "A, B"."""
    players = where.get("players")
    if not players:
        return None
    kind = "pair" if len(players) == 2 else "ring"
    fqn = kind + "".join(f"/{_escape(str(p))}" for p in players)
    return fqn, kind, ", ".join(str(p) for p in players)


def _logical_chain(where: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(fully qualified name, kind, name) from the outermost part of the place inwards."""
    chain: list[tuple[str, str, str]] = []
    prefix = ""
    for kind in _LOGICAL_PARTS:
        value = where.get(kind)
        if value is None:
            continue
        name = _escape(str(value))
        prefix = f"{prefix}/{kind}/{name}" if prefix else f"{kind}/{name}"
        chain.append((prefix, kind, str(value)))
    return chain


def _logical_locations(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    nodes: dict[str, tuple[str, str, str | None]] = {}
    for finding in findings:
        where = finding["location"]
        places = [where, *(_evidence_place(ref) for ref in
                           evidence_refs(where.get("players"), finding.get("evidence")))]
        for place in places:
            parent: str | None = None
            for fqn, kind, name in _logical_chain(place):
                nodes[fqn] = (kind, name, parent)
                parent = fqn
        players = _players_node(where)
        if players is not None:
            nodes[players[0]] = (players[1], players[2], None)
    order = sorted(nodes)
    index = {fqn: i for i, fqn in enumerate(order)}
    listed = []
    for fqn in order:
        kind, name, parent = nodes[fqn]
        node: dict[str, Any] = {"name": name, "fullyQualifiedName": fqn, "kind": kind}
        if parent is not None:
            node["parentIndex"] = index[parent]
        listed.append(node)
    return listed


def _invocation(doc: dict[str, Any], result: AuditResult) -> dict[str, Any]:
    notes = [
        {
            "level": "warning",
            "message": {"text": f"rejected {r.get('record', 'record')}: {r['reason']}"},
            "locations": [{"physicalLocation": _physical(r["file"], r["line"])}],
        }
        for r in doc["rejected"]
    ]
    notes += [
        {
            "level": "note",
            "message": {"text": f"not read: {u['reason']}"},
            "locations": [{"physicalLocation": _physical(u["file"], 0)}],
        }
        for u in doc["unrecognized_files"]
    ]
    unreadable = any(not u.readable for u in result.unrecognized)
    invocation: dict[str, Any] = {"executionSuccessful": not unreadable}
    if notes:
        invocation["toolExecutionNotifications"] = notes
    return invocation


def _run_properties(doc: dict[str, Any]) -> dict[str, Any]:
    properties = {"ruleset": doc["ruleset"], "summary": doc["summary"]}
    if "baseline" in doc:
        properties["baseline"] = doc["baseline"]
    return properties
