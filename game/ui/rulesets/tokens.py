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

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core.action import Action
from game.core.geometry import Cell
from game.rulesets.tokens import hover
from game.rulesets.tokens.kinds import Kind
from game.rulesets.tokens.view import ATTACK, MOVE, pools, stealth_of
from game.ui.battle.extensions import register_hooks, register_layer
from game.ui.battle.model import register_chooser_groups
from game.ui.widgets import percent

if TYPE_CHECKING:
    from game.ui.battle.model import BattleModel
    from game.ui.scenes.battle import BattleScene

Point = tuple[float, float]

MOVE_PIP = (86, 180, 233)
ATTACK_PIP = (230, 120, 60)
RESERVED_PIP = (240, 228, 66)
CLOAK = (150, 110, 220)
INK = (15, 15, 20)


@dataclass(frozen=True)
class Ghost:
    """An enemy hidden from the viewer, drawn where the viewer last saw it."""

    ent: int
    cell: Cell
    name: str
    side_index: int


@dataclass(frozen=True)
class Odds:
    """What one unit in an attack's reach gets, per property choice (a line each)."""

    ent: int
    ally: bool
    lines: tuple[str, ...]


# -- reading (pygame-free, cached per state and viewer) ------------------------------------------
def _memo(scene: BattleScene, key: Any, read: Any) -> Any:
    """`read()` once per match state and viewer; while the AI's thread holds the world, the last
    reading of `key` (or None)."""
    store: dict[Any, Any] = scene.__dict__.setdefault("_tokens_ui", {})
    version = (scene.match.version, scene.viewer)
    if store.get("version") != version and not scene.model.world_busy:
        store.clear()
        store["version"] = version
    if key in store:
        return store[key]
    if scene.model.world_busy:
        return None
    try:
        with scene.match.world:
            value = read()
    except Exception:  # noqa: BLE001 - a mark must never take the screen down
        value = None
    store[key] = value
    return value


def ghosts(scene: BattleScene) -> list[Ghost]:
    """Enemies hidden from the viewer that it saw before they hid, at the tile it saw them on (a
    spectator sees every unit, so it has none)."""
    viewer = scene.viewer
    if viewer is None:
        return []

    def read() -> list[Ghost]:
        import esper

        from game.core.components import Name, Side

        sides = list(scene.match.table.sides)
        out = []
        for ent, cell in sorted(scene.match.ruleset.hidden_units(scene.match, viewer).items()):
            if cell is None:
                continue
            name = esper.component_for_entity(ent, Name).text
            side = esper.component_for_entity(ent, Side).side
            index = sides.index(side) if side in sides else 1
            out.append(Ghost(ent, (int(cell[0]), int(cell[1])), name, index))
        return out

    return _memo(scene, "ghosts", read) or []


def attack_odds(scene: BattleScene, action: Action) -> list[Odds]:
    """Each unit the attack can reach (allies too) with its exact chance to be hit and expected
    damage in every property choice, as the attacker's side sees it."""

    def read() -> list[Odds]:
        found = hover.area_odds(scene.match, action)
        modes = list(dict.fromkeys(o.mode for o in found))
        by_ent: dict[int, list[hover.AreaOdds]] = {}
        for o in found:
            by_ent.setdefault(o.ent, []).append(o)
        out = []
        for ent, rows in by_ent.items():
            texts = [_odds_text(o) for o in rows]
            same = len(rows) == len(modes) and len(set(texts)) == 1
            # one choice: two short lines (hit chance; expected damage), narrow enough to sit by a token
            lines = tuple(texts[0].split(" · ", 1)) if same or len(modes) == 1 else tuple(
                f"{o.mode}: {t}" for o, t in zip(rows, texts, strict=True))
            out.append(Odds(ent, rows[0].ally, lines))
        return out

    return _memo(scene, ("area odds", repr(action.to_json())), read) or []


def _odds_text(o: hover.AreaOdds) -> str:
    """"100% · 2.0 dmg" (hit chance, expected damage to health), "· KO" when a hit takes it out."""
    text = f"{percent(o.chance)} · {o.expected:.1f} dmg"
    if o.takes_out:
        text += " · KO"
    return text


def decision_attack(scene: BattleScene) -> Action | None:
    """The attack an open overwatch, attack-of-opportunity or property prompt of the viewer's is
    about, as an attack action (its reach and odds are drawn while the person decides)."""
    session = scene.session
    d = session.decision if session.waiting_for_human and scene.handoff is None else None
    if d is None or d.kind not in ("overwatch", "aoo", "mode") or d.side != scene.viewer:
        return None
    ctx = d.context or {}
    attacker, target = ctx.get("attacker"), ctx.get("target")
    if not isinstance(attacker, int) or not isinstance(target, int):
        return None

    def read() -> str:
        import esper

        from game.rulesets.tokens.components import TkGear

        return str(ctx.get("weapon") or esper.component_for_entity(attacker, TkGear).held)

    wid = _memo(scene, ("held", attacker), read)
    return Action(Kind.ATTACK, attacker, target=target, option=wid) if wid else None


def path_words(scene: BattleScene, move: Action) -> str | None:
    """The path preview: tokens spent, attacks of opportunity provoked, the Bypass cost."""
    if move.kind not in (Kind.MOVE, Kind.SPRINT):
        return None
    options = scene.move_options.get(move.path[-1] if move.path else move.cell, [])  # type: ignore[arg-type]

    def read() -> list[str]:
        return hover.path_note(scene.match, move, list(options))

    words = _memo(scene, ("path", repr(move.to_json())), read)
    return "\n".join(words) if words else None


# -- drawing --------------------------------------------------------------------------------------
#: the design font size of the marks' words (smaller than the panel's: they sit between tokens)
MARK_FONT = 11


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
        free = next((r for r in spots if self.area.contains(r)
                     and not any(r.colliderect(t) for t in self.taken)), None)
        rect = free or spots[0]
        self.taken.append(rect)
        return rect


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
        at = _screen(scene, places, u.ent) if u.alive else None
        if at is not None:
            x, y, d = at
            taken.append(pygame.Rect(x - d // 2, y - d // 2, d, d + max(5, d // 7)))
    placer = Placer(scene.board_rect, taken)
    _draw_pools(scene, surface, places)
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


def _screen(scene: BattleScene, places: dict[int, tuple[Point, int]], ent: int
            ) -> tuple[int, int, int] | None:
    """(x, y, diameter) of a unit's token on screen."""
    found = places.get(ent)
    if found is None:
        return None
    (mx, my), size = found
    slide = scene.slides.get(ent)
    if slide is not None:
        mx, my = slide.point(scene.layout)
    sx, sy = scene.camera.to_screen((mx, my))
    return round(sx), round(sy), size


def _draw_pools(scene: BattleScene, surface: pygame.Surface, places: dict[int, tuple[Point, int]]) -> None:
    """Move and attack pips of the side to act (filled: left, hollow: spent), and the overwatch
    tokens any unit holds in reserve."""
    turn = scene.turn.side if scene.turn is not None else None
    for u in scene.units:
        if not u.alive or u.state != "active":
            continue
        at = _screen(scene, places, u.ent)
        if at is None:
            continue
        x, y, d = at
        have = pools(u.view)
        if u.side == turn and (MOVE in have or ATTACK in have):
            _pip_row(scene, surface, pip_centre(x, y, d), d, have)
        reserved = have.get(ATTACK, (0, 0, 0))[2]
        if reserved:
            _overwatch_badge(scene, surface, (x + d // 2, y - d // 2 + max(5, round(d * 0.2))), d, reserved)


def pip_centre(x: int, y: int, d: int) -> tuple[int, int]:
    """Where a token's row of pips is centred: across the top of the token itself (the gaps between
    tiles hold the health bars of the row above)."""
    return x, y - d // 2 + max(2, round(d * 0.06)) + 1


@dataclass(frozen=True)
class Pip:
    """One token over a unit: a move or attack token, still to spend (filled) or spent."""

    kind: str
    filled: bool
    centre: tuple[int, int]
    radius: int


def pip_layout(scene: BattleScene, centre: tuple[int, int], d: int,
               have: dict[str, tuple[int, int, int]]) -> list[Pip] | None:
    """The pips of a unit's pools in a row centred on `centre` (move tokens, then attack tokens),
    or None when the row would be wider than a tile (then the counts are written instead)."""
    move, move_max, _ = have.get(MOVE, (0, 0, 0))
    attack, attack_max, _ = have.get(ATTACK, (0, 0, 0))
    r = max(2, round(d * 0.06))
    step = 2 * r + 1
    gap = 2 * r
    width = (move_max + attack_max) * step + (gap if move_max and attack_max else 0)
    tile = round(min(scene.layout.tw, scene.layout.th) * scene.camera.zoom)
    if width > tile * 1.1:
        return None
    out = []
    x = centre[0] - width // 2 + r
    for i in range(move_max):
        out.append(Pip(MOVE, i < move, (x, centre[1]), r))
        x += step
    x += gap if move_max else 0
    for i in range(attack_max):
        out.append(Pip(ATTACK, i < attack, (x, centre[1]), r))
        x += step
    return out


def _pip_row(scene: BattleScene, surface: pygame.Surface, centre: tuple[int, int], d: int,
             have: dict[str, tuple[int, int, int]]) -> None:
    pips = pip_layout(scene, centre, d, have)
    if pips is not None:
        if not pips:
            return
        r = pips[0].radius
        back = pygame.Rect(0, 0, pips[-1].centre[0] - pips[0].centre[0] + 2 * r + 4, 2 * r + 4)
        back.center = ((pips[0].centre[0] + pips[-1].centre[0]) // 2, centre[1])
        pygame.draw.rect(surface, INK, back, border_radius=r + 2)
        for p in pips:
            x, y = p.centre
            if p.kind == MOVE:
                pygame.draw.circle(surface, MOVE_PIP, p.centre, r, 0 if p.filled else 1)
            else:
                pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
                pygame.draw.polygon(surface, ATTACK_PIP, pts, 0 if p.filled else 1)
        return
    # too small for pips: the counts as text, each in its pips' colour (move · attack), sized to
    # the tile; on tiles too small even for that the panel alone shows them
    f = scene.fonts
    tile = min(scene.layout.tw, scene.layout.th) * scene.camera.zoom
    size = min(MARK_FONT, max(6, round(tile * 0.3 / f.scale)))
    parts = [f.render(str(have.get(MOVE, (0, 0, 0))[0]), size, MOVE_PIP, True),
             f.render("·", size, (200, 200, 205), True),
             f.render(str(have.get(ATTACK, (0, 0, 0))[0]), size, ATTACK_PIP, True)]
    box = pygame.Rect(0, 0, sum(p.get_width() for p in parts), max(p.get_height() for p in parts))
    if box.w > tile * 0.95 or box.h > tile * 0.45:
        return
    box.center = centre
    pygame.draw.rect(surface, INK, box.inflate(6, 2), border_radius=4)
    x = box.x
    for p in parts:
        surface.blit(p, (x, box.y))
        x += p.get_width()


def _overwatch_badge(scene: BattleScene, surface: pygame.Surface, at: tuple[int, int], d: int,
                     n: int) -> None:
    """An eye with the reserved tokens at the token's upper right: this unit will fire when an
    enemy moves in its sights."""
    r = max(5, round(d * 0.2))
    cx, cy = at
    label = scene.fonts.render(str(n), MARK_FONT, INK, True)
    back = pygame.Rect(0, 0, 2 * r + label.get_width() + 4, 2 * r)
    back.midleft = (cx - r, cy)
    pygame.draw.rect(surface, RESERVED_PIP, back, border_radius=r)
    pygame.draw.rect(surface, INK, back, 1, border_radius=r)
    pygame.draw.ellipse(surface, INK, pygame.Rect(cx - r + 2, cy - r // 2, 2 * r - 4, r), 1)
    pygame.draw.circle(surface, INK, (cx, cy), max(2, r // 3))
    surface.blit(label, label.get_rect(midleft=(cx + r, cy)))


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
              owner: tuple[int, int, int] | None = None) -> None:
    """Lines of words in a small box, placed where they cover nothing; a box not in the first spot
    gets a thin line from the rim of its `owner` token (x, y, diameter) so it is read as its."""
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
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, back, shade.get_rect(), border_radius=4)
    surface.blit(shade, rect)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, 1, border_radius=4)
    y = rect.y + 1
    for t in texts:
        surface.blit(t, t.get_rect(midtop=(rect.centerx, y)))
        y += t.get_height()


def _draw_cloaks(scene: BattleScene, surface: pygame.Surface, places: dict[int, tuple[Point, int]],
                 placer: Placer) -> None:
    """A sneaking unit its own side (or a spectator) sees: a dashed cloak and its stealth value."""
    for u in scene.units:
        value = stealth_of(u.view) if u.alive else None
        if value is None:
            continue
        at = _screen(scene, places, u.ent)
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
    attacker = _screen(scene, places, action.actor) if action.actor is not None else None
    target = _screen(scene, places, action.target) if action.target is not None else None
    if outline and attacker is not None and target is not None:
        pygame.draw.line(surface, scene.pal.target, attacker[:2], target[:2], width)
    for o in attack_odds(scene, action):
        at = _screen(scene, places, o.ent)
        if at is None:
            continue
        x, y, d = at
        colour = scene.pal.bad if o.ally else (250, 250, 250)
        edge = scene.pal.bad if o.ally else scene.pal.target
        _word_box(scene, surface, placer, list(o.lines), _around(x, y, d), colour, edge, owner=(x, y, d))


def auto_select(model: BattleModel) -> int | None:
    """The first unit of the side to act that still has something to do: its actions are listed
    (clicking another unit or Tab picks another); listing every unit's at once buried them."""
    if model.turn is None:
        return None
    actors = {a.actor for a in model.session.legal() if a.actor is not None}
    return next((u.ent for u in model.units if u.ent in actors and u.side == model.turn.side), None)


class TokensLayer:
    """Tokens' part of the battle screen (`extensions.BattleLayer`): its marks over the tokens;
    events are shown at the screen's own pace."""

    playing = False
    animating = False

    def __init__(self, scene: BattleScene) -> None:
        self.scene = scene

    def on_step(self, step: Any) -> bool:
        return False

    def update(self, dt: float) -> bool:
        return False

    def draw_board(self, surface: pygame.Surface) -> None:
        return None

    def draw_top(self, surface: pygame.Surface) -> None:
        board_layer(self.scene, surface)


register_layer("tokens", TokensLayer)
register_hooks("tokens", path_label=path_words, auto_select=auto_select)
# sneak, observe and await come in one action per number of tokens: one entry each, then a chooser
register_chooser_groups(Kind.SNEAK, Kind.OBSERVE, Kind.AWAIT)
