"""The launcher's layout: its rows of choices, seed, rules options, description and buttons, placed
the same before the chosen ruleset's rules are read (first frame) and after."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui.scenes.launch_text import PC_CHOICES, SIDE_CHOICES, description, option_choice
from game.ui.scenes.squad_choices import has_squad_builder, saved_squad_choices
from game.ui.theme import Fonts

if TYPE_CHECKING:
    from pygame_gui.elements import UIButton, UIDropDownMenu


class LauncherLayout:
    """The launcher scene's widgets, laid out from its choices (mixed into `LauncherScene`)."""

    app: Any
    manager: Any
    ready: bool
    error: str
    ruleset_id: str
    ruleset_names: dict[str, str]
    rulesets: list[str]
    map_path: Any
    squads: dict[str, str]
    sides: dict[str, str]
    rule_choices: dict[str, Any]
    pc_choice: str
    seed: int
    ruleset: Any  # the scene's: the chosen ruleset object, and `maps()` its maps a player may pick

    @property
    def kit(self) -> Any:
        """The widget classes: pygame_gui's (the first frame's sketch records them instead)."""
        import pygame_gui.elements

        return pygame_gui.elements

    def _fitted(self, text: str) -> str:
        """The notice cut with "…" to the label's width (what matters comes first in every
        notice; the whole line went to stderr), so no scale or window cuts it mid-word unseen."""
        label = getattr(self, "error_label", None)
        font = getattr(label, "font", None)
        if font is None or not text:
            return text
        room = label.rect.width - 8
        if font.size(text)[0] <= room:
            return text
        low, high = 0, len(text)
        while low < high:  # the longest prefix that fits with the ellipsis
            mid = (low + high + 1) // 2
            if font.size(text[:mid].rstrip() + "…")[0] <= room:
                low = mid
            else:
                high = mid - 1
        return text[:low].rstrip() + "…"

    # -- widgets -------------------------------------------------------------------------------
    def build(self) -> None:
        """Lay out every widget for the current window size and choices."""
        self.manager.clear_and_reset()
        f = self.app.fonts
        w, h = self.app.screen_size
        m = f.px(40)
        row = f.px(38)
        label_w, field_w = f.px(150), min(f.px(360), (w - 3 * m) // 2)
        # A window short for the scale (720 px at 150 %) drops the subtitle so the squads'
        # description keeps room for its lines.
        self.compact = h < f.px(640)
        top = f.px(10) if self.compact else f.px(20)
        self.kit.UILabel(
            # ends above the subtitle (it reached 6 pixels into it)
            pygame.Rect(m, top, w - 2 * m, f.px(44)), "Skirmish Table", self.manager, object_id="#title"
        )
        if not self.compact:
            self.kit.UILabel(
                pygame.Rect(m, f.px(64), w - 2 * m, f.px(24)),
                "Turn-based tactical skirmishes under tabletop rulesets",
                self.manager,
                object_id="#dim",
            )
        y = self.band_y() + f.px(14)
        x_field = m + label_w

        def label(text: str, yy: int) -> None:
            self.kit.UILabel(pygame.Rect(m, yy, label_w, row - 6), text, self.manager)

        label("Ruleset", y)
        rs = self.ruleset if self.ready else None
        if not self.ready:
            y = self._pending_rows(y, x_field, field_w, row, label)
        elif rs is None:
            self.kit.UILabel(
                pygame.Rect(x_field, y, field_w * 2, row - 6),
                "No ruleset installed",
                self.manager,
                object_id="#error",
            )
        else:
            opts = [(self.ruleset_names[r], r) for r in self.rulesets]
            self.rs_menu = self.kit.UIDropDownMenu(
                opts,
                next(o for o in opts if o[1] == self.ruleset_id),
                pygame.Rect(x_field, y, field_w, row - 6),
                self.manager,
            )
            y += row
            label("Map", y)
            maps = self.maps()
            if maps:
                from game.ui.map_choice import map_choice_label

                map_opts = [(map_choice_label(p, rs), str(p)) for p in maps]
                start = next((o for o in map_opts if o[1] == str(self.map_path)), map_opts[0])
                self.map_menu = self.kit.UIDropDownMenu(
                    map_opts,
                    start,
                    pygame.Rect(x_field, y, field_w, row - 6),
                    self.manager,
                    expansion_height_limit=f.px(260),
                )
            else:
                self.kit.UILabel(
                    pygame.Rect(x_field, y, field_w, row - 6),
                    f"no {rs.board_kind} maps yet",
                    self.manager,
                    object_id="#error",
                )
            y += row
            squads = rs.squads()
            from game.learn.lesson import lesson_squads

            # the guided battles' own squads are not offered for a skirmish
            taught = lesson_squads(self.ruleset_id)
            sq_opts = [(s.name, sid) for sid, s in squads.items() if sid not in taught]
            sq_opts += saved_squad_choices(self.ruleset_id)
            side_w = f.px(170)
            self.squad_menus: dict[str, UIDropDownMenu] = {}
            self.side_menus: dict[str, UIDropDownMenu] = {}
            for side in ("p1", "p2"):
                label(f"Side {side[1]}", y)
                cur = next(
                    (o for o in sq_opts if o[1] == self.squads.get(side)), sq_opts[0] if sq_opts else None
                )
                if cur is not None:
                    self.squad_menus[side] = self.kit.UIDropDownMenu(
                        sq_opts, cur, pygame.Rect(x_field, y, field_w, row - 6), self.manager
                    )
                who = next(o for o in SIDE_CHOICES if o[1] == self.sides[side])
                self.side_menus[side] = self.kit.UIDropDownMenu(
                    list(SIDE_CHOICES),
                    who,
                    pygame.Rect(x_field + field_w + f.px(10), y, side_w, row - 6),
                    self.manager,
                )
                y += row
        # the seed before the rules options: the rows above the options are the same before the
        # rules are read (first frame) and after, so nothing the first frame shows moves
        y = self._seed_row(y, x_field, row, label)
        if self.ready and rs is not None:
            y = self._options_row(rs, y, x_field, field_w, row, label)
        y += f.px(8)
        # room below: buttons, error line, margin; the buttons sit at the foot of the window in
        # every state (a window too short for the rules options and the squads' description, as
        # tokens' three options at 150 % on 720 px, leaves the description out: the Rules screen
        # and the squad menus still say it)
        foot = h - f.px(86)
        desc_h = foot - f.px(14) - y
        if desc_h >= f.px(40) and self.ready:
            self._desc_rect = pygame.Rect(m, y, min(w - 2 * m, f.px(900)), desc_h)
            self.desc = None
            self._set_description()
        else:
            self.desc = None
        y = max(y, foot)

        gap = f.px(12)
        entries = (
            ("start", "Start"),
            ("learn", "Learn to play"),
            ("load", "Load game"),
            ("replays", "Replays"),
            ("rules", "Rules"),
            ("settings", "Settings"),
            ("quit", "Quit"),
        )
        bw, bh = min(f.px(150), (w - 2 * m - (len(entries) - 1) * gap) // len(entries)), f.px(42)
        # a label wider than the even share ("Learn to play" at 150 %) gets its width when the row
        # still fits: each button as wide as its label then
        widths = [max(bw, f.font(Fonts.BODY).size(text)[0] + f.px(24)) for _, text in entries]
        if sum(widths) + gap * (len(entries) - 1) > w - 2 * m:
            widths = [f.font(Fonts.BODY).size(text)[0] + f.px(24) for _, text in entries]
        x = m
        self.buttons: dict[str, UIButton] = {}
        for (key, text), bw_i in zip(entries, widths, strict=True):
            self.buttons[key] = self.kit.UIButton(pygame.Rect(x, y, bw_i, bh), text, self.manager)
            x += bw_i + gap
        if rs is None and self.ready:
            self.buttons["start"].disable()
            self.buttons["rules"].disable()
        self.error_label = self.kit.UILabel(
            pygame.Rect(m, y + bh + f.px(6), w - 2 * m, f.px(26)),
            "",
            self.manager,
            object_id="#error",
        )
        self.error_label.set_text(self._fitted(self.error))

    def _seed_row(self, y: int, x: int, row: int, label: Any) -> int:
        """The seed, a new one, and (where the ruleset has one) the squad builder; returns the y below."""
        f = self.app.fonts
        label("Seed", y)
        self.seed_entry = self.kit.UITextEntryLine(pygame.Rect(x, y, f.px(160), row - 6), self.manager)
        self.seed_entry.set_text(str(self.seed))
        self.seed_entry.set_allowed_characters("numbers")
        self.new_seed = self.kit.UIButton(pygame.Rect(x + f.px(170), y, f.px(120), row - 6), "New seed",
                                          self.manager)
        if has_squad_builder(self.ruleset_id):
            self.build_squad = self.kit.UIButton(
                pygame.Rect(x + f.px(300), y, f.px(170), row - 6), "Build squad…", self.manager
            )
        return y + row

    def _pending_rows(self, y: int, x: int, field_w: int, row: int, label: Any) -> int:
        """Before `finish`: the rulesets by name and the rows their choices will fill; returns the
        y below them."""
        opts = [(self.ruleset_names[r], r) for r in self.rulesets]
        if opts:
            self.rs_menu = self.kit.UIDropDownMenu(
                opts, next(o for o in opts if o[1] == self.ruleset_id), pygame.Rect(x, y, field_w, row - 6),
                self.manager,
            )
        for i, text in enumerate(("Map", "Side 1", "Side 2")):
            y += row
            label(text, y)
            if not i:
                self.kit.UILabel(pygame.Rect(x, y, field_w, row - 6), "Reading the rules…", self.manager,
                        object_id="#dim")
        return y + row

    def _options_row(self, rs: Any, y: int, x: int, field_w: int, row: int, label: Any) -> int:
        """'Rules options': one menu per declared option (and who fields player characters),
        two to a row; returns the y below them."""
        self.option_menus: dict[str, UIDropDownMenu] = {}
        menus: list[tuple[str, list[tuple[str, str]], tuple[str, str]]] = []
        for opt in rs.rule_options():
            choices = [(option_choice(opt, v), str(v)) for v in opt.values]
            cur = str(self.rule_choices.get(opt.name, opt.default))
            menus.append((opt.name, choices, next(c for c in choices if c[1] == cur)))
        if rs.uses_player_characters:
            pcs = list(PC_CHOICES)
            menus.append(("", pcs, next(c for c in pcs if c[1] == self.pc_choice)))
        if not menus:
            return y
        label("Rules options", y)
        f = self.app.fonts
        gap, m = f.px(10), f.px(40)
        # every choice whole in its menu: the longest text, its padding and the menu's arrow
        need = max(f.font(Fonts.BODY).size(c[0])[0] for _, choices, _ in menus for c in choices) + f.px(40)
        beside = self.app.screen_size[0] - m - x  # right of the labels
        across = self.app.screen_size[0] - 2 * m  # the window's whole width
        cols = min(2, len(menus))
        if cols == 2 and 2 * need + gap <= beside:
            # two to a row beside the label, as wide as the other fields where there is room
            width = max(need, min(field_w, (beside - gap) // 2))
        elif cols == 2 and 2 * need + gap <= across:
            # too long to pair beside the label (saves' and tokens' at 150 %), and four rows
            # one above the other would push the buttons and the notice off a 720-pixel window:
            # two to a row under the label, from the left margin
            y += row
            x = m
            width = max(need, min(field_w, (across - gap) // 2))
        else:
            cols, width = 1, max(field_w, min(need, beside))
        h = self.app.screen_size[1]
        item_h = f.font(Fonts.BODY).get_linesize() + f.px(9)  # a list row, a little over
        for i, (name, choices, cur) in enumerate(menus):
            col = i % cols
            if i and not col:
                y += row
            rect = pygame.Rect(x + col * (width + gap), y, width, row - 6)
            # a list with no room below (the lowest row at 150 %: its last choice went under the
            # window's edge, scrolled) opens upwards
            up = h - rect.bottom < len(choices) * item_h < rect.top
            if up:
                self.manager.get_theme().load_theme({"#menu_up": {"misc": {"expand_direction": "up"}}})
            self.option_menus[name] = self.kit.UIDropDownMenu(
                choices, cur, rect, self.manager, object_id="#menu_up" if up else None
            )
        return y + row

    def _set_description(self) -> None:
        """The description box with the current words, ending under its last whole line (at 150 %
        on 720 pixels its last line showed cut in half); the wheel and its scroll bar give the rest."""
        if self.desc is not None:
            self.desc.kill()
        rect = pygame.Rect(self._desc_rect)
        self.desc = self.kit.UITextBox(self._description(), rect, self.manager)
        layout = getattr(self.desc, "text_box_layout", None)
        if layout is None or not layout.layout_rows:
            return
        shown = self.desc.text_wrap_rect.h
        ends = [r.bottom for r in layout.layout_rows if r.bottom <= shown]
        if len(ends) < min(2, len(layout.layout_rows)):
            # one line and a scroll bar (saves at 150 % on 800 pixels) says next to nothing: the
            # Rules screen and the menus say it
            self.desc.kill()
            self.desc = None
            return
        if ends and len(ends) < len(layout.layout_rows) and shown > ends[-1]:
            # made again rather than resized: a resized box lost its bottom edge
            self.desc.kill()
            rect.h -= shown - ends[-1]
            self.desc = self.kit.UITextBox(self._description(), rect, self.manager)

    def _description(self) -> str:
        return description(self.ruleset, self.map_path, self.squads)

    def draw_background(self, surface: pygame.Surface) -> None:
        """A band of the two side colours under the title."""
        f, pal = self.app.fonts, self.app.palette
        w = surface.get_width()
        y = self.band_y()
        pygame.draw.rect(surface, pal.side(0), (0, y, w // 2, f.px(4)))
        pygame.draw.rect(surface, pal.side(1), (w // 2, y, w - w // 2, f.px(4)))

    def band_y(self) -> int:
        """Top of the side-colour band under the title."""
        return self.app.fonts.px(62 if getattr(self, "compact", False) else 96)
