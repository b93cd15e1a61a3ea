"""Flips against a target number and the Perception-against-Stealth duel, with their cheats."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.cards import card_label
from game.rulesets.voidmarked.flips import Asking, ask_cheat, best_cards, clear_table, flip, hand_cards
from game.rulesets.voidmarked.kinds import Ev
from game.rulesets.voidmarked.odds import HIT, MISS, DuelRule, check, judge
from game.rulesets.voidmarked.query import name_of, side_of, stats
from game.rulesets.voidmarked.query import rules as match_rules

if TYPE_CHECKING:
    from game.core.match import Match


def resilience(match: Match, ent: int, tn: int, why: str, worth: float) -> Asking:
    """A Resilience flip against `tn` (card + Resilience); the unit's side may cheat a failure.

    `worth` is what success is worth to that side, for the AI's cheat decision. Returns success.
    """
    side = side_of(ent)
    mod = stats(ent).resilience
    f = flip(match, side)
    ok = check(f.value, mod, tn, f.natural)
    if not ok and f.cheatable():
        fixes = best_cards(hand_cards(match, side), lambda v: int(check(v, mod, tn, False)), 0,
                           lambda r, cur: r > cur)
        if 1 in fixes:
            card = fixes[1]
            yield from ask_cheat(
                match, f, f"{name_of(ent)} fails {why}: {card_label(f.kept)} + {mod} < {tn}. Cheat?",
                ("Keep the failure", f"{why} fails", 0.0),
                [(card, f"Cheat {card_label(card)}: succeed", f"{why} succeeds", worth)],
                {"flip": "resilience", "unit": ent})
            ok = check(f.value, mod, tn, f.natural)
    match.emit(Ev.CHECK, f"{name_of(ent)}: {why} {'succeeds' if ok else 'fails'}.",
               [f"Resilience flip {f.text()} + Resilience {mod} = {f.value + mod} against {tn}"],
               chance=True, side=side, unit=ent, cards=f.shown())
    clear_table(match)
    return ok


def spot_rule(match: Match, seeker: int, hider: int) -> DuelRule:
    """Perception against Stealth (VM-STEALTH) as a duel; ties go the way the match's
    `perception_ties` reading says (the search and its odds share this one rule)."""
    ties = match_rules(match).perception_ties == "seeker"
    return DuelRule(stats(seeker).perception, stats(hider).stealth, "none", 0, ties)


def spot(match: Match, seeker: int, hider: int, worth: float) -> Asking:
    """Perception against Stealth (VM-STEALTH): True when the seeker finds the hider.

    `worth` is what finding the hider is worth to the seeker (the hider's side sees it negated).
    """
    rule = spot_rule(match, seeker, hider)
    ties = rule.ties_to_attacker
    a = flip(match, side_of(seeker))
    d = flip(match, side_of(hider))
    res = judge(a.value, d.value, rule)
    for role in (("hider", "seeker") if res == HIT else ("seeker", "hider")):
        f = a if role == "seeker" else d
        if not f.cheatable():
            continue
        if role == "seeker":
            fixes = best_cards(hand_cards(match, f.side), lambda v: judge(v, d.value, rule, False, d.natural),
                               res, lambda r, cur: r > cur)
            gain = worth
        else:
            fixes = best_cards(hand_cards(match, f.side), lambda v: judge(a.value, v, rule, a.natural, False),
                               res, lambda r, cur: r < cur)
            gain = worth
        if not fixes:
            continue
        new, card = next(iter(fixes.items()))
        label = "found" if new == HIT else "stays hidden"
        now = "found" if res == HIT else "hidden"
        yield from ask_cheat(
            match, f, f"{name_of(seeker)} searches for {name_of(hider)}: {now}. Cheat?",
            (f"Keep: {now}", "", 0.0), [(card, f"Cheat {card_label(card)}: {label}", "", gain)],
            {"flip": "spot", "seeker": seeker, "hider": hider})
        res = judge(a.value, d.value, rule, a.natural, d.natural)
    found = res != MISS
    match.emit(Ev.SPOT, f"{name_of(seeker)} {'spots' if found else 'cannot find'} {name_of(hider)}.",
               [f"Perception {a.text()} + {rule.att_mod} = {a.value + rule.att_mod}",
                f"Stealth {d.text()} + {rule.def_mod} = {d.value + rule.def_mod}"
                + (" (ties go to the seeker)" if ties else " (the seeker must beat it)")],
               chance=True, side=side_of(seeker), seeker=seeker, hider=hider, cards=a.shown() + d.shown())
    clear_table(match)
    return found
