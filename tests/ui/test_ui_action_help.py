"""Hovering an action's button says what the action does (`Ruleset.action_help`): the Shadow cloak
and the Invisibility draught in saves, in the words of their content entries."""

from __future__ import annotations

from game.rulesets.saves.content import shipped
from game.ui.app import build_session
from game.ui.scenes.battle import BattleScene


def _rendered(app, monkeypatch) -> list[str]:
    seen: list[str] = []
    real = app.fonts.render

    def render(text, *args, **kwargs):
        seen.append(str(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(app.fonts, "render", render)
    return seen


def test_hovering_an_item_button_says_what_the_item_does(app, monkeypatch):
    session = build_session("saves", None, 3, "human", "human", options={"surprise": "p1"})
    scene = BattleScene(app, session)
    app.switch(scene)
    scene.refresh()
    items = shipped().items
    for _ in range(len(scene.units)):  # Tab to the unit that carries the cloak
        if any(g.actions[0].kind == "use" for g in scene.groups):
            break
        scene._next_unit()
    app.screen.fill((0, 0, 0))
    scene.draw(app.screen)
    for item in ("cloak", "potion"):
        button = next(b for b in scene.panel_buttons if items[item].name in b.label)
        assert button.help == items[item].description
        seen = _rendered(app, monkeypatch)
        scene.mouse = button.rect.center
        scene.draw(app.screen)
        shown = " ".join(seen)
        first_words = " ".join(items[item].description.split()[:3])
        assert first_words in shown, (first_words, seen[-12:])
        monkeypatch.undo()
