"""Driving the match from the battle screen: a person's action, answer or undo goes to the session,
and what an input did is shown (log, chance popups and sounds, slides, a hot-seat handover); also
centring on the acting unit and saving."""

from __future__ import annotations

from pathlib import Path

from game.core.action import Action
from game.core.kinds import EVENT_MATCH_OVER
from game.ui.battle.extensions import ruleset_hook
from game.ui.battle.model import is_end, is_move
from game.ui.battle.pacing import Slide
from game.ui.chancefx import sound_for
from game.ui.display_names import name_sides
from game.ui.session import Step


class DrivingMixin:
    """Inputs sent and their outcome shown (a part of BattleScene)."""

    def apply_step(self, step: Step) -> None:
        """Show what an input did: log, chance popups and sounds, slides."""
        factor = 0.0 if self.fast else self.app.settings.anim_factor
        self.fx.speed = factor
        if step.thought is not None and self.show_reasoning:
            self.log.add([step.thought.event(self.viewer)])
        paced = self.layer is not None and self.layer.on_step(step)
        self.log.add([] if paced else step.events)
        quiet = ruleset_hook(self.match.ruleset.id, "quiet_popup")
        for ev in [] if paced else step.events:
            if not ev.visible_to(self.viewer):
                continue
            if ev.chance and not (quiet is not None and quiet(ev)):
                self.fx.add(ev)
            if factor > 0:
                self.app.sounds.play(
                    sound_for(ev) if (ev.chance or "hit" in ev.kind or "miss" in ev.kind) else None
                )
            if ev.kind == EVENT_MATCH_OVER and not getattr(self.layer, "announces_end", False):
                # the match's sentence names sides by id ("p1 wins"): the toast uses their names
                self.toast = (name_sides(ev.text, self.side_names), 4.0)
        if step.action is not None and step.action.actor is not None and step.moves and not self.fast:
            self._follow(step.action.actor)
        self._check_handoff()
        self.refresh()
        for mv in step.moves:
            u = self.unit_by_ent.get(mv.ent)
            # a unit the viewer cannot see gets no slide: the pause its path made would tell how far
            # it went
            if factor > 0 and len(mv.path) >= 2 and u is not None and not u.unseen:
                self.slides[mv.ent] = Slide(mv.ent, mv.path, 0.13 * (len(mv.path) - 1) / factor)

    def _follow(self, ent: int) -> None:
        u = self.unit_by_ent.get(ent)
        if u is None:
            return
        sx, sy = self.camera.to_screen(self.layout.centre(u.cell))
        if not self.board_rect.inflate(-80, -80).collidepoint(sx, sy):
            self.camera.centre_on(self.layout.centre(u.cell))

    def submit(self, action: Action) -> None:
        """Send a person's action."""
        if not self.human_input:
            return
        asked = self.model.chooser_answers.get(action) if self.chooser else None
        if asked is None and self.model.ask_first(action):
            self.dirty = True  # its question first: nothing is spent before the answer
            return
        self.armed = None
        self.focus = None
        self.apply_step(self.session.submit(action))
        d = self.session.decision
        if asked is not None and d is not None and d.kind == asked[0] and asked[1] in d.keys():
            self.answer(asked[1])  # the answer the person gave before the action was sent

    def press(self, action: Action) -> None:
        """Send an action the person chose by key or click: ending the side's turn asks first while
        some of its units have not acted (`_end_unconfirmed`)."""
        if not self._end_unconfirmed(action):
            self.submit(action)

    def _end_unconfirmed(self, action: Action) -> bool:
        """Ending the whole side's turn while some of its units have not acted yet (the ruleset's
        "unacted" hook names them) asks first: the toast names them and a second E (or click) on the
        same position ends the turn; True while that confirmation is pending."""
        if not self.human_input:
            return False
        if action.actor is not None or not is_end(action, self.match.ruleset):
            return False
        hook = ruleset_hook(self.match.ruleset.id, "unacted")
        names = list(hook(self.model)) if hook is not None else []
        here = len(self.match.inputs)
        if not names or getattr(self, "end_confirm", None) == here:
            self.end_confirm = None
            return False
        self.end_confirm = here
        shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
        verb = "has" if len(names) == 1 else "have"
        self.toast = (f"{shown} {verb} not acted yet. Press E (or End turn) again to end the turn anyway.",
                      5.0)
        self.dirty = True
        return True

    def answer(self, key: str) -> None:
        """Send a person's answer to the open prompt."""
        if self.replay or self.handoff is not None or not self.session.waiting_for_human:
            return
        self.apply_step(self.session.answer(key))

    def undo_target(self) -> Action | None:
        """The input U would take back (None when nothing can be)."""
        if not self.session.can_undo:
            return None
        last = next((i for i in reversed(self.match.inputs) if i.get("t") == "action"), None)
        return Action.from_json(last["action"]) if last is not None else None

    def undo_words(self) -> tuple[str, str]:
        """(button label, toast) naming what U takes back: a move, or the choice by its label (a
        declaration taken back is not a "move undone")."""
        a = self.undo_target()
        if a is None or is_move(a, self.match.ruleset):
            return "Undo move", "Move undone."
        what = a.label or a.kind.replace("_", " ")
        return "Undo the last choice", f"Undone: {what}."

    def undo(self) -> None:
        """Take back the last undoable input (a move, or a declaration where the ruleset allows)."""
        if not self.human_input:
            return
        _, toast = self.undo_words()
        if self.session.undo():
            self.slides.clear()
            self.log.set_events(self._log_events())
            self.refresh()
            self.toast = (toast, 2.0)

    def centre_on_active(self) -> None:
        """Centre the camera on the acting (or selected) unit."""
        ent = self.turn.unit if self.turn is not None and self.turn.unit is not None else self.selected
        u = self.unit_by_ent.get(ent) if ent is not None else None
        if u is not None:
            self.camera.centre_on(self.layout.centre(u.cell))
            self._reach_surface = None
            self.dirty = True

    def save(self) -> Path | None:
        """Save to a new file in the saves folder; the result is shown as a toast."""
        from game.ui.saves import SaveError, save_game

        self.settle_ai()

        try:
            path = save_game(self.session)
        except SaveError as exc:
            self.toast = (str(exc), 3.0)
            return None
        self.toast = (f"Saved: {path.name}", 2.5)
        self.dirty = True
        return path
