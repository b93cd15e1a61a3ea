"""The leave prompt's odds: when a unit leaves a square it shares with foes, each foe's side is
asked for a free shove or grapple; the prompt shows each answer's chance to succeed, the chance
it stops the unit, and what it does.

The figures are the context's (`game.rulesets.varium.table.leave_table`, from
`game.rulesets.varium.opposed`, the numbers the AI's answer weighs); this module lays them out.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.battle.prompt_parts import PartInput
from game.ui.theme import Fonts
from game.ui.widgets import percent

LEAVE_KEY = "leaveodds"  # game.rulesets.varium.table.LEAVE_KEY
HEADS = ("Succeeds", "Stops them")
DASH = "—"


def leave_cells(row: dict[str, Any]) -> tuple[str, str]:
    """A leave row's figures as shown: chance to succeed, chance the leaver is stopped."""
    chance = DASH if row.get("chance") is None else percent(float(row["chance"]))
    stops = DASH if row.get("stops") is None else percent(float(row["stops"]))
    return chance, stops


def leave_part(inp: PartInput) -> pygame.Surface | None:
    """Choice | succeeds | stops them, each answer followed by what it does."""
    table = inp.ctx.get(LEAVE_KEY)
    if not isinstance(table, dict) or not table.get("rows"):
        return None
    f, pal = inp.fonts, inp.pal
    lh = f.line_height(Fonts.SMALL)
    bold = f.font(Fonts.SMALL, True)
    rows = table["rows"]
    cells = [leave_cells(r) for r in rows]
    widest = [max([bold.size(h)[0]] + [bold.size(c[i])[0] for c in cells]) for i, h in enumerate(HEADS)]
    cols = [w + f.px(12) for w in widest]
    label_w = inp.width - sum(cols)
    rights = [label_w + sum(cols[: i + 1]) - f.px(4) for i in range(len(cols))]
    indent = f.px(14)
    effects = [f.wrap(str(r.get("effect", "")), inp.width - indent, Fonts.SMALL) for r in rows]
    note = f.wrap(str(table.get("note", "")), inp.width, Fonts.SMALL)
    height = lh + sum(lh * (1 + len(e)) for e in effects) + f.px(4) * len(rows) + lh * len(note)
    surf = pygame.Surface((inp.width, height), pygame.SRCALPHA)
    surf.blit(f.render("Choice", Fonts.SMALL, pal.dim, True), (0, 0))
    for right, h in zip(rights, HEADS, strict=True):
        pic = f.render(h, Fonts.SMALL, pal.dim, True)
        surf.blit(pic, pic.get_rect(topright=(right, 0)))
    y = lh
    pygame.draw.line(surf, pal.panel_edge, (0, y - 1), (inp.width, y - 1))
    for r, row_cells, effect in zip(rows, cells, effects, strict=True):
        label = f.render(str(r.get("label", r.get("key"))), Fonts.SMALL, pal.text, True)
        surf.blit(label, (0, y))
        for right, c in zip(rights, row_cells, strict=True):
            pic = f.render(c, Fonts.SMALL, pal.active, True)
            surf.blit(pic, pic.get_rect(topright=(right, y)))
        y += lh
        for line in effect:
            surf.blit(f.render(line, Fonts.SMALL, pal.dim), (indent, y))
            y += lh
        y += f.px(4)
    for line in note:
        surf.blit(f.render(line, Fonts.SMALL, pal.dim), (0, y))
        y += lh
    return surf
