"""The explain view each finding of the HTML report links to.

One page per hand, written once, in the folder `<report stem>-hands/` beside the report, for
at most `cap` hands (in the order the report shows them); every other hand's findings show the
`feltcheck explain` command that gives the same view. The page itself comes from the caller
(`explain_page`): this module only decides which hands get one, names the files and links them.
"""

import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from checker.model.findings import Finding
from checker.report.html_markup import esc, safe_name

# The explain view of a finding's hand as HTML text; None when there is none to show.
ExplainPage = Callable[[Finding], str | None]


@dataclass(frozen=True, slots=True, order=True)
class HandKey:
    """A hand of the audit: the same id in two files is two hands."""

    file: str
    hand: str


def hand_key(finding: Finding) -> HandKey | None:
    hand = finding.location.hand
    return None if hand is None else HandKey(finding.location.file, hand)


@dataclass(slots=True)
class HandLinks:
    """What the report shows beside each finding: a link, a command, or nothing."""

    rules_path: str
    # The hands with a page: the page's address relative to the report.
    pages: dict[HandKey, str] = field(default_factory=dict)
    # The hands whose explain view said there is no page (a log event's hand, say).
    without_page: set[HandKey] = field(default_factory=set)
    # The hands beyond the cap: they show the command.
    beyond_cap: set[HandKey] = field(default_factory=set)
    written: list[Path] = field(default_factory=list)
    linking: bool = False  # False: no explain view was given; every hand shows the command
    folder: str = ""  # the pages' folder, beside the report

    def cell(self, finding: Finding) -> str:
        key = hand_key(finding)
        if key is None:
            return '<span class="none" title="not a hand\'s finding: nothing to replay">—</span>'
        if key in self.pages:
            return (f'<a class="explain" href="{esc(self.pages[key])}">'
                    f"explain hand {esc(key.hand)}</a>")
        if key in self.without_page:
            return '<span class="none">no explain view</span>'
        return f'<code class="cmd">{esc(explain_command(finding, self.rules_path))}</code>'


def explain_command(finding: Finding, rules_path: str) -> str:
    """The command line that explains `finding`'s hand with the report's rules."""
    hand = finding.location.hand or ""
    return shlex.join(["feltcheck", "explain", finding.location.file, "--hand", hand,
                       "--rule", finding.rule, "--rules", rules_path])


def hands_folder(output: Path) -> Path:
    return output.with_name(f"{output.stem}-hands")


def write_hand_pages(shown: Iterable[Finding], output: Path, rules_path: str,
                     explain_page: ExplainPage | None, cap: int) -> HandLinks:
    """Write the page of each hand of the `shown` findings (in that order) up to `cap` hands;
    each hand's page is asked for once, with its first finding shown."""
    folder = hands_folder(output)
    links = HandLinks(rules_path, linking=explain_page is not None, folder=folder.name)
    if explain_page is None:
        return links
    taken: set[str] = set()
    for finding in shown:
        key = hand_key(finding)
        if key is None or key in links.pages or key in links.without_page \
                or key in links.beyond_cap:
            continue
        if len(links.pages) >= cap:
            links.beyond_cap.add(key)
            continue
        text = explain_page(finding)
        if text is None:
            links.without_page.add(key)
            continue
        name = _page_name(key.hand, taken)
        folder.mkdir(parents=True, exist_ok=True)
        page = folder / name
        page.write_text(text, encoding="utf-8", newline="\n")
        links.written.append(page)
        links.pages[key] = quote(folder.name) + "/" + quote(name)
    return links


def _page_name(hand: str, taken: set[str]) -> str:
    """`<hand id>.html`; the same id from another file gets `-2`, `-3`, ..."""
    stem = safe_name(hand)
    name, copy = f"{stem}.html", 1
    while name.lower() in taken:  # case-insensitive file systems
        copy += 1
        name = f"{stem}-{copy}.html"
    taken.add(name.lower())
    return name
