"""A hit check whose look-ahead runs the deck out: the deck deals the face-down cards and the
check's first few cards, then the discard is shuffled back in and deals the rest (`Cards.draw`).

The cards the deck deals are uniform over what the attacker's side cannot see, and each one the
attacker sees narrows what the face-down cards can be (with three cards left and two face down,
the check's first card tells the other two exactly). After the reshuffle the next cards come
from the discard, independent of the face-down ones. Weighing the whole check on the few cards
left (`odds.attack_odds` on the deck's pool) read "Hit 100 %" where a third of the checks miss.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.core.draws import Profile
from game.core.stackplay import Payoff, stack_value
from game.core.stacks import StackState
from game.rulesets.varium import odds


def attack_odds(a: odds.Attack) -> tuple[float, float, float]:
    """`odds.attack_odds` for a check that runs the deck out (`odds.Attack.runout`)."""
    return run_value(a, odds.hit_payoff), odds.attack_worth(a), run_value(a, odds.kill_payoff)


def run_value(a: odds.Attack, pay_of: Callable[[odds.Attack], Payoff]) -> float:
    """The worth of the whole check played well from no cards, each stand weighed by `pay_of`
    (`odds.hit_payoff`, `odds.payoff`, ...) with the face-down cards among those still unseen."""
    memo: dict[tuple[StackState, Profile, int], float] = {}
    return _value(a, pay_of, StackState(), a.pool, a.runout, memo)


def _value(a: odds.Attack, pay_of: Callable[[odds.Attack], Payoff], state: StackState,
           unseen: Profile, left: int, memo: dict[tuple[StackState, Profile, int], float]) -> float:
    """Worth at `state` with `left` more cards in the deck, drawn from `unseen`."""
    key = (state, unseen, left)
    if key in memo:
        return memo[key]
    # the face-down cards are k of the unseen ones; the next cards after the deck, the discard's
    pay = pay_of(replace(a, pool=a.refill, hidden=unseen, runout=0, refill=()))
    stand = pay.of(state.total)
    more = odds.HORIZON - state.dealt
    if more <= 0:
        worth = stand
    elif left == 0:
        worth = stack_value(a.refill, state, odds.rule(a.limit, a.refill), pay, more)
    else:
        n, drawn = sum(unseen), 0.0
        for v, c in enumerate(unseen):
            if not c:
                continue
            rest = (*unseen[:v], c - 1, *unseen[v + 1:])
            after = StackState(state.stack + odds.VALUES[v], state.banked, state.dealt + 1)
            card = pay.bust if after.stack > a.limit else _value(a, pay_of, after, rest, left - 1, memo)
            if v == odds.ACE:  # count it 14, or start a new stack
                fresh = StackState(0, state.total, state.dealt + 1)
                card = max(card, _value(a, pay_of, fresh, rest, left - 1, memo))
            drawn += c * card
        # the first card is always dealt; after it, stand when that is worth more
        worth = drawn / n if state.dealt == 0 else max(stand, drawn / n)
    memo[key] = worth
    return worth
