"""How the side's declared attacks fall into groups (SV-GANG, SV-BLAST) and what each group
does, exactly: the pooled dice, the gang bonus, risky stunts, the harm if the target does not dodge.

The resolution, the board's declaration marks, the odds preview and the AI all group through
`plan_groups` and price through `Group.distribution` / `Group.harm`: one grouping, one formula.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.core.chance import Distribution
from game.core.components import Health
from game.rulesets.saves.components import SvScores, get, is_standing
from game.rulesets.saves.content import Weapon, shipped
from game.rulesets.saves.kinds import Kind
from game.rulesets.saves.odds import (
    Harm,
    Part,
    damage_distribution,
    gang_bonus,
    harm,
    mixed_distribution,
    save_chance,
)
from game.rulesets.saves.rules import Terms, armour_of, attack_terms, cell_of, helpless, save_mode

if TYPE_CHECKING:
    from game.core.match import Match

#: an attack option declared as a risky stunt (SV-IMPAIR): "stunt:sword+dagger"
STUNT = "stunt:"


def is_stunt(option: str) -> bool:
    """Whether the attack option is a risky stunt."""
    return option.startswith(STUNT)


def weapons_of(option: str) -> tuple[Weapon, ...]:
    """The weapons an attack option names ('sword+dagger', 'stunt:sword+dagger')."""
    c = shipped()
    return tuple(c.weapons[w] for w in option.removeprefix(STUNT).split("+"))


def stunt_chance(ent: int) -> Fraction:
    """A risky stunt's DEX save (the unit's own doing: a Blinded unit's is not at Disadvantage)."""
    return save_chance(get(ent, SvScores).dex, save_mode(ent, "DEX", external=False))


@dataclass
class Group:
    """Attackers resolved together on one target: their pooled dice, gang bonus and the target's armour."""

    target: int
    attackers: list[int]
    option: dict[int, str]
    score: str | None = None
    blast: bool = False  # every attack in it is a blast
    alone: bool = False  # a blast rolled apart from any gang (the `blast_gang` "apart" reading)
    stunts: dict[int, bool] = field(default_factory=dict)  # risky stunts rolled: attacker -> passed

    def terms_of(self, match: Match, a: int) -> Terms:
        """One attacker's terms; a risky stunt that passed is Enhanced (one not rolled yet is not)."""
        terms = attack_terms(match, a, self.target, weapons_of(self.option[a]))
        if is_stunt(self.option[a]) and self.stunts.get(a):
            terms.enhanced.append("risky stunt")
        return terms

    def dice(self, match: Match) -> list[int]:
        """Every attacker's dice, pooled (SV-GANG keeps the highest)."""
        pool: list[int] = []
        for a in self.attackers:
            pool += self.terms_of(match, a).dice
        return pool

    def distribution(self, match: Match) -> Distribution:
        """Exact damage (after the gang bonus and armour), over the risky stunts not rolled yet."""
        armour = armour_of(self.target)
        pending = [a for a in self.attackers if is_stunt(self.option[a]) and a not in self.stunts]
        if not pending:
            return damage_distribution(self.dice(match), self.bonus(), armour)
        parts: list[Part] = []
        for a in self.attackers:
            if a in pending:
                fails = replace(self, stunts={**self.stunts, a: False}).terms_of(match, a).dice
                passes = replace(self, stunts={**self.stunts, a: True}).terms_of(match, a).dice
                parts.append((tuple(fails), tuple(passes), stunt_chance(a)))
            else:
                parts.append(tuple(self.terms_of(match, a).dice))
        return mixed_distribution(tuple(parts), self.bonus(), armour)

    def bonus(self) -> int:
        """+1 per extra attacker, at most +5 (a blast joined to a gang counts as one of them)."""
        return gang_bonus(len(self.attackers))

    def harm(self, match: Match) -> Harm:
        """Exact harm to the target if it does not dodge."""
        dist = self.distribution(match)
        s = get(self.target, SvScores)
        value = s.get(self.score) if self.score else 0
        return harm(
            dist,
            get(self.target, Health).current,
            s.strength,
            self.score,
            value,
            save_mode(self.target, "STR"),
        )

    def ranged(self) -> bool:
        """Whether every attack in the group is ranged (only a ranged weapon can answer it)."""
        return all(weapons_of(self.option[a])[0].ranged for a in self.attackers)


def blast_victims(match: Match, target: int, radius: int) -> list[int]:
    """SV-BLAST: every unit in the fight (or Unconscious) within `radius` of the aimed unit."""
    from game.rulesets.saves.components import units

    centre = cell_of(target)
    return [e for e in units() if (is_standing(e) or helpless(e))
            and match.board.distance(cell_of(e), centre) <= radius]


def plan_groups(match: Match, declared: dict[str, dict[str, Any]]) -> list[Group]:
    """SV-GANG / SV-BLAST: attacks on a target grouped (score attacks apart, by score); a blast is
    rolled for every unit within its radius of the aimed target. Reading (option `blast_gang`):
    "join" - a blast's roll on a unit joins the group of every other attack on it, so each unit
    is attacked once (per score) in a Resolve, as the lock says; "apart" - each blast is rolled on
    its own. Changes nothing: the board's marks, the odds and the resolution all read it."""
    from game.rulesets.saves.readings import reading

    join = reading(match, "blast_gang") == "join"
    groups: dict[tuple[int, str], Group] = {}
    apart: list[Group] = []
    for key in sorted(declared, key=int):
        d = declared[key]
        if d["kind"] != Kind.ATTACK:
            continue
        a = int(key)
        ws = weapons_of(d["option"])
        victims = blast_victims(match, d["target"], ws[0].blast) if ws[0].blast else [d["target"]]
        for e in victims:
            if ws[0].blast and not join:
                apart.append(Group(e, [a], {a: d["option"]}, ws[0].score, blast=True, alone=True))
                continue
            g = groups.setdefault((e, ws[0].score or ""), Group(e, [], {}, ws[0].score, blast=True))
            g.attackers.append(a)
            g.option[a] = d["option"]
            g.blast = g.blast and bool(ws[0].blast)
    ordered = [groups[k] for k in sorted(groups)]
    return ordered + apart


def planned(match: Match, declared: dict[str, dict[str, Any]], actor: int,
            target: int, option: str) -> list[tuple[Group | None, Group]]:
    """What declaring `option` at `target` changes, unit by unit it reaches: (the unit's group
    without the declaration or None, its group with it), as `plan_groups` groups them."""
    rest = {k: v for k, v in declared.items() if k != str(actor)}
    mine = {"kind": Kind.ATTACK, "target": target, "option": option}
    after = plan_groups(match, {**rest, str(actor): mine})
    before = plan_groups(match, rest)
    out: list[tuple[Group | None, Group]] = []
    for g in after:
        if actor not in g.attackers:
            continue
        old = None if g.alone else next(
            (b for b in before if b.target == g.target and b.score == g.score and not b.alone), None)
        out.append((old, g))
    return out
