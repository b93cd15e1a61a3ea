"""AI terms for saves, from the same exact odds the resolution and the preview use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action, Decision
from game.core.components import Health
from game.core.ruleset import Assessment
from game.rulesets.saves.combat import (
    Answer,
    Group,
    defence_answers,
    is_stunt,
    planned,
    stunt_chance,
    weapons_of,
)
from game.rulesets.saves.components import (
    SvGear,
    SvScores,
    conditions,
    get,
    has,
    side_of,
    unit_rows,
)
from game.rulesets.saves.content import shipped
from game.rulesets.saves.hiding import hunt_target
from game.rulesets.saves.kinds import Ask, Kind
from game.rulesets.saves.odds import expected_damage, save_chance
from game.rulesets.saves.rules import armour_of, cell_of, enemies, held, helpless, save_mode
from game.rulesets.saves.turns import table

if TYPE_CHECKING:
    from game.core.match import Match

KILL = 8.0


def group_for(match: Match, action: Action, with_actor: bool) -> Group:
    """The group the attack joins on its aimed target, as the resolution will group it
    (`combat.planned`): with the actor, or as it stands without it."""
    return groups_for(match, action)[0 if with_actor else 1]


def groups_for(match: Match, action: Action) -> tuple[Group, Group]:
    """`group_for` with the actor and without it, from one grouping."""
    declared = table(match).data.get("declared", {})
    score = weapons_of(action.option)[0].score
    for before, after in planned(match, declared, action.actor, action.target, action.option):  # type: ignore[arg-type]
        if after.target == action.target:
            return after, before if before is not None else Group(action.target, [], {}, score)  # type: ignore[arg-type]
    return Group(action.target, [], {}, score), Group(action.target, [], {}, score)  # type: ignore[arg-type]


#: what falling Prone after a failed risky stunt costs, in harm points: per enemy that can reach
#: it (two at most), about what the d12 adds to its attack; and the move lost getting up
STUNT_FALL = 2.5
STUNT_MOVE = 1.0

#: what harm to an Unconscious enemy is worth against the same harm to a standing one
HELPLESS = 0.25

#: how many times a take-out counts when it takes out the last enemy standing: it ends the fight
FINISH = 3.0


def defender_choice(match: Match, group: Group) -> Answer:
    """The answer the defender's controller would give the group (`advise`'s value of each of
    `defence_answers`, the prompt's own numbers); an Unconscious target cannot answer."""
    if has(group.target, "unconscious"):
        h = group.harm(match)
        return Answer("none", "", "", 0.0, h.expected, h.out, h.dead, 0.0, 0.0, 0.0)
    return max(defence_answers(match, group), key=answer_value)


def knockdowns_on(match: Match, target: int) -> int:
    """How many knock-downs the side has declared on `target` (maneuvers resolve before attacks)."""
    return sum(1 for d in table(match).data.get("declared", {}).values()
               if d["kind"] == Kind.MANEUVER and d.get("option") == "knockdown" and d.get("target") == target)


def group_outcome(match: Match, group: Group, knockers: int = 0) -> Answer:
    """`defender_choice` for the group, when `knockers` knock-downs are declared on its target
    first: each fails on the target's DEX save, and a Prone target's attackers are Enhanced
    (SV-IMPAIR: +d12, and it cancels Impaired), so the answer is the mix of both."""
    target = group.target
    if not knockers or has(target, "prone"):
        return defender_choice(match, group)
    stays = float(save_chance(get(target, SvScores).dex, save_mode(target, "DEX"))) ** knockers
    up = defender_choice(match, group)
    active = conditions(target).active
    active["prone"] = {}
    try:
        down = defender_choice(match, group)
    finally:
        active.pop("prone", None)
    falls = 1.0 - stays

    def mix(a: float, b: float) -> float:
        return stays * a + falls * b

    return Answer("mix", "", "", mix(up.dodge, down.dodge), mix(up.taken, down.taken),
                  mix(up.taken_out, down.taken_out), mix(up.taken_dead, down.taken_dead),
                  mix(up.dealt, down.dealt), mix(up.dealt_out, down.dealt_out),
                  mix(up.dealt_dead, down.dealt_dead))


def answer_value(a: Answer) -> float:
    """An answer's worth to the defender's side: harm dealt less harm taken, a take-out as KILL."""
    return -(a.taken + KILL * a.taken_out) + a.dealt + KILL * a.dealt_out


def attack_value(match: Match, action: Action) -> tuple[float, float, float]:
    """(expected harm, out chance, exposure) the attack adds to the side's group on the target,
    each group answered as the defender would answer it (`defender_choice`: a dodge or a
    counter-attack, whichever is worth more to it). Exposure is what the counter-attacks take off
    the side, a take-out counted as KILL points."""
    ws = weapons_of(action.option)
    if ws[0].blast:
        # every unit the blast reaches, as the resolution groups it: the harm it adds to each
        # unit's group (the defender answering as it would), a friend's at -1.5 its worth
        dmg = out = exposure = 0.0
        me = side_of(action.actor)  # type: ignore[arg-type]
        declared = table(match).data.get("declared", {})
        for before, after in planned(match, declared, action.actor, action.target, action.option):  # type: ignore[arg-type]
            e = after.target
            if has(e, "hidden") and side_of(e) != me:
                continue  # not known to the thrower
            now = group_outcome(match, after, knockdowns_on(match, e))
            was = group_outcome(match, before, knockdowns_on(match, e)) if before is not None else None
            sign = 1.0 if side_of(e) != me else -1.5
            if helpless(e):
                sign *= HELPLESS
            dmg += sign * (now.taken - (was.taken if was else 0.0))
            out += sign * (now.taken_out - (was.taken_out if was else 0.0))
            if side_of(e) != me:
                exposure += now.dealt + KILL * now.dealt_out
                exposure -= (was.dealt + KILL * was.dealt_out) if was else 0.0
        return dmg, out, exposure
    target = action.target
    assert target is not None
    knockers = knockdowns_on(match, target)
    after_group, before_group = groups_for(match, action)
    after = group_outcome(match, after_group, knockers)
    before = group_outcome(match, before_group, knockers) if before_group.attackers else None
    dmg = after.taken - (before.taken if before else 0.0)
    out = after.taken_out - (before.taken_out if before else 0.0)
    if helpless(target):
        # already out of the fight: finishing it off only keeps it from being woken
        return HELPLESS * dmg, HELPLESS * (after.taken_dead - (before.taken_dead if before else 0.0)), 0.0
    exposure = after.dealt + KILL * after.dealt_out
    if before is not None:
        exposure -= before.dealt + KILL * before.dealt_out
    if is_stunt(action.option):
        # a failed stunt leaves the attacker Prone through the enemy's turn: the attacks of the
        # enemies that can reach it are Enhanced, and getting up costs its next move
        actor = action.actor
        assert actor is not None
        near = len(threat_by(match, side_of(actor), cell_of(actor)))
        exposure += (1.0 - float(stunt_chance(actor))) * (STUNT_MOVE + STUNT_FALL * min(2, near))
    if len(enemies(action.actor)) == 1:  # type: ignore[arg-type]
        # the last enemy standing: its take-out ends the fight, and its counter-attacks weigh
        # less than leaving it standing until the round cap (a draw)
        out *= FINISH
        exposure /= FINISH
    return dmg, out, exposure


def knockdown_value(match: Match, action: Action) -> Assessment:
    """A knock-down: the target loses its next move getting up (0.6 a fall), and the attacks the
    side has declared on it are Enhanced if it falls (`group_outcome`)."""
    target = action.target
    assert target is not None
    p = float(save_chance(get(target, SvScores).dex, save_mode(target, "DEX")))
    if has(target, "prone"):
        return Assessment()
    dmg, out, exposure = (1 - p) * 0.6, 0.0, 0.0
    g = Group(target, [], {}, None)
    for key, d in sorted(table(match).data.get("declared", {}).items(), key=lambda kv: int(kv[0])):
        if d["kind"] == Kind.ATTACK and d["target"] == target:
            ws = weapons_of(d["option"])
            if not ws[0].blast and not ws[0].score:
                g.attackers.append(int(key))
                g.option[int(key)] = d["option"]
    if g.attackers:
        knockers = knockdowns_on(match, target)
        before, after = group_outcome(match, g, knockers), group_outcome(match, g, knockers + 1)
        dmg += after.taken - before.taken
        out += after.taken_out - before.taken_out
        if len(enemies(action.actor)) == 1:  # type: ignore[arg-type]
            out *= FINISH
        # a Prone target may dodge where it would have countered: the counter-attack saved counts
        exposure = after.dealt + KILL * after.dealt_out - (before.dealt + KILL * before.dealt_out)
    return Assessment(expected_damage=dmg, kill_chance=out, exposure=exposure)


def _gap_terms(match: Match, ent: int) -> tuple[int, list[tuple[int, int]]]:
    """The unit's longest reach and the squares of the enemies it could aim at. Kept on the match
    for as long as no input or event has changed anything (one ranking of the legal actions)."""
    stamp = (len(match.inputs), len(match.log))
    memo = match.__dict__.get("_saves_gap")
    if memo is None or memo[0] != stamp:
        memo = match.__dict__["_saves_gap"] = (stamp, {})
    found = memo[1].get(ent)
    if found is None:
        reach = max([w.range for w in held(ent)] + [1])
        found = memo[1][ent] = (reach, [cell_of(e) for e in enemies(ent) if not has(e, "hidden")])
    return found


def reach_gap(match: Match, ent: int, cell: tuple[int, int]) -> float:
    """How far `cell` is from letting the unit attack its nearest enemy."""
    reach, foes = _gap_terms(match, ent)
    if not foes:
        return 0.0
    dist = match.board.grid.distance  # (Board.distance passes through to it)
    return float(max(0, min(dist(cell, c) for c in foes) - reach))  # = min over foes of the gap


#: a searching step's worth against a step toward a visible enemy: above the generic pull toward
#: a Hidden unit's last-seen square (the plan's "approach"), which would keep searchers on it
HUNT = 2.0


def _hunt(match: Match, ent: int) -> tuple[int, int] | None:
    """The square the unit searches (`hiding.hunt_target`) when no enemy standing is in sight but
    some are Hidden; None while any enemy is in sight. Kept like `_gap_terms`, once per ranking."""
    reach, foes = _gap_terms(match, ent)
    if foes:
        return None
    memo = match.__dict__.get("_saves_hunt")
    key = (len(match.inputs), len(match.log), match.round, ent)
    if memo is None or memo[0] != key:
        found = hunt_target(match, side_of(ent), ent, match.ruleset.threat_reach)
        memo = match.__dict__["_saves_hunt"] = (key, found)
    return memo[1]


def _gap_here(match: Match, ent: int) -> float:
    """`reach_gap` of the unit's own square, worked out once per ranking (every move compares to it)."""
    memo = match.__dict__.get("_saves_gap_here")
    key = (len(match.inputs), len(match.log), ent)
    if memo is None or memo[0] != key:
        memo = match.__dict__["_saves_gap_here"] = (key, reach_gap(match, ent, cell_of(ent)))
    return memo[1]


def assess(match: Match, action: Action) -> Assessment:
    """Baseline terms per action kind."""
    kind, ent = action.kind, action.actor
    if kind == Kind.END:
        return Assessment(progress=0.1)
    if kind == Kind.CANCEL:
        return Assessment(cost=10.0)
    assert ent is not None
    if kind == Kind.ATTACK:
        dmg, out, exposure = attack_value(match, action)
        return Assessment(expected_damage=dmg, kill_chance=out, exposure=exposure)
    if kind == Kind.MOVE:
        hunt = _hunt(match, ent)
        if hunt is not None:  # every enemy standing is Hidden: search where they may be
            dist = match.board.distance
            return Assessment(progress=HUNT * (dist(cell_of(ent), hunt) - dist(tuple(action.cell), hunt)))  # type: ignore[arg-type]
        here = _gap_here(match, ent)
        there = reach_gap(match, ent, tuple(action.cell))  # type: ignore[arg-type]
        return Assessment(progress=(here - there))
    target = action.target
    if kind == Kind.MANEUVER and action.option == "knockdown":
        return knockdown_value(match, action)
    if kind == Kind.MANEUVER:
        p = float(save_chance(get(target, SvScores).strength, save_mode(target, "STR")))  # type: ignore[arg-type]
        return Assessment(expected_damage=(1 - p) * snatch_worth(target, action.option))  # type: ignore[arg-type]
    if kind == Kind.PARLEY:
        return Assessment(kill_chance=1 - float(save_chance(get(target, SvScores).wil)))  # type: ignore[arg-type]
    if kind == Kind.TEND:
        return Assessment(progress=1.0)
    if kind == Kind.USE:
        effect = shipped().items[action.option].effect
        return Assessment(progress=2.0 if effect == "wake" else 0.5)
    if kind == Kind.SWAP:
        w = max((shipped().weapons[x] for x in action.option.split("+")), key=lambda x: x.damage)
        gap_now = reach_gap(match, ent, cell_of(ent))
        useful = (
            w.ranged and gap_now > get(ent, SvScores).speed and w.damage >= max(x.damage for x in held(ent))
        )
        return Assessment(progress=0.3 if useful else -0.5)
    if kind == Kind.FLEE:
        return Assessment(cost=3.0)
    return Assessment()


def snatch_worth(target: int, option: str) -> float:
    """A snatch's worth if it works: a weapon in hand 1 (0.5 when the target keeps another),
    an item 0.5."""
    thing = option.partition(":")[2]
    held_now = [w for w in get(target, SvGear).held if w != "fists"]
    if not thing:
        return 1.0 if held_now else 0.0
    if thing in held_now:
        return 0.5 if len(held_now) > 1 else 1.0
    return 0.5 if thing in get(target, SvGear).items else 0.0


def advise(match: Match, decision: Decision) -> dict[str, float]:
    """Defence: the value of each answer to the defender's side (harm dealt less harm taken, a
    take-out weighed as KILL points), from `defence_answers`: the very numbers the prompt shows."""
    if decision.kind != Ask.DEFEND:
        return {}
    ctx = decision.context
    g = Group(
        int(ctx["target"]),
        list(ctx["attackers"]),
        {int(k): v for k, v in ctx["options"].items()},
        ctx.get("score"),
        bool(ctx.get("blast")),
        stunts={int(k): bool(v) for k, v in (ctx.get("stunts") or {}).items()},
    )
    return {a.key: answer_value(a) for a in defence_answers(match, g)}


def threat_by(match: Match, side: str, cell: tuple[int, int]) -> dict[int, float]:
    """Per enemy, the expected damage of its best attack next turn on a unit on `cell`; a third
    of it from the last enemy standing (as `attack_value`'s exposure: closing on it ends the fight)."""
    out: dict[int, float] = {}
    dist = match.board.distance
    weapons = shipped().weapons
    standing = 0
    # Normal asks this for every square a move may end on: the components are read in one pass
    for e, s, status, conds, pos, scores, gear in unit_rows():
        if s.side == side or status.state != "active":
            continue
        standing += 1
        if "hidden" in conds.active:
            continue  # a Hidden enemy's square is not known to `side`
        d = dist(pos.cell, cell)
        speed = scores.speed
        best = 0.0
        for w in (weapons[x] for x in gear.held):
            reach = w.range or 1
            if d <= speed + reach:
                best = max(best, expected_damage((w.damage,)))
        if best:
            out[e] = best
    if len(out) == 1 and standing == 1:
        out = {e: v / FINISH for e, v in out.items()}
    return out


def strength(ent: int) -> float:
    """A standing unit's worth for search leaves: 1 plus what is left of HP and STR."""
    s = get(ent, SvScores)
    h = get(ent, Health)
    return (
        1.0
        + 0.5 * (h.current / max(1, h.maximum))
        + 0.5 * (s.strength / max(1, s.strength_max))
        + 0.2 * armour_of(ent)
    )
