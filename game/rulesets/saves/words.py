"""Words players read: a side by its squad's name, never its id; the defence prompt's answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.saves.content import shipped

if TYPE_CHECKING:
    from game.core.match import Match
    from game.rulesets.saves.combat import Answer


def side_label(match: Match, side: str) -> str:
    """The side's squad name ("Raider warband"); sides fielding the same squad are numbered."""
    squads = match.scenario.squads
    sid = squads.get(side, "")
    known = shipped().squads.get(sid)
    name = known.name if known is not None else f"Side {sorted(squads).index(side) + 1}" if side in squads \
        else side
    if sid and list(squads.values()).count(sid) > 1:
        name = f"{name} {sorted(squads).index(side) + 1}"
    return name


def _pct(p: float) -> str:
    return f"{p:.0%}" if p == 0 or p >= 0.005 else "<1%"


def answer_line(answer: Answer, score: str | None) -> str:
    """An answer's exact odds in one line under its option in the defence prompt: first what the
    defender takes on average, on the same footing for every answer (a dodge's chance to fail
    counted in), then the save's own odds or what a counter-attack deals."""
    out_word = {"DEX": "paralysed", "WIL": "catatonic", "STR": "killed"}.get(score or "", "Critical")
    lost = f" {score}" if score else ""

    def odds(expected: float, out: float, dead: float, word: str) -> str:
        # Critical Damage and death are told apart (out of the fight = both together)
        if word != "Critical":
            return f"{expected:.1f}{lost} expected ({word} {_pct(out)})"
        text = f"{expected:.1f} expected (Critical {_pct(max(0.0, out - dead))}"
        return text + (f", death {_pct(dead)})" if dead > 0 else ")")

    take = odds(answer.taken, answer.taken_out, answer.taken_dead, out_word)
    if answer.key == "dodge":
        miss = 1.0 - answer.dodge
        if miss <= 0:
            return f"you take {take}: the DEX save cannot fail"
        return (f"you take {take}: DEX save {_pct(answer.dodge)} avoids it all, "
                f"a failed save takes {answer.taken / miss:.1f}{lost}")
    deal = odds(answer.dealt, answer.dealt_out, answer.dealt_dead, "Critical")
    return f"you take {take}: no save, the attack lands; you deal {deal} with your {answer.weapons}"


#: what each kind of declaration does, for hovering its button (items: their own `description`)
ACTION_HELP = {
    "move": "Walk here, up to the unit's Speed. A move can be taken back (U) until you Resolve.",
    "swap": "Instead of moving: stow what the unit holds and take this weapon in hand",
    "attack": "Declare the attack: at Resolve, roll the weapon's die and keep the highest die; every "
              "extra attacker on the same target adds +1 (at most +5). The target may dodge or "
              "counter-attack.",
    "knockdown": "The target saves DEX or falls Prone: attacks at it are Enhanced and getting up "
                 "costs its next move.",
    "snatch": "The target saves STR or loses a weapon from its hands to this unit.",
    "flee": "Leave the fight by this way out; with an enemy next to it the unit needs a DEX save to "
            "get away. A unit that flees is out of the fight.",
    "tend": "Spend the action on an ally with Critical Damage next to this unit: it stays out of "
            "this fight, but it will live.",
    "parley": "Call on the wounded opponent (0 HP) to surrender: it saves WIL or gives up.",
    "cancel": "Take back this unit's declaration to choose again.",
    "end": "Roll everything declared this turn: items, tending and maneuvers first, then the attacks, "
           "target by target.",
}


def weapon_words(damage: int, reach: int, blast: int, uses: int) -> str:
    """A weapon's numbers in players' words: "d8, range 12 squares, 3 uses"."""
    parts = [f"d{damage} damage", f"range {reach} squares" if reach else "melee"]
    if blast:
        parts.append(f"hits every unit within {blast} square{'s' if blast > 1 else ''} of the target")
    if uses:
        parts.append(f"{uses} use{'s' if uses > 1 else ''}")
    return ", ".join(parts)
