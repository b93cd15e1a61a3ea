"""What of an AI's reasoning a person may read: nothing that gives away a unit hidden from them.

An AI explains an input by its top candidates ("Shade 1: move to (4, 10)..."). A candidate for a
unit the viewing side cannot see names where that unit is or could go, so the reasoning shown to
that side leaves it out; when the chosen candidate itself is such a one, only the fact that a unit
it cannot see acted is shown. Which units are hidden is the ruleset's answer at the moment the AI
chose (`game.core.knowledge.known_units`), asked for every side but the AI's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import esper

from game.ai.moves import label_of
from game.core.components import Name
from game.core.kinds import CTX_UNIT
from game.core.knowledge import known_units

if TYPE_CHECKING:
    from game.core.match import Match, Need

#: what stands for a chosen candidate a viewer may not read
WITHHELD = "a unit you cannot see acted: its reasoning is not shown"


def withheld_candidates(match: Match, need: Need, side: str, explanation: list[dict[str, Any]],
                        sides: tuple[str, ...]) -> dict[str, list[int]]:
    """For each side other than `side` (the AI's) that has units hidden from it, the indices of the
    candidates of `explanation` that involve one: as actor or target of the legal action the
    candidate's label names, as the unit a pending decision is about, or by name in its label or
    terms (the safety net for a label no legal action carries). Read before the input is given."""
    out: dict[str, list[int]] = {}
    for viewer in sides:
        if viewer == side:
            continue
        hidden = {b.ent for b in known_units(match, viewer) if b.hidden}
        if not hidden:
            continue
        with match.world:
            names = [esper.component_for_entity(e, Name).text for e in sorted(hidden)
                     if esper.has_component(e, Name)]
        about = need.decision.context.get(CTX_UNIT) if need.decision is not None else None
        involved: dict[str, set[Any]] = {}
        for a in need.legal if need.decision is None else ():
            involved.setdefault(label_of(a), set()).update((a.actor, a.target))
        idx = []
        for i, cand in enumerate(explanation):
            text = " ".join([str(cand.get("label", "")), *map(str, cand.get("terms", {}))])
            if (about in hidden or involved.get(str(cand.get("label")), set()) & hidden
                    or any(n and n in text for n in names)):
                idx.append(i)
        if idx:
            out[viewer] = idx
    return out


def shown_candidates(explanation: list[dict[str, Any]], withheld: list[int]) -> list[dict[str, Any]]:
    """The candidates a viewer may read, best first. With the chosen one withheld, a single
    stand-in (`"withheld": True`, label WITHHELD) and nothing else: the runners-up's scores would
    be measured against it."""
    if not withheld:
        return explanation
    if 0 in withheld:
        return [{"label": WITHHELD, "score": 0.0, "terms": {}, "withheld": True}]
    return [c for i, c in enumerate(explanation) if i not in withheld]
