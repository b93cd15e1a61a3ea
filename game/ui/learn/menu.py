"""The list of guided battles ("Learn to play"): one per ruleset that has one, each started or
resumed where it was left; on the very first launch it opens by itself with a word of welcome."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer, UITextBox

from game.learn import progress
from game.learn.lesson import lessons
from game.ui.scenes.gui import GuiScene

if TYPE_CHECKING:
    from game.ui.app import App

WELCOME = ("Welcome to Skirmish Table. Each ruleset has a guided first battle: a small fight whose "
           "steps show you what to click and why, one rule at a time. You can leave it at any moment "
           "and pick it up again here.")


class LearnMenuScene(GuiScene):
    """Choose a guided battle."""

    def __init__(self, app: App, first: bool = False) -> None:
        super().__init__(app)
        # the welcome and the lessons' descriptions are words to read, not boxes to type in: no
        # border, no field colour
        pal = app.palette
        plain = {"colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
                 "misc": {"border_width": "0", "shape": "rectangle"}}
        dim_hex = "#" + "".join(f"{c:02x}" for c in pal.dim[:3])
        dim = {**plain, "colours": {**plain["colours"], "normal_text": dim_hex}}
        self.manager.get_theme().load_theme({"#plain": plain, "#plain_dim": dim})
        self.first = first
        self.actions: dict[Any, tuple[str, str]] = {}
        self.build()

    def build(self) -> None:
        """A row per lesson: its ruleset, what it teaches, Start (or Resume and Start over)."""
        from game.core import ruleset as registry

        self.manager.clear_and_reset()
        f = self.app.fonts
        w, h = self.app.screen_size
        m = f.px(40)
        title = pygame.Rect(m, f.px(20), w - 2 * m, f.px(50))
        UILabel(title, "Learn to play", self.manager, object_id="#title")
        y = f.px(80)
        if self.first:
            # as tall as its words (-1): the lessons below get the rest
            box = UITextBox(WELCOME, pygame.Rect(m, y, w - 2 * m, -1), self.manager, object_id="#plain")
            y += box.rect.h + f.px(12)
        self.actions = {}
        bw, bh = f.px(150), f.px(36)
        row = f.px(86)
        listed = sorted(lessons().items(), key=lambda kv: kv[0] != "varium")
        # the lessons scroll between the words above and the way out, which stays on screen (at
        # 150 % on 720 pixels the last lesson and the way out were below the window's edge)
        back_y = h - m - bh
        room = back_y - f.px(10) - y
        scroll = len(listed) * row > room
        holder = None
        if scroll:
            holder = UIScrollingContainer(pygame.Rect(m, y, w - 2 * m, room), self.manager,
                                          allow_scroll_x=False)
            holder.set_scrollable_area_dimensions((w - 2 * m - f.px(24), len(listed) * row))
        self.lesson_list = holder
        left, y = (0, 0) if scroll else (m, y)
        right = (w - 2 * m - f.px(24)) if scroll else w - m
        where = {"container": holder} if holder is not None else {}
        for rid, lesson in listed:
            name = registry.get(rid).name
            text_w = right - left - 2 * (bw + f.px(10))
            finished = progress.done(lesson)
            head = f"{name}: {lesson.title.split(': ', 1)[-1]}" + ("  ·  Done" if finished else "")
            UILabel(pygame.Rect(left, y, text_w, f.px(28)), head, self.manager, **where)
            UITextBox(lesson.about, pygame.Rect(left, y + f.px(28), text_w, row - f.px(34)), self.manager,
                      object_id="#plain_dim", **where)
            step = progress.saved_step(lesson)
            x = right - 2 * bw - f.px(10)
            if step is not None:
                # the closing "Lesson complete" is counted too, as the guide's band counts it
                label = f"Resume ({step + 1}/{len(lesson.steps) + 1})"
                b = UIButton(pygame.Rect(x, y + f.px(8), bw, bh), label, self.manager, **where)
                self.actions[b] = ("resume", rid)
                x += bw + f.px(10)
                b = UIButton(pygame.Rect(x, y + f.px(8), bw, bh), "Start over", self.manager, **where)
                self.actions[b] = ("start", rid)
            else:
                b = UIButton(pygame.Rect(x + bw + f.px(10), y + f.px(8), bw, bh),
                             "Play again" if finished else "Start", self.manager, **where)
                self.actions[b] = ("start", rid)
            y += row
        back = UIButton(pygame.Rect(m, back_y if scroll else max(y + f.px(10), back_y), bw, bh),
                        "Not now" if self.first else "Back", self.manager)
        self.actions[back] = ("back", "")

    def open_lesson(self, rid: str, resume: bool) -> None:
        """Into the guided battle."""
        from game.ui.learn.scene import LearnScene

        self.app.switch(LearnScene.open(self.app, lessons()[rid], resume=resume))

    def on_event(self, event: pygame.event.Event) -> None:
        """Start, Resume, Start over, Back."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            what, rid = self.actions[event.ui_element]
            if what == "back":
                self.app.pop()
            else:
                self.open_lesson(rid, resume=what == "resume")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()


def offer_on_first_launch(app: App) -> bool:
    """On the very first launch, the guided battles open over the launcher (once: afterwards
    the launcher's Learn to play keeps them); True when they were offered."""
    if not progress.first_launch():
        return False
    progress.mark_offered()
    app.push(LearnMenuScene(app, first=True))
    return True
