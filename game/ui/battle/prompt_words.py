"""Words of the prompts: the keys a hint names, what an option without odds says on hover, and
what a chooser's title names. Pygame-free."""

from __future__ import annotations

from typing import Any

from game.ui.battle.extensions import ruleset_hook
from game.ui.battle.labels import group_label, label_stem


def prompt_keys(hotkeys: list[str]) -> str:
    """The keys a prompt's buttons show, as its hint says them: "1–5", or "S, H, B, 4 or 5" when
    a ruleset gave some options letters."""
    if all(k.isdigit() for k in hotkeys):
        return f"1–{len(hotkeys)}" if len(hotkeys) > 1 else "1"
    if len(hotkeys) < 2:
        return "".join(hotkeys)
    return ", ".join(hotkeys[:-1]) + f" or {hotkeys[-1]}"


def no_odds_lines(ruleset_id: str, action: Any) -> list[str]:
    """What hovering an option without odds says: the ruleset UI's words ("no_odds" hook), else
    that none are shown before it starts."""
    words = ruleset_hook(ruleset_id, "no_odds")
    lines = list(words(action)) if words is not None else []
    return lines or ["No odds are shown for it before it starts."]


def chooser_subject(shown: list[Any], common: str, units: dict[int, Any]) -> str:
    """What a chooser's title names: the words its labels share, else the one unit they all act
    on, else the group's name; never with a colon of its own before ": choose one"."""
    targets = {a.target for a in shown}
    one = next(iter(targets)) if len(targets) == 1 else None
    target = units.get(one) if one is not None else None
    if common:
        what = common
    elif target is not None:
        what = target.name
    else:
        what = group_label(shown, {e: u.name for e, u in units.items()})
    return what.rstrip(" :")


def chooser_label(action: Any, subject: str) -> str:
    """A chooser button's text: the action's label, without the unit the title names ("Unarmed
    strike on Guard Orsin" under "Guard Orsin: choose one" reads "Unarmed strike")."""
    label = action.label or f"{action.kind} {action.option}".strip()
    if not subject or subject not in label:
        return label
    short = label_stem(label) or " ".join(label.replace(subject, " ").split())
    return short or label
