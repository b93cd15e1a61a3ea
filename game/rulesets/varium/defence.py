"""Dodge and Block: the defence actions whose check stands in for a target's face-down cards
(VC-DODGE). The seed: "If your target used a dodge or block action in this round, they will get a
chance to risk for cards instead of using their facedown cards ... after any attacks against them
have been made." It describes Dodge and never Block, so Block is read here (the `block` rules
option, docs/rulesets/varium.md):

* **Block** (½ turn): a check with a stack limit of 20 + Might, plus the proficiency of the best
  melee weapon in hand (else Unarmed Striking). By default it covers melee attacks only (a blade
  or a forearm does not stop a bullet; ranged attacks keep meeting the face-down cards); option
  `block=all` lets it cover every attack, `block=none` reads the seed's list of actions, which
  has no Block, and offers none.
* When the first covered attacks of the round are revealed, the blocker's side chooses
  (`Ask.BLOCK`): risk for cards, or keep its face-down cards (the seed's "a chance"). Each answer
  is priced exactly: the damage it is expected to turn away (`block_worths`).
* Dodge and Block share one defence a round (`VariumState.dodge_round`, `.defence`): one check,
  whose total every later covered attack that round meets (`dodge_total`).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from game.core.action import Decision, Option
from game.core.kinds import CTX_UNIT
from game.core.options import rule_value
from game.core.records import Preview
from game.core.stackplay import stack_value
from game.core.stacks import StackState
from game.rulesets.varium import odds
from game.rulesets.varium.checks import payoff_of, pool_for, run_check
from game.rulesets.varium.components import (
    VariumState,
    deck,
    get,
    in_hand,
    name_of,
    sheet,
    side_of,
    table,
    weapon_def,
)
from game.rulesets.varium.kinds import Ask, Ev, Kind

if TYPE_CHECKING:
    from game.core.match import Match

Gen = Generator[Decision, str, Any]
#: the rules option and its readings
OPTION = "block"
MELEE, ALL, NONE = "melee", "all", "none"
READINGS = (MELEE, ALL, NONE)


#: who in a grapple may not dodge (VC-DODGE bars a dodge while "being grappled"): both units of
#: the grapple (default: the two are locked together, the advantage one value they share) or only
#: the held one (the plain words)
GRAPPLE_OPTION = "dodge_grappled"
BOTH, HELD = "both", "held"


def dodge_barred_by_grapple(match: Match, ent: int) -> bool:
    """`ent` may not dodge because of a grapple it is in (the `dodge_grappled` reading)."""
    grips = table(match).data.get("grapples", [])
    if str(rule_value(match.scenario, match.ruleset, GRAPPLE_OPTION)) == HELD:
        return any(g["b"] == ent for g in grips)
    return any(ent in (g["a"], g["b"]) for g in grips)


def reading(match: Match) -> str:
    """The scenario's reading of Block (`block` option; default melee)."""
    return str(rule_value(match.scenario, match.ruleset, OPTION))


def block_stat(ent: int) -> tuple[int, int]:
    """Block check: limit 20 + Might, plus the best melee weapon in hand's proficiency (else
    Unarmed Striking)."""
    s = sheet(ent)
    st = get(ent, VariumState)
    profs = [s.prof(weapon_def(w).family) for w in s.weapons if in_hand(st, w) and not weapon_def(w).ranged]
    return 20 + s.might, max([*profs, s.prof("unarmed")])


def can_block(match: Match, ent: int) -> bool:
    """Block is in the rules, the unit has not dodged or blocked this round, and someone acts after
    it (the seed bars nothing else for a block)."""
    from game.rulesets.varium.turns import acts_after

    return (reading(match) != NONE and get(ent, VariumState).dodge_round != table(match).round
            and acts_after(match, ent))


def defending(match: Match, ent: int) -> str:
    """The defence `ent` took this round ("dodge", "block") or ""."""
    st = get(ent, VariumState)
    if st.dodge_round != table(match).round:
        return ""
    return st.defence or Kind.DODGE


def covers(match: Match, ent: int, attack: dict[str, Any]) -> bool:
    """Whether the round's defence of `ent` stands in for its face-down cards against `attack`."""
    kind = defending(match, ent)
    if kind == Kind.BLOCK:
        return reading(match) == ALL or bool(attack["melee"])
    return kind == Kind.DODGE


def threats(match: Match, ent: int, pend: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """(score, damage) of each attack in `pend` that did not bust: what a defence turns away."""
    from game.rulesets.varium.combat import strike_terms, weapon_of

    out = []
    for p in pend:
        if p["busted"]:
            continue
        ctx = strike_terms(match, p["attacker"], ent, weapon_of(p["weapon"]), 0)
        dmg, _ = odds.damage_of(
            p["score"], odds.Strike(ctx["wd"], ctx["armour"], ctx["crit"], ctx["cb"], ctx["resist"], p["bet"])
        )
        out.append((p["score"], dmg))
    return out


def block_worths(match: Match, ent: int, against: list[tuple[int, int]]) -> dict[str, float]:
    """Expected damage each answer to `Ask.BLOCK` turns away, from the cards `ent`'s side cannot
    see: the block check played well (the AI's own play of it), or the face-down cards (an attack
    misses unless its score is above their sum)."""
    side = side_of(ent)
    limit, prof = block_stat(ent)
    pool = pool_for(match, side)
    pay = payoff_of({"pay": "dodge", "against": against, "limit": limit, "prof": prof}, pool)
    block = stack_value(pool, StackState(), odds.rule(limit, pool), pay, odds.HORIZON)
    k = len(deck(match).zones.get(f"face-down:{ent}", []))
    unseen = odds.profile(deck(match).unseen_by(side))
    cards = sum(d * (1.0 - odds.beat_chance(unseen, k, s)) for s, d in against)
    return {"block": block, "cards": cards}


def ask_block(match: Match, ent: int, pend: list[dict[str, Any]]) -> Gen:
    """Before its face-down cards are turned over, the blocker's side chooses: block (risk for
    cards) or keep the cards. Returns True to block."""
    against = threats(match, ent, [p for p in pend if covers(match, ent, p)])
    worth = block_worths(match, ent, against)
    limit, prof = block_stat(ent)
    attacks = ", ".join(f"{s} ({d} dmg)" for s, d in sorted(against))
    key = yield Decision(
        side_of(ent),
        Ask.BLOCK,
        f"{name_of(ent)} blocked this round. Attacks: {attacks}. Risk for cards (limit {limit}, "
        f"+{prof}) or keep the face-down cards?",
        (Option("block", f"Block: avoids {worth['block']:.1f} damage on average"),
         Option("cards", f"Keep the cards: avoid {worth['cards']:.1f} on average")),
        "block" if worth["block"] >= worth["cards"] else "cards",
        {"ent": ent, CTX_UNIT: ent, "against": against},
    )
    if key != "block":
        match.emit(Ev.BLOCK, f"{name_of(ent)} keeps the face-down cards")
    return key == "block"


def defence_check(match: Match, ent: int, pend: list[dict[str, Any]]) -> Gen:
    """The round's one dodge or block check, made after the attacks it covers; returns its total."""
    from game.rulesets.varium.bodies import dodge_check

    if defending(match, ent) == Kind.DODGE:
        return (yield from dodge_check(match, ent, pend))
    limit, prof = block_stat(ent)
    res = yield from run_check(match, ent, "block", limit, prof,
                               {"pay": "dodge", "against": threats(match, ent, pend)}, own_turn=False)
    match.emit(Ev.BLOCK, f"{name_of(ent)} blocks with {res.score}: attacks below it miss")
    return res.score


def defence_preview(match: Match, ent: int, kind: str) -> Preview:
    """A Dodge's or Block's odds before it is taken: its one check of the round, played for the
    highest total within `odds.HORIZON` cards (as `opposed.scores`), from the cards `ent`'s side
    cannot see; attacks scoring below the total miss."""
    from game.rulesets.varium.opposed import scores

    if kind == Kind.BLOCK:
        limit, prof = block_stat(ent)
        covers_what = "melee attacks" if reading(match) == MELEE else "every attack"
        title = "Block"
    else:
        limit, prof, covers_what, title = 20 + sheet(ent).agility, 0, "every attack", "Dodge"
    dist = scores(pool_for(match, side_of(ent)), limit, prof)
    bust = sum(p for s, p in dist if s == 0)
    mean = sum(s * p for s, p in dist)
    return Preview(
        title,
        [("check busts (counts 0)", bust), ("check stands", 1.0 - bust)],
        hit=1.0 - bust, crits=False,
        headline=f"{title} check stands {100 * (1.0 - bust):.0f}% (expected total {mean:.1f}): "
                 f"{covers_what} scoring below it miss",
        lines=[f"One check this round (limit {limit}" + (f", +{prof}" if prof else "") + f"), made after the "
               f"first attacks on you: {covers_what} scoring below it miss, later ones this round too.",
               f"Expected total {mean:.1f}, played for the highest total within {odds.HORIZON} cards."],
    )
