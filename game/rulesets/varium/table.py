"""The hit-check table a person sees at each card of a check: the dealt cards by stack, the limit,
how many face-down cards the target holds (never which), and for every choice its exact odds
from the cards the checker's side cannot see.

Every number comes from the odds functions the resolution and the AI use (`odds`, core
`stacks` / `stackplay`); the window only draws them. Columns, by choice:

* **bust**: the chance the next card busts the stack (choices that take a card);
* **hits**: standing now, the chance the score beats the face-down cards; a choice that takes a
  card, the chance of a hit taking exactly that card and then standing;
* **damage**: the expected damage, standing now, or playing on as well as possible for damage
  (looking at most `odds.HORIZON` cards ahead, like the AI).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.stackplay import stack_choice
from game.core.stacks import StackState, next_card
from game.rulesets.varium import odds
from game.rulesets.varium.checks import attack_of, pool_for
from game.rulesets.varium.components import name_of

if TYPE_CHECKING:
    from game.core.action import Decision
    from game.core.match import Match

#: the context key the table travels under (the window's prompt part draws it)
KEY = "hitcheck"


def _row(key: str, label: str, bust: float | None = None, hits: float | None = None,
         damage: float | None = None, note: str = "") -> dict[str, Any]:
    return {"key": key, "label": label, "bust": bust, "hits": hits, "damage": damage, "note": note}


Odds = tuple[float, float | None, float | None]


def _takes_card(pool: tuple[int, ...], state: StackState, ctx: dict[str, Any], bet: int) -> Odds:
    """(bust on the next card, hit taking one card then standing, expected damage playing on)."""
    rule = odds.rule(ctx["limit"], pool)
    bust = float(next_card(pool, state, rule).bust)
    if ctx["pay"] != "attack":
        return bust, None, None
    a = attack_of(ctx, pool, bet)
    hits = stack_choice(pool, state, rule, odds.hit_payoff(a), odds.HORIZON).one_more
    damage = stack_choice(pool, state, rule, odds.damage_payoff(a), odds.HORIZON).hit
    return bust, hits, damage


def _standing(pool: tuple[int, ...], total: int, ctx: dict[str, Any]) -> tuple[float | None, float | None]:
    """(hit chance, expected damage) standing on `total` (0: nothing, a bust)."""
    if ctx["pay"] != "attack":
        return None, None
    a = attack_of(ctx, pool, ctx.get("bet", 0))
    return odds.hit_payoff(a).of(total), odds.damage_payoff(a).of(total)


def table_odds(match: Match, decision: Decision) -> dict[str, Any]:
    """The table for one check decision (kinds "stack", "ace", "bust")."""
    ctx = decision.context
    pool = pool_for(match, decision.side)
    stack, banked, dealt = ctx["stack"], ctx["banked"], ctx["dealt"]
    state = StackState(stack, banked, dealt)
    prev = StackState(ctx.get("prev_stack", 0), ctx.get("prev_banked", 0), dealt - 1)
    bet = ctx.get("bet", 0)
    rows: list[dict[str, Any]] = []
    for o in decision.options:
        key = o.key
        if key == "stand":
            hits, dmg = _standing(pool, stack + banked, ctx)
            rows.append(_row(key, o.label, None, hits, dmg))
        elif key == "hit":
            rows.append(_row(key, o.label, *_takes_card(pool, state, ctx, bet)))
        elif key.startswith("bet:"):
            n = int(key.split(":")[1])
            rows.append(_row(key, o.label, *_takes_card(pool, state, ctx, bet + n),
                             note=f"{n} chip(s) more damage on a hit; the target may use them on a miss"))
        elif key == "aim":
            cost = "a free aim (Assist)" if ctx.get("aim_cost", 0.5) == 0 else "costs ½ turn"
            rows.append(_row(key, o.label, *_takes_card(pool, prev, ctx, bet), note=cost))
        elif key == "accept":
            rows.append(_row(key, o.label, None, 0.0 if ctx["pay"] == "attack" else None,
                             0.0 if ctx["pay"] == "attack" else None, note="the check misses"))
        elif key in ("count", "split"):
            before = StackState(stack, banked, dealt - 1)
            total = stack + banked + odds.ACE if key == "count" else stack + banked
            busts = key == "count" and stack + odds.ACE > ctx["limit"]
            hits, _ = _standing(pool, 0 if busts else total, ctx)
            dmg = None
            if ctx["pay"] == "attack":
                a = attack_of(ctx, pool, bet)
                counted, split = odds.split_worths(a, before, odds.damage_payoff(a))
                dmg = counted if key == "count" else split
            rows.append(_row(key, o.label, 1.0 if busts else None, hits, dmg,
                             note="busts the stack" if busts else ""))
        else:
            rows.append(_row(key, o.label))
    target = ctx.get("target")
    return {
        "stacks": [list(s) for s in ctx.get("groups", [])],
        "limit": ctx["limit"],
        "prof": ctx["prof"],
        "stack": stack,
        "total": stack + banked,
        "attack": ctx["pay"] == "attack",
        "target": name_of(target) if ctx["pay"] == "attack" and isinstance(target, int) else "",
        "facedown": ctx.get("k", 0) if ctx["pay"] == "attack" else 0,
        "bet": bet,
        "bet_cap": ctx.get("bet_cap", 0),
        "rows": rows,
    }
