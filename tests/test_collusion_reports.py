"""Clause 28 in every report, on a simulated corpus with colluders (tests/collusion_corpus.py).

`feltcheck collusion`: its JSON follows the published schema; the pairs it ranks first and
flags are the teams the simulator's truth lists (in both views), the honest friends are not
flagged, the chip-dumping team shares a ring; its flags are the audit's clause-28 findings; each
evidence hand is, in the raw input, a hand both players were dealt; the chip flow runs toward
the player fed; a second audit through the command line gives the same bytes; the text lists
each flagged pair's signals and evidence hands; the exit codes are the audit's.

`feltcheck audit`: the JSON report carries the pairs and their evidence, SARIF (validated
against the official schema) the pair as a logical location and its evidence hands as related
locations, JUnit one case per rule with the players in the failures, the text the players and
evidence hands, and the HTML report links each evidence hand to its explain page.
"""

import dataclasses
import json
import math
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import jsonschema
import pytest

from checker.audit.collusion import CollusionOutcome
from checker.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, main
from checker.collusion.signals import BY_NAME
from checker.model.findings import Finding
from checker.report.collusion_json import collusion_document, render_collusion_json
from checker.report.collusion_text import probability, render_collusion_text, signal_value
from checker.report.context import ReportInput
from checker.report.html_hands import HandKey, HandRequest
from checker.report.html_report import write_html_report
from checker.report.json_report import render_json
from checker.report.junit_report import render_junit
from checker.report.sarif_report import artifact_uri, render_sarif
from checker.report.text_report import render_text
from tests.collusion_corpus import (
    COLLUSION_SCHEMA,
    RULES,
    audited,
    cli_json,
    corpus,
    rules,
)
from tests.html_dom import parse
from tests.report_helpers import validate_report, validate_sarif

VIEWS = ("integrity", "public")
CLAUSE_28 = {"collusion.chip-dumping", "collusion.soft-play", "collusion.team-play",
             "collusion.ring"}


@cache
def document() -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(render_collusion_json(collusion_document(audited(),
                                                                                 rules())))
    return parsed


def _pairs(view: str) -> list[dict[str, Any]]:
    return [p for p in document()["pairs"] if p["view"] == view]


def _colluding() -> set[tuple[str, str]]:
    return {pair for team in corpus().teams if not team.honest for pair in team.pairs()}


def _clause_28(result_findings: Iterable[Finding]) -> list[Finding]:
    return [f for f in result_findings if f.rule in CLAUSE_28]


# ---------------------------------------------------------------- feltcheck collusion: JSON


def test_the_json_follows_the_published_schema() -> None:
    schema = json.loads(COLLUSION_SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.validators.validator_for(schema)
    assert validator is jsonschema.Draft202012Validator
    validator.check_schema(schema)
    validator(schema).validate(document())
    # The schema is not vacuous: a pair without its players, or with a third view, fails it.
    broken = json.loads(json.dumps(document()))
    del broken["pairs"][0]["players"]
    with pytest.raises(jsonschema.ValidationError):
        validator(schema).validate(broken)
    broken = json.loads(json.dumps(document()))
    broken["pairs"][0]["view"] = "secret"
    with pytest.raises(jsonschema.ValidationError):
        validator(schema).validate(broken)


@pytest.mark.parametrize("view", VIEWS)
def test_the_colluding_pairs_rank_first_and_are_flagged(view: str) -> None:
    colluding = _colluding()
    assert len(colluding) == 3  # the one fed with each of two feeders; the whipsaw pair
    ranked = _pairs(view)
    top = {tuple(p["players"]) for p in ranked[:len(colluding)]}
    assert top == colluding
    for pair in ranked[:len(colluding)]:
        assert pair["flagged"] and pair["rules"], pair["players"]
        assert set(pair["rules"]) <= CLAUSE_28 - {"collusion.ring"}
        assert pair["q_value"] <= document()["parameters"]["collusion.false_discovery_rate"]
        assert pair["evidence"], pair["players"]


@pytest.mark.parametrize("view", VIEWS)
def test_the_honest_friends_are_tested_and_not_flagged(view: str) -> None:
    (friends,) = [t for t in corpus().teams if t.strategy == "friends"]
    assert friends.honest
    (pair,) = [p for p in _pairs(view) if tuple(p["players"]) == friends.pairs()[0]]
    assert not pair["flagged"] and pair["rules"] == [] and pair["ring"] is None
    assert pair["hands_together"] >= document()["parameters"]["collusion.min_hands"]


@pytest.mark.parametrize("view", VIEWS)
def test_the_chip_dumping_team_shares_a_flagged_ring(view: str) -> None:
    (team,) = [t for t in corpus().teams if t.strategy == "chip_dumping"]
    rings = document()["rings"]
    (ring,) = [r for r in rings if r["view"] == view and set(team.members) <= set(r["players"])]
    assert ring["flagged"] and ring["rules"] == ["collusion.ring"]
    assert ring["index"] == rings.index(ring)
    flagged = {tuple(p["players"]) for p in _pairs(view) if p["flagged"]}
    # Its edges are flagged pairs of the view, joining its players; each names the ring.
    assert {tuple(e) for e in ring["edges"]} <= flagged
    assert len(ring["edges"]) == ring["pairs"]
    assert {name for edge in ring["edges"] for name in edge} == set(ring["players"])
    for pair in _pairs(view):
        inside = set(pair["players"]) <= set(ring["players"])
        assert (pair["ring"] == ring["index"]) == (pair["flagged"] and inside), pair["players"]


def test_the_pairs_are_the_tested_ones_ranked_by_score() -> None:
    outcome = audited().collusion
    pairs = document()["pairs"]
    assert [p["rank"] for p in pairs] == list(range(1, len(pairs) + 1))
    assert all(a["score"] >= b["score"] for a, b in pairwise(pairs))
    # Every hand of each view: the logs' hand events; the hand histories' hands.
    logged = sum(1 for log in sorted(corpus().log.iterdir())
                 for line in log.read_text(encoding="utf-8").splitlines()
                 if '"event": "hand"' in line)
    written = sum(text.count("Full Tilt Poker Game #") for text in
                  (f.read_text(encoding="utf-8-sig") for f in corpus().ftp.glob("*.hands.txt")))
    assert document()["summary"]["integrity"]["hands"] == logged > 0
    assert document()["summary"]["public"]["hands"] == written == logged
    for view in VIEWS:
        verdicts = [v for v in outcome.pairs if v.view == view]
        summary = document()["summary"][view]
        assert summary["pairs_met"] == len(verdicts)
        assert summary["pairs_tested"] == len(_pairs(view)) == sum(v.score.tested
                                                                   for v in verdicts)
        assert summary["pairs_flagged"] == sum(p["flagged"] for p in _pairs(view)) > 0
    for pair in pairs:
        assert pair["players"] == sorted(pair["players"])
        assert pair["hands_together"] >= document()["parameters"]["collusion.min_hands"]
        assert pair["flagged"] == bool(pair["rules"])
        # The score is -log10 p; Benjamini-Hochberg never lowers a p-value.
        if pair["p_value"] > 0:
            assert math.isclose(pair["score"], -math.log10(pair["p_value"]), abs_tol=1e-3)
        assert pair["q_value"] >= pair["p_value"]
        leading = [s for s in pair["signals"] if s["leading"]]
        assert [s["name"] for s in leading] == [pair["leading_signal"]]
        assert leading[0]["scored"] and not leading[0]["context"]


def test_the_flags_are_the_audits_clause_28_findings() -> None:
    findings = _clause_28(audited().findings)
    by_pair = {(f.evidence["view"], tuple(f.location.players or ()), f.rule)
               for f in findings if f.rule != "collusion.ring"}
    flagged = {(p["view"], tuple(p["players"]), rule)
               for p in document()["pairs"] for rule in p["rules"]}
    assert flagged == by_pair and flagged
    rings = {(f.evidence["view"], tuple(f.location.players or ())) for f in findings
             if f.rule == "collusion.ring"}
    assert rings == {(r["view"], tuple(r["players"])) for r in document()["rings"]
                     if r["flagged"]}


def _hand_block(file: Path, line: int) -> str:
    """The record at `line`: a log's JSON line, or a hand history's hand up to the next."""
    lines = file.read_text(encoding="utf-8-sig").splitlines()
    if file.suffix == ".jsonl":
        return lines[line - 1]
    block = [lines[line - 1]]
    for text in lines[line:]:
        if text.startswith("Full Tilt Poker Game #"):
            break
        block.append(text)
    return "\n".join(block)


def test_each_evidence_hand_is_a_hand_both_players_were_dealt() -> None:
    checked = 0
    for pair in document()["pairs"]:
        if not pair["flagged"]:
            continue
        for hand in pair["evidence"]:
            assert {hand["actor"], hand["partner"]} == set(pair["players"])
            file = Path(hand["file"])
            assert file.parent == (corpus().log if pair["view"] == "integrity" else corpus().ftp)
            block = _hand_block(file, hand["line"])
            if pair["view"] == "integrity":
                event = json.loads(block)
                assert event["event"] == "hand" and event["hand"] == hand["hand"]
                assert event["tournament"] == hand["tournament"]
                dealt = {seat["player"] for seat in event["seats"]}
            else:
                assert block.startswith(f"Full Tilt Poker Game #{hand['hand']}:")
                assert f"({hand['tournament']})" in block.splitlines()[0]
                dealt = set(re.findall(r"^Seat \d+: (\S+) \(", block, re.MULTILINE))
            assert set(pair["players"]) <= dealt, (hand, dealt)
            checked += 1
    assert checked >= 3 * len(_colluding())


@pytest.mark.parametrize("view", VIEWS)
def test_the_chip_flow_runs_toward_the_player_fed(view: str) -> None:
    (team,) = [t for t in corpus().teams if t.strategy == "chip_dumping"]
    fed = team.members[0]
    for a, b in team.pairs():
        (pair,) = [p for p in _pairs(view) if tuple(p["players"]) == (a, b)]
        flow = pair["flow"]
        running = 0
        for point in flow:
            running += point["net"]
            assert point["cumulative"] == running
        assert [p["tournament"] for p in flow] == sorted(p["tournament"] for p in flow)
        assert 0 < len(flow) <= pair["tournaments_together"]
        # Net chips from players[0] to players[1]: toward the one fed.
        toward_fed = running if b == fed else -running
        assert toward_fed > 50 * 1000, (pair["players"], running)  # over 50 big blinds


def test_a_second_audit_through_the_command_line_gives_the_same_bytes() -> None:
    run = cli_json()
    assert run.code == EXIT_FINDINGS
    assert run.text == render_collusion_json(collusion_document(audited(), rules()))
    # Nor does the order the audit met the pairs in matter.
    outcome = audited().collusion
    shuffled_pairs = list(outcome.pairs)
    random.Random(5).shuffle(shuffled_pairs)
    shuffled = dataclasses.replace(audited(), collusion=CollusionOutcome(
        shuffled_pairs, outcome.rings, outcome.hands, outcome.players))
    assert render_collusion_json(collusion_document(shuffled, rules())) == run.text
    assert (render_collusion_text(collusion_document(shuffled, rules()), rules())
            == render_collusion_text(json.loads(run.text), rules()))


# ---------------------------------------------------------------- feltcheck collusion: text


def test_the_text_ranks_the_pairs_and_details_each_flagged_one() -> None:
    text = render_collusion_text(document(), rules())
    lines = text.splitlines()
    for pair in document()["pairs"]:
        row = [line for line in lines if re.match(
            rf"\s*{pair['rank']}\s+{re.escape(' & '.join(pair['players']))}\s", line)]
        assert len(row) == 1, pair["rank"]
        cells = row[0].split()
        assert f"{pair['score']:.2f}" in cells and probability(pair["q_value"]) in cells
        assert ("FLAGGED" in cells) == pair["flagged"]
        if not pair["flagged"]:
            continue
        heading = (f"#{pair['rank']} {' & '.join(pair['players'])} ({pair['view']} view): "
                   f"FLAGGED {', '.join(pair['rules'])}")
        start = next(i for i, line in enumerate(lines) if line.startswith(heading))
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("#")),
                   len(lines))
        section = lines[start:end]
        for signal in pair["signals"]:
            arrow = "↔" if signal["both_ways"] else "→"
            shown = [line for line in section if line.split()[:1]
                     and line.split()[0].startswith(signal["name"])
                     and f"{signal['actor']} {arrow} {signal['partner']}" in line]
            assert shown, signal["name"]
            if signal["scored"]:
                assert any(signal_value(signal["kind"], signal["pair_value"]) in line
                           and signal_value(signal["kind"], signal["baseline_value"]) in line
                           for line in shown), signal["name"]
        for hand in pair["evidence"]:
            assert any(line.strip().startswith(f"{hand['file']}:{hand['line']} ")
                       and f" hand {hand['hand']}: {hand['signal']}" in line
                       for line in section), hand
    # Fixed width without a terminal; only the location lines may run longer.
    for line in lines:
        assert len(line) <= 100 or line.lstrip().startswith(("/", "ring ", "score", "#",
                                                              "feltcheck", "pairs are")), line
    assert "\x1b[" not in text


# ---------------------------------------------------------------- feltcheck collusion: CLI


def test_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clean = Path(__file__).resolve().parents[1] / "hand_histories" / "handwritten"
    assert main(["collusion", str(clean), "--rules", str(RULES)]) == EXIT_OK
    out = capsys.readouterr().out
    assert "No pair had enough hands together to be tested." in out
    assert main(["collusion", str(tmp_path / "missing")]) == EXIT_USAGE
    assert main(["collusion", str(clean), "--format", "html"]) == EXIT_USAGE
    assert "--output" in capsys.readouterr().err
    bad = tmp_path / "bad.rules"
    bad.write_text('ruleset bad "Bad"\nparam x: int = \n', encoding="utf-8")
    assert main(["collusion", str(clean), "--rules", str(bad)]) == EXIT_USAGE
    # Rules that judge no pair: nothing to report is a usage error, before any input is read.
    without = tmp_path / "without.rules"
    without.write_text(
        f'ruleset without "No clause-28 pair rules"\nextends "{RULES}"\n'
        + "".join(f'disable rule {r} "test"\n' for r in sorted(CLAUSE_28)), encoding="utf-8")
    assert main(["collusion", str(tmp_path / "missing"), "--rules", str(without)]) == EXIT_USAGE
    assert "no rule judges `pair` events" in capsys.readouterr().err


def test_the_rules_file_decides_which_pairs_are_tested(tmp_path: Path) -> None:
    stricter = tmp_path / "stricter.rules"
    stricter.write_text(f'ruleset stricter "Pairs need 300 hands"\nextends "{RULES}"\n'
                        "override param collusion.min_hands = 300\n", encoding="utf-8")
    output = tmp_path / "c.json"
    code = main(["collusion", str(corpus().log), "--rules", str(stricter), "--format", "json",
                 "--output", str(output)])
    strict = json.loads(output.read_text(encoding="utf-8"))
    assert strict["parameters"]["collusion.min_hands"] == 300
    assert strict["ruleset"]["name"] == "stricter"
    assert strict["summary"]["public"]["hands"] == 0  # only the logs were read
    tested = {tuple(p["players"]) for p in strict["pairs"]}
    assert tested == {tuple(p["players"]) for p in _pairs("integrity")
                      if p["hands_together"] >= 300}
    assert code == (EXIT_FINDINGS if any(p["flagged"] for p in strict["pairs"]) else EXIT_OK)


# ---------------------------------------------------------------- feltcheck audit: each format


def _report(fail_on: str = "warning") -> ReportInput:
    return ReportInput(audited(), rules(), fail_on)


def test_audit_json_carries_each_pair_and_its_evidence_hands() -> None:
    report = json.loads(render_json(audited()))
    validate_report(report)
    pair_findings = [f for f in report["findings"] if f["rule"] in CLAUSE_28 - {"collusion.ring"}]
    flagged = {(p["view"], tuple(p["players"])): p for p in document()["pairs"] if p["flagged"]}
    assert {(f["evidence"]["view"], tuple(f["location"]["players"])) for f in pair_findings} \
        == set(flagged)
    for finding in pair_findings:
        pair = flagged[(finding["evidence"]["view"], tuple(finding["location"]["players"]))]
        hands = finding["evidence"]["evidence_hands"]
        assert [(h["file"], h["line"], h["hand"]) for h in hands] \
            == [(h["file"], h["line"], h["hand"]) for h in pair["evidence"]]
        # Located at the strongest evidence hand of the family the rule judges (the rule
        # collusion.chip-dumping judges the chip_dumping family, and so on).
        family = finding["rule"].removeprefix("collusion.").replace("-", "_")
        strongest = next(h for h in hands if BY_NAME[h["signal"]].family.value == family)
        where = finding["location"]
        assert (where["file"], where["line"], where["hand"]) \
            == (strongest["file"], strongest["line"], strongest["hand"])


def test_audit_sarif_carries_the_pair_and_its_evidence_hands() -> None:
    sarif = json.loads(render_sarif(_report()))
    validate_sarif(sarif)
    (run,) = sarif["runs"]
    logical = run["logicalLocations"]
    results = [r for r in run["results"] if r["ruleId"] in CLAUSE_28]
    findings = {f.fingerprint: f for f in _clause_28(audited().findings)}
    assert len(results) == len(findings) > 0
    for result in results:
        finding = findings[result["partialFingerprints"]["feltcheck/v1"]]
        players = finding.location.players or []
        (location,) = result["locations"]
        first = location["logicalLocations"][0]
        node = logical[first["index"]]
        kind = "pair" if len(players) == 2 else "ring"
        assert node == {"name": ", ".join(players), "kind": kind,
                        "fullyQualifiedName": f"{kind}/" + "/".join(players)}
        assert first["fullyQualifiedName"] == node["fullyQualifiedName"]
        # Then the strongest evidence hand, inside its tournament.
        hand = logical[location["logicalLocations"][1]["index"]]
        assert (hand["kind"], hand["name"]) == ("hand", finding.location.hand)
        assert logical[hand["parentIndex"]]["name"] == finding.location.tournament
        related = result["relatedLocations"]
        evidence = finding.evidence["evidence_hands"]
        assert [r["id"] for r in related] == list(range(1, len(evidence) + 1))
        for place, hand_of in zip(related, evidence, strict=True):
            physical = place["physicalLocation"]
            assert physical["artifactLocation"]["uri"] == artifact_uri(hand_of["file"])
            assert physical["region"]["startLine"] == hand_of["line"]
            node = logical[place["logicalLocations"][0]["index"]]
            assert (node["kind"], node["name"]) == ("hand", hand_of["hand"])
            assert logical[node["parentIndex"]]["name"] == hand_of["tournament"]
            assert hand_of["hand"] in place["message"]["text"]
            assert hand_of["signal"] in place["message"]["text"]


def test_audit_junit_has_one_case_per_rule_with_the_players_in_its_failure() -> None:
    root = ET.fromstring(render_junit(_report("warning")))
    cases = {case.get("name"): case for case in root.iter("testcase")}
    assert set(cases) == set(rules().rules)
    assert len(list(root.iter("testcase"))) == len(rules().rules)
    by_rule: dict[str, list[Finding]] = {}
    for finding in _clause_28(audited().findings):
        by_rule.setdefault(finding.rule, []).append(finding)
    assert by_rule
    for rule_id in CLAUSE_28:
        failure = cases[rule_id].find("failure")
        if rule_id not in by_rule:
            assert failure is None
            continue
        assert failure is not None and failure.text is not None
        assert failure.get("message", "").startswith(f"{len(by_rule[rule_id])} finding(s)")
        for finding in by_rule[rule_id]:
            assert f"players {', '.join(finding.location.players or [])}" in failure.text
    # Clause 28's rules are warnings: under --fail-on error they are output, not failures.
    root = ET.fromstring(render_junit(_report("error")))
    for case in root.iter("testcase"):
        if case.get("name") in by_rule:
            assert case.find("failure") is None and case.find("system-out") is not None


def test_audit_text_shows_the_players_and_the_strongest_evidence_hands() -> None:
    lines = render_text(_report()).splitlines()
    for finding in _clause_28(audited().findings):
        players = ", ".join(finding.location.players or [])
        where = finding.location
        (at,) = [i for i, line in enumerate(lines) if f" {finding.rule} (clause 28)" in line
                 and line.startswith(f"  {where.file}:{where.line} ")
                 and f"hand {where.hand} players {players}: warning" in line]
        assert lines[at + 1].strip() == finding.message
        hands = finding.evidence["evidence_hands"]
        shown = [line for line in lines[at + 2:at + 2 + min(len(hands), 5)]]
        for line, hand in zip(shown, hands, strict=False):
            assert line.strip().startswith(f"evidence {hand['file']}:{hand['line']} ")
            assert f"hand {hand['hand']}: {hand['signal']}" in line
        if len(hands) > 5:
            assert lines[at + 7].strip().startswith(f"and {len(hands) - 5} more evidence hands")


def test_audit_html_links_each_evidence_hand_to_its_explain_page(tmp_path: Path) -> None:
    asked: list[HandRequest] = []

    def pages(requests: Sequence[HandRequest]) -> Iterator[tuple[HandKey, str]]:
        for request in requests:
            asked.append(request)
            yield request.key, f"<p>{request.key.file} hand {request.key.hand}</p>"

    output = tmp_path / "audit.html"
    write_html_report(audited(), rules(), output, pages, hand_pages=10_000)
    dom = parse(output.read_text(encoding="utf-8"))
    findings = {f.fingerprint: f for f in _clause_28(audited().findings)}
    rows = [row for row in dom.find_all("tr", "finding")
            if row.attrs["data-fingerprint"] in findings]
    assert len(rows) == len(findings) > 0
    # Each hand is asked for once; an evidence hand whole (no hand rule is a clause-28 rule)
    # unless another finding of that hand asked first.
    assert len(asked) == len({r.key for r in asked})
    own = {HandKey(f.location.file, f.location.hand) for f in audited().findings
           if f.rule not in CLAUSE_28 and f.location.hand is not None}
    evidence = {HandKey(h["file"], h["hand"]) for f in findings.values()
                for h in f.evidence["evidence_hands"]}
    assert evidence <= {r.key for r in asked}
    assert all(r.rule is None for r in asked if r.key in evidence - own)
    for row in rows:
        finding = findings[row.attrs["data-fingerprint"]]
        assert json.loads(row.attrs["data-players"]) == finding.location.players
        assert f"players {', '.join(finding.location.players or [])}" in row.find(
            "td", "where").text.replace(" · ", " ")
        wanted = list(dict.fromkeys((h["file"], h["hand"])
                                    for h in finding.evidence["evidence_hands"]))
        links = row.find("td", "explain-cell").find_all("a", "explain")
        assert [link.attrs["data-hand"] for link in links] == [hand for _, hand in wanted]
        for link, (file, hand) in zip(links, wanted, strict=True):
            page = output.parent / unquote(link.attrs["href"])
            assert page.read_text(encoding="utf-8") == f"<p>{file} hand {hand}</p>"
