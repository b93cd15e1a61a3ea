"""Plays a lesson's steps through the guided battle's screen as a person would: clicks on units,
squares and buttons, number keys for prompts and choosers, posted as pygame events."""

from __future__ import annotations

import pygame

from game.core.kinds import HAND_GROUP, HAND_NAME
from game.learn.coach import HOVER_DWELL, action_matches, unit_named
from game.ui.learn.scene import LearnScene


def unit_pos(scene: LearnScene, name: str) -> tuple[float, float]:
    """Where a unit's token is on screen."""
    ent = unit_named(scene.match, name)
    assert ent is not None, name
    u = scene.unit_by_ent[ent]
    return scene.camera.to_screen(scene.layout.centre(u.cell))


def cell_pos(scene: LearnScene, cell: tuple[int, int]) -> tuple[float, float]:
    """Where a square is on screen."""
    return scene.camera.to_screen(scene.layout.centre(cell))


def card_pos(scene: LearnScene, *, name: str = "", group: str = "") -> tuple[int, int] | None:
    """Where a card of the hand strip is on screen, by its name or the actions that play it."""
    for rect, entry in scene.hand_hits:
        if (name and entry.get(HAND_NAME) == name) or (group and entry.get(HAND_GROUP) == group):
            return rect.center
    return None


def settle(driver, scene: LearnScene, passes: int = 400) -> None:
    """Let the scripted opponent play until the person is asked again (or the battle ends)."""
    for _ in range(passes):
        driver.pump(1)
        if not scene.session.waiting_for_ai and not scene.layer_playing:
            break
    driver.pump(1)


def digit(n: int) -> int:
    return pygame.K_0 + n


def perform(driver, scene: LearnScene) -> None:
    """Do what the current step asks, through the screen."""
    st = scene.coach.step
    assert st is not None
    kind, args = st.wait_kind, st.wait_args
    before = len(scene.match.inputs)
    if kind == "next":
        driver.pump(1)
        nxt = next(b for b in scene.guide.buttons if b.label.startswith("Next"))
        driver.click(nxt.rect.center)
    elif kind == "hover":
        # rest the mouse on the unit a moment (the step then offers Next), then press Next
        driver.move(unit_pos(scene, args[0]))
        scene.update(HOVER_DWELL)
        driver.pump(1)
        nxt = next(b for b in scene.guide.buttons if b.label.startswith("Next"))
        driver.click(nxt.rect.center)
    elif kind == "card":
        pos = card_pos(scene, name=":".join(args))
        assert pos is not None, (st.wait, [e.get(HAND_NAME) for _r, e in scene.hand_hits])
        driver.click(pos)
    elif kind == "select":
        driver.click(unit_pos(scene, args[0]))
    elif kind == "answer":
        key = ":".join(args)
        _page, _pages, shown = scene.prompt_options()
        number = next(n for n, o in shown if o.key == key)
        driver.key(digit(number))
    elif kind == "act":
        legal = scene.session.legal()
        fits = [a for a in legal if action_matches(scene.match, a, args)]
        assert fits, (st.wait, [a.label for a in legal])
        # the selected unit's, when another unit could do the same (the step names no actor)
        a = min(fits, key=lambda x: x.actor != scene.selected)
        card = card_pos(scene, group=a.hotkey_group) if a.hotkey_group else None
        if card is not None and scene.focus != a.hotkey_group:
            driver.click(card)  # a card of the hand strip: picked first, then its target or hex
            if len(scene.match.inputs) > before:
                settle(driver, scene)
                return
        if a.kind in scene.match.ruleset.turn_ending:
            driver.key(pygame.K_e)
        elif a.cell is not None and (a.cell in scene.moves or a.path):
            driver.click(cell_pos(scene, a.cell))
        elif a.target is not None:
            driver.click(unit_pos(scene, args[1]))
        else:
            i = next(i for i, g in enumerate(scene.groups) if any(x.same_intent(a) for x in g.actions))
            driver.key(digit(i + 1))
        if scene.chooser:
            # several actions for one click (a move or its Bypass, a weapon, a number of tokens)
            j = next(j for j, c in enumerate(scene.chooser) if c.same_intent(a))
            driver.key(digit(j + 1))
    else:
        raise AssertionError(f"the pilot cannot do {st.wait!r}")
    settle(driver, scene)


def play_through(driver, scene: LearnScene, shots=None) -> list[str]:
    """Every step, in order; each must complete by the input made for it. Returns the step titles."""
    done: list[str] = []
    settle(driver, scene)
    while not scene.coach.done:
        i = scene.coach.index
        if shots is not None:
            shots(scene, i)
        perform(driver, scene)
        assert scene.coach.index == i + 1, (
            f"step {i + 1} ({scene.coach.lesson.steps[i].wait}) did not complete: {scene.toast}")
        done.append(scene.coach.lesson.steps[i].title)
    return done
