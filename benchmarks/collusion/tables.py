"""The collusion benchmark's figures as markdown tables (docs/collusion.md), from the JSON that
score.py writes for each corpus.

Run: `.venv/bin/python benchmarks/collusion/tables.py SEED.json [SEED.json ...]`.
"""

import argparse
import json
import sys
from pathlib import Path
from typing import Any

STRATEGIES = ("chip_dumping", "soft_play", "whipsaw", "card_sharing")


def _ap(block: dict[str, Any]) -> str:
    value = block.get("ap")
    return "–" if value is None else f"{value:.2f}"


def _roc(block: dict[str, Any]) -> str:
    value = block.get("roc_auc")
    return "–" if value is None else f"{value:.3f}"


def render(reports: list[tuple[str, dict[str, Any]]]) -> str:
    lines: list[str] = []
    for view in ("integrity", "public"):
        lines += [f"### {view.capitalize()} view", "",
                  "| corpus | pairs met (tested) | teams tested | AP | AP, matched | ROC-AUC | "
                  "co-presence AP (matched) | recall at 1/10,000 (matched) | flagged: teams, "
                  "honest, benign, without evidence |",
                  "|---|---|---|---:|---:|---:|---:|---:|---|"]
        for name, report in reports:
            r = report.get(view)
            if not r:
                continue
            o, v = r["overall"], r["verdict"]
            lines.append(
                f"| {name} | {r['pairs']:,} ({r['tested']:,}) | {r['teams_tested']} of "
                f"{r['teams']} | {_ap(o['detector'])} | {_ap(o['detector_matched'])} | "
                f"{_roc(o['detector'])} | {_ap(o['co_presence'])} "
                f"({_ap(o['co_presence_matched'])}) | {o['at_budget']['recall']:.2f} "
                f"({o['at_budget_matched']['recall']:.2f}) | {v['teams_flagged']}, "
                f"{len(v['honest_flagged'])}, {len(v['benign_flagged'])}, "
                f"{v['flagged_without_evidence']} |")
        lines += ["", "| corpus | strategy | AP | AP, matched | ROC-AUC | recall at 1/10,000 | "
                  "AP without its signals (leave one out) | the same, also without the "
                  "signals added after it (ADDED_AFTER_LOSO) |",
                  "|---|---|---:|---:|---:|---:|---:|---:|"]
        for name, report in reports:
            r = report.get(view)
            if not r:
                continue
            for strategy in STRATEGIES:
                s = r["per_strategy"][strategy]
                loso = r["leave_one_strategy_out"][strategy]
                lines.append(
                    f"| {name} | {strategy} | {_ap(s['detector'])} | "
                    f"{_ap(s['detector_matched'])} | {_roc(s['detector'])} | "
                    f"{s['at_budget']['recall']:.2f} | {_ap(loso)} | "
                    f"{_ap(loso.get('also_without', {}))} |")
        lines += ["", "| corpus | teams whose scheme changed ≥ N decisions | N | AP | AP, matched "
                  "| recall at 1/10,000 |", "|---|---:|---:|---:|---:|---:|"]
        for name, report in reports:
            acted = (report.get(view) or {}).get("acted")
            if acted:
                lines.append(f"| {name} | {acted['teams']} | {acted['decisions_at_least']} | "
                             f"{_ap(acted['detector'])} | {_ap(acted['detector_matched'])} | "
                             f"{acted['at_budget']['recall']:.2f} |")
        lines += ["", "| corpus | intensity | team pairs | tested | found at 1/10,000 | "
                  "flagged by the rules |", "|---|---:|---:|---:|---:|---:|"]
        for name, report in reports:
            r = report.get(view)
            for intensity, row in (r or {}).get("per_intensity", {}).items():
                lines.append(f"| {name} | {intensity} | {row['teams']} | {row['tested']} | "
                             f"{row['found_at_budget']} | {row['flagged']} |")
        lines += ["", "| corpus | strategy | intensity | decisions changed | hands together | "
                  "score | flagged |", "|---|---|---:|---:|---:|---:|---|"]
        for name, report in reports:
            r = report.get(view) or {}
            teams = sorted(r.get("teams_detail", {}).values(),
                           key=lambda t: (t["strategy"], t.get("intensity", 0.0)))
            for team in teams:
                changed = team.get("decisions_changed")
                lines.append(
                    f"| {name} | {team['strategy']} | {team.get('intensity', '–')} | "
                    f"{'–' if changed is None else f'{changed:,}'} | "
                    f"{team['hands_together']:,} | {team['score']:.1f} | "
                    f"{'yes' if team['flagged'] else 'no'} |")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", type=Path, nargs="+")
    args = parser.parse_args(argv)
    reports = [(path.stem, json.loads(path.read_text(encoding="utf-8")))
               for path in args.reports]
    print(render(reports))
    return 0


if __name__ == "__main__":
    sys.exit(main())
