"""What the panels show of a unit, an attack's odds preview, and the invariants the conformance
test checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.components import Health, Status
from game.core.ruleset import Preview
from game.rulesets.saves.components import SvGear, SvScores, conditions, get, name_of, side_of, units
from game.rulesets.saves.content import ARMOUR_CAP, shipped
from game.rulesets.saves.rules import armour_of, cell_of
from game.rulesets.saves.turns import table

if TYPE_CHECKING:
    from game.core.action import Action
    from game.core.match import Match
    from game.rulesets.saves.combat import Answer, Group

STATES = ("active", "down", "dead", "fled")
SHOWN = {
    "blinded": "Blinded",
    "hidden": "Hidden",
    "invisible": "Invisible",
    "stunned": "Stunned",
    "unconscious": "Unconscious",
    "prone": "Prone",
    "critical": "Critical Damage",
    "tended": "Tended",
    "paralysed": "Paralysed",
    "catatonic": "Catatonic",
    "routed": "Routed",
    "surrendered": "Surrendered",
    "attacked": "Attacked (safe until its turn)",
}


def unit_view(match: Match, ent: int, side: str | None) -> dict[str, Any]:
    """Scores, HP, armour, gear and conditions (nothing is hidden in saves but a Hidden unit's square,
    which the board already leaves out)."""
    with match.world:
        s, h, gear = get(ent, SvScores), get(ent, Health), get(ent, SvGear)
        c = shipped()
        decl = table(match).data.get("declared", {}).get(str(ent)) if side == side_of(ent) else None
        out: dict[str, Any] = {
            "name": name_of(ent),
            "side": side_of(ent),
            "state": get(ent, Status).state,
            "health": h.current,
            "max_health": h.maximum,
            "hp": h.current,
            "hp_max": h.maximum,
            "bars": [
                {"label": "HP", "value": h.current, "max": h.maximum, "good": True, "note": ""},
                {"label": "STR", "value": s.strength, "max": s.strength_max, "good": True, "note": ""},
                {"label": "DEX", "value": s.dex, "max": s.dex_max, "good": True, "note": ""},
                {"label": "WIL", "value": s.wil, "max": s.wil_max, "good": True, "note": ""},
            ],
            "tags": [SHOWN.get(k, k) for k in sorted(conditions(ent).active)],
            "sections": {
                "Gear": [
                    f"in hand: {', '.join(c.weapons[w].name for w in gear.held)}",
                    f"stowed: {', '.join(c.weapons[w].name for w in gear.stowed) or '-'}",
                    f"armour {armour_of(ent)}",
                    f"items: {', '.join(c.items[i].name for i in gear.items) or '-'}",
                ],
            },
        }
        traits = []
        if s.resist:
            traits.append(f"resists {', '.join(s.resist)}: attacks of that kind on it are Impaired")
        if s.vulnerable:
            traits.append(f"vulnerable to {', '.join(s.vulnerable)}: attacks of that kind on it are Enhanced")
        if traits:
            out["sections"]["Traits"] = traits
        if decl:
            from game.rulesets.saves.declared import declared_text

            out["sections"]["Declared"] = [declared_text(match, ent)]
        return out


def invariants(match: Match) -> list[str]:
    """Scores and HP within bounds, armour capped, one unit per square, declarations by the side up."""
    out: list[str] = []
    with match.world:
        seen: dict[tuple[int, int], int] = {}
        t = table(match)
        for ent in units():
            s, h, state = get(ent, SvScores), get(ent, Health), get(ent, Status).state
            if state not in STATES:
                out.append(f"unit {ent} has state {state!r}")
            if not 0 <= h.current <= h.maximum:
                out.append(f"unit {ent} HP {h.current} outside 0..{h.maximum}")
            for name in ("STR", "DEX", "WIL"):
                top = getattr(s, {"STR": "strength_max", "DEX": "dex_max", "WIL": "wil_max"}[name])
                if not 0 <= s.get(name) <= top:
                    out.append(f"unit {ent} {name} {s.get(name)} outside 0..{top}")
            if s.strength == 0 and state != "dead":
                out.append(f"unit {ent} at STR 0 is not dead")
            if armour_of(ent) > ARMOUR_CAP:
                out.append(f"unit {ent} armour above {ARMOUR_CAP}")
            if state != "fled":
                cell = cell_of(ent)
                if cell in seen:
                    out.append(f"units {seen[cell]} and {ent} share {cell}")
                seen[cell] = ent
                if not match.board.passable(cell):
                    out.append(f"unit {ent} stands in a wall at {cell}")
            if not 1 <= len(get(ent, SvGear).held) <= 2:
                out.append(f"unit {ent} holds {len(get(ent, SvGear).held)} weapons")
        for key in t.data.get("declared", {}):
            if side_of(int(key)) != t.turn_side:
                out.append(f"unit {key} declared out of its side's turn")
    return out


def _pct(p: float) -> str:
    return f"{p:.0%}" if p == 0 or p >= 0.005 else "<1%"


def best_answer(match: Match, group: Group) -> Answer:
    """How the target will answer the group, as the AI prices the attack (`ai.attack_value`):
    `group_outcome`, the defender's best answer with any declared knock-downs mixed in."""
    from game.rulesets.saves.ai import group_outcome, knockdowns_on

    return group_outcome(match, group, knockdowns_on(match, group.target))


def answer_words(answer: Answer, foe: str) -> str:
    """The answer `best_answer` expects, in players' words."""
    if answer.key == "dodge":
        return f"{foe}'s best answer: dodge (DEX save {_pct(answer.dodge)} avoids it all)"
    if answer.key.startswith("counter:"):
        return f"{foe}'s best answer: counter-attack with its {answer.weapons} (no save: the attack lands)"
    if answer.key == "none":
        return f"{foe} cannot answer: the attack lands"
    return f"{foe}'s answer: dodge {_pct(answer.dodge)} of the time (with the knock-downs declared on it)"


def attack_preview(match: Match, action: Action) -> Preview:
    """An attack's odds with the group it joins, the armour, and the target's best answer to it:
    the headline (lands, taken out, expected) is after that answer, the number the AI prices the
    attack at (inside `with match.world`)."""
    from game.core.wording import plural
    from game.rulesets.saves import ai
    from game.rulesets.saves.combat import dodge_chance
    from game.rulesets.saves.groups import is_stunt, stunt_chance, weapons_of
    from game.rulesets.saves.rules import attack_terms, dodge_mode, helpless

    target = action.target
    assert target is not None and action.actor is not None and action.option
    ws = weapons_of(action.option)
    terms = attack_terms(match, action.actor, target, ws)
    group = ai.group_for(match, action, True)  # as the resolution will group it
    dist = group.distribution(match)  # the resolution's own grouping and odds, stunts mixed in
    h = group.harm(match)
    answer = best_answer(match, group)
    foe = name_of(target)
    lines = terms.lines()
    if len(group.attackers) > 1:
        lines.append(f"ganging up with {plural(len(group.attackers) - 1, 'other')}: +{group.bonus()}")
    if is_stunt(action.option):
        stunt = _pct(float(stunt_chance(action.actor)))
        lines.append(f"risky stunt: DEX save {stunt} makes it Enhanced (+d12); "
                     f"if it fails the attack is plain and {name_of(action.actor)} falls Prone")
    lines.append(f"{foe}'s armour -{armour_of(target)}")
    if helpless(target):
        lines.append(f"{foe} is Unconscious: it can neither dodge nor answer")
    else:
        if dodge_mode(match, target, group.attackers) > 0:
            lines.append(f"{foe} dodges with Advantage (its allies distract the attackers): DEX save "
                         f"{_pct(dodge_chance(target, match, group.attackers))}")
        lines.append(answer_words(answer, foe))
    lines.append(f"if it does not dodge: {h.expected:.2f} expected, Critical Damage "
                 f"{_pct(h.out - h.dead)}, death {_pct(h.dead)}")
    spread = ", ".join(f"{d} {float(q):.0%}" for d, q in sorted(dist.probs.items()))
    lines.append(f"damage if it lands: {spread}")
    title = f"{'+'.join(w.name for w in ws)} at {foe}"
    p = answer.dodge
    # the bars: dodged, else each damage (the save is independent of the damage roll); with
    # knock-downs declared the dodge is a mix of standing and Prone, and the bars stay as it lands
    mixed = answer.key == "mix"
    outcomes = [] if mixed or p <= 0 else [("dodged", p)]
    scale = 1.0 if mixed else 1.0 - p
    outcomes += [(str(d), scale * float(q)) for d, q in sorted(dist.probs.items())]
    # attacks always hit: "hit" is that the damage lands (not dodged); "crit" Critical Damage (or a
    # score at 0), "kill" taken out of the fight by any means
    return Preview(title, outcomes, hit=1.0 - p, expected_damage=answer.taken,
                   crit=answer.taken_out - answer.taken_dead, kill=answer.taken_out, lines=lines)
