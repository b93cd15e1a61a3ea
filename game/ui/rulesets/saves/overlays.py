"""The saves layer's words drawn over the board and its tokens: the labels of the declaration
marks, how far the declaring side has got, the hovered target's group, the banner and where a
ring's badge goes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui.rulesets.saves.marks import ATTACK_RED, SHADOW, group_lines
from game.ui.theme import Fonts
from game.ui.widgets import panel

if TYPE_CHECKING:
    from game.core.geometry import Cell


def draw_pill(scene: Any, surface: pygame.Surface, centre: tuple[float, float], text: str,
              colour: tuple[int, int, int]) -> None:
    """A label in a rounded box of its colour, kept on the board."""
    f = scene.fonts
    label = f.render(text, Fonts.SMALL, (255, 255, 255), True)
    box = label.get_rect(center=(round(centre[0]), round(centre[1]))).inflate(f.px(10), f.px(4))
    box.clamp_ip(scene.board_rect)
    pygame.draw.rect(surface, SHADOW, box.inflate(2, 2), border_radius=box.h // 2)
    pygame.draw.rect(surface, colour, box, border_radius=box.h // 2)
    surface.blit(label, label.get_rect(center=box.center))
    scene.word_rects.append(box.inflate(2, 2))


def draw_progress(scene: Any, surface: pygame.Surface, view: dict[str, Any]) -> None:
    """How many of the viewer's units are declared and how to resolve, at the board's foot."""
    f, pal = scene.fonts, scene.pal
    board = scene.board_rect
    done = len([e for e in view.get("declared", []) if e in scene.unit_by_ent])
    left = len([e for e in view.get("waiting", []) if e in scene.unit_by_ent])
    head = f"{done} declared · {left} still to choose" if left else f"{done} declared · all chosen"
    tails = (" · E or Enter: Resolve (rolls everything) · click a declared unit to change it",
             " · E: Resolve · click a declared unit to change it", " · E: Resolve")
    small = f.font(Fonts.SMALL)
    text = next((head + t for t in tails if small.size(head + t)[0] <= board.w - f.px(40)), head)
    label = f.render(text, Fonts.SMALL, pal.text)
    box = label.get_rect(bottomleft=(board.x + f.px(14), board.bottom - f.px(12))).inflate(f.px(14),
                                                                                          f.px(8))
    panel(surface, box, pal, alpha=225)
    surface.blit(label, label.get_rect(center=box.center))


def draw_banner(scene: Any, surface: pygame.Surface, banner: list[str], colour: tuple[int, int, int],
                fade: float) -> None:
    """The announcement (surprise, morale, rout, the end), `fade` of full strength."""
    f, pal = scene.fonts, scene.pal
    board = scene.board_rect
    width = min(f.px(620), board.w - f.px(40))
    lines = [row for text in banner for row in f.wrap(text, width - f.px(32), Fonts.LARGE, True)]
    lh = f.line_height(Fonts.LARGE)
    box = pygame.Rect(0, 0, width, lh * len(lines) + f.px(24))
    # low on the board: the dice pop up at its top
    box.midbottom = (board.centerx, board.bottom - f.px(130))
    pic = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(pic, (*pal.panel, 240), pic.get_rect(), border_radius=8)
    pygame.draw.rect(pic, colour, pic.get_rect(), 3, border_radius=8)
    y = f.px(12)
    for row in lines:
        text = f.render(row, Fonts.LARGE, pal.text, True)
        pic.blit(text, text.get_rect(midtop=(box.w // 2, y)))
        y += lh
    pic.set_alpha(round(255 * fade))
    surface.blit(pic, box)


def draw_group_info(scene: Any, surface: pygame.Surface, view: dict[str, Any]) -> None:
    """Hovering a ringed target: who is declared against it, the gang bonus, the odds."""
    cell = scene.hover_cell
    if cell is None or scene._modal_rect() is not None:
        return
    group = next((g for g in view.get("groups", []) if not g["blast"] and g["target"] in scene.unit_by_ent
                  and scene.unit_by_ent[g["target"]].cell == cell), None)
    if group is None:
        return
    lines = group_lines(group, {e: u.name for e, u in scene.unit_by_ent.items()})
    f, pal = scene.fonts, scene.pal
    width = min(f.px(330), scene.board_rect.w - f.px(20))
    inner = width - f.px(16)
    rows = [(r, i == 0) for i, line in enumerate(lines) for r in f.wrap(line, inner, Fonts.SMALL, i == 0)]
    lh = f.line_height(Fonts.SMALL)
    box = pygame.Rect(0, 0, width, lh * len(rows) + f.px(12))
    # in the board's corner away from the target: the hover card goes by the mouse
    x, _ = scene.camera.to_screen(scene.layout.centre(cell))
    left = x > scene.board_rect.centerx
    box.topleft = (scene.board_rect.x + f.px(10), scene.board_rect.y + f.px(10)) if left else \
        (scene.board_rect.right - width - f.px(10), scene.board_rect.y + f.px(10))
    panel(surface, box, pal, alpha=235)
    pygame.draw.rect(surface, ATTACK_RED, box, 2, border_radius=6)
    ty = box.y + f.px(6)
    for row, bold in rows:
        surface.blit(f.render(row, Fonts.SMALL, pal.text, bold), (box.x + f.px(8), ty))
        ty += lh


def badge_spot(scene: Any, cell: Cell, centre: tuple[float, float], r: float,
               label: str, below: bool = False) -> tuple[float, float]:
    """Where a ring's badge goes: by the ring's upper right, or the first of the ring's other
    sides and corners whose label box covers least of the units' squares there, the target's
    own included (at 150 % UI scale the box is wider than a square: at the upper right it hid
    a diagonal neighbour). `below`: under the ring first (a maneuver's label under its unit)."""
    f = scene.fonts
    w, h = f.font(Fonts.SMALL).size(label)
    w, h = w + f.px(10) + 2, h + f.px(4) + 2
    z = scene.camera.zoom
    tw, th = scene.layout.tw * z, scene.layout.th * z
    near = []
    for u in scene.unit_by_ent.values():
        c = tuple(u.cell)
        if abs(c[0] - cell[0]) <= 2 and abs(c[1] - cell[1]) <= 2:
            ux, uy = scene.camera.to_screen(scene.layout.centre(c))
            near.append(pygame.Rect(round(ux - tw / 2), round(uy - th / 2), round(tw), round(th)))
    x, y = centre
    dx, dy = max(r * 1.05, r + w / 2 - tw * 0.1), max(r * 0.95, r + h / 2 - th * 0.1)
    spots = [(x + r * 1.05, y - r * 0.95), (x + dx, y), (x - dx, y), (x + r * 1.05, y + r * 0.95),
             (x - r * 1.05, y - r * 0.95), (x - r * 1.05, y + r * 0.95), (x, y - dy), (x, y + dy)]
    if below:
        spots = [spots[-1], *spots[:-1]]
    best, least = spots[0], None
    for spot in spots:
        box = pygame.Rect(0, 0, w, h)
        box.center = (round(spot[0]), round(spot[1]))
        covered = sum(box.clip(n).w * box.clip(n).h for n in near)
        if least is None or covered < least:
            best, least = spot, covered
    return best
