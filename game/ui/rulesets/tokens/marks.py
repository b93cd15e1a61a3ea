"""Tokens' marks over the board, after the unit tokens: the pips, sneaking units (an own sneaker is
cloaked, an enemy one is drawn only as the marker where the viewer last saw it) and each unit's
exact odds inside an attack's reach, in word boxes placed where they cover no token.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.core.action import Action
from game.rulesets.tokens.kinds import Kind
from game.rulesets.tokens.view import stealth_of
from game.ui.rulesets.tokens.pips import CLOAK, MARK_FONT, Point, draw_pools, screen_of
from game.ui.rulesets.tokens.reading import attack_odds, decision_attack, ghosts

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene


class Placer:
    """Puts word boxes next to tokens where they cover no token, pip row or earlier box."""

    def __init__(self, area: pygame.Rect, taken: list[pygame.Rect]) -> None:
        self.area = area
        self.taken = list(taken)

    def place(self, size: tuple[int, int], anchors: list[tuple[str, tuple[int, int]]]) -> pygame.Rect:
        """The first of the anchored spots (pygame rect attribute, point) that is free and on the
        board, else the first one; it is taken from then on."""
        spots = []
        for attr, point in anchors:
            r = pygame.Rect((0, 0), size)
            setattr(r, attr, point)
            spots.append(r)
        free = next((r for r in spots if self._free(r)), None)
        if free is None:
            # every spot beside the token is taken: further out, step by step (a line ties it back)
            first = spots[0]
            for n in range(1, 12):
                rings = [first.move(0, n * (first.h + 2)), first.move(0, -n * (first.h + 2)),
                         first.move(n * (first.w // 2 + 2), 0), first.move(-n * (first.w // 2 + 2), 0),
                         first.move(n * (first.w // 2 + 2), n * (first.h + 2)),
                         first.move(-n * (first.w // 2 + 2), n * (first.h + 2))]
                free = next((r for r in rings if self._free(r)), None)
                if free is not None:
                    break
        rect = free or spots[0]
        self.taken.append(rect)
        return rect

    def _free(self, r: pygame.Rect) -> bool:
        return self.area.contains(r) and not any(r.colliderect(t) for t in self.taken)


def _around(x: int, y: int, d: int) -> list[tuple[str, tuple[int, int]]]:
    """Spots for a box beside a token at (x, y) of diameter d: under its health bar (centred, then
    flush with its left or right edge), right, left, under and beside, above its pip row."""
    low = y + d // 2 + max(5, d // 7)
    return [("midtop", (x, low)), ("topleft", (x - d // 2, low)), ("topright", (x + d // 2, low)),
            ("midleft", (x + d // 2 + 3, y)), ("midright", (x - d // 2 - 3, y)),
            ("topleft", (x + d // 2 + 3, low)), ("topright", (x - d // 2 - 3, low)),
            ("midbottom", (x, y - d // 2 - 3))]


def board_layer(scene: BattleScene, surface: pygame.Surface) -> None:
    """Tokens' marks over the board, after the unit tokens."""
    places = scene.token_places()
    taken = []
    for u in scene.units:
        at = screen_of(scene, places, u.ent) if u.alive else None
        if at is not None:
            x, y, d = at
            taken.append(pygame.Rect(x - d // 2, y - d // 2, d, d + max(5, d // 7)))
    scene.board_boxes = []  # the word boxes of this frame (hover boxes keep clear)
    pools_at = draw_pools(scene, surface, places)
    scene.__dict__["tokens_pools_drawn"] = pools_at  # where they went (tests read it)
    placer = Placer(scene.board_rect, taken + [r for rs in pools_at.values() for r in rs])
    _draw_cloaks(scene, surface, places, placer)
    _draw_ghosts(scene, surface, placer)
    action = decision_attack(scene)
    if action is not None:
        _draw_odds(scene, surface, places, placer, action, outline=True)
    elif scene.human_input:
        # the screen outlines a hovered attack's reach itself (`Ruleset.area_of`): the odds go in it
        hovered = scene.model.hovered_action()
        if hovered is not None and hovered.kind == Kind.ATTACK:
            _draw_odds(scene, surface, places, placer, hovered, outline=False)


def _dashed_circle(surface: pygame.Surface, colour: tuple[int, int, int], centre: tuple[int, int],
                   radius: int, width: int, dashes: int = 12) -> None:
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = centre
    for i in range(dashes):
        a0 = 2 * math.pi * i / dashes
        pygame.draw.arc(surface, colour, rect, a0, a0 + math.pi / dashes, width)


def _word_box(scene: BattleScene, surface: pygame.Surface, placer: Placer, lines: list[str],
              anchors: list[tuple[str, tuple[int, int]]], colour: tuple[int, int, int],
              edge: tuple[int, int, int] | None = None, back: tuple[int, ...] = (15, 15, 20, 215),
              owner: tuple[int, int, int] | None = None) -> pygame.Rect:
    """Lines of words in a small box, placed where they cover nothing; a box not in the first spot
    gets a thin line from the rim of its `owner` token (x, y, diameter) so it is read as its.
    Returns where it went."""
    f = scene.fonts
    texts = [f.render(line, MARK_FONT, colour) for line in lines]
    size = (max(t.get_width() for t in texts) + 6, sum(t.get_height() for t in texts) + 2)
    first = len(placer.taken)
    rect = placer.place(size, anchors)
    spot = pygame.Rect((0, 0), size)
    setattr(spot, anchors[0][0], anchors[0][1])
    if owner is not None and rect != spot and len(placer.taken) > first:
        ox, oy, d = owner
        near = (min(max(ox, rect.left), rect.right), min(max(oy, rect.top), rect.bottom))
        dist = math.hypot(near[0] - ox, near[1] - oy)
        if dist > d / 2 + 2:
            rim = (ox + (near[0] - ox) * (d / 2) / dist, oy + (near[1] - oy) * (d / 2) / dist)
            pygame.draw.line(surface, edge or colour, rim, near, 1)
    scene.board_boxes.append(rect)
    scene.word_rects.append(rect)
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, back, shade.get_rect(), border_radius=4)
    surface.blit(shade, rect)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, 1, border_radius=4)
    y = rect.y + 1
    for t in texts:
        surface.blit(t, t.get_rect(midtop=(rect.centerx, y)))
        y += t.get_height()
    return rect


def _draw_cloaks(scene: BattleScene, surface: pygame.Surface, places: dict[int, tuple[Point, int]],
                 placer: Placer) -> None:
    """A sneaking unit its own side (or a spectator) sees: a dashed cloak and its stealth value."""
    for u in scene.units:
        value = stealth_of(u.view) if u.alive else None
        if value is None:
            continue
        at = screen_of(scene, places, u.ent)
        if at is None:
            continue
        x, y, d = at
        _dashed_circle(surface, CLOAK, (x, y), d // 2 + max(4, d // 8), max(2, d // 14))
        _word_box(scene, surface, placer, [f"hidden {value}"], _around(x, y, d), (250, 250, 250),
                  back=(*CLOAK, 230))


def _draw_ghosts(scene: BattleScene, surface: pygame.Surface, placer: Placer) -> None:
    """Where the viewer last saw each enemy that is hiding now: a dashed outline, a "?" and its name."""
    d = scene._diameter()
    for g in ghosts(scene):
        sx, sy = scene.camera.to_screen(scene.layout.centre(g.cell))
        x, y = round(sx), round(sy)
        if not scene.board_rect.collidepoint(x, y):
            continue
        colour = scene.pal.side(g.side_index)
        _dashed_circle(surface, colour, (x, y), d // 2, max(2, d // 12), 10)
        f = scene.fonts
        mark = f.render("?", max(7, round(d * 0.5 / f.scale)), colour, True)
        surface.blit(mark, mark.get_rect(center=(x, y)))
        placer.taken.append(pygame.Rect(x - d // 2, y - d // 2, d, d))
        _word_box(scene, surface, placer, [g.name, "last seen"], _around(x, y, d), (235, 235, 240))


def _draw_odds(scene: BattleScene, surface: pygame.Surface, places: dict[int, tuple[Point, int]],
               placer: Placer, action: Action, outline: bool) -> None:
    """The attack's reach outlined (`outline`) and, beside each unit in it, its hit chance and
    expected damage (allies in the warning colour)."""
    cam = scene.camera
    width = max(2, round(2 * cam.zoom))
    for c in scene.model.area(action) if outline else []:
        pts = [cam.to_screen(p) for p in scene.layout.outline(c)]
        pygame.draw.polygon(surface, scene.pal.target, pts, width)
    attacker = screen_of(scene, places, action.actor) if action.actor is not None else None
    target = screen_of(scene, places, action.target) if action.target is not None else None
    if outline and attacker is not None and target is not None:
        pygame.draw.line(surface, scene.pal.target, attacker[:2], target[:2], width)
    for o in attack_odds(scene, action):
        at = screen_of(scene, places, o.ent)
        if at is None:
            continue
        x, y, d = at
        colour = scene.pal.bad if o.ally else (250, 250, 250)
        edge = scene.pal.bad if o.ally else scene.pal.target
        box = _word_box(scene, surface, placer, list(o.lines), _around(x, y, d), colour, edge,
                        owner=(x, y, d))
        if outline:
            scene.prompt_keep.append(box)  # the prompt about this shot must leave its odds readable
