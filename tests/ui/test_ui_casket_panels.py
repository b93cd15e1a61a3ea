"""The casket client through the generic hooks: hand strip, status panel, dice symbols, facing arrows,
turn order, odds box and the results chart's damage credit."""

from __future__ import annotations

import esper
import pygame
import pytest

from game.core import ruleset as registry
from game.core.board import Board
from game.core.components import Facing, Position, Table
from game.core.match import Match, Scenario
from game.core.ruleset import Ruleset
from game.ui import panels
from game.ui.battle import tooltips as tooltips_mod
from game.ui.battle import unitpanel as battle_mod
from game.ui.chancefx import ChanceFx, draw_die, draw_symbol
from game.ui.rulesets.casket import SYMBOL_FACES
from game.ui.scenes.battle import BattleScene, split_labels
from game.ui.scenes.results import damage_by_unit
from game.ui.session import Session

pytestmark = pytest.mark.skipif("casket" not in registry.available(), reason="casket not implemented")

HAND = ["faithful_thrust", "brace_for_impact", "emergency_vent", "desperate_lunge", "feint",
        "survey_the_field"]


def casket_duel(app, p2: str = "ai:easy", sp: int | None = None) -> tuple[BattleScene, int, int]:
    """Confessor (p1, a person) next to a Confessor (p2) on a blank hex board, p1 activating."""
    from game.rulesets.casket import RULESET
    from game.rulesets.casket.components import CasketSP, caskets, get, side_of, structure

    board = Board.blank("hex", 12, 10)
    board.spawns = {"p1": [(5, 3)], "p2": [(4, 6)]}
    match = Match(RULESET, Scenario("casket", "blank", {"p1": "seed_confessor", "p2": "seed_confessor"}, 5),
                  board, {}, setup=False)
    match.chance.force("initiative", 6, 1)  # p1 activates first
    with match.world:
        match.table_entity = esper.create_entity(Table(sides=("p1", "p2")))
        RULESET.setup(match)
        a, b = (next(e for e in caskets(match) if side_of(e) == s) for s in ("p1", "p2"))
        get(a, Position).cell, get(a, Facing).direction = (5, 5), 0
        get(b, Position).cell, get(b, Facing).direction = (6, 5), 3
        pile = structure(a)
        pile.move_all("hand", "deck")
        for c in HAND:
            pile.move(c, "deck", "hand")
    match.submit(next(x for x in match.legal() if x.kind == "activate" and x.actor == a))
    if sp is not None:
        with match.world:
            get(a, CasketSP).sp = sp
    scene = BattleScene(app, Session(match, {"p1": "human", "p2": p2}))
    app.switch(scene)
    scene.draw(app.screen)
    return scene, a, b


def test_hand_strip_shows_the_humans_cards_with_costs_and_dims_the_unplayable(app, driver):
    scene, a, b = casket_duel(app, sp=1)
    title, entries = scene.hand_entries()
    assert "Confessor" in title and "1 SP left" in title
    assert [e["card"] for e in entries] == HAND and all(e["unit"] == a for e in entries)
    by_card = {e["card"]: e for e in entries}
    thrust = by_card["faithful_thrust"]
    assert thrust["cost"] == 2 and thrust["why"] == "needs 2 SP, 1 left" and not thrust["playable"]
    assert by_card["brace_for_impact"]["why"].startswith("reaction")
    assert by_card["feint"]["playable"] and by_card["desperate_lunge"]["playable"]
    # Drawn: one card per hand card; the unplayable ones in the dimmed face colour.
    assert [e["card"] for _, e in scene.hand_hits] == HAND
    for rect, entry in scene.hand_hits:
        face = tuple(app.screen.get_at((rect.right - 4, rect.y + rect.h // 2)))[:3]
        assert (face == (248, 246, 240)) == entry["playable"], entry["card"]
    # Only the side at the screen: p2's hand is never in the strip.
    assert all(e["unit"] == a for e in scene.hand)
    assert scene.match.ruleset.hand_view(scene.match, "p2") and b not in {e["unit"] for e in scene.hand}


def test_hot_seat_shows_each_person_only_their_own_hand(app, driver):
    scene, a, b = casket_duel(app, p2="human")
    assert scene.viewer == "p1" and {e["unit"] for e in scene.hand} == {a}
    driver.key(pygame.K_e)  # end the activation: p2 activates next
    assert scene.handoff == "p2"
    scene.draw(app.screen)
    assert scene.hand_hits == []  # the pass screen shows no cards
    driver.key(pygame.K_RETURN)
    assert scene.viewer == "p2" and {e["unit"] for e in scene.hand} == {b}
    scene.draw(app.screen)
    assert {e["unit"] for _, e in scene.hand_hits} == {b}


def test_clicking_hand_cards_plays_them_or_offers_their_targets(app, driver):
    scene, a, b = casket_duel(app)
    entry = lambda card: next(e for _, e in scene.hand_hits if e["card"] == card)  # noqa: E731
    rect = lambda card: next(r for r, e in scene.hand_hits if e["card"] == card)  # noqa: E731
    driver.click(rect("faithful_thrust").center)
    assert scene.focus == "card:faithful_thrust"
    assert set(scene.target_actions) == {b} and not scene.moves  # only the card's own targets
    assert len(scene.match.inputs) == 1  # nothing played yet (the activation only)
    driver.click(scene.camera.to_screen(scene.layout.centre(scene.unit_by_ent[b].cell)))
    assert scene.chooser and {x.option for x in scene.chooser} == {
        f"faithful_thrust@{aim}" for aim in ("random", "right_arm", "left_arm", "head", "chassis", "legs")}
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)
    assert scene.focus is None and scene.moves
    driver.click(rect("desperate_lunge").center)
    assert scene.focus == "card:desperate_lunge" and scene.moves and not scene.target_actions
    driver.click(rect("desperate_lunge").center)  # the same card again: back to every action
    assert scene.focus is None
    before = len(scene.match.inputs)
    driver.click(rect("feint").center)  # no target, one way to play it: played at once
    assert scene.match.inputs[before]["action"]["option"] == "feint"
    assert "feint" not in [e["card"] for _, e in scene.hand_hits]
    dimmed = entry("brace_for_impact")
    driver.click(rect("brace_for_impact").center)
    assert len(scene.match.inputs) == before + 1 and scene.toast and dimmed["why"] in scene.toast[0]


def test_status_panel_draws_components_heat_threads_and_wounds(app, monkeypatch):
    from game.rulesets.casket.components import CasketFrame, CasketHeat, CasketThreads, get

    seen: list[dict] = []
    real = battle_mod.draw_status

    def spy(surface, fonts, pal, view, pos, width, max_y, *rest):
        seen.append(view)
        return real(surface, fonts, pal, view, pos, width, max_y, *rest)

    monkeypatch.setattr(battle_mod, "draw_status", spy)
    scene, a, b = casket_duel(app)
    with scene.match.world:
        get(a, CasketHeat).value = 11
        get(a, CasketFrame).damage["head"] = 3
        get(a, CasketThreads).snapped.append("left_index")
    scene.refresh()
    scene.draw(app.screen)
    view = seen[-1]
    bars = {bar["label"]: bar for bar in view["bars"]}
    assert {"SP", "Heat", "Head", "Right Arm", "Left Arm", "Chassis", "Legs", "Wounds"} <= set(bars)
    assert (bars["Heat"]["value"], bars["Heat"]["max"], bars["Heat"]["note"]) == (11, 10, "overheating")
    assert (bars["Head"]["value"], bars["Head"]["max"], bars["Head"]["note"]) == (3, 3, "destroyed")
    assert panels.bar_colour(bars["Head"], scene.pal) == scene.pal.bad
    assert panels.bar_colour(bars["Legs"], scene.pal) == scene.pal.good
    assert "Left Index: snapped" in view["sections"]["Threads"] and "overheating" in view["tags"]
    # The structure is the token's health bar: deck + hand + discard against the starting deck.
    unit = scene.unit_by_ent[a]
    assert (unit.hp, unit.hp_max) == (30, 30) and battle_mod.health_label(unit) == "Structure"
    # The raw dump under the panel (info overlay) leaves the structured keys to the status block.
    lines = scene.unit_lines(unit)
    assert lines and not any(line.startswith(("Bars", "Sections", "Tags")) for line in lines)


def test_forced_attack_shows_its_dice_as_symbols_and_credits_the_damage(app, driver):
    app.settings.anim_speed = "normal"
    scene, a, b = casket_duel(app)
    m = scene.match
    m.chance.force("attack", "Death Blow", "Strike")      # 8: a Strong Hit
    m.chance.force("defense", "Shield", "Blood", "Critical", "Heat", "Pierce")  # 4 + 1 damage: 5 dice
    scene.submit(next(x for x in scene.session.legal() if x.option == "faithful_thrust@chassis"))
    attack = next(e for e in m.log if e.kind == "attack")
    defense = next(e for e in m.log if e.kind == "defense")
    assert attack.data["dice"] == ["Death Blow", "Strike"] and attack.data["die"] == "attack"
    assert defense.data["die"] == "defense" and defense.data["dice"] == defense.data["faces"]
    popups = {p.event.kind: p for p in scene.fx.popups}
    assert popups["attack"].items == [("die", "Death Blow"), ("die", "Strike")]
    scene.fx.update(1.0)  # past the flip: full-size pieces
    scene.draw(app.screen)
    # Every named face has its own drawn symbol, distinct from each other and from the plain name.
    pictures = {}
    for face in SYMBOL_FACES:
        surf = pygame.Surface((48, 48), pygame.SRCALPHA)
        assert draw_symbol(surf, face, 48), face
        pictures[face] = pygame.image.tobytes(surf, "RGBA")
    assert len(set(pictures.values())) == len(SYMBOL_FACES)
    assert not draw_symbol(pygame.Surface((48, 48)), "Nothing", 48)
    attack_blood = draw_die(scene.fonts, "Blood", 48, kind="attack")
    defense_blood = draw_die(scene.fonts, "Blood", 48, kind="defense")
    corner = (attack_blood.get_width() // 2, 4)
    assert attack_blood.get_at(corner) != defense_blood.get_at(corner)  # the die's kind shows by colour
    # The defender (the AI) answers its own prompts; the damage is credited to the attacker.
    while scene.session.waiting_for_ai and scene.session.decision is not None:
        scene.apply_step(scene.session.step_ai())
    lost = sum(len(e.data.get("cards", [])) for e in m.log if e.kind == "lose")
    assert lost > 0 and damage_by_unit(m.log) == {a: lost}


def test_chance_popups_list_dice_with_their_kind(app):
    from game.core.events import Event
    from game.ui.theme import Fonts, palette

    fx = ChanceFx(Fonts(1.0), palette("okabe-ito"))
    assert fx.add(Event("defense", "rolls", data={"dice": ["Shield", "Heat"], "die": "defense"}, chance=True))
    surface = pygame.Surface((800, 400))
    fx.update(1.0)
    fx.draw(surface, surface.get_rect())
    die = draw_die(fx.fonts, "Shield", fx.fonts.px(44), kind="defense")
    assert die.get_height() > fx.fonts.px(44)  # the face's name is written under its symbol


def test_after_a_move_the_facings_are_arrows_around_the_token(app, driver):
    scene, a, b = casket_duel(app)
    target = next(c for c, x in scene.moves.items() if x.kind == "move" and len(x.path) == 2)
    scene.camera.centre_on(scene.layout.centre(target))
    driver.click(scene.camera.to_screen(scene.layout.centre(target)))
    if scene.chooser:  # a move card reaches the hex too: take the plain move
        driver.key(pygame.K_1 + next(i for i, x in enumerate(scene.chooser) if x.kind == "move"))
    d = scene.session.decision
    assert d is not None and d.kind == "face"
    ent, choices = scene.facing_choices()
    assert ent == a and [c[0] for c in choices] == [int(o.key) for o in d.options]
    assert all(o.detail for o in d.options)  # each facing says where the enemy would stand
    scene.draw(app.screen)
    arrows = [btn for btn in scene.modal_buttons if btn.label.startswith("Face") and not btn.hotkey]
    assert len(arrows) == len(d.options)
    # A click on the arrow pointing north-east (hex side 5) answers with that facing.
    pick = next(btn for btn in arrows if btn.label.startswith("Face north-east"))
    driver.click(pick.rect.center)
    assert scene.session.decision is None and scene.match.inputs[-1] == {"t": "answer", "key": "5"}
    with scene.match.world:
        assert esper.component_for_entity(a, Facing).direction == 5


def test_turn_in_place_is_one_entry_opening_the_facing_arrows(app, driver):
    scene, a, b = casket_duel(app)
    index = next(i for i, g in enumerate(scene.groups) if g.key == "group|face")
    driver.key(pygame.K_1 + index)
    assert scene.chooser and all(x.kind == "turn" for x in scene.chooser)
    ent, choices = scene.facing_choices()
    assert ent == a and len(choices) == 5  # every side but the one faced now
    scene.draw(app.screen)
    driver.key(pygame.K_1)
    assert scene.match.inputs[-1]["action"]["kind"] == "turn"


def test_turn_bar_follows_the_rulesets_activation_order(app):
    scene, a, b = casket_duel(app)
    assert scene.order == [a, b]
    assert Ruleset.turn_order(scene.match.ruleset, scene.match) == []  # the base hook's default
    assert Ruleset.hand_view(scene.match.ruleset, scene.match, "p1") == []


def test_hovering_a_target_shows_every_outcome_before_rolling(app, driver, monkeypatch):
    shown = []
    monkeypatch.setattr(tooltips_mod, "draw_preview", lambda *args, **kw: shown.append(args[3]))
    scene, a, b = casket_duel(app)
    driver.move(scene.camera.to_screen(scene.layout.centre(scene.unit_by_ent[b].cell)))
    assert shown, "no odds box drawn"
    p = shown[-1]
    results = ["Catastrophic Failure", "Miss", "Hit", "Strong Hit", "Critical Hit", "Execution"]
    assert all(name.startswith(r) for (name, _), r in zip(p.outcomes, results, strict=True))
    assert all(any(ch.isdigit() for ch in name) for name, _ in p.outcomes[2:])  # damage beside hits
    assert abs(sum(prob for _, prob in p.outcomes) - 1) < 1e-9
    for label in ("base: 5+", "range", "attacker moved", "defender moved", "arc", "cover", "target number"):
        assert any(label in line for line in p.lines), label


def test_split_labels_keeps_what_differs():
    assert split_labels(["Thrust at Brokk (Head)", "Thrust at Brokk (Legs)"]) == ("Thrust at Brokk",
                                                                                   ["Head", "Legs"])
    assert split_labels(["Move", "End"]) == ("", ["Move", "End"])


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_bar_s_long_note_stays_inside_its_column(app, scale):
    from game.ui.theme import Fonts, palette

    fonts, pal = Fonts(scale), palette("default")
    bars = [{"label": "Heat", "value": 10, "max": 10, "good": "low", "note": "overheating"},
            {"label": "Right Arm", "value": 4, "max": 4, "good": "low", "note": "destroyed"}] * 3
    surf = pygame.Surface((600, 200))
    surf.fill((0, 0, 0))
    width = 300
    panels.draw_bars(surf, fonts, pal, bars, (0, 0), width)
    right = pygame.Rect(width, 0, 600 - width, 200)
    assert all(surf.get_at((x, y))[:3] == (0, 0, 0) for x in range(right.x, right.right, 2)
               for y in range(0, 200, 2)), "text spilled past the panel's width"


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_movement_chips_say_the_hexes_moved_in_words_and_what_they_do_to_hitting(app, driver, monkeypatch,
                                                                                scale):
    app.settings.ui_scale = scale
    app.fonts.set_scale(scale)
    scene, a, b = casket_duel(app)
    m = scene.match
    tags = m.ruleset.unit_view(m, a, "p1")["tags"]
    assert "moved 0 hexes · 0 last activation" in tags and not any("(last" in t for t in tags)
    # the casket not activating shows only its last activation (its count this activation is always 0)
    assert [t for t in m.ruleset.unit_view(m, b, "p1")["tags"] if t.startswith("moved")] == [
        "moved 0 hexes last activation"]
    scene.submit(next(x for x in scene.session.legal() if x.kind == "move" and len(x.path) == 1))
    scene.draw(app.screen)
    hit = next((r, tip) for r, tag, tip in scene.tag_hits if tag == "moved 1 hex · 0 last activation")
    assert "This activation: 1 hex, its own attacks get +1 to the target number." in hit[1]
    assert "Last activation: 0 hexes, attacks on it get +0" in hit[1]
    # every chip lies inside the panel, and hovering one tells what it means
    assert all(0 <= r.left and r.right <= scene.panel_rect.w for r, _, _ in scene.tag_hits)
    shown: list[str] = []
    monkeypatch.setattr(tooltips_mod, "tooltip", lambda s, f, p, lines, *a, **kw: shown.extend(
        [kw.get("title", ""), *lines]))
    driver.move(hit[0].move(scene.panel_rect.topleft).center)
    assert shown[:2] == ["moved 1 hex · 0 last activation", hit[1].split("\n")[0]]
    assert shown[-1] == "By hexes moved: 1-3 +1, 4-6 +2, 7 or more +3."
    # the full view (I) spells the same out without a mouse
    driver.key(pygame.K_i)
    lines = scene.info_shown  # the rows the sheet drew (a tag's explanation indented under it)
    full = "moved 1 hex · 0 last activation: This activation: 1 hex"
    assert any(line.startswith(full) for line in lines)
