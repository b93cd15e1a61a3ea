"""The exact outcome of a capped stack played as `PlayBest` advises (varium's opposed checks).

`stack_odds(profile, rule, PlayBest(payoff))` asks the policy at every state it reaches; most of
them are on the last level (the next card is the cap's last), where every child stands and
`stack_choice` and `split_choice` reduce to one sum over the pool (their searches return the worth
of standing at the cap). `best_odds` does that sum itself, in the same order with the same floats,
and deals the last card straight into the final totals (integer weights: the same sums), so it
makes the same choices and gives the same weights, several times quicker.
"""

from __future__ import annotations

from math import perm

from game.core.draws import Profile
from game.core.stackplay import Payoff, PlayBest
from game.core.stacks import StackOdds, StackRule, StackState, can_take, stack_odds


def best_odds(profile: Profile, rule: StackRule, payoff: Payoff) -> StackOdds:
    """`stack_odds(profile, rule, PlayBest(payoff))` from no cards dealt: the same weights."""
    cap = rule.max_cards
    values, limit, splits = rule.values, rule.limit, rule.splits
    policy = PlayBest(payoff)
    if not cap or not any(v < len(values) for v in splits):
        # the last level's shortcut is the capped search's with new stacks (`_capped_choice`)
        return stack_odds(profile, rule, policy)
    of, bust = payoff.of, payoff.bust
    n0 = sum(profile)
    plain = sorted((values[v], v) for v in range(len(values)) if v not in splits)
    splitting = sorted(v for v in splits if v < len(values))
    ended: list[tuple[int, int | None, int]] = []  # as `stack_odds`: (depth, total or None, weight)
    final: dict[int, int] = {}  # totals standing at the cap, by weight
    level: dict[tuple[Profile, int, int], int] = {(profile, 0, 0): 1}
    depth = 0
    while level:
        nxt: dict[tuple[Profile, int, int], int] = {}
        last = depth + 1 >= cap
        n = n0 - depth
        for (prof, stack, banked), w in level.items():
            total = stack + banked
            room = limit - stack
            if last:
                if not n:
                    ended.append((depth, total, w))
                    continue
                # `stack_choice`: each child stands (the cap), a splitting card the better way
                hit = 0.0
                for v, c in enumerate(prof):
                    if c:
                        counted = bust if values[v] > room else of(total + values[v])
                        if v in splits:
                            counted = max(counted, of(total))
                        hit += c * counted
                if not hit / n > of(total):
                    ended.append((depth, total, w))
                    continue
                busts = 0
                for val, v in plain:
                    c = prof[v]
                    if c:
                        if val > room:
                            busts += c
                        else:
                            final[total + val] = final.get(total + val, 0) + w * c
                for v in splitting:
                    c = prof[v]
                    if not c:
                        continue
                    # `split_choice`: counting it stands on total + value (or busts), a new stack
                    # stands on the total
                    over = stack + values[v] > limit
                    if of(total) > (bust if over else of(total + values[v])):
                        final[total] = final.get(total, 0) + w * c
                    elif over:
                        busts += c
                    else:
                        final[total + values[v]] = final.get(total + values[v], 0) + w * c
                if busts:
                    ended.append((depth + 1, None, w * busts))
                continue
            st = StackState(stack, banked, depth)
            if not can_take(prof, st, rule) or policy.stands(prof, st, rule):
                ended.append((depth, total, w))
                continue
            busts = n
            for val, v in plain:  # ascending: from the first that busts, all bust
                if val > room:
                    break
                c = prof[v]
                if c:
                    busts -= c
                    key = (prof[:v] + (c - 1,) + prof[v + 1:], stack + val, banked)
                    nxt[key] = nxt.get(key, 0) + w * c
            for v in splitting:
                c = prof[v]
                if not c:
                    continue
                busts -= c
                child = prof[:v] + (c - 1,) + prof[v + 1:]
                if policy.splits(child, st, v, rule):
                    key = (child, 0, total)
                elif stack + values[v] > limit:
                    busts += c
                    continue
                else:
                    key = (child, stack + values[v], banked)
                nxt[key] = nxt.get(key, 0) + w * c
            if busts:
                ended.append((depth + 1, None, w * busts))
        level = nxt
        depth += 1
    ended += [(cap, t, w) for t, w in final.items()]
    deepest = max(d for d, _, _ in ended)
    grand = perm(n0, deepest)
    totals: dict[int, int] = {}
    bust_w = 0
    for d, t, w in ended:
        w *= perm(n0 - d, deepest - d)  # onto the common denominator, as `stack_odds`
        if t is None:
            bust_w += w
        else:
            totals[t] = totals.get(t, 0) + w
    return StackOdds(tuple(sorted(totals.items())), bust_w, grand)
