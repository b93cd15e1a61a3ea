"""The pause menu over the battle (it asks before unsaved progress is lost) and the load-game
scene (saves listed by ruleset, map, round, squads and time)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.scenes.base import Scene
from game.ui.theme import Fonts
from game.ui.widgets import Button, panel

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.battle import BattleScene


class ButtonColumn:
    """A titled column of buttons, keyboard-navigable (Up/Down/Enter, Esc)."""

    def __init__(
        self,
        fonts: Fonts,
        title: str,
        items: list[tuple[str, Callable[[], None], bool]],
        on_escape: Callable[[], None],
        details: list[str] | None = None,
        width: int = 300,
    ) -> None:
        self.fonts = fonts
        self.title = title
        self.items = items
        self.on_escape = on_escape
        #: a second, dim line under an item's label (same order as items; "" for none)
        self.details = details or []
        self.width = width
        self.focus = 0
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.note = ""

    def layout(self, area: pygame.Rect) -> pygame.Rect:
        """Place the buttons centred in an area; returns the panel rect."""
        f = self.fonts
        bw = min(f.px(self.width), area.w - f.px(60))
        line = f.line_height(Fonts.BODY)
        gap = f.px(8)
        two_lines = line + f.line_height(Fonts.SMALL) + f.px(12)
        one_line = max(f.px(36), line + f.px(10))
        heights = [two_lines if self._detail(i) else one_line for i in range(len(self.items))]
        h = f.px(70) + sum(heights) + gap * len(self.items) + f.px(30)
        rect = pygame.Rect(0, 0, bw + f.px(40), min(h, area.h))
        rect.center = area.center
        y = rect.y + f.px(60)
        self.buttons = []
        for (label, fn, enabled), bh in zip(self.items, heights, strict=True):
            self.buttons.append(Button(pygame.Rect(rect.x + f.px(20), y, bw, bh), label, fn, enabled=enabled))
            y += bh + gap
        return rect

    def _detail(self, index: int) -> str:
        return self.details[index] if index < len(self.details) else ""

    def two_lines(self, rect: pygame.Rect) -> tuple[int, int]:
        """Where a two-line button's label and dim line start: centred in the button (a fixed top
        margin, px never under 8, pushed the dim line onto the focus outline at 100 %)."""
        f = self.fonts
        gap = max(1, round(f.scale))
        text_h = f.line_height(Fonts.BODY) + gap + f.line_height(Fonts.SMALL)
        top = rect.y + max(0, (rect.h - text_h) // 2)
        return top, top + f.line_height(Fonts.BODY) + gap

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keys."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos) and b.enabled:
                    b.on_click()
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.on_escape()
            elif event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.items)
            elif event.key == pygame.K_UP:
                self.focus = (self.focus - 1) % len(self.items)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                label, fn, enabled = self.items[self.focus]
                if enabled:
                    fn()

    def draw(self, surface: pygame.Surface, pal, area: pygame.Rect) -> None:  # noqa: ANN001
        """Panel, title, buttons (focused one outlined), optional note."""
        f = self.fonts
        rect = self.layout(area)
        panel(surface, rect, pal)
        title = f.render(self.title, Fonts.LARGE, pal.text, True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + f.px(18))))
        for i, b in enumerate(self.buttons):
            b.selected = i == self.focus
            detail = self._detail(i)
            if not detail:
                b.draw(surface, f, pal, b.rect.collidepoint(self.mouse))
                continue
            # Two lines: the label, and a dim line of details under it.
            label, b.label = b.label, ""
            b.draw(surface, f, pal, b.rect.collidepoint(self.mouse))
            b.label = label
            x, room = b.rect.x + f.px(10), b.rect.w - f.px(20)
            head_y, sub_y = self.two_lines(b.rect)
            head = f.render(f.fit(label, room, Fonts.BODY, True), Fonts.BODY, pal.text, True)
            surface.blit(head, (x, head_y))
            sub = f.render(f.fit(detail, room, Fonts.SMALL), Fonts.SMALL, pal.dim)
            surface.blit(sub, (x, sub_y))
        if self.note:
            room = rect.w - f.px(20)
            note = f.render(f.fit(self.note, room, Fonts.SMALL), Fonts.SMALL, pal.dim)
            surface.blit(note, note.get_rect(midbottom=(rect.centerx, rect.bottom - f.px(8))))


def unsaved_progress(session: Any) -> bool:
    """Whether leaving now loses moves: the game runs on, something was played, and no save in
    the saves folder holds exactly this game's inputs."""
    from game.ui.saves import SaveError, list_saves, read_save

    match = getattr(session, "match", None)
    if match is None or match.over or not match.inputs:
        return False
    scenario = match.scenario.to_json()
    for path in list_saves()[:10]:
        try:
            snap = read_save(path)["snapshot"]
        except (SaveError, OSError):
            continue
        if snap.get("inputs") == match.inputs and snap.get("scenario") == scenario:
            return False
    return True


class PauseMenu:
    """Esc over the battle: resume, save, load, settings, rules, help, leave."""

    def __init__(self, battle: BattleScene) -> None:
        self.battle = battle
        app = battle.app
        can_save = not battle.replay and battle.session.can_save
        self.can_save = can_save
        self.main = ButtonColumn(
            app.fonts,
            "Paused",
            [
                ("Resume", battle.close_menu, True),
                ("Save game", self._save, can_save),
                ("Load game", lambda: app.push(LoadScene(app)), True),
                ("Settings", lambda: app.open_settings(), True),
                ("Rules reference", lambda: app.open_rules(battle.match.ruleset), True),
                ("Keys (help)", self._help, True),
                ("Quit to launcher", lambda: self.leave(app.to_launcher, "Quit to launcher"), True),
                ("Quit game", lambda: self.leave(app.quit, "Quit game"), True),
            ],
            battle.close_menu,
        )
        self.column = self.main

    def leave(self, then: Callable[[], None], what: str) -> None:
        """Leave the battle; with unsaved progress, ask first (save and leave, leave, or stay)."""
        if self.battle.replay or not unsaved_progress(self.battle.session):
            then()
            return
        self.ask(then, what)

    def ask(self, then: Callable[[], None], what: str) -> None:
        """The question: this game has moves no save holds."""

        def save_then() -> None:
            if self.battle.save() is not None:
                then()
            else:
                self.column.note = (self.battle.toast or ("Could not save.", 0))[0]

        back = self._back_to_main
        self.column = ButtonColumn(
            self.battle.app.fonts,
            "Unsaved progress",
            [
                (f"Save, then {what.lower()}", save_then, self.can_save),
                (f"{what} without saving", then, True),
                ("Cancel", back, True),
            ],
            back,
        )
        self.column.note = "The moves since your last save would be lost."

    @property
    def asking(self) -> bool:
        """The unsaved-progress question is open."""
        return self.column is not self.main

    def _back_to_main(self) -> None:
        self.column = self.main

    def _save(self) -> None:
        path = self.battle.save()
        self.column.note = "Saved." if path else (self.battle.toast or ("", 0))[0]

    def _help(self) -> None:
        self.battle.overlay = "help"

    def handle(self, event: pygame.event.Event) -> None:
        """Forward input to the buttons."""
        self.column.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Shade the battle and draw the menu."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        self.column.draw(surface, self.battle.pal, surface.get_rect())


@dataclass(frozen=True)
class SaveSummary:
    """What the load list says of a save: which game, how far, when."""

    path: Path
    ruleset: str
    map: str
    round: int | None
    squads: str
    saved: str

    @property
    def label(self) -> str:
        """First line: the squads."""
        return self.squads

    @property
    def detail(self) -> str:
        """Second line: ruleset, map, round, time."""
        parts = [self.ruleset, self.map]
        if self.round is not None:
            parts.append(f"round {self.round}")
        parts.append(self.saved)
        return " · ".join(p for p in parts if p)


def save_summary(path: Path) -> SaveSummary | None:
    """Read a save's header for the list; None when it cannot be read (loading it says why)."""
    from game.core import ruleset as registry
    from game.core.options import built_squads
    from game.ui.display_names import map_title
    from game.ui.saves import SaveError, read_save

    try:
        data = read_save(path)
    except (SaveError, OSError):
        return None
    snap = data["snapshot"]
    scen = snap.get("scenario") or {}
    rid = str(scen.get("ruleset", ""))
    try:
        rs = registry.get(rid)
        rs_name, squads = rs.name, rs.squads()
    except Exception:  # noqa: BLE001 - a save of a ruleset not installed still gets listed
        rs_name, squads = rid.capitalize(), {}
    sides = dict(scen.get("squads") or {})
    built = built_squads(scen.get("options") or {})  # squads from a squad builder keep their name
    names = [str(built[side].get("name") or sid) if isinstance(built.get(side), dict)
             else squads[sid].name if sid in squads else str(sid).replace("_", " ").capitalize()
             for side, sid in sides.items()]
    table = (snap.get("world") or {}).get(str(snap.get("table_entity")), {}).get("Table", {})
    rnd = table.get("round") if isinstance(table, dict) else None
    saved = str(data.get("saved_at") or "")
    if not saved:
        saved = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    return SaveSummary(
        path=path,
        ruleset=rs_name,
        map=map_title(str(scen.get("map", ""))) if scen.get("map") else "",
        round=rnd if isinstance(rnd, int) else None,
        squads=" vs ".join(names) or path.stem,
        saved=saved[:16],  # to the minute
    )


class LoadScene(Scene):
    """Saved games, newest first; a damaged save shows one clear message and nothing is lost."""

    def __init__(self, app: App, folder: Path | None = None) -> None:
        super().__init__(app)
        from game.ui.saves import list_saves, shown_name

        self.folder = folder
        self.saves = list_saves(folder)[:8]
        self.error = ""
        self.summaries = [save_summary(p) for p in self.saves]
        items: list[tuple[str, Callable[[], None], bool]] = []
        details: list[str] = []
        for path, summary in zip(self.saves, self.summaries, strict=True):
            if summary is None:
                items.append((f"{shown_name(path)} (cannot be read)", (lambda p=path: self.load(p)), True))
                details.append("")
            else:
                items.append((summary.label, (lambda p=path: self.load(p)), True))
                details.append(summary.detail)
        items.append(("Back", app.pop, True))
        self.column = ButtonColumn(
            app.fonts, "Load game" if self.saves else "Load game — no saves yet", items, app.pop, details, 560
        )

    def load(self, path: Path) -> None:
        """Load a save and start its battle; on failure stay here with the message."""
        from game.ui.saves import SaveError, load_game
        from game.ui.scenes.battle import BattleScene

        try:
            session = load_game(path)
        except SaveError as exc:
            # Shown once, in full, at the foot of the screen; the column's note line is too short.
            self.error = str(exc)
            self.dirty = True
            return
        self.app.switch(BattleScene(self.app, session))

    def handle(self, event: pygame.event.Event) -> None:
        """Buttons."""
        self.column.handle(event)
        if event.type in (pygame.MOUSEMOTION, pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        """The list."""
        surface.fill(self.app.palette.bg)
        self.column.draw(surface, self.app.palette, surface.get_rect())
        if self.error:
            f = self.app.fonts
            width = surface.get_width() - f.px(80)
            lines = f.wrap(self.error, width, Fonts.BODY)[:3]
            y = surface.get_height() - f.px(20) - f.line_height(Fonts.BODY) * len(lines)
            for line in lines:
                msg = f.render(line, Fonts.BODY, self.app.palette.bad, True)
                surface.blit(msg, msg.get_rect(midtop=(surface.get_width() // 2, y)))
                y += f.line_height(Fonts.BODY)
