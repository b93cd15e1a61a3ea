"""Tokens' own battle-screen marks (loaded when a tokens match opens, see
`game.ui.battle.extensions`): the token pools of the side to act as pips over each unit, reserved
overwatch tokens, sneaking units (an own sneaker is cloaked, an enemy one is drawn only as the
marker where the viewer last saw it), each unit's exact odds inside an attack's reach, and the path
preview's attacks of opportunity and Bypass cost.

Every number comes from the ruleset (`game.rulesets.tokens.hover`, the functions the resolution
uses) and is read for the viewer only; the world is read between inputs, never while the AI's
worker thread holds it (then the last reading is drawn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rulesets.tokens.hover import why_no_await
from game.rulesets.tokens.kinds import Ev, Kind
from game.rulesets.tokens.view import ATTACK as ATTACK_KEY
from game.rulesets.tokens.view import MOVE as MOVE_KEY
from game.rulesets.tokens.view import pools, stealth_of
from game.ui.battle.extensions import MarksLayer, register_hooks, register_layer
from game.ui.battle.model import register_chooser_groups
from game.ui.rulesets.tokens.marks import Placer, board_layer
from game.ui.rulesets.tokens.pips import (
    ATTACK_PIP,
    MOVE_PIP,
    RESERVED_PIP,
    Pip,
    pip_centre,
    pip_layout,
    screen_of,
)
from game.ui.rulesets.tokens.reading import (
    Ghost,
    Odds,
    attack_odds,
    decision_attack,
    ghosts,
    mode_question,
    path_words,
)

if TYPE_CHECKING:
    from game.core.events import Event
    from game.ui.battle.model import BattleModel
    from game.ui.session import Step

__all__ = ["ATTACK_PIP", "MOVE_PIP", "RESERVED_PIP", "Ghost", "Odds", "Pip", "Placer", "TokensLayer",
           "_screen", "attack_odds", "auto_select", "board_layer", "decision_attack", "ghosts",
           "path_words", "pip_centre", "pip_layout", "pools", "screen_of", "stealth_of"]

#: the old private name, kept for callers that still use it
_screen = screen_of


def auto_select(model: BattleModel) -> int | None:
    """The first unit of the side to act that still has something to do: its actions are listed
    (clicking another unit or Tab picks another); listing every unit's at once buried them."""
    if model.turn is None:
        return None
    actors = {a.actor for a in model.session.legal() if a.actor is not None}
    return next((u.ent for u in model.units if u.ent in actors and u.side == model.turn.side), None)


def unacted(model: BattleModel) -> list[str]:
    """The side's units that could still act and have spent none of their tokens this turn (the
    pools the ruleset's unit view states): ending the side's turn asks first while there are any."""
    if model.turn is None or not model.human_turn:
        return []
    actors = {a.actor for a in model.session.legal() if a.actor is not None}
    out = []
    for u in model.units:
        if u.ent not in actors or u.side != model.turn.side:
            continue
        p = [v for k, v in pools(u.view).items() if k in (MOVE_KEY, ATTACK_KEY)]
        if p and all(left == allotted and not reserved for left, allotted, reserved in p):
            out.append(u.name)
    return out


def quiet_popup(event: Event) -> bool:
    """The watch every unit keeps at its side's turn start (passive Observe) is read in the log,
    not flipped over the board: a round of them stacked popups over the units."""
    return event.kind == Ev.OBSERVE and "keeps watch" in event.text


class TokensLayer(MarksLayer):
    """Tokens' part of the battle screen (`extensions.BattleLayer`): its marks over the tokens;
    events are shown at the screen's own pace."""

    def on_step(self, step: Step) -> bool:
        """An Observe of the person's that revealed nobody says so (its coins alone told nothing)."""
        a, scene = step.action, self.scene
        if a is not None and a.kind == Kind.OBSERVE and step.side == scene.viewer and a.actor is not None \
                and not any(e.kind == Ev.REVEAL for e in step.events):
            who = scene.unit_by_ent.get(a.actor)
            name = who.name if who is not None else "The observer"
            scene.toast = (f"{name} observed: nobody hidden was found within sight.", 3.0)
        return False

    def draw_top(self, surface: pygame.Surface) -> None:
        board_layer(self.scene, surface)


register_layer("tokens", TokensLayer)
register_hooks("tokens", path_label=path_words, auto_select=auto_select, ask_first=mode_question,
               quiet_popup=quiet_popup, action_notes=why_no_await, unacted=unacted)
# sneak, observe and await come in one action per number of tokens: one entry each, then a chooser
register_chooser_groups(Kind.SNEAK, Kind.OBSERVE, Kind.AWAIT)
