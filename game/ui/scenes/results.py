"""After the match: winner, rounds, losses per side, damage dealt per unit, and the replay button."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.events import Event
from game.core.wording import plural
from game.ui.display_names import map_title, name_sides, side_names
from game.ui.replays import keep_replay
from game.ui.scenes.base import Scene
from game.ui.session import Session
from game.ui.theme import Fonts
from game.ui.view import UnitInfo, read_units
from game.ui.widgets import Button, panel

if TYPE_CHECKING:
    from game.ui.app import App


def damage_by_unit(log: list[Event]) -> dict[int, float]:
    """Damage dealt per attacking entity, from events whose data holds "damage" and "attacker"."""
    out: dict[int, float] = {}
    for ev in log:
        data = ev.data or {}
        dmg, who = data.get("damage"), data.get("attacker")
        if isinstance(dmg, (int, float)) and not isinstance(dmg, bool) and isinstance(who, int):
            out[who] = out.get(who, 0) + dmg
    return out


def losses_by_side(units: list[UnitInfo], sides: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    """(units out of action, units fielded) per side."""
    out = {}
    for side in sides:
        mine = [u for u in units if u.side == side]
        out[side] = (sum(1 for u in mine if u.state != "active"), len(mine))
    return out


class ResultsScene(Scene):
    """The end of a skirmish."""

    def __init__(self, app: App, session: Session, replay: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.replay = replay
        match = session.match
        self.units = read_units(match, None)
        # Damage from the events' data when the ruleset states it, else health lost as watched here.
        self.damage = damage_by_unit(match.log) or dict(session.damage_dealt)
        self.losses = losses_by_side(self.units, session.sides)
        self.names = side_names(match)
        # A finished game from the window leaves a replay in the data folder (not a watched one).
        self.replay_path = None if replay else keep_replay(session, limit=app.settings.replays_kept)
        self.map_title = map_title(match.scenario.map)
        self.buttons: list[Button] = []
        self.mouse = (0, 0)

    def watch_replay(self) -> None:
        """The game in the replay viewer (from its kept file when there is one), at its end."""
        from game.core.timeline import Timeline
        from game.errors import UserError
        from game.ui.replay import open_viewer
        from game.ui.replay.scene import ReplayScene

        if self.replay_path is not None:
            try:
                open_viewer(self.app, self.replay_path)
                return
            except UserError:
                pass  # the file cannot be read back (moved, or its map gone): the game in memory is the same
        m = self.session.match
        timeline = Timeline(m.ruleset, m.scenario, m.board, m.inputs)
        self.app.switch(ReplayScene(self.app, timeline, self.replay_path, dict(self.session.specs)))

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons and keys (R replay, Enter/Esc launcher)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    b.on_click()
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_r:
                self.watch_replay()
            elif event.key in (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_KP_ENTER):
                self.app.to_launcher()

    def draw(self, surface: pygame.Surface) -> None:
        """Summary, losses, damage chart, buttons."""
        f, pal = self.app.fonts, self.app.palette
        surface.fill(pal.bg)
        w, h = surface.get_size()
        match = self.session.match
        res = match.result
        x0 = f.px(40)
        y = f.px(30)
        if res is None:
            head = "Match unfinished"
            colour = pal.text
        elif res.winner is None:
            head, colour = "Draw", pal.text
        else:
            idx = self.session.sides.index(res.winner) if res.winner in self.session.sides else 0
            who = self.names.get(res.winner, res.winner) + (
                " (you)" if self.session.players.get(res.winner) is None and not self.replay else ""
            )
            head, colour = f"{who} wins", pal.side(idx)
        surface.blit(
            f.render(("Replay — " if self.replay else "") + head, Fonts.TITLE, colour, True), (x0, y)
        )
        y += f.line_height(Fonts.TITLE) + f.px(6)
        if res is not None:
            reason = name_sides(res.reason, self.names)
            reason = reason[:1].upper() + reason[1:]
            surface.blit(f.render(f.fit(reason, w - 2 * x0), Fonts.BODY, pal.dim), (x0, y))
            y += f.line_height(Fonts.BODY)
        surface.blit(
            f.render(
                f"{match.ruleset.name} · {self.map_title} · seed {match.scenario.seed} · "
                f"{plural(match.round, 'round')}",
                Fonts.BODY,
                pal.text,
            ),
            (x0, y),
        )
        y += f.line_height(Fonts.BODY)
        parent = getattr(self.session, "parent", None)
        if parent:
            source = f"the replay {parent['file']}" if parent["file"] else "a watched replay"
            where = f"Played on from input {parent['input']} of {source}"
            surface.blit(f.render(f.fit(where, w - 2 * x0), Fonts.BODY, pal.dim), (x0, y))
            y += f.line_height(Fonts.BODY)
        y += f.px(14)
        surface.blit(f.render("Losses", Fonts.LARGE, pal.text, True), (x0, y))
        y += f.line_height(Fonts.LARGE)
        for i, side in enumerate(self.session.sides):
            lost, total = self.losses[side]
            name = self.names.get(side, side)
            surface.blit(f.render(f"{name}: {lost} of {total} units out", Fonts.BODY, pal.side(i)), (x0, y))
            y += f.line_height(Fonts.BODY)
        y += f.px(14)
        surface.blit(f.render("Damage dealt", Fonts.LARGE, pal.text, True), (x0, y))
        y += f.line_height(Fonts.LARGE) + f.px(4)
        y = self._chart(surface, pygame.Rect(x0, y, min(w - 2 * x0, f.px(700)), h - y - f.px(90)))
        by = h - f.px(70)
        labels = [
            ("Watch replay (R)", self.watch_replay),
            ("New skirmish (Enter)", self.app.to_launcher),
            ("Quit", self.app.quit),
        ]
        self.buttons = []
        bx = x0
        for label, fn in labels:
            rect = pygame.Rect(bx, by, f.px(220), f.px(40))
            b = Button(rect, label, fn)
            b.draw(surface, f, pal, rect.collidepoint(self.mouse))
            self.buttons.append(b)
            bx += rect.w + f.px(16)

    def _chart(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """Horizontal bars, one per unit, in side colours."""
        f, pal = self.app.fonts, self.app.palette
        rows = sorted(self.units, key=lambda u: (u.side_index, u.ent))
        if not rows:
            return area.y
        top = max(self.damage.values(), default=0) or 1
        bh = max(f.px(12), min(f.px(22), area.h // max(1, len(rows)) - 4))
        name_w = f.px(170)
        y = area.y
        panel(surface, pygame.Rect(area.x - 8, area.y - 6, area.w + 16, (bh + 4) * len(rows) + 12), pal)
        for u in rows:
            dmg = self.damage.get(u.ent, 0)
            mark = "" if u.state == "active" else " †"
            name = f.fit(u.name, name_w - f.px(8) - f.font(Fonts.SMALL).size(mark)[0], Fonts.SMALL)
            label = f.render(name + mark, Fonts.SMALL, pal.text)
            surface.blit(label, (area.x, y + (bh - label.get_height()) // 2))
            width = round((area.w - name_w - f.px(50)) * dmg / top)
            pygame.draw.rect(
                surface, pal.side(u.side_index), (area.x + name_w, y, max(1 if dmg else 0, width), bh)
            )
            value = f.render(f"{dmg:g}", Fonts.SMALL, pal.text)
            surface.blit(value, (area.x + name_w + width + 6, y + (bh - value.get_height()) // 2))
            y += bh + 4
        return y
