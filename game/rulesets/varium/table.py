"""The check table a person sees at each card of a check (hit checks and every other check:
grapple, shove, dodge, stealth, medicine, jumps, initiative): the dealt cards by stack, the
limit, the target (an attack's face-down cards, never which; a DC; the score to beat), and for
every choice its exact odds from the cards the checker's side cannot see. Also the leave prompt's
odds (`leave_table`).

Every number comes from the odds functions the resolution and the AI use (`odds`, `opposed`,
`checks.payoff_of`, core `stacks` / `stackplay`); the window only draws them. Columns, by choice:

* **bust**: the chance the next card busts the stack (choices that take a card);
* **chance**: the chance of success (an attack: a hit) standing now; a choice that takes a card,
  the chance of success taking exactly that card and then standing;
* **worth**: what the check is played for (`Measures`): expected damage for an attack, the
  AI's own payoff otherwise (success for a DC, damage avoided for a dodge, the total for an
  opposed check or initiative), standing now or playing on as well as possible (looking at most
  `odds.HORIZON` cards ahead, like the AI).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.stackplay import Payoff, stack_choice
from game.core.stacks import StackState, next_card
from game.core.wording import plural
from game.rulesets.varium import odds, opposed
from game.rulesets.varium.checks import aim_cost, attack_of, hidden_for, payoff_of, pool_for
from game.rulesets.varium.components import name_of

if TYPE_CHECKING:
    from game.core.action import Decision
    from game.core.match import Match

#: the context keys the tables travel under (the window's prompt parts draw them)
KEY = "hitcheck"
LEAVE_KEY = "leaveodds"


def _row(key: str, label: str, bust: float | None = None, chance: float | None = None,
         worth: float | None = None, note: str = "") -> dict[str, Any]:
    return {"key": key, "label": label, "bust": bust, "chance": chance, "worth": worth, "note": note}


Odds = tuple[float, float | None, float | None]


@dataclass(frozen=True)
class Measures:
    """What a check's table weighs: the success payoff (worth 1 on success; None: no success to
    speak of), the worth payoff (the AI's for this purpose), the column titles, whether the worth
    is a chance, and the line naming the target."""

    ok: Payoff | None
    worth: Payoff
    heads: tuple[str, str, str]
    worth_is_chance: bool
    goal: str


def measures(ctx: dict[str, Any], pool: tuple[int, ...], hidden: tuple[int, ...] | None = None) -> Measures:
    """The payoffs a check's table shows, by the check's purpose (`checks.payoff_of`'s terms);
    `hidden`: the face-down cards' pool when not `pool` (`checks.hidden_for`)."""
    limit, prof, pay = ctx["limit"], ctx["prof"], ctx["pay"]
    if pay == "attack":
        a = attack_of(ctx, pool, ctx.get("bet", 0), hidden)
        return Measures(odds.hit_payoff(a), odds.damage_payoff(a), ("Bust next card", "Hits", "Exp. damage"),
                        False, "")
    worth = payoff_of(ctx, pool)
    if pay == "dc":
        need = f"Needs {ctx['dc']}" + (f" (your cards + {prof} proficiency)" if prof else "")
        return Measures(odds.check_payoff(limit, prof, ctx["dc"]), worth,
                        ("Bust next card", "Succeeds", "Played well"), True, need)
    if pay == "dodge":
        scores = sorted(s for s, _d in ctx["against"])
        heads = ("Bust next card", "Avoids all", "Dmg avoided")
        if not scores:
            return Measures(None, worth, heads, False, "No attack on you is left to avoid")
        attacks = ", ".join(f"{s} ({d} dmg)" for s, d in sorted(ctx["against"]))
        return Measures(odds.check_payoff(limit, prof, scores[-1] + 1), worth, heads, False,
                        f"Attacks on you: {attacks}; a total above an attack's score avoids it")
    heads = ("Bust next card", "Succeeds", "Exp. total")
    foe = name_of(ctx["foe"]) if isinstance(ctx.get("foe"), int) else "their"
    whose = f"{foe}'s" if foe != "their" else foe
    if "vs" in ctx:
        return Measures(odds.check_payoff(limit, prof, ctx["vs"]), worth, heads, False,
                        f"Needs {ctx['vs']} or more: {whose} check scored {ctx['vs']} (a tie is yours)")
    if "foe_limit" in ctx:
        beat = opposed.beat_payoff(pool, limit, prof, ctx["foe_limit"], ctx["foe_prof"])
        return Measures(beat, worth, heads, False,
                        f"Beat {whose} check, dealt next (limit {ctx['foe_limit']}, played for the highest "
                        "total; a tie is theirs)")
    if ctx.get("bonus_at"):
        return Measures(odds.check_payoff(limit, prof, ctx["bonus_at"]), worth,
                        ("Bust next card", "Free ½-turn", "Exp. total"), False,
                        f"Highest goes first; {ctx['bonus_at']} or more also gives a free half-turn "
                        "before the fight")
    return Measures(None, worth, heads, False, "")


def _takes_card(pool: tuple[int, ...], state: StackState, ctx: dict[str, Any], m: Measures) -> Odds:
    """(bust on the next card, success taking one card then standing, worth playing on well)."""
    rule = odds.rule(ctx["limit"], pool)
    bust = float(next_card(pool, state, rule).bust)
    ok = None if m.ok is None else stack_choice(pool, state, rule, m.ok, odds.HORIZON).one_more
    return bust, ok, stack_choice(pool, state, rule, m.worth, odds.HORIZON).hit


def _standing(total: int, m: Measures) -> tuple[float | None, float]:
    """(success, worth) standing on `total` (0: nothing, a bust)."""
    return (None if m.ok is None else m.ok.of(total)), m.worth.of(total)


def table_odds(match: Match, decision: Decision) -> dict[str, Any]:
    """The table for one check decision (`Ask.STACK`, `Ask.ACE`, `Ask.BUST`)."""
    ctx = decision.context
    pool = pool_for(match, decision.side)
    stack, banked, dealt = ctx["stack"], ctx["banked"], ctx["dealt"]
    state = StackState(stack, banked, dealt)
    prev = StackState(ctx.get("prev_stack", 0), ctx.get("prev_banked", 0), dealt - 1)
    bet = ctx.get("bet", 0)
    hidden = hidden_for(match, decision.side) if ctx["pay"] == "attack" else None
    m = measures(ctx, pool, hidden)
    rows: list[dict[str, Any]] = []
    for o in decision.options:
        key = o.key
        if key == "stand":
            rows.append(_row(key, o.label, None, *_standing(stack + banked, m)))
        elif key == "hit":
            rows.append(_row(key, o.label, *_takes_card(pool, state, ctx, m)))
        elif key.startswith("bet:"):
            n = int(key.split(":")[1])
            more = measures({**ctx, "bet": bet + n}, pool, hidden)
            rows.append(_row(key, o.label, *_takes_card(pool, state, ctx, more),
                             note=f"{plural(n, 'chip')} more damage on a hit; "
                                  "the target may use them on a miss"))
        elif key == "aim":
            paid = aim_cost(ctx, pool, hidden)
            cost = ("a free aim (Assist)" if ctx.get("aim_cost", 0.5) == 0
                    else f"costs ½ turn, worth {paid:.1f} as another attack" if paid else "costs ½ turn")
            rows.append(_row(key, o.label, *_takes_card(pool, prev, ctx, m), note=cost))
        elif key == "accept":
            rows.append(_row(key, o.label, None, None if m.ok is None else m.ok.bust, m.worth.bust,
                             note="the check misses" if ctx["pay"] == "attack" else "the check fails"))
        elif key in ("count", "split"):
            before = StackState(stack, banked, dealt - 1)
            total = stack + banked + odds.ACE if key == "count" else stack + banked
            busts = key == "count" and stack + odds.ACE > ctx["limit"]
            ok, _ = _standing(0 if busts else total, m)
            counted, split = odds.split_choice(pool, before, odds.ACE, odds.rule(ctx["limit"], pool), m.worth,
                                               odds.HORIZON)
            rows.append(_row(key, o.label, 1.0 if busts else None, ok, counted if key == "count" else split,
                             note="busts the stack" if busts else ""))
        else:
            rows.append(_row(key, o.label))
    goal, heads = m.goal, list(m.heads)
    if ctx.get("bonus_at") and not any(r["chance"] for r in rows):
        # initiative out of reach of the free half-turn (the usual case: 100 takes a fourth
        # stack): the prompt says only what decides the order, no column of zeros
        goal = "Highest total goes first"
        for r in rows:
            r["chance"] = None
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
        "heads": heads,
        "worth_is_chance": m.worth_is_chance,
        "goal": goal,
        "rows": rows,
    }


def leave_table(match: Match, decision: Decision) -> dict[str, Any]:
    """The leave prompt's odds: each answer's chance and what it does (`opposed.leave_odds`, the
    numbers the AI's answer weighs)."""
    from game.rulesets.varium.bodies import RESTRAINED

    foe, leaver = decision.context["ent"], decision.context["target"]
    lo = opposed.leave_odds(match, foe, leaver)
    who = name_of(leaver)
    g_mine, g_theirs = lo.grapple_limits
    rows = {
        "shove": {"chance": lo.shove, "stops": lo.shove,
                  "effect": f"Might checks (limit {lo.shove_limits[0]} against {lo.shove_limits[1]}): on a "
                            f"win {who} falls prone, is pushed one square back and stays"},
        "grapple": {"chance": lo.grapple, "stops": lo.restrain,
                    "effect": f"Grappling checks (limit {g_mine} against {g_theirs}): the margin of a win "
                              f"moves the hold ({lo.hold_now:+d} now, {lo.hold_after:+.1f} expected after); "
                              f"at +{RESTRAINED} {who} is Restrained and stays"},
        "let": {"chance": None, "stops": 0.0, "effect": f"{who} leaves the square"},
    }
    blank = {"chance": None, "stops": None, "effect": ""}
    return {
        "mover": who,
        "rows": [{"key": o.key, "label": o.label, **rows.get(o.key, blank)} for o in decision.options],
        "note": f"Chances with each check played for the highest total within {odds.HORIZON} cards, "
                "from the cards you cannot see.",
    }
