"""The guided battle's screen: the battle screen with the guide box over it. Every input of the
person goes through the coach first (an input the step does not ask for is held back with a
hint); after every input the lesson's progress is kept, so Leave (or closing the window) and
Learn to play again resume it where it was."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.action import Action
from game.core.kinds import HAND_GROUP, HAND_NAME, HAND_OPTION
from game.learn import progress
from game.learn.coach import NEXT_KEY, Coach, ScriptedOpponent, unit_names
from game.ui.battle.scene import BattleScene
from game.ui.learn.guide import Guide
from game.ui.scenes.menus import PauseMenu
from game.ui.session import Session, Step
from game.ui.widgets import tooltip

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from game.core.match import Match
    from game.learn.lesson import Lesson
    from game.ui.app import App


class LessonPauseMenu(PauseMenu):
    """The battle's pause menu; leaving keeps the lesson's progress (it is kept after every
    input anyway), so it never asks about unsaved moves."""

    battle: LearnScene

    def leave(self, then: Callable[[], None], what: str) -> None:
        """Keep the lesson, then go (to the launcher: with the lesson's ruleset chosen)."""
        progress.save(self.battle.coach, self.battle.opponent)
        then()
        self.battle.launcher_on_ruleset()

    def ask(self, then: Callable[[], None], what: str) -> None:
        """Closing the window: nothing to ask, the lesson is kept."""
        self.leave(then, what)


class LearnScene(BattleScene):
    """A lesson in progress."""

    #: the scripted opponent answers at once: no worker process to start for it
    ai_processes = False

    def __init__(self, app: App, lesson: Lesson, match: Match, coach: Coach,
                 opponent: ScriptedOpponent) -> None:
        other = progress.opponent_side(lesson, match)
        session = Session(match, {lesson.player: "human", other: "ai:easy"}, {other: opponent})
        self.coach = coach
        self.opponent = opponent
        self.lesson = lesson
        self.guide = Guide(self)
        super().__init__(app, session)

    @staticmethod
    def open(app: App, lesson: Lesson, resume: bool = True) -> LearnScene:
        """A lesson from its start, or resumed where it was left."""
        match, coach, opponent = progress.resume(lesson) if resume else progress.start(lesson)
        scene = LearnScene(app, lesson, match, coach, opponent)
        progress.save(coach, opponent)
        return scene

    # -- inputs go through the coach -----------------------------------------------------------
    def submit(self, action: Action) -> None:
        """A person's action, if the current step asks for it."""
        if not self.human_input:
            return
        if not self.coach.allows_action(action):
            self.chooser = None  # the guide's band says what the step asks instead
            self.invalidate()
            return
        super().submit(action)

    def answer(self, key: str) -> None:
        """A person's answer, if the current step asks for it."""
        if self.replay or self.handoff is not None or not self.session.waiting_for_human:
            return
        if not self.coach.allows_answer(key):
            self.invalidate()
            return
        super().answer(key)

    def apply_step(self, step: Step) -> None:
        """Show what an input did; a person's input may complete the step; keep the progress."""
        super().apply_step(step)
        person = self.session.players.get(step.side) is None
        if step.side == self.lesson.player and step.thought is None and person:
            if step.action is not None:
                self.coach.acted(step.action)
            else:
                self.coach.answered(step.answer)
        elif step.side != self.lesson.player and step.action is not None \
                and step.action.kind not in self.match.ruleset.turn_ending:
            # the opponent's turn shows on the board only as log lines: the band says what it did
            self.coach.opponent_acted(self.opponent_words(step.action))
        progress.save(self.coach, self.opponent)
        self.invalidate()

    def click_cell(self, cell, unit=None) -> None:  # type: ignore[no-untyped-def]
        """A click on the board; picking a unit may complete the step."""
        super().click_cell(cell, unit)
        clicked = self.selected if unit is None else unit.ent
        if clicked is not None and clicked == self.selected and self.coach.picked(self.selected):
            self._after_step()

    def _next_unit(self) -> None:
        """Tab: the next unit; picking one may complete the step."""
        super()._next_unit()
        if self.coach.picked(self.selected):
            self._after_step()

    def play_hand_card(self, entry: dict[str, Any]) -> None:
        """A click on a hand card; picking the card a step names completes it."""
        super().play_hand_card(entry)
        group = entry.get(HAND_GROUP)
        if group and group == self.focus and self.coach.picked_card(str(entry.get(HAND_NAME, ""))):
            self._after_step()

    def opponent_words(self, action: Action) -> str:
        """An opponent's action as the band notes it: who did what."""
        who = unit_names(self.match).get(action.actor, "") if action.actor is not None else ""
        if not who or action.label.startswith(who):
            return action.label  # (saves' labels name the unit already: "Raider Vosk: move …")
        return f"{who}: {action.label}"

    def _after_step(self) -> None:
        progress.save(self.coach, self.opponent)
        if self.coach.done:
            progress.finish(self.lesson)
        self.invalidate()

    def to_launcher(self) -> None:
        """Back to the launcher, with the lesson's ruleset chosen there."""
        self.app.to_launcher()
        self.launcher_on_ruleset()

    def launcher_on_ruleset(self) -> None:
        """The launcher (if that is where the person went) shows the lesson's ruleset, the one the
        lesson's last words send them to try."""
        launcher = self.app.scene
        if type(launcher).__name__ != "LauncherScene" or launcher is self:
            return
        rid = self.lesson.ruleset
        changed = False
        if getattr(launcher, "ruleset_id", rid) != rid and rid in launcher.rulesets:
            launcher.ruleset_id = rid
            launcher._choose_defaults()
            changed = True
        sides = getattr(launcher, "sides", None)
        if isinstance(sides, dict) and sides and "human" not in sides.values():
            # the last words say "Start begins a skirmish": one the person plays, not one to watch
            sides[self.lesson.player if self.lesson.player in sides else next(iter(sides))] = "human"
            changed = True
        if changed:
            launcher.build()

    def undo(self) -> None:
        """No undo in a guided battle: the lesson's cards are already set out."""
        self.toast = ("Undo is off in the guided battle.", 2.0)
        self.dirty = True

    def save(self) -> Path:  # type: ignore[override]
        """A guided battle keeps its own progress (a save file could not replay its set cards)."""
        progress.save(self.coach, self.opponent)
        self.toast = ("The lesson is kept: Learn to play resumes it.", 2.5)
        self.dirty = True
        return progress.progress_path(self.lesson)

    def open_menu(self) -> None:
        """The pause menu (Esc), whose ways out keep the lesson instead of asking to save it."""
        self.overlay = "pause"
        self.menu = LessonPauseMenu(self)
        self.dirty = True

    def guide_button(self, key: str) -> None:
        """Next, Leave, Skip lesson, Back to the menu."""
        if key == "next":
            self.next_step()
        elif key == "leave":
            progress.save(self.coach, self.opponent)
            self.to_launcher()
        elif key == "finish":
            progress.finish(self.lesson)
            self.to_launcher()
        elif key == "skip":
            progress.forget(self.lesson)
            self.to_launcher()

    def next_step(self) -> None:
        """The Next button."""
        if self.coach.next():
            progress.save(self.coach, self.opponent)
            if self.coach.done:
                progress.finish(self.lesson)
            self.invalidate()

    # -- events, time, drawing -----------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """The guide's buttons (and NEXT_KEY for Next: a letter no prompt uses) first, then the
        battle screen's input."""
        plain = self.overlay is None and self.handoff is None
        if plain and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.guide.buttons:
                if b.rect.collidepoint(event.pos):
                    self.mouse = event.pos
                    b.on_click()
                    self.invalidate()
                    return
        if plain and event.type == pygame.MOUSEBUTTONUP and self.guide.rect.collidepoint(event.pos):
            self.drag = None
            return  # a click on the box is not a click on the board under it
        if event.type == pygame.MOUSEMOTION:
            cut = self.guide.note_cut
            over = cut is not None and cut[0].collidepoint(event.pos)
            if over != getattr(self, "_over_note", False):
                self._over_note = over
                self.invalidate()  # the cut "Last turn" line's hover box comes or goes
        next_key = event.type == pygame.KEYDOWN and event.key == pygame.key.key_code(NEXT_KEY.lower())
        if plain and next_key and self.coach.waits_next:
            self.next_step()
            return
        super().handle(event)

    def update(self, dt: float) -> None:
        """The battle's time; a selection, a hover or the end may complete the step."""
        super().update(dt)
        if self.app.scene is not self:
            return
        self._sync_band()
        hovered = self.model.hover_unit
        if hovered is None and self.hover_cell is not None:
            under = self.unit_at(self.hover_cell)
            hovered = under.ent if under is not None else None
        looked = self.coach.looked
        if not self.model.world_busy and self.coach.observe(self.selected, hovered, dt):
            self._after_step()
        elif self.coach.looked != looked:
            self.invalidate()  # the hover step now offers Next

    def _sync_band(self) -> None:
        """The band's place: over the board at one height per lesson (the board stays still from
        step to step), over the side panel's top only while a prompt is open that did not fit the
        board under the band with all its buttons (150 % on 720 pixels: the hit check's)."""
        d = self.session.decision if self.session.waiting_for_human and not self.replay else None
        # (kept while the cards a hit check asked for are dealt and it asks again)
        if d is None and not self.chooser:
            self._prompt_cut = False
        aside = getattr(self, "_prompt_cut", False)
        shown = (self.coach.index, self.coach.done, aside)
        if shown != getattr(self, "_band_step", None):
            self._band_step = shown
            self.band_aside = aside
            self.resize(self.app.screen_size)

    def _finish(self, dt: float) -> None:
        """The battle is over: the guide says what comes next (no results screen, no replay)."""

    def layout_rects(self, size: tuple[int, int]) -> None:
        """The battle screen's split, with the guide's band across the top of the board (over the
        side panel's top while a prompt too tall for the board under it is open)."""
        super().layout_rects(size)
        board = self.board_rect
        self.guide.aside = getattr(self, "band_aside", False)
        if self.guide.aside:
            side = self.panel_rect
            gh = min(self.guide.aside_height(side.w), side.h * 2 // 3)
            self.guide.base = pygame.Rect(side.x, side.y, side.w, gh)
            self.panel_rect = pygame.Rect(side.x, side.y + gh, side.w, side.h - gh)
        else:
            h = self.guide.height(board.w, board.h)
            self.guide.base = pygame.Rect(board.x, board.y, board.w, h)
            self.board_rect = pygame.Rect(board.x, board.y + h, board.w, board.h - h)
        self.guide.rect = pygame.Rect(self.guide.base)
        if hasattr(self, "camera"):
            self.camera.view = pygame.Rect(self.board_rect)
            self.camera.clamp()

    def _draw_screen(self, surface: pygame.Surface) -> None:
        """The band's place settled first."""
        self._sync_band()
        super()._draw_screen(surface)

    def _tall_area(self) -> pygame.Rect:
        """A prompt too tall for the board may come up into the band's empty part below the
        step's words (the band is drawn that short meanwhile; the board keeps its place), never
        under the words: the band would hide it (over the side panel, the turn bar is free)."""
        if self.guide.aside:
            return super()._tall_area()
        board = self.board_rect
        top = self.guide.base.y + self.guide.content_h() + self.fonts.px(4)
        return pygame.Rect(board.x, top, board.w, board.bottom - top)

    def _draw_decision(self, surface: pygame.Surface) -> None:
        """The band leaves the board shorter: a prompt that a hand card answers keeps clear of the
        hand strip (one about anything else may cover it: kept clear too, a facing prompt at 150 %
        found no room beside its unit and covered it)."""
        d = self.session.decision
        answers = d is not None and any(e.get(HAND_OPTION) in d.keys() for e in self.hand)
        if self._strip_rect is not None and answers:
            self.prompt_keep.append(pygame.Rect(self._strip_rect))
        super()._draw_decision(surface)
        self._check_prompt_fits(surface)

    def _check_prompt_fits(self, surface: pygame.Surface) -> None:
        """A prompt drawn cut short or, for a step about the prompt, with its odds lines only as
        its buttons' tooltips (saves' defence at 150 %), or with a button off the window or under
        the band's words, moves the band over the side panel until it is answered (the next frame
        draws it on the whole board)."""
        if self.guide.aside or not self.modal_area.w:
            return
        window = surface.get_rect()
        words = pygame.Rect(self.guide.base.x, self.guide.base.y, self.guide.base.w, self.guide.content_h())
        step = self.coach.step
        about = step is not None and step.point.partition(":")[0] in ("prompt", "option")
        # (a step about the board keeps it still, as does a prompt too tall for the whole board)
        whole = self.board_rect.h + self.guide.base.h - 20
        tips = getattr(self, "modal_tips", False) and about and getattr(self, "modal_whole_h", 0) <= whole
        if getattr(self, "modal_cut", False) or tips \
                or any(not window.contains(b.rect) or b.rect.colliderect(words) for b in self.modal_buttons):
            self._prompt_cut = True
            self.dirty = True

    def _draw_hover_info(self, surface: pygame.Surface) -> None:
        """The guide's band and pointer go in before the hover boxes, so a box under the mouse is
        never crossed by them (and they are part of the frame kept while the AI thinks)."""
        self.guide.draw(surface)
        cut = self.guide.note_cut
        if cut is not None and cut[0].collidepoint(self.mouse) and self.overlay is None:
            # the "Last turn" line cut short: read whole on hover
            tooltip(surface, self.fonts, self.pal, [cut[1].removeprefix("Last turn: ")], self.mouse,
                    width=420, title="Last turn")
            return
        super()._draw_hover_info(surface)
