"""Play from here: the point shown in the replay viewer becomes a new game, each side played by
whom the player chooses; the new game is a normal battle, and its replay records where it came
from (the viewed replay's file name and the input index)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from game.ui.scenes.gui import GuiScene
from game.ui.scenes.launch_text import SIDE_CHOICES

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.replay.scene import ReplayScene
    from game.ui.session import Session


def branch_session(viewer: ReplayScene, specs: dict[str, str]) -> Session:
    """A new match at the viewed input boundary (inside an input: its start), played by `specs`."""
    from game.core.match import Match
    from game.ui.session import Session

    tl = viewer.timeline
    snap = tl.branch_snapshot()
    old = tl.match
    match = Match.from_snapshot(old.ruleset, old.board, snap)
    session = Session(match, specs)
    session.parent = {"file": viewer.path.name if viewer.path is not None else "", "input": tl.pos}  # type: ignore[attr-defined]
    return session


def default_specs(recorded: dict[str, str], sides: tuple[str, ...]) -> dict[str, str]:
    """You take side 1 against whoever played side 2 (an AI level as recorded, else Normal)."""
    known = {v for _, v in SIDE_CHOICES}
    out = {}
    for i, side in enumerate(sides):
        rec = recorded.get(side, "")
        rec = rec if rec.startswith("ai:") else (f"ai:{rec}" if f"ai:{rec}" in known else rec)
        out[side] = "human" if i == 0 else (rec if rec in known and rec != "human" else "ai:normal")
    return out


class BranchScene(GuiScene):
    """Who plays each side from here; Start begins the branch, Back returns to the replay."""

    def __init__(self, app: App, viewer: ReplayScene) -> None:
        super().__init__(app)
        self.viewer = viewer
        self.sides = viewer.session.sides
        self.specs = default_specs(viewer.recorded_controllers, self.sides)
        self.menus: dict[str, UIDropDownMenu] = {}
        self.build()

    def build(self) -> None:
        """Title, where the branch starts, one menu per side, Start and Back."""
        self.manager.clear_and_reset()
        f = self.app.fonts
        w, _h = self.app.screen_size
        m, row = f.px(40), f.px(44)
        label_w, field_w = f.px(260), min(f.px(260), w - 2 * m - f.px(260))
        UILabel(pygame.Rect(m, f.px(20), w - 2 * m, f.px(50)), "Play from here", self.manager,
                object_id="#title")
        tl = self.viewer.timeline
        where = f"A new game from input {tl.pos} of {tl.length} (round {tl.round})"
        if not tl.live:
            where += ", at the start of the input being shown"
        UILabel(pygame.Rect(m, f.px(74), w - 2 * m, f.px(28)), where + ".", self.manager, object_id="#dim")
        y = f.px(120)
        for side in self.sides:
            name = self.viewer.side_name(side)
            UILabel(pygame.Rect(m, y, label_w, row - 8), f.fit(name, label_w - f.px(8)), self.manager)
            cur = next(o for o in SIDE_CHOICES if o[1] == self.specs[side])
            self.menus[side] = UIDropDownMenu(list(SIDE_CHOICES), cur,
                                              pygame.Rect(m + label_w, y, field_w, row - 8), self.manager)
            y += row
        y += f.px(16)
        self.start = UIButton(pygame.Rect(m, y, f.px(180), f.px(42)), "Start", self.manager)
        self.back = UIButton(pygame.Rect(m + f.px(196), y, f.px(180), f.px(42)), "Back", self.manager)
        UILabel(pygame.Rect(m, y + f.px(54), w - 2 * m, f.px(26)),
                "The new game is saved as its own replay when it ends. Enter starts, Esc returns.",
                self.manager, object_id="#dim")

    def begin(self) -> None:
        """Start the branch in the battle screen."""
        from game.ui.scenes.battle import BattleScene

        session = branch_session(self.viewer, dict(self.specs))
        self.app.switch(BattleScene(self.app, session))

    def on_event(self, event: Any) -> None:
        """Menus, Start, Back, Enter, Esc."""
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for side, menu in self.menus.items():
                if event.ui_element is menu:
                    self.specs[side] = event.selected_option_id
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start:
                self.begin()
            elif event.ui_element is self.back:
                self.app.pop()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.begin()
            elif event.key == pygame.K_ESCAPE:
                self.app.pop()
