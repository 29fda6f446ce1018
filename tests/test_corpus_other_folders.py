"""The error findings on the corpus folders besides the tournament hands are exactly the triaged
ones: Full Tilt cash (`ftp/cash`), the 2008 Full Tilt cash hands (`ftp/old2008`) and the PHH
hands (`phh`) under `rules/fulltilt.rules`, the PokerStars cash hands (`stars/cash`) under
`rules/pokerstars.rules`; and the pot findings of the PokerStars tournament hands, whose hi/lo
pots are judged since the reader labels their halves.

True findings are quoted and explained in docs/corpus-notes.md ("Triage of the other corpus
folders"). False findings whose cause lies outside the readers are pinned too, each set named
after its cause, so that fixing the cause fails here and the set is emptied on purpose.
"""

from pathlib import Path

from tests.test_corpus_findings import REPO, Finding, error_findings

# (file under the folder, hand id, rule)

# --- true ------------------------------------------------------------------------------------

# Clause 17 as fulltilt.rules reads it (every player dealt in antes): these WSOP 2023 hands
# are played with one big-blind ante (`antes = [0, 120000, 0, 0, 0]`), so four of five
# players post none. True of the rule set applied; the hands follow another room's procedure.
PHH_BIG_BLIND_ANTE: set[Finding] = {
    (f"wsop2023/test_2023_{name}.phh", f"test_2023_{name}", "posts.antes-from-everyone")
    for name in (
        "43_5__test_1_00_02_07",
        "43_5__test_2_00_08_38",
        "43_5__test_27_01_18_22",
        "43_5__test_42_01_56_25",
        "43_5__test_63_02_53_09",
        "43_5__test_64_02_54_12",
        "43_5__test_65_02_56_12",
    )
}


def test_full_tilt_cash_gives_no_error() -> None:
    assert error_findings("ftp/cash", "fulltilt") == set()


def test_the_2008_full_tilt_hands_and_pokerstars_cash_give_no_error() -> None:
    assert error_findings("ftp/old2008", "fulltilt") == set()
    assert error_findings("stars/cash", "pokerstars") == set()


def test_phh_gives_exactly_the_triaged_errors() -> None:
    assert error_findings("phh", "fulltilt") == PHH_BIG_BLIND_ANTE


# PokerStars hi/lo pots, now that the reader labels their halves: the odd chip of an uneven
# split goes to the high half (the site's procedure). Clause 22's literal reading
# (`pots.hilo_odd_unit_to_high = false`) gives it to the half whose winner sits nearer the
# button's left, under which these two hands break the rule; both fulltilt.rules (issue 14:
# Full Tilt's servers do the same) and pokerstars.rules give it to the high half, under which
# they are clean.
STARS_TOUR_HILO_ODD_CHIP: set[Finding] = {
    ("Flop/NLO8-USD-STT-201109.Knockout.sample.txt", "68173842857", "pots.hilo-split-odd-chip"),
    ("Flop/PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt", "1676150046",
     "pots.hilo-split-odd-chip"),
}  # fmt: skip


def test_pokerstars_hi_lo_pots_are_judged_under_each_sites_odd_chip_policy(
        tmp_path: Path) -> None:
    literal = tmp_path / "literal.rules"
    literal.write_text(
        'ruleset literal "clause 22 read literally between the halves of a hi/lo pot"\n'
        f'extends "{(REPO / "rules" / "fulltilt.rules").as_posix()}"\n'
        "override param pots.hilo_odd_unit_to_high = false\n", encoding="utf-8")
    by_seat = error_findings("stars/tour", "literal", literal)
    assert {f for f in by_seat if f[2].startswith("pots.")} == STARS_TOUR_HILO_ODD_CHIP
    for site in ("fulltilt", "pokerstars"):
        found = error_findings("stars/tour", site)
        assert {f for f in found if f[2].startswith("pots.")} == set(), site
