"""Asking a person first what an action's resolution would ask them (tokens' Cleave or
Clustershot), and telling them why an action they look for is not offered: the ruleset UI's
"ask_first" and "action_notes" hooks (`game.ui.battle.extensions`), for the battle model."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.ui.battle.extensions import ruleset_hook

if TYPE_CHECKING:
    from game.core.action import Action
    from game.ui.battle.model import BattleModel


def ask_first(model: BattleModel, action: Action) -> bool:
    """Open a chooser with the question the action's resolution would ask the person at once
    (the hook gives that `Decision` or None), so the answer comes before anything is spent and
    Esc takes the action back; True when one opened. Each entry is the action labelled with one
    answer; the screen sends the action, then that answer."""
    if model.chooser_answers.get(action) is not None or model.world_busy:
        return False
    hook = ruleset_hook(model.match.ruleset.id, "ask_first")
    d = hook(model, action) if hook is not None else None
    if d is None or len(d.options) < 2:
        return False
    entries = [replace(action, label=o.label) for o in d.options]
    model.chooser = entries
    model.chooser_answers = {e: (d.kind, o.key) for e, o in zip(entries, d.options, strict=True)}
    keys = [o.key for o in d.options]
    model.chooser_default = keys.index(d.default) if d.default in keys else None
    model.chooser_question = d
    return True


def action_notes(model: BattleModel) -> list[str]:
    """Why the selected unit is not offered an action players look for (the hook, given the match
    and the unit: tokens' Await), shown under its actions."""
    hook = ruleset_hook(model.match.ruleset.id, "action_notes")
    if hook is None or model.selected is None or not model.human_turn or model.world_busy:
        return []
    try:
        with model.match.world:
            return list(hook(model.match, model.selected))
    except Exception:  # noqa: BLE001 - an explanation must not break the screen
        return []
