"""The launcher: ruleset, map, squad and player per side, seed; Start, Load, Replays, Rules, Settings,
Quit."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ui.launch_memory import load_memory, recall, remember, remembered_ruleset
from game.ui.scenes.gui import GuiScene
from game.ui.scenes.launcher_layout import LauncherLayout
from game.ui.scenes.squad_choices import damaged_squads_notice, with_built_squads

if TYPE_CHECKING:
    from game.ui.app import App

#: input that acts on the launcher's widgets (window, focus and motion events do not)
_ACTING = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEWHEEL)


class LauncherScene(LauncherLayout, GuiScene):
    """Choose a skirmish and start it."""

    def __init__(self, app: App, deferred: bool = False, seed: int | None = None, memory: Any = None,
                 notice: str | None = None) -> None:
        """`seed`, `memory` and `notice` (the settings' fall-back notice) when the first frame was
        drawn from them before this scene was made (game/ui/launcher_picture.py)."""
        super().__init__(app)
        from game.core.names import offered_names
        from game.ui.app import random_seed

        # names only (not even the registry): the chosen ruleset alone is imported, and with
        # `deferred` only once the first frame is on screen (`finish`; any click or key before
        # that finishes it first)
        self.ruleset_names = dict(offered_names())
        self.rulesets = list(self.ruleset_names)
        self.memory = load_memory() if memory is None else memory  # what was last started: offered again
        self.ruleset_id = remembered_ruleset(self.memory, self.rulesets)
        #: the first frame's key when it is to be kept as the next start's picture (on `finish`)
        self.keep_first_frame: dict[str, Any] | None = None
        self.map_path: Path | None = None
        self.squads: dict[str, str] = {}
        self.sides = {"p1": "human", "p2": "ai:normal"}
        self.rule_choices: dict[str, Any] = {}
        self.pc_choice = ""
        if seed is None:
            seed = getattr(app, "typed_seed", None)
        self.seed = random_seed() if seed is None else seed
        from game.ui.settings import take_settings_notice

        # a damaged settings.json fell back to defaults; damaged saved squads were skipped
        self.error = take_settings_notice(app.settings) if notice is None else notice
        self.ready = not deferred
        if deferred:
            app.after_first_frame(self.finish)
        else:
            self._load_choices()
        self.build()

    def finish(self) -> None:
        """The chosen ruleset's choices (maps, squads, rules options), the launcher made whole."""
        if self.ready:
            return
        if self.keep_first_frame is not None:
            from game.ui.launcher_picture import keep_picture

            keep_picture(self, self.keep_first_frame)
            self.keep_first_frame = None
        self.ready = True
        self._load_choices()
        self.build()
        self.dirty = True

    def _load_choices(self) -> None:
        self.error = self.error or damaged_squads_notice(self.ruleset_id)
        self._choose_defaults()

    # -- model ---------------------------------------------------------------------------------
    @property
    def ruleset(self) -> Any:
        """The chosen ruleset object (None when none is installed)."""
        from game.core import ruleset as registry

        return registry.get(self.ruleset_id) if self.ruleset_id else None

    def maps(self) -> list[Path]:
        """The chosen ruleset's maps a player may pick (benchmark maps are for measuring)."""
        from game.ui.display_names import is_benchmark_map

        rs = self.ruleset
        return [] if rs is None else [p for p in rs.maps() if not is_benchmark_map(p)]

    def _choose_defaults(self) -> None:
        rs = self.ruleset
        if rs is None:
            return
        maps = self.maps()
        self.map_path = maps[0] if maps else None
        d1, d2 = rs.default_squads()
        self.squads = {"p1": d1, "p2": d2}
        self.rule_choices = {o.name: o.default for o in rs.rule_options()}
        self.pc_choice = ""
        recall(self, self.memory)

    def scenario_options(self) -> dict[str, Any]:
        """The chosen rules options (those off their default) and player-character sides."""
        from game.core.options import scenario_options

        rs = self.ruleset
        chosen = {o.name: self.rule_choices[o.name] for o in rs.rule_options()
                  if self.rule_choices.get(o.name, o.default) != o.default}
        pcs = None
        if self.pc_choice:
            pcs = [] if self.pc_choice == "none" else self.pc_choice.split(",")
        return scenario_options(rs, chosen, pcs)

    def start(self) -> None:
        """Build the match and go to battle; a problem is shown, not raised."""
        from game.core.match import map_name
        from game.errors import UserError
        from game.ui.app import build_session
        from game.ui.scenes.battle import BattleScene

        self.finish()
        if self.ruleset is None:
            self.show_error("No ruleset is installed.")
            return
        if self.map_path is None:
            self.show_error(f"No map for {self.ruleset.board_kind} boards was found under maps/.")
            return
        seed_text = self.seed_entry.get_text().strip() if hasattr(self, "seed_entry") else str(self.seed)
        if not seed_text.isdigit():
            self.show_error("The seed must be a whole number (0 or more).")
            return
        self.seed = int(seed_text)
        try:
            squads, options = with_built_squads(
                self.ruleset, (self.squads["p1"], self.squads["p2"]), self.scenario_options()
            )
            session = build_session(
                self.ruleset_id,
                map_name(self.map_path),
                self.seed,
                self.sides["p1"],
                self.sides["p2"],
                squads,
                options,
            )
        except UserError as exc:
            self.show_error(exc.line())
            return
        remember(self)
        self.memory = load_memory()
        self.app.switch(BattleScene(self.app, session))

    def show_error(self, text: str) -> None:
        """One clear line under the buttons."""
        self.error = text
        if hasattr(self, "error_label"):
            self.error_label.set_text(self._fitted(text))
        self.dirty = True

    # -- events --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """A click or key before `finish` finishes the launcher first, then acts on it."""
        if not self.ready and event.type in _ACTING:
            self.finish()
        super().handle(event)

    def on_event(self, event: pygame.event.Event) -> None:
        """Buttons, menus, Enter to start."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            b = event.ui_element
            if b is self.new_seed:
                from game.ui.app import random_seed

                self.seed = random_seed()
                self.seed_entry.set_text(str(self.seed))
                self.app.typed_seed = None
            elif b is getattr(self, "build_squad", None):
                from game.ui.scenes.squad_builder import SquadBuilderScene

                self.app.push(SquadBuilderScene(self.app))
            elif b is self.buttons.get("start"):
                self.start()
            elif b is self.buttons.get("learn"):
                from game.ui.learn.menu import LearnMenuScene

                self.app.push(LearnMenuScene(self.app))
            elif b is self.buttons.get("load"):
                from game.ui.scenes.menus import LoadScene

                self.app.push(LoadScene(self.app))
            elif b is self.buttons.get("replays"):
                from game.ui.replay.list_scene import ReplaysScene

                self.app.push(ReplaysScene(self.app))
            elif b is self.buttons.get("rules") and self.ruleset is not None:
                self.app.open_rules(self.ruleset)
            elif b is self.buttons.get("settings"):
                self.app.open_settings()
            elif b is self.buttons.get("quit"):
                self.app.quit()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._menu_changed(event.ui_element, event.selected_option_id)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.seed_entry:
            text = self.seed_entry.get_text()
            if text.isdigit() and int(text) != self.seed:
                self.seed = int(text)
                self.app.typed_seed = self.seed  # kept for the launcher after the game
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()

    def _menu_changed(self, element: Any, value: str) -> None:
        if element is getattr(self, "rs_menu", None):
            # the players and (where the new ruleset has them) who fields player characters are the
            # player's choices, valid in any ruleset: kept, not reset to the new ruleset's memory
            sides, pc = dict(self.sides), self.pc_choice
            self.ruleset_id = value
            self.error = damaged_squads_notice(value)
            self._choose_defaults()
            self.sides = sides
            if self.ruleset is not None and self.ruleset.uses_player_characters:
                self.pc_choice = pc
            self.build()
            return
        if element is getattr(self, "map_menu", None):
            self.map_path = Path(value)
            if self.desc is not None:
                self._set_description()
            return
        for name, menu in getattr(self, "option_menus", {}).items():
            if element is menu:
                if not name:
                    self.pc_choice = value
                    return
                opt = next(o for o in self.ruleset.rule_options() if o.name == name)
                self.rule_choices[name] = next(v for v in opt.values if str(v) == value)
                return
        for side, menu in getattr(self, "squad_menus", {}).items():
            if element is menu:
                self.squads[side] = value
                if self.desc is not None:
                    self._set_description()
                return
        for side, menu in getattr(self, "side_menus", {}).items():
            if element is menu:
                self.sides[side] = value
                return
