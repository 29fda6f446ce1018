"""The HTML audit report without a browser: every input string is escaped, the same input gives
the same bytes, the page limits count what they leave out, explain pages are written once per
hand under the cap, and `--format html` needs `--output`."""

import dataclasses
import random
import shlex
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from checker.audit.ruleset import RulesetId, ruleset_id
from checker.audit.run import AuditResult, ReadWarning, rejection_order, warning_order
from checker.audit.run import audit as run_audit
from checker.audit.spool import Spool
from checker.cli import EXIT_FINDINGS, EXIT_USAGE, main
from checker.dsl.ruleset import Ruleset, load_ruleset
from checker.ingest.stream import UnrecognizedFile
from checker.model import Rejection, SourceLocation
from checker.model.findings import Finding, FindingLocation, finding_order, fingerprint
from checker.report.html_chart import nice_step
from checker.report.html_hands import HandKey, HandRequest
from checker.report.html_report import write_html_report
from tests.conftest import REPO
from tests.html_dom import Element, parse
from tests.test_cli_audit import _damaged_copy

FIXTURES = REPO / "hand_histories" / "fixtures"
RULES = REPO / "rules" / "fulltilt.rules"
EVIL = '<script>alert("x")</script>&amp;<b>'


def _finding(rule: str, file: str, line: int, hand: str | None, message: str = "m",
             clauses: tuple[str, ...] = ("22",), action: int | None = None) -> Finding:
    location = FindingLocation(file=file, line=line, tournament="t1", table="1", hand=hand,
                               action=action)
    return Finding(rule=rule, clauses=list(clauses), severity="error", message=message,
                   location=location, evidence={"x": 1},
                   fingerprint=fingerprint(rule, location))


def _result(findings: list[Finding]) -> AuditResult:
    return AuditResult(ruleset=RulesetId("t", "0" * 64, "rules/t.rules"), files=1,
                       findings=Spool(finding_order, findings))


def _text(request: HandRequest) -> str:
    return f"<p>hand {request.key.hand} rule {request.rule}</p>"


def _page(requests: Sequence[HandRequest]) -> Iterator[tuple[HandKey, str]]:
    return ((request.key, _text(request)) for request in requests)


def _write(result: AuditResult, output: Path, rules: Ruleset | None = None,
           **limits: int) -> tuple[list[Path], Element]:
    written = write_html_report(result, rules or Ruleset("t", "T"), output, _page, **limits)
    return written, parse(output.read_text(encoding="utf-8"))


def _texts_and_attributes(root: Element) -> str:
    return "\n".join([element.text for element in root.walk()]
                     + [value for element in root.walk() for value in element.attrs.values()])


def test_every_string_from_the_inputs_is_escaped(tmp_path: Path) -> None:
    evil_hand = '../../x"<i>'
    finding = Finding(rule=f"r{EVIL}", clauses=[f'9"{EVIL}'], severity="warning",
                      message=EVIL, location=FindingLocation(file=f"a{EVIL}.txt", line=3,
                                                             tournament=EVIL, hand=evil_hand),
                      evidence={EVIL: EVIL}, fingerprint=EVIL)
    result = _result([finding])
    result.rejected.append(Rejection(location=SourceLocation(file=EVIL, line=1), hand=EVIL,
                                     reason=EVIL, source_format=EVIL))
    result.warnings.append(ReadWarning(EVIL, 2, EVIL, EVIL))
    result.unrecognized.append(UnrecognizedFile(EVIL, EVIL))
    output = tmp_path / "report.html"
    written, dom = _write(result, output, Ruleset(EVIL, EVIL))
    page = output.read_text(encoding="utf-8")
    # No element came from the inputs: one script (ours), no <b> or <i>.
    assert page.count("<script") == 1 and "<b>" not in page and "<i>" not in page
    tags = {element.tag for element in dom.walk()}
    assert "b" not in tags and "i" not in tags
    # Every input string reads back exactly as given (text or attribute value).
    shown = _texts_and_attributes(dom)
    for text in (EVIL, f"a{EVIL}.txt:3", evil_hand, f"r{EVIL}", f'9"{EVIL}'):
        assert text in shown
    # The hand's page stays inside the hands folder whatever the hand id.
    pages = [path for path in written if path != output]
    assert len(pages) == 1
    assert pages[0].resolve().parent == (tmp_path / "report-hands").resolve()


def test_the_same_input_gives_the_same_bytes(tmp_path: Path) -> None:
    rules = load_ruleset(RULES)
    result = run_audit([FIXTURES], ruleset_id(rules, RULES), rules)
    findings = list(result.findings)
    random.Random(7).shuffle(findings)
    # The spools are filled in another order: the reports read them in theirs.
    shuffled = dataclasses.replace(
        result, findings=Spool(finding_order, findings),
        rejected=Spool(rejection_order, list(result.rejected)[::-1]),
        warnings=Spool(warning_order, list(result.warnings)[::-1]))
    outputs = []
    for name, each in (("first", result), ("second", result), ("shuffled", shuffled)):
        folder = tmp_path / name
        folder.mkdir()
        written, _ = _write(each, folder / "report.html", rules)
        outputs.append({path.relative_to(folder): path.read_bytes() for path in written})
    assert len(outputs[0]) > 10
    assert outputs[0] == outputs[1] == outputs[2]


def test_each_rule_lists_at_most_the_cap_and_states_the_rest(tmp_path: Path) -> None:
    findings = [_finding("pots.odd", "f.txt", line, str(line)) for line in range(1, 8)]
    findings.append(_finding("pots.other", "f.txt", 9, "9"))
    _, dom = _write(_result(findings), tmp_path / "r.html", findings_per_rule=3)
    odd = dom.find("div", "rule", data_rule="pots.odd")
    assert [row.attrs["data-hand"] for row in odd.find_all("tr", "finding")] == ["1", "2", "3"]
    assert odd.find("p", "more").text.startswith("Showing 3 of 7 findings of this rule: 4 more")
    other = dom.find("div", "rule", data_rule="pots.other")
    assert len(other.find_all("tr", "finding")) == 1 and other.find_all("p", "more") == []
    # The summary and the chart still count every finding.
    assert dom.find(data_summary="findings.error").attrs["data-value"] == "8"
    assert dom.find("g", "bar").attrs["data-total"] == "8"


def test_one_page_per_hand_and_the_command_beyond_the_cap(tmp_path: Path) -> None:
    asked: list[str] = []

    def page(requests: Sequence[HandRequest]) -> Iterator[tuple[HandKey, str]]:
        for request in requests:
            asked.append(f"{request.key.hand} {request.rule}")
            yield request.key, _text(request)

    findings = [_finding("a.rule", "x.txt", 1, "h1", action=1),
                _finding("b.rule", "x.txt", 1, "h1", action=2),
                _finding("a.rule", "x.txt", 5, "h2"), _finding("a.rule", "y.txt", 1, "h1"),
                _finding("a.rule", "y.txt", 9, "h3"), _finding("a.rule", "y.txt", 9, None)]
    output = tmp_path / "r.html"
    written = write_html_report(_result(findings), Ruleset("t", "T"), output, page,
                                hand_pages=3)
    folder = tmp_path / "r-hands"
    assert written == [output, folder / "h1.html", folder / "h2.html", folder / "h1-2.html"]
    assert asked == ["h1 a.rule", "h2 a.rule", "h1 a.rule"]  # once per hand, x.txt's then y's
    dom = parse(output.read_text(encoding="utf-8"))
    rows = dom.find_all("tr", "finding")
    cells = [(row.find(cls="file").text, row.find("td", "explain-cell")) for row in rows]
    hrefs = [cell.find("a").attrs["href"] for _, cell in cells if cell.find_all("a")]
    # a.rule's rows (x.txt h1, x.txt h2, y.txt h1, y.txt h3), then b.rule's (x.txt h1)
    assert hrefs == ["r-hands/h1.html", "r-hands/h2.html", "r-hands/h1-2.html",
                     "r-hands/h1.html"]
    commands = [cell.find("code").text for _, cell in cells if cell.find_all("code")]
    assert [shlex.split(c) for c in commands] == [
        ["feltcheck", "explain", "y.txt", "--hand", "h3", "--rule", "a.rule", "--rules",
         "rules/t.rules"]]
    assert "the other 1 hand show the command" in dom.find("section", id="findings").text


def test_without_an_explain_view_every_hand_shows_its_command(tmp_path: Path) -> None:
    output = tmp_path / "r r.html"
    findings = [_finding("a.rule", "my file.txt", 4, "h 1")]
    written = write_html_report(_result(findings), Ruleset("t", "T"), output)
    assert written == [output] and not (tmp_path / "r r-hands").exists()
    command = parse(output.read_text(encoding="utf-8")).find("code", "cmd").text
    assert shlex.split(command) == ["feltcheck", "explain", "my file.txt", "--hand", "h 1",
                                    "--rule", "a.rule", "--rules", "rules/t.rules"]


def test_the_page_fetches_nothing(tmp_path: Path) -> None:
    _, dom = _write(_result([_finding("a.rule", "x.txt", 1, "h1")]), tmp_path / "r.html")
    for element in dom.walk():
        assert element.tag not in {"link", "img", "iframe", "object", "embed"}
        assert "src" not in element.attrs
        if "href" in element.attrs:
            assert element.attrs["href"].startswith(("#", "r-hands/")), element.attrs
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "@import" not in page and "url(" not in page
    assert page.replace("http://www.w3.org/2000/svg", "").count("http") == 0


@pytest.mark.parametrize(("largest", "step"), [(1, 1), (5, 1), (6, 2), (10, 2), (11, 5),
                                               (25, 5), (26, 10), (999, 200), (1001, 500)])
def test_chart_gridlines_fall_on_round_numbers(largest: int, step: int) -> None:
    assert nice_step(largest) == step


def test_html_needs_an_output_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fixture = FIXTURES / "odd-chip.planted.txt"
    assert main(["audit", str(fixture), "--rules", str(RULES), "--format", "html"]) == EXIT_USAGE
    assert "--output" in capsys.readouterr().err
    output = tmp_path / "odd.html"
    code = main(["audit", str(fixture), "--rules", str(RULES), "--format", "html",
                 "--output", str(output)])
    assert code == EXIT_FINDINGS
    dom = parse(output.read_text(encoding="utf-8"))
    row = dom.find("tr", "finding")
    assert row.attrs["data-hand"] == "911000001"
    # The command line wires the real explain pages: the finding links to its hand's page.
    page = output.parent / row.find("a", "explain").attrs["href"]
    explained = page.read_text(encoding="utf-8")
    assert "911000001" in explained and "pots.odd-chip-left-of-button" in explained


def test_a_rejected_hand_is_counted_and_located(tmp_path: Path) -> None:
    damaged = _damaged_copy(tmp_path)
    output = tmp_path / "r.html"
    main(["audit", str(damaged), "--rules", str(RULES), "--format", "html", "--output",
          str(output)])
    dom = parse(output.read_text(encoding="utf-8"))
    values = {e.attrs["data-summary"]: int(e.attrs["data-value"])
              for e in dom.walk() if "data-summary" in e.attrs}
    # The sample's three hands, the second cut short.
    assert (values["hands"], values["hands_audited"], values["hands_rejected"]) == (3, 2, 1)
    rejected = dom.find("table", "problems").find_all("tr")[1].find_all("td")
    assert rejected[0].text.startswith(f"{damaged}:") and rejected[1].text == "900000002"
