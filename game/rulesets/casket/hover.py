"""What the battle screen asks of casket while the player hovers: why an enemy casket cannot be
attacked, and what a hex does. Casket's cards hit one target each: no attack has an area, so
`Ruleset.area_of` keeps its default (nothing to outline).

The reasons come from the checks the legal-action list itself makes (`card_block`,
`attack_block`, SP), and a hex's to-hit effect from `terrain_mods`, the to-hit table's own terms.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.action import Action
from game.core.geometry import Cell
from game.rulesets.casket.components import CasketSP, caskets, get, is_active, side_of, structure
from game.rulesets.casket.effects import split_option
from game.rulesets.casket.kinds import Kind
from game.rulesets.casket.movement import step_cost
from game.rulesets.casket.status import card_block
from game.rulesets.casket.tohit import attack_block, terrain_mods
from game.rulesets.casket.turns import table

if TYPE_CHECKING:
    from game.core.match import Match


def why_not_target(match: Match, actor: int, target: int) -> str:
    """Why the activating casket has no attack on `target` now; "" when it has one or when the
    question does not arise (not activating, not an active enemy)."""
    if table(match).actor != actor or target not in caskets(match) or not is_active(target) \
            or side_of(target) == side_of(actor):
        return ""
    content = match.ruleset.content  # type: ignore[attr-defined]
    sp = get(actor, CasketSP).sp
    reasons: list[tuple[str, str]] = []  # (card name, why), in the order the legal list tries them
    for cid in sorted(set(structure(actor).zones.get("hand", []))):
        card = content.card(cid)
        if card.attack is None or card.reaction:
            continue
        if card.sp > sp:
            why = f"needs {card.sp} SP, {sp} left"
        else:
            why = card_block(actor, card) or attack_block(match, actor, target, card)
        if not why:
            return ""
        reasons.append((card.name, why))
    if not reasons:
        return "no attack card in hand"
    whys = list(dict.fromkeys(why for _, why in reasons))
    if len(whys) == 1:
        return whys[0]
    return "; ".join(f"{name}: {why}" for name, why in reasons[:2]) + ("; …" if len(reasons) > 2 else "")


def cell_info(match: Match, cell: Cell, side: str | None) -> list[str]:
    """A hex's cover, concealment, height and movement cost under casket."""
    board = match.board
    t = board.at(cell)
    out: list[str] = []
    if t.blocks_move:
        out.append("impassable")
    else:
        extra = step_cost(match, cell, plain=False, penalty=0)
        if extra:
            out.append(f"entering costs {extra} extra SP")
    if t.blocks_los:
        out.append("blocks line of sight (adjacent caskets can still fight across it)")
    for label, mod in terrain_mods(board, cell, cell):
        if mod > 0:
            out.append(f"{label}: attacks on a casket here are harder, +{mod} to the target number")
    if t.cover:
        out.append("also shields caskets behind it from attacks across it")
    if t.elevation:
        out.append(f"height {t.elevation}: attacks from here on lower caskets are easier")
    if any(cell in obj.cells for obj in board.objectives):
        out.append("objectives score nothing here: a side wins when every enemy casket is out of the fight")
    return out


#: what each kind of action does, for hovering its button (cards: their own text)
ACTION_HELP = {
    "activate": "Activate this casket now: its SP refresh, then it plays cards, moves and turns as its "
                "SP allow, and draws back up to 6 at the end.",
    "move": "Move here (1 SP a hex, plus rough ground and damage penalties), then choose a facing.",
    "turn": "Turn in place to face this way: one hex side is free for each hex moved this activation, "
            "1 SP otherwise.",
    "repair": "Field repair, the whole activation: d20 + Repair of 12 or more mends the thread as "
              "fragile (it snaps again at 5+ damage in one hit); a failure leaves it severed.",
    "end": "End this casket's activation: it draws back up to 6 cards.",
}


def action_help(match: Match, action: Action) -> str:
    """What an action does, in players' words (a card's from its own text)."""
    if action.kind == Kind.CARD:
        card = match.ruleset.content.card(split_option(action.option)[0])  # type: ignore[attr-defined]
        text = card.text or card.name
        return f"{text} ({card.sp} SP)"
    return ACTION_HELP.get(action.kind, "")
