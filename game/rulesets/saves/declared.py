"""What the board shows of a side's declarations before Resolve (SV-TURN, SV-GANG): this turn's
moves as arrows, each declared attack from attacker to target with the gang bonus the target will
receive, the other declarations (maneuvers, fleeing, tending, items) by their actor.

Pygame-free data for the battle screen: the groups are `plan_groups`, the very grouping the
resolution uses, and their odds are `Group.harm` and `dodge_chance`, the resolution's own odds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rulesets.saves.combat import dodge_chance, is_stunt, plan_groups, weapons_of
from game.rulesets.saves.components import SvGear, SvTurn, get, has, is_standing, name_of, side_of, units
from game.rulesets.saves.content import shipped
from game.rulesets.saves.kinds import Ev, Kind
from game.rulesets.saves.maneuvers import maneuver_of, thing_name
from game.rulesets.saves.turns import may_act, table

if TYPE_CHECKING:
    from game.core.match import Match

#: what a non-attack declaration is called on the board
_OTHER = {
    Kind.FLEE: "flee",
    Kind.TEND: "tend",
    Kind.PARLEY: "call for surrender",
    Kind.USE: "use",
}
_MANEUVER = {"knockdown": "knock down", "snatch": "snatch"}


def attack_words(option: str) -> str:
    """An attack option in words: "Sword and Dagger", "Sword (risky stunt)"."""
    text = " and ".join(w.name for w in weapons_of(option))
    return f"{text} (risky stunt)" if is_stunt(option) else text


def _maneuver_words(option: str) -> str:
    """A maneuver's tag on the board: "knock down", "snatch the Sword"."""
    base, thing = maneuver_of(option)
    if base == "snatch" and thing:
        return f"snatch the {thing_name(thing)}"
    return _MANEUVER.get(base, "maneuver")


def _hidden_from(ent: int, viewer: str | None) -> bool:
    """A Hidden unit's square is not shown to the other side."""
    return viewer is not None and side_of(ent) != viewer and has(ent, "hidden")


def this_turn_moves(match: Match, viewer: str | None) -> list[dict[str, Any]]:
    """The moves made since the declaring side's turn began: where each unit started and is now."""
    found: dict[int, dict[str, Any]] = {}
    for ev in reversed(match.log):
        if ev.kind == Ev.TURN:
            break
        if ev.kind == Ev.MOVE and "frm" in ev.data:
            ent = int(ev.data["unit"])
            found[ent] = {"unit": ent, "from": tuple(ev.data["frm"]), "to": tuple(ev.data["to"])}
    out = []
    for ent, m in sorted(found.items()):
        if is_standing(ent) and not _hidden_from(ent, viewer):
            out.append(m)
    return out


def declarations_view(match: Match, viewer: str | None) -> dict[str, Any]:
    """The declaring side's marks (inside `with match.world`): "moves", "groups" (attacks by
    target, with "bonus", "expected", "out", "dodge"), "others" and "waiting" (units that may
    still declare)."""
    t = table(match)
    declared: dict[str, dict[str, Any]] = t.data.get("declared", {})
    c = shipped()
    groups = []
    for g in plan_groups(match, declared):
        if any(_hidden_from(a, viewer) for a in g.attackers) or _hidden_from(g.target, viewer):
            continue
        h = g.harm(match)
        groups.append({
            "target": g.target,
            "target_name": name_of(g.target),
            "attackers": list(g.attackers),
            "weapons": {a: attack_words(g.option[a]) for a in g.attackers},
            "bonus": g.bonus(),
            "score": g.score,
            "blast": g.blast,
            "expected": h.expected,
            "out": h.out,
            "dodge": dodge_chance(g.target, match, g.attackers),
        })
    others = []
    for key in sorted(declared, key=int):
        d = declared[key]
        ent = int(key)
        if d["kind"] == Kind.ATTACK or _hidden_from(ent, viewer):
            continue
        target = d.get("target")
        if d["kind"] == Kind.MANEUVER:
            what = _maneuver_words(d.get("option", ""))
        elif d["kind"] == Kind.USE:
            what = f"use {c.items[d['option']].name}" if d.get("option") in c.items else "use an item"
        else:
            what = _OTHER.get(d["kind"], d["kind"])
        others.append({"unit": ent, "kind": d["kind"], "target": target, "text": what})
    waiting = [e for e in units() if may_act(match, e) and str(e) not in declared and _has_choice(match, e)]
    return {
        "side": t.turn_side,
        "moves": this_turn_moves(match, viewer),
        "groups": groups,
        "others": others,
        "declared": sorted(int(k) for k in declared),
        "waiting": waiting,
    }


def _has_choice(match: Match, ent: int) -> bool:
    """The unit still has something to declare, or a move or swap to make (the legal list's own
    pieces)."""
    from game.rulesets.saves.actions import declarations, move_targets

    turn = get(ent, SvTurn)
    if not turn.moved and not turn.swapped and (get(ent, SvGear).stowed or move_targets(match, ent)):
        return True
    return bool(declarations(match, ent))


def declared_text(match: Match, ent: int) -> str:
    """A unit's declaration in words ("Sword and Dagger at Raider 1"), "" when it has none."""
    d = table(match).data.get("declared", {}).get(str(ent))
    if not d:
        return ""
    target = name_of(d["target"]) if d.get("target") is not None else ""
    if d["kind"] == Kind.ATTACK:
        return f"{attack_words(d['option'])} at {target}"
    if d["kind"] == Kind.MANEUVER:
        base, thing = maneuver_of(d.get("option", ""))
        if base == "snatch" and thing:
            return f"snatch the {thing_name(thing)} from {target}".strip()
        return f"{_MANEUVER.get(base, 'maneuver')} {target}".strip()
    if d["kind"] == Kind.USE:
        item = shipped().items.get(d.get("option", ""))
        what = f"use {item.name}" if item is not None else "use an item"
        return f"{what} on {target}" if target else what
    return f"{_OTHER.get(d['kind'], d['kind'])} {target}".strip()
