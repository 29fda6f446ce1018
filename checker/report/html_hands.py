"""The explain views the HTML pages link to.

One page per hand, written once, in the folder `<report stem>-hands/` beside the report, for
at most `cap` hands (in the order the page shows them); every other hand shows the `feltcheck
explain` command that gives the same view. A page links a hand for a finding of that hand, or
for a clause-28 finding (checker/report/context.py `evidence_hands`), for each of its evidence
hands. The pages themselves come from the caller (`ExplainPages`, asked once for all the hands
so that a large tournament log is read once): this module only decides which hands get one,
names the files and links them.
"""

import shlex
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from checker.model.findings import Finding
from checker.report.html_markup import esc, safe_name


@dataclass(frozen=True, slots=True, order=True)
class HandKey:
    """A hand of the audit: the same id in two files is two hands."""

    file: str
    hand: str


@dataclass(frozen=True, slots=True)
class HandRequest:
    """A hand the page links, and the rule its command narrows to (None: every rule)."""

    key: HandKey
    rule: str | None = None


# The explain views of the hands asked for, as (hand, HTML text), in any order; a hand left out
# has none to show (a hand that cannot be replayed alone, say).
ExplainPages = Callable[[Sequence[HandRequest]], Iterable[tuple[HandKey, str]]]


def hand_key(finding: Finding) -> HandKey | None:
    hand = finding.location.hand
    return None if hand is None else HandKey(finding.location.file, hand)


def finding_request(finding: Finding) -> HandRequest | None:
    """The link of a finding's own hand, its command narrowed to the finding's rule."""
    key = hand_key(finding)
    return None if key is None else HandRequest(key, finding.rule)


@dataclass(slots=True)
class HandLinks:
    """What a page shows for each hand: a link, a command, or nothing."""

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
        request = finding_request(finding)
        if request is None:
            return '<span class="none" title="not a hand\'s finding: nothing to replay">—</span>'
        return self.link(request)

    def link(self, request: HandRequest, label: str | None = None) -> str:
        """The hand's link (`label`, default "explain hand H"), or why there is none."""
        key = request.key
        if key in self.pages:
            text = label if label is not None else f"explain hand {key.hand}"
            return (f'<a class="explain" href="{esc(self.pages[key])}" '
                    f'data-hand="{esc(key.hand)}">{esc(text)}</a>')
        if key in self.without_page:
            return '<span class="none">no explain view</span>'
        return f'<code class="cmd">{esc(explain_command(request, self.rules_path))}</code>'


def explain_command(request: HandRequest, rules_path: str) -> str:
    """The command line that explains the hand with the report's rules."""
    rule = ["--rule", request.rule] if request.rule is not None else []
    return shlex.join(["feltcheck", "explain", request.key.file, "--hand", request.key.hand,
                       *rule, "--rules", rules_path])


def hands_folder(output: Path) -> Path:
    return output.with_name(f"{output.stem}-hands")


def write_hand_pages(requests: Iterable[HandRequest], output: Path, rules_path: str,
                     explain_pages: ExplainPages | None, cap: int) -> HandLinks:
    """Ask for the pages of the first `cap` distinct hands of `requests` (in that order, each
    with its first request) at once, and write each page given; the others show the
    command."""
    folder = hands_folder(output)
    links = HandLinks(rules_path, linking=explain_pages is not None, folder=folder.name)
    if explain_pages is None:
        return links
    chosen: list[HandRequest] = []
    seen: set[HandKey] = set()
    for request in requests:
        if request.key in seen:
            continue
        seen.add(request.key)
        if len(chosen) >= cap:
            links.beyond_cap.add(request.key)
        else:
            chosen.append(request)
    if not chosen:
        return links
    taken: set[str] = set()
    names = {request.key: _page_name(request.key.hand, taken) for request in chosen}
    for key, text in explain_pages(chosen):
        if key not in names or key in links.pages:
            continue
        folder.mkdir(parents=True, exist_ok=True)
        (folder / names[key]).write_text(text, encoding="utf-8", newline="\n")
        links.pages[key] = quote(folder.name) + "/" + quote(names[key])
    links.without_page = {r.key for r in chosen if r.key not in links.pages}
    links.written = [folder / names[r.key] for r in chosen if r.key in links.pages]
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
