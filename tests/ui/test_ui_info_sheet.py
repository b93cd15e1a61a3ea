"""The unit details sheet (I): for every ruleset's default skirmish each fact shows once, in players'
words (no raw unit_view keys, no internal card-family names), and a sheet longer than the window
scrolls to its last line with marks saying what lies above and below."""

from __future__ import annotations

import re

import pygame
import pytest

from game.ui.app import App, build_session
from game.ui.scenes.battle import BattleScene
from game.ui.settings import Settings

RULESETS = ["voidmarked", "casket", "saves", "tokens", "varium"]


def scene_of(app: App, ruleset: str) -> BattleScene:
    scene = BattleScene(app, build_session(ruleset, None, 1, "human", "human"))
    app.switch(scene)
    scene.draw(app.screen)
    return scene


def label_of(line: str) -> str:
    return line.split(":", 1)[0] if ": " in line or line.endswith(":") else ""


def facts_twice(lines: list[str]) -> list[str]:
    """Top-level "Label: value" lines whose fact another line already states: the same label, the
    label (or its first word) with the same number ("Deck: 24" beside "deck 24 · hand 6"), or every part of a
    listed value ("Components: Head 0/3, ..." beside a "Head: 0/3" bar)."""
    bad = []
    labels = [label_of(line) for line in lines if not line.startswith(" ")]
    bad += [f"label {lab!r} twice" for lab in set(labels) if lab and labels.count(lab) > 1]
    for i, line in enumerate(lines):
        if line.startswith(" ") or ": " not in line:
            continue
        label, value = line.split(": ", 1)
        others = "\n".join(x for j, x in enumerate(lines) if j != i).lower().replace(":", "")
        if re.fullmatch(r"\d+(/\d+)?", value):
            for word in {label.lower(), label.lower().split()[0]}:
                if len(word) > 2 and re.search(rf"(?<!\w){re.escape(word)} {value}(?![\w/])", others):
                    bad.append(f"{line!r}: '{word} {value}' is said elsewhere")
        else:
            parts = [p.strip().lower() for p in value.split(", ")]
            if len(parts) > 1 and all(len(p) > 3 and p in others for p in parts):
                bad.append(f"{line!r}: every part is said elsewhere")
    return bad


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_sheet_says_each_fact_once_in_players_words(app, ruleset):
    scene = scene_of(app, ruleset)
    families = {p.zone.split(" ")[0] for p in scene.piles if " " in p.zone}
    assert scene.units
    for u in scene.units:
        lines = scene.info_lines(u)
        text = "\n".join(lines)
        assert "_" not in text, (u.name, lines)
        for line in lines:
            label = label_of(line.strip())
            # a label spelled like an internal key is only fine when the key is a plain word
            if label in u.view:
                assert label.isalpha(), (u.name, line)
            assert label != "Turn left", (u.name, line)  # reads as a direction
        assert not any(re.search(rf"\b{re.escape(f)}\b", text) for f in families), (u.name, lines)
        assert facts_twice(lines) == [], (u.name, lines)
        # nothing the status block shows is lost: health, state, every bar and section title
        if u.hp is not None:
            assert f"{u.hp}/{u.hp_max}" in text
        assert any(line.startswith("State: ") for line in lines)
        for b in u.view.get("bars") or []:
            assert f"{b['label']}: {b['value']}/{b['max']}" in text
        for title in u.view.get("sections") or {}:
            assert any(line.startswith(f"{title}:") for line in lines), (title, lines)


def test_casket_keeps_what_only_its_raw_keys_say(app):
    scene = scene_of(app, "casket")
    u = scene.units[0]
    lines = scene.info_lines(u)
    hand = u.view["hand"]
    assert f"Hand: {', '.join(hand)}" in lines
    assert lines.count("Structure: 30/30") == 1
    assert sum(line.startswith(("SP:", "Heat:", "Deck:", "Frame:", "Pilot: ")) for line in lines) == 2


def test_voidmarked_acting_unit_says_what_is_left_of_its_turn(app):
    scene = scene_of(app, "voidmarked")
    acting = next(u for u in scene.units if u.view.get("turn_left"))
    lines = scene.info_lines(acting)
    left = next(line for line in lines if line.startswith("Left this turn: "))
    assert "moves" in left and "quick action" in left


def open_sheet(app: App, ruleset: str) -> BattleScene:
    scene = scene_of(app, ruleset)
    if scene.handoff is not None:  # hot-seat: the side to act takes the screen first
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    scene.selected = scene.units[0].ent
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0, unicode="i", scancode=0))
    assert scene.overlay == "info"
    scene.draw(app.screen)
    return scene


def seen_rows(app: App, scene: BattleScene, event: pygame.event.Event) -> set[int]:
    """Row numbers shown while the event repeats until the sheet stops moving."""
    seen: set[int] = set()
    last = None
    while last != scene.info_scroll:
        last = scene.info_scroll
        seen |= set(range(scene.info_scroll, scene.info_scroll + scene.info_page))
        scene.handle(event)
        scene.draw(app.screen)
        assert scene.overlay == "info"  # scrolling never closes the sheet
    return seen


@pytest.mark.parametrize(("size", "scale"), [((1280, 720), 1.0), ((1280, 720), 1.5), ((1600, 1000), 1.5)])
def test_a_sheet_longer_than_the_window_scrolls_to_its_last_line(size, scale):
    app = App(size, Settings(anim_speed="instant", ui_scale=scale))
    app.fps = 0
    try:
        scene = open_sheet(app, "casket")
        u = scene.unit_by_ent[scene.selected]
        # long enough for any window: the pilot's section gets 60 more lines
        u.view["sections"] = {**u.view["sections"], "Notes": [f"note {i}" for i in range(60)]}
        lines = scene.info_lines(u)
        scene.draw(app.screen)
        total, page = scene.info_rows_total, scene.info_page
        assert total > page
        assert scene.info_shown[-1].startswith("▼") and f"{total - page} more below" in scene.info_shown[-1]
        down = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
        seen = seen_rows(app, scene, down)
        assert seen == set(range(total))
        assert scene.info_shown[0].startswith("▲") and "more above" in scene.info_shown[0]
        assert scene.info_shown[-1] == lines[-1].strip()  # the last line, with no mark under it
        # back up by pages, then End and Home jump; the wheel's button events do not close it
        assert seen_rows(app, scene, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0)) \
            == set(range(total))
        assert scene.info_scroll == 0
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=5))
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0))
        scene.draw(app.screen)
        assert scene.info_scroll == total - page and scene.overlay == "info"
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
        assert scene.overlay is None
    finally:
        pygame.quit()


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_casket_sheet_in_a_small_window_is_never_cut_silently(scale):
    """The default casket sheet at 1280x720: all of it shows, or the rest is marked and reachable."""
    app = App((1280, 720), Settings(anim_speed="instant", ui_scale=scale))
    app.fps = 0
    try:
        scene = open_sheet(app, "casket")
        total, page = scene.info_rows_total, scene.info_page
        if total <= page:
            assert len(scene.info_shown) == total
        else:
            assert "more below" in scene.info_shown[-1]
            seen = seen_rows(app, scene, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
            assert seen == set(range(total))
    finally:
        pygame.quit()
