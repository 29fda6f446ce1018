"""The clause-28 HTML page of the simulated corpus with colluders (tests/collusion_corpus.py),
opened in a real headless Chromium: each flagged pair's row shows the numbers of the JSON
report, its details show every signal's value beside its baseline and the chip flow the JSON
gives, its evidence hands link to explain pages that load and show those hands, the filter box
works, and the page is drawn."""

import json
import shlex
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import jsonschema
import pytest

from checker.cli import EXIT_OK, explain_pages, main
from checker.dsl.ruleset import Ruleset
from checker.report.collusion_html import HAND_PAGES, write_collusion_html
from checker.report.collusion_json import collusion_document, render_collusion_json
from checker.report.html_hands import HandKey, HandRequest
from tests.browser import distinct_colours, dump_dom, screenshot
from tests.collusion_corpus import COLLUSION_SCHEMA, RULES, audited, rules
from tests.html_dom import Element, parse

PAGE = "collusion report.html"  # a space: the links to the hand pages must be quoted
HANDS = "collusion report-hands"


@dataclass
class Built:
    page: Path
    doc: dict[str, Any]  # the JSON report (test_collusion_reports: a second audit's is equal)
    dom: Element
    written: list[Path]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    folder = tmp_path_factory.mktemp("collusion-html")
    page = folder / PAGE
    written = write_collusion_html(collusion_document(audited(), rules()),
                                   audited().ruleset.path, rules(), page,
                                   explain_pages(rules()))
    doc = json.loads(render_collusion_json(collusion_document(audited(), rules())))
    return Built(page, doc, parse(dump_dom(page)), written)


def _flagged(doc: dict[str, Any]) -> list[dict[str, Any]]:
    flagged = [p for p in doc["pairs"] if p["flagged"]]
    assert len(flagged) >= 6  # three colluding pairs in each view
    return flagged


def _shown(value: float | None, kind: str) -> str:
    """How the page writes a signal's value (the units docs/collusion-report.md states)."""
    if value is None:
        return "—"
    if kind == "rate":
        return f"{100 * value:.1f}%"
    if kind == "contrast":
        return f"{100 * value:+.1f} pts"
    return f"{value / 1000:+.3f} bb"


def _probability(value: float) -> str:
    return f"{value:.2e}" if value < 0.001 else f"{value:.4f}"


def test_the_summary_is_the_jsons(built: Built) -> None:
    shown = {e.attrs["data-summary"]: e for e in built.dom.walk() if "data-summary" in e.attrs}
    expected = {f"{view}.{key}": value for view, summary in built.doc["summary"].items()
                for key, value in summary.items() if key != "rings_flagged"}
    assert set(shown) == set(expected)
    for key, element in shown.items():
        assert int(element.attrs["data-value"]) == expected[key], key
        assert int(element.text.replace(",", "")) == expected[key], key


def test_each_flagged_pairs_row_has_the_jsons_numbers(built: Built) -> None:
    rows = built.dom.find_all("tr", "pair")
    assert [int(r.attrs["data-rank"]) for r in rows] == [p["rank"] for p in built.doc["pairs"]]
    for pair in _flagged(built.doc):
        row = built.dom.find("tr", "pair", data_rank=str(pair["rank"]))
        assert row.attrs["data-players"] == " ".join(pair["players"])
        assert row.attrs["data-view"] == pair["view"] and row.attrs["data-flagged"] == "true"
        assert row.find("td", "players").text == " & ".join(pair["players"])
        assert row.find("td", "view").text == pair["view"]
        for cls, key in (("hands", "hands_together"), ("tournaments", "tournaments_together")):
            cell = row.find("td", cls)
            assert int(cell.attrs["data-value"]) == pair[key]
            assert cell.text == f"{pair[key]:,}"
        score = row.find("td", "score")
        assert float(score.attrs["data-value"]) == pair["score"]
        assert score.text == f"{pair['score']:.2f}"
        for cls, key in (("p", "p_value"), ("q", "q_value")):
            cell = row.find("td", cls)
            assert float(cell.attrs["data-value"]) == pair[key]
            assert cell.text == _probability(pair[key])
        assert row.find("td", "leading").text == pair["leading_signal"]
        verdict = row.find("td", "verdict")
        assert [c.text for c in verdict.find_all("code", "rule-id")] == pair["rules"]
        assert "flagged" in verdict.text
        ring = row.find("td", "ring")
        if pair["ring"] is None:
            assert ring.find_all("a") == []
        else:
            assert ring.find("a").attrs["href"] == f"#ring-{pair['ring']}"
            listed = built.dom.find("tr", "ring", id=f"ring-{pair['ring']}")
            assert set(pair["players"]) <= set(listed.attrs["data-players"].split())
        assert row.find("td", "details").find("a").attrs["href"] == f"#pair-{pair['rank']}"


def test_each_flagged_pairs_signals_stand_beside_their_baselines(built: Built) -> None:
    for pair in _flagged(built.doc):
        section = built.dom.find("section", "pair-detail", id=f"pair-{pair['rank']}")
        rows = section.find_all("tr", "signal")
        assert len(rows) == len(pair["signals"])
        for row, signal in zip(rows, pair["signals"], strict=True):
            assert (row.attrs["data-name"], row.attrs["data-actor"], row.attrs["data-partner"]) \
                == (signal["name"], signal["actor"], signal["partner"])
            for attribute, key in (("data-pair-value", "pair_value"),
                                   ("data-baseline-value", "baseline_value"), ("data-z", "z")):
                value = row.attrs[attribute]
                assert (float(value) if value else None) == signal[key], (signal["name"], key)
            assert float(row.attrs["data-p-value"]) == signal["p_value"]
            assert row.find("td", "pair-value").text == _shown(signal["pair_value"],
                                                               signal["kind"])
            assert row.find("td", "baseline-value").text == _shown(signal["baseline_value"],
                                                                   signal["kind"])
            if signal["scored"]:
                assert row.find("td", "z").text == f"{signal['z']:+.2f}"
                assert row.find("td", "p").text == _probability(signal["p_value"])
            assert ("leading" in row.classes) == signal["leading"]
            if signal["kind"] == "rate":  # bars on a 0-100% scale
                widths = [int(bar.find("span").attrs["style"].removeprefix("width:")
                              .removesuffix("%")) for bar in row.find_all("div", "bar")]
                assert widths == [round(100 * signal["pair_value"]),
                                  round(100 * signal["baseline_value"])]
        leading = section.find("tr", "leading")
        assert leading.attrs["data-name"] == pair["leading_signal"]


def test_each_flagged_pairs_chip_flow_is_drawn_cumulative(built: Built) -> None:
    for pair in _flagged(built.doc):
        chart = built.dom.find("section", "pair-detail", id=f"pair-{pair['rank']}").find(
            "svg", "flow")
        points = chart.find_all("circle", "point")
        assert [(p.attrs["data-tournament"], int(p.attrs["data-net"]),
                 int(p.attrs["data-cumulative"])) for p in points] \
            == [(f["tournament"], f["net"], f["cumulative"]) for f in pair["flow"]]
        assert len(chart.find("polyline").attrs["points"].split()) == len(pair["flow"])
        # Left to right in tournament order; a larger total is drawn higher.
        xs = [int(p.attrs["cx"]) for p in points]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
        drawn = [(int(p.attrs["data-cumulative"]), int(p.attrs["cy"])) for p in points]
        for total, y in drawn:
            assert all(y <= other_y for other_total, other_y in drawn if other_total < total)


def test_the_evidence_hands_link_to_explain_pages_that_load(built: Built,
                                                             tmp_path: Path) -> None:
    hands_folder = (built.page.parent / HANDS).resolve()
    pages = [p for p in built.written if p != built.page]
    assert 0 < len(pages) <= HAND_PAGES
    assert all(p.resolve().parent == hands_folder for p in pages)
    opened = 0
    for pair in _flagged(built.doc):
        section = built.dom.find("section", "pair-detail", id=f"pair-{pair['rank']}")
        rows = section.find_all("tr", "evidence")
        assert [(r.attrs["data-file"], int(r.attrs["data-line"]), r.attrs["data-hand"])
                for r in rows] == [(h["file"], h["line"], h["hand"]) for h in pair["evidence"]]
        for row, hand in zip(rows, pair["evidence"], strict=True):
            links = row.find_all("a", "explain")
            if not links:  # beyond the cap: the command that gives the same page
                command = shlex.split(row.find("code", "cmd").text)
                assert command == ["feltcheck", "explain", hand["file"], "--hand", hand["hand"],
                                   "--rules", audited().ruleset.path]
                continue
            page = (built.page.parent / unquote(links[0].attrs["href"])).resolve()
            assert page.parent == hands_folder
            text = page.read_text(encoding="utf-8")
            assert f'Hand <span class="mono">{hand["hand"]}</span>' in text
            assert f'{hand["file"]}:{hand["line"]}</span>' in text
            assert all(name in text for name in pair["players"])
            if opened < 3:  # the explain page loads and its script runs
                dom = dump_dom(page)
                assert 'data-explain-ready="true"' in dom and hand["hand"] in dom
                opened += 1
    assert opened == 3


def _visible(dom: Element) -> list[Element]:
    return [row for row in dom.find_all("tr", "pair") if "hidden" not in row.attrs]


def test_the_filter_box_and_the_flagged_only_box(built: Built, tmp_path: Path) -> None:
    page = built.page.read_text(encoding="utf-8")
    total = len(built.doc["pairs"])
    assert len(_visible(built.dom)) == total
    name = _flagged(built.doc)[0]["players"][1]
    by_name = tmp_path / "by-name.html"
    by_name.write_text(page.replace('id="filter"', f'id="filter" value="{name.lower()}"', 1),
                       encoding="utf-8")
    dom = parse(dump_dom(by_name))
    expected = [p["rank"] for p in built.doc["pairs"]
                if any(name.lower() in player.lower() for player in p["players"])]
    assert [int(r.attrs["data-rank"]) for r in _visible(dom)] == expected
    details = [s for s in dom.find_all("section", "pair-detail") if "hidden" not in s.attrs]
    assert all(name.lower() in s.attrs["data-players"].lower() for s in details) and details
    assert dom.find(id="shown").text == f"{len(expected)} of {total} pairs shown"
    flagged_only = tmp_path / "flagged.html"
    flagged_only.write_text(page.replace('id="flagged-only"', 'id="flagged-only" checked', 1),
                            encoding="utf-8")
    dom = parse(dump_dom(flagged_only))
    assert [int(r.attrs["data-rank"]) for r in _visible(dom)] \
        == [p["rank"] for p in _flagged(built.doc)]


def test_the_page_is_drawn(built: Built, tmp_path: Path) -> None:
    image = screenshot(built.page, tmp_path / "collusion.png")
    assert distinct_colours(image) > 8


def test_the_command_line_writes_the_page(tmp_path: Path) -> None:
    clean = Path(__file__).resolve().parents[1] / "hand_histories" / "handwritten"
    output = tmp_path / "c.html"
    assert main(["collusion", str(clean), "--rules", str(RULES), "--format", "html",
                 "--output", str(output)]) == EXIT_OK
    dom = parse(output.read_text(encoding="utf-8"))
    assert dom.find(data_summary="public.pairs_met").attrs["data-value"] == "15"
    assert dom.find_all("tr", "pair") == []
    for element in dom.walk():  # self-contained: nothing fetched
        assert element.tag not in {"link", "img", "iframe", "object", "embed"}
        assert "src" not in element.attrs


EVIL = '<script>alert("x")</script>&amp;<b>'


def _evil_document() -> dict[str, Any]:
    """A small document whose every string from the input is markup."""
    a, b = sorted([f"a{EVIL}", f"b/{EVIL}"])
    signal = {"name": "chip_flow", "family": "chip_dumping", "kind": "amount", "title": EVIL,
              "actor": a, "partner": b, "occasions": 120, "pair_value": 1500.5,
              "baseline_value": -20.0, "z": 4.5, "p_value": 3.4e-06, "score": 5.4685,
              "scored": True, "both_ways": False, "context": False, "leading": True}
    hand = {"file": f"logs/{EVIL}.jsonl", "line": 7, "hand": f"../{EVIL}", "tournament": EVIL,
            "signal": "chip_flow", "family": "chip_dumping", "actor": a, "partner": b,
            "weight": 12000}
    pair = {"rank": 1, "players": [a, b], "view": "integrity", "score": 4.9, "p_value": 1.3e-05,
            "q_value": 0.0004, "flagged": True, "rules": [f"collusion.{EVIL}"],
            "hands_together": 120, "tournaments_together": 4, "leading_signal": "chip_flow",
            "leading_family": "chip_dumping", "signals": [signal],
            "co_presence": {"score": 0.5, "expected_tournaments": 1.5}, "ring": 0,
            "evidence": [hand],
            "flow": [{"tournament": EVIL, "net": -3000, "cumulative": -3000},
                     {"tournament": f"{EVIL}2", "net": 9000, "cumulative": 6000}],
            "flow_complete": True}
    views = {"hands": 500, "players": 9, "pairs_met": 30, "pairs_tested": 1, "pairs_flagged": 1,
             "rings": 1, "rings_flagged": 1}
    return {"tool": {"name": "feltcheck", "version": "0"},
            "ruleset": {"name": EVIL, "sha256": "0" * 64},
            "parameters": {f"collusion.{EVIL}": EVIL},
            "rules": [{"id": f"collusion.{EVIL}", "title": EVIL, "severity": "warning",
                       "event": "pair", "clauses": ["28"]}],
            "summary": {"integrity": views, "public": dict.fromkeys(views, 0)},
            "pairs": [pair],
            "rings": [{"index": 0, "players": sorted([a, b, f"c{EVIL}"]), "view": "integrity",
                       "pairs": 1, "edges": [[a, b]], "flagged": True,
                       "rules": ["collusion.ring"]}]}


def test_every_string_is_escaped_and_the_same_document_gives_the_same_bytes(
        tmp_path: Path) -> None:
    document = _evil_document()
    schema = json.loads(COLLUSION_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)

    def pages(requests: Sequence[HandRequest]) -> Iterator[tuple[HandKey, str]]:
        return ((r.key, f"<p>{r.key.hand}</p>") for r in requests)

    written = []
    for name in ("first", "second"):
        folder = tmp_path / name
        folder.mkdir()
        paths = write_collusion_html(document, "rules/x.rules", Ruleset(EVIL, EVIL),
                                     folder / "c.html", pages)
        written.append({p.relative_to(folder): p.read_bytes() for p in paths})
    assert written[0] == written[1] and len(written[0]) == 2
    page = (tmp_path / "first" / "c.html").read_text(encoding="utf-8")
    assert page.count("<script") == 1 and "<b>" not in page
    dom = parse(page)
    assert {"b", "i"}.isdisjoint(e.tag for e in dom.walk())
    shown = "\n".join([e.text for e in dom.walk()]
                      + [v for e in dom.walk() for v in e.attrs.values()])
    for text in (*document["pairs"][0]["players"], EVIL, f"collusion.{EVIL}",
                 f"../{EVIL}", f"logs/{EVIL}.jsonl:7"):
        assert text in shown, text
    # The evidence hand's page stays inside the hands folder whatever its id.
    (hand_page,) = [p for p in written[0] if p != Path("c.html")]
    assert hand_page.parent == Path("c-hands")
