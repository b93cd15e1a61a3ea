"""What the UI may show: a unit's panel and a side's own hand, never hidden information."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.cards import card_label, card_value
from game.core.kinds import (
    CTX_CARDS,
    HAND_CARD,
    HAND_COST,
    HAND_KIND,
    HAND_NAME,
    HAND_OPTION,
    HAND_PLAYABLE,
    HAND_TEXT,
    HAND_VALUE,
    HAND_WHY,
)
from game.rulesets.voidmarked.conditions import label
from game.rulesets.voidmarked.flips import hand_cards
from game.rulesets.voidmarked.kinds import Ask
from game.rulesets.voidmarked.query import (
    cell_of,
    conditions,
    current_actor,
    data,
    deck,
    gear,
    health,
    name_of,
    order,
    side_of,
    stats,
    status,
    turn_state,
    void,
)

if TYPE_CHECKING:
    from game.core.match import Match


def unit_view(match: Match, ent: int, side: str | None) -> dict[str, Any]:
    """A unit's panel. Nothing here is secret in voidmarked except hands, which are not shown."""
    st = stats(ent)
    g = gear(ent)
    c = data()
    main = c.weapons[g.weapon]
    hp = health(ent)
    vv = void(ent)
    acting = current_actor(match) == ent
    ts = turn_state(match)
    # one line for both hands (a list beside it only repeated the main weapon's name)
    weapon = main.name + (f" ({g.shots}/{main.shots} shots)" if main.ranged else "")
    if g.offhand:
        off = c.weapons[g.offhand]
        weapon += f"; offhand {off.name}" + (f" ({g.offhand_shots}/{off.shots} shots)" if off.ranged else "")
    conds = []
    for name, entry in conditions(ent).active.items():
        text = label(name)
        turns = int(entry.get("turns", 0))
        if turns:
            text += f" ({turns})"
        if name == "grasping":
            text += f" — {entry.get('fails', 0)} failed"
        conds.append(text)
    return {
        "name": name_of(ent),
        "side": side_of(ent),
        "archetype": c.archetypes[st.archetype].name,
        "race": c.races[st.race].name,
        "level": st.level,
        "health": max(hp.current, 0),
        "max_health": hp.maximum,
        "defence": st.defence,
        "speed": st.speed,
        "stats": {"Strength": st.strength, "Dexterity": st.dexterity, "Physique": st.physique,
                  "Intelligence": st.intelligence, "Foresight": st.foresight},
        "skills": {"Perception": st.perception, "Stealth": st.stealth, "Resilience": st.resilience},
        "state": status(ent).state,
        "conditions": conds,
        "weapon": weapon,
        "ve": vv.current if vv.voidcaller else None,  # only Voidcallers spend it (VM-VOID)
        "max_ve": vv.maximum if vv.voidcaller else None,
        "voidcalls": [c.voidcalls[v].name for v in vv.voidcalls],
        "ordinary": st.ordinary,
        "cell": list(cell_of(ent)),
        "acting": acting,
        "acted": _acted(match, ent),
        "turn_left": ({"moves": ts.moves_left, "action": not ts.action_used,
                       "quick_action": not ts.quick_used} if acting else None),
    }


def _acted(match: Match, ent: int) -> bool:
    """Whether the unit has had its turn this round (its initiative slot has passed)."""
    o = order(match)
    if ent not in o.order:
        return False
    return o.order.index(ent) < o.index


def turn_order(match: Match) -> list[int]:
    """VM-INIT order for the turn bar: the acting unit and those still due this round, then the
    rest in the order they act next round; the dead are left out (a grasping unit still flips)."""
    o = order(match)
    if not o.order:
        return []
    at = o.index % len(o.order)
    ranked = o.order[at:] + o.order[:at]
    return [e for e in ranked if status(e).state != "dead"]


CHEAT_WHY = "a card is cheated only when a flip of yours offers it"


def hand_view(match: Match, side: str) -> list[dict[str, Any]]:
    """The side's own shared hand as hand-strip cards (VM-CHEAT): never another side's.

    A card is playable only while a decision asks this side to cheat and offers that card
    ("option" is then the answer that plays it).
    """
    decision = match.pending_decision
    offered: dict[str, str] = {}
    if decision is not None and decision.side == side and decision.kind == Ask.CHEAT:
        offered = {card: key for key, card in (decision.context.get(CTX_CARDS) or {}).items()}
    out = []
    for c in hand_cards(match, side):
        key = offered.get(c)
        entry: dict[str, Any] = {
            HAND_NAME: card_label(c), HAND_CARD: c, HAND_VALUE: card_value(c), HAND_COST: 0,
            HAND_PLAYABLE: key is not None,
            HAND_TEXT: f"value {card_value(c)} — cheat it in place of a flipped card", HAND_KIND: "card",
        }
        if key is None:
            entry[HAND_WHY] = "this flip cannot reach a better result with it" if offered else CHEAT_WHY
        else:
            entry[HAND_OPTION] = key
        out.append(entry)
    return out


def hand_for(match: Match, side: str) -> list[dict[str, Any]]:
    """The side's own shared hand, for its player only (the UI must not show the other side's)."""
    with match.world:
        return [{HAND_CARD: c, "label": card_label(c), HAND_VALUE: card_value(c)}
                for c in hand_cards(match, side)]


def deck_counts(match: Match) -> dict[str, int]:
    """Public card counts: deck, discard and each hand's size."""
    with match.world:
        cards = deck(match)
        return {zone: len(cs) for zone, cs in sorted(cards.zones.items())}
