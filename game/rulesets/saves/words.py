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
