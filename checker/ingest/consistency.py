"""The reader's self-check: a hand's recorded money must add up.

What the record says went in, minus uncalled returns, equals the recorded pot total; the
recorded awards plus rake equal that total too. A hand that fails was misread (or is
damaged), so the corpus tests assert this over every hand read.
"""

from checker.model import Hand


def pot_problems(hand: Hand) -> list[str]:
    """Each way the hand's recorded amounts fail to add up; empty when they agree."""
    problems: list[str] = []
    returned = sum(r.amount for r in hand.returns)
    net_in = hand.put_in() - returned
    awarded = sum(a.amount for a in hand.awards)
    if hand.pot is not None:
        if net_in != hand.pot.total:
            problems.append(
                f"put in {hand.put_in()} - returned {returned} = {net_in}, "
                f"but the recorded pot is {hand.pot.total}"
            )
        if hand.awards and awarded + hand.pot.rake != hand.pot.total:
            problems.append(
                f"awards {awarded} + rake {hand.pot.rake} = {awarded + hand.pot.rake}, "
                f"but the recorded pot is {hand.pot.total}"
            )
        # Sites list main and side pots either gross or net of rake.
        parts = sum(hand.pot.parts)
        if hand.pot.parts and parts not in (hand.pot.total, hand.pot.total - hand.pot.rake):
            problems.append(
                f"main and side pots add up to {parts}, "
                f"but the recorded pot is {hand.pot.total}"
            )
    elif hand.awards and awarded != net_in:
        problems.append(f"put in {net_in} net of returns, but awards add up to {awarded}")
    return problems
