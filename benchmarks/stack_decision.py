"""Microseconds per stack decision (stand now, or one more card?) with core `draws`.

    python benchmarks/stack_decision.py [--stacks 200] [--seed 1] [--limit 20] [--splits] [--horizon H]
                                        [--empty]

Deals stacks from shuffled full 54-card decks with varium's values (Joker 1, 2-10, J 11, Q 12,
K 13, Ace 14) against a hit payoff (chance a total beats two face-down cards), taking a card
while `stack_choice` says so. Every decision is timed in CPU time (the machine may be shared):

- first: the stack's first decision, the memo emptied before it (the whole expectimax over every
  pool the stack can still reach is built): after its first card (as a hit check begins), and
  in a second pass of the same stacks before any card (the worst case; `--empty`: only that);
- later: the stack's later decisions (memo entries the first decision filled);
- shallow: `horizon=1` (one more card, then stand);
- with a horizon (and no splits), how many decisions differ from the unlimited look-ahead's;
- odds: `stack_odds` with a stand-at-16 policy from a full deck, memo cleared (bust chance and
  total distribution).

`--horizon H` looks at most H cards ahead (default: no limit). `--splits` lets the Ace start a new
stack: without a horizon the expectimax then spans every later stack and its cost grows by orders
of magnitude. Target: at most 1 ms per decision. Asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time

import _common  # noqa: F401 - sets the import path first

from game.core import draws, stackplay, stacks
from game.core.cards import BLACK_JOKER, RED_JOKER, card_value, standard_deck
from game.core.chance import Chance


def varium_value(card: str) -> int:
    if card in (RED_JOKER, BLACK_JOKER):
        return 1
    v = card_value(card)
    return 14 if v == 1 else v


def hit_payoff(limit: int) -> stackplay.Payoff:
    """P(total > the sum of two face-down cards from a full deck), per total."""
    prof = draws.profile_of(standard_deck(), varium_value, 15)
    sums, n = draws.sum_weights(prof, 2)
    return stackplay.Payoff(tuple(sum(w for s, w in sums.items() if t > s) / n for t in range(6 * limit)))


def summary(name: str, xs: list[float]) -> str:
    if not xs:
        return f"{name}: none"
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return (f"{name}: median {statistics.median(xs):.0f} µs, p95 {p95:.0f} µs, "
            f"max {xs[-1]:.0f} µs (n={len(xs)})")


def deal(args: argparse.Namespace, rule: stacks.StackRule, payoff: stackplay.Payoff,
         empty: bool) -> dict[str, list[float]]:
    """Deal `args.stacks` stacks, timing every decision (µs of CPU): "first" (the stack's first
    decision, memo emptied before it: after the first card, or before any card when `empty`),
    "later", "shallow", plus the horizon comparison counts and the cards per stack."""
    chance = Chance(args.seed)
    out: dict[str, list[float]] = {"first": [], "later": [], "shallow": [], "cards": [], "differ": []}
    for _ in range(args.stacks):
        deck = standard_deck()
        chance.shuffle(deck)
        prof = draws.profile_of(deck, varium_value, 15)
        state = stacks.StackState()
        stackplay.clear_memo()
        dealt = 0
        if not empty:  # a hit check is dealt its first card before anything is decided
            v = varium_value(deck.pop())
            prof = draws.without(prof, v)
            state = stacks.StackState(v, 0, 1)
            dealt = 1
        while True:
            t0 = time.process_time()
            choice = stackplay.stack_choice(prof, state, rule, payoff, args.horizon)
            spent = (time.process_time() - t0) * 1e6
            out["first" if dealt == (0 if empty else 1) else "later"].append(spent)
            if args.horizon is not None and not args.splits:
                unlimited = stackplay.stack_choice(prof, state, rule, payoff)
                out["differ"].append(float(unlimited.take != choice.take))
            t0 = time.process_time()
            stackplay.stack_choice(prof, state, rule, payoff, 1)
            out["shallow"].append((time.process_time() - t0) * 1e6)
            if not choice.take:
                break
            card = deck.pop()
            v = varium_value(card)
            prof = draws.without(prof, v)
            dealt += 1
            if v in rule.splits:
                counted, split = stackplay.split_choice(prof, state, v, rule, payoff, args.horizon)
                if split > counted:
                    state = stacks.StackState(0, state.total, state.dealt + 1)
                    continue
            if state.stack + v > rule.limit:
                break
            state = stacks.StackState(state.stack + v, state.banked, state.dealt + 1)
        out["cards"].append(float(dealt))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stacks", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=int, default=20)
    ap.add_argument("--splits", action="store_true")
    ap.add_argument("--horizon", type=int, default=None)
    ap.add_argument("--empty", action="store_true",
                    help="only the stacks decided from an empty stack (the worst case)")
    args = ap.parse_args()
    print(_common.one_core())
    rule = stacks.StackRule.indexed(args.limit, 15, splits=[14] if args.splits else [])
    payoff = hit_payoff(args.limit)
    print(f"limit {args.limit}, splits {'on' if args.splits else 'off'}, horizon {args.horizon or 'none'}, "
          f"{args.stacks} stacks")
    for empty in ((True,) if args.empty else (False, True)):
        got = deal(args, rule, payoff, empty)
        start = "before any card (worst case)" if empty else "after the first card"
        print(f"first decision {start}: {statistics.mean(got['cards']):.2f} cards per stack")
        print("  " + summary("stack decision, first (memo empty)", got["first"]))
        print("  " + summary("stack decision, later (memoised)", got["later"]))
        mean = statistics.mean(got["first"] + got["later"])
        print(f"  stack decision, all: mean {mean:.0f} µs per decision")
        print("  " + summary("stack decision, shallow (one more card)", got["shallow"]))
        if got["differ"]:
            print(f"  horizon {args.horizon} decides unlike the unlimited look-ahead in "
                  f"{int(sum(got['differ']))} of {len(got['differ'])} decisions")
    odds: list[float] = []
    full = draws.profile_of(standard_deck(), varium_value, 15)
    for _ in range(min(20, args.stacks) if not args.splits else 0):  # splits: see the docstring
        stacks.stack_odds.cache_clear()
        t0 = time.process_time()
        stacks.stack_odds(full, rule, stacks.StandAt(min(16, args.limit)))
        odds.append((time.process_time() - t0) * 1e6)
    print(summary("stack_odds stand-at-16, full deck, cold", odds))


if __name__ == "__main__":
    main()
