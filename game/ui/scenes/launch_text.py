"""What the launcher offers and says, without drawing it: the player and player-character choices
and the description of the chosen ruleset, map, squads and rules options (pygame_gui's HTML)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.ui.scenes.squad_choices import built_squad_info

SIDE_CHOICES: tuple[tuple[str, str], ...] = (
    ("Human", "human"),
    ("AI — random", "ai:random"),
    ("AI — easy", "ai:easy"),
    ("AI — normal", "ai:normal"),
    ("AI — hard", "ai:hard"),
)

# who fields player characters ("" = as the ruleset decides from the squads)
PC_CHOICES: tuple[tuple[str, str], ...] = (
    ("Player characters: by squad", ""),
    ("Player characters: side 1", "p1"),
    ("Player characters: side 2", "p2"),
    ("Player characters: both", "p1,p2"),
    ("Player characters: none", "none"),
)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def option_choice(opt: Any, value: Any) -> str:
    """A rules option's menu entry, "Who acts first: DEX saves decide": its name and the
    value's, with one colon (a value's own colon read "Who acts first: unclear: DEX saves")."""
    return f"{opt.display}: {opt.label(value).replace(': ', ', ')}"


def option_lines(rs: Any) -> list[str]:
    """One line per rules option the ruleset declares: its name and what it does."""
    return [f"<b>{_html(o.display)}</b> — {_html(o.description)}" for o in rs.rule_options()]


def description(rs: Any, map_path: Path | None, squads: dict[str, str]) -> str:
    """The ruleset, the map, each side's squad and the rules options, one per line."""
    # here, not at the top: the launcher's first frame offers the choices before any is described
    # (the maps' titles come from their XML)
    from game.ui.display_names import units_line
    from game.ui.map_choice import map_choice_line

    if rs is None:
        return "Install a ruleset package under game/rulesets/."
    known = rs.squads()
    parts = [f"<b>{_html(rs.name)}</b> — {rs.board_kind} board."]
    if map_path is not None:
        parts.append(map_choice_line(map_path, rs))
    for side in ("p1", "p2"):
        sq = known.get(squads.get(side, "")) or built_squad_info(rs, squads.get(side, ""))
        if sq is not None:
            who, units = f"Side {side[1:]}", _html(units_line(sq.units))
            parts.append(f"<b>{who}: {_html(sq.name)}</b> — {_html(sq.description)} ({units})")
    parts.extend(option_lines(rs))
    parts.append("Keys in battle: F1. Enter starts.")
    return "<br>".join(parts)
