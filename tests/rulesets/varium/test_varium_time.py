"""Initiative, half-turn actions, actions in progress, Run/Dash, Interact, Reload, Heal, Hide."""

from __future__ import annotations

import pytest
from varium_helpers import act, answer, cell, data, ents, force, hp, make, place, state

from game.core.board import Board
from game.core.match import Match, Scenario
from game.rulesets.varium import RULESET
from game.rulesets.varium.bodies import hide_dc
from game.rulesets.varium.turns import alternate, begin


def _setup_match(p1: str, p2: str, cards: list[str]) -> Match:
    board = Board.blank("square", 12, 10)
    scen = Scenario("varium", "blank", {"p1": p1, "p2": p2}, 3)
    m = Match(RULESET, scen, board, {}, setup=False)
    m.chance.force("card", *cards)
    import esper

    from game.core.components import Table

    with m.world:
        m.table_entity = esper.create_entity(Table(sides=("p1", "p2")))
        RULESET.setup(m)
        gen = RULESET.setup_phase(m)
    m._resolution = gen  # drive the set-up phase as Match does
    m._setting_up = True
    m._pump(None)
    return m


@pytest.mark.rule("VC-INIT")
def test_initiative_alternates_sides_and_a_side_orders_its_ties() -> None:
    cards = ["10H", "10D", "5S", "3S", "2S", "9H", "8H", "7H", "6H"]
    m = _setup_match("street_gang", "city_guard", cards)
    for _ in cards:
        answer(m, "stack", "stand")
    gang = ents(m)[:5]
    guard = ents(m)[5:]
    d = m.pending_decision
    assert d is not None and d.kind == "tie" and d.side == "p1"
    m.answer(str(gang[1]))
    assert data(m)["order"] == [
        gang[1],
        guard[0],
        gang[0],
        guard[1],
        gang[2],
        guard[2],
        gang[3],
        guard[3],
        gang[4],
    ]
    assert m.current().unit == gang[1]
    assert alternate({"p1": [1, 2, 3], "p2": [4]}, "p2") == [4, 1, 2, 3]


@pytest.mark.rule("VC-INIT")
def test_a_critical_initiative_grants_a_free_half_turn_before_combat() -> None:
    shooter_cards = ["KS", "QS", "AS", "KH", "QH", "AH", "KD", "QD", "AD", "KC", "QC"]
    m = _setup_match("duel_guard", "duel_gang", ["2H", *shooter_cards])
    guard, shooter = ents(m)
    answer(m, "stack", "stand")
    for c in shooter_cards:
        if c.startswith("A"):
            answer(m, "ace", "split")
        answer(m, "stack", "hit" if c != "QC" else "stand")
    assert state(m, shooter).initiative == 100
    assert m.current().unit == shooter and state(m, shooter).halves == 1
    act(m, "end", actor=shooter)
    assert m.round == 1 and m.current().unit == shooter and state(m, shooter).halves == 2


@pytest.mark.rule("VC-ACTIONS", "VC-DASH", "VC-RUN")
def test_two_half_turns_dash_costs_one_run_costs_both() -> None:
    m = make(cells={"p1": [(1, 1)], "p2": [(10, 8)]})
    guard, _ = ents(m)
    act(m, "dash", actor=guard, cell=(2, 2))
    assert state(m, guard).halves == 1
    assert not [a for a in m.legal() if a.kind == "run"]
    act(m, "dash", actor=guard, cell=(3, 3))
    assert [a.kind for a in m.legal()] == ["end"]
    m2 = make(cells={"p1": [(1, 1)], "p2": [(10, 8)]})
    g2, _ = ents(m2)
    runs = {a.cell for a in m2.legal() if a.kind == "run"}
    assert (5, 1) in runs and (6, 1) not in runs  # guard Speed 4
    act(m2, "run", actor=g2, cell=(5, 1))
    assert cell(m2, g2) == (5, 1) and state(m2, g2).halves == 0


@pytest.mark.rule("VC-ACTIONS")
def test_a_two_and_a_half_turn_action_completes_on_its_third_turn() -> None:
    m = make(cells={"p1": [(1, 1)], "p2": [(10, 8)]})
    guard, shooter = ents(m)
    state(m, shooter).ammo["pistol"] = 0
    act(m, "end", actor=guard)
    with m.world:
        list(begin(m, shooter, "reload:pistol", 5))  # the seed's 2.5-turn example
    assert state(m, shooter).busy["left"] == 3
    act(m, "end", actor=shooter)
    act(m, "end", actor=guard)
    assert state(m, shooter).busy["left"] == 1 and state(m, shooter).ammo["pistol"] == 0
    act(m, "end", actor=shooter)
    act(m, "end", actor=guard)
    assert not state(m, shooter).busy and state(m, shooter).ammo["pistol"] == 6
    assert state(m, shooter).halves == 1  # half a turn left on the third turn


@pytest.mark.rule("VC-ACTIONS", "VC-HIDE")
def test_damage_interrupts_an_action_in_progress_and_its_time_is_lost() -> None:
    m = make(order=None)
    guard, shooter = ents(m)
    act(m, "end", actor=guard)
    act(m, "hide", actor=shooter)
    assert state(m, shooter).busy == {"kind": "hide", "left": 2, "target": -1}
    act(m, "end", actor=shooter)
    force(m, "2H", "2C", "10S")
    act(m, "attack", actor=guard, target=shooter, option="baton")
    answer(m, "stack", "stand")
    act(m, "end", actor=guard)
    assert hp(m, shooter) < 55 and not state(m, shooter).busy
    assert not state(m, shooter).hidden


@pytest.mark.rule("VC-HIDE")
def test_hide_dc_from_light_and_enemy_perception_and_ambush_half_turn() -> None:
    m = make(cells={"p1": [(1, 1)], "p2": [(8, 8)]})
    guard, shooter = ents(m)
    with m.world:
        assert hide_dc(m, shooter) == 50 + 9
        m.board.set((8, 8), light="bright")
        assert hide_dc(m, shooter) == 75 + 9
        m.board.set((8, 8), light="normal", obscured=True)
        assert hide_dc(m, shooter) == 25 + 9            # haze
        m.board.set((8, 8), light="dark", obscured=False)
        assert hide_dc(m, shooter) == 25 + 9
    act(m, "end", actor=guard)
    act(m, "hide", actor=shooter)
    act(m, "end", actor=shooter)
    force(m, "KS", "QS", "3H")  # 28 + Stealth 8 = 36 >= 34
    act(m, "end", actor=guard)
    answer(m, "stack", "hit")
    answer(m, "stack", "hit")
    answer(m, "stack", "stand")
    assert state(m, shooter).hidden
    assert [a.kind for a in m.legal()] == ["end"]  # the hide used this turn's half-turns
    act(m, "end", actor=shooter)
    act(m, "end", actor=guard)
    place(m, shooter, (2, 2))
    act(m, "attack", actor=shooter, target=guard, option="pistol")
    assert state(m, shooter).halves == 2 and not state(m, shooter).hidden  # the free half-turn


@pytest.mark.rule("VC-INTERACT")
def test_weapons_start_sheathed_unless_the_squad_says_drawn() -> None:
    m = make(
        "street_gang", "duel_guard", cells={"p1": [(5, 5), (1, 1), (1, 2), (1, 3), (1, 4)], "p2": [(6, 5)]}
    )
    rook = ents(m)[0]
    guard = ents(m)[-1]
    opts = {a.option for a in m.legal() if a.kind == "attack" and a.target == guard}
    assert "knife" not in opts and "unarmed" in opts
    act(m, "draw", actor=rook)
    assert state(m, rook).halves == 1
    assert "knife" in {a.option for a in m.legal() if a.kind == "attack"}
    assert state(m, guard).drawn  # the city guard squad starts drawn


@pytest.mark.rule("VC-RELOAD")
def test_each_attack_uses_a_round_and_reload_takes_the_weapons_time() -> None:
    m = make("duel_gang", "duel_guard", cells={"p1": [(2, 5)], "p2": [(6, 5)]})
    shooter, guard = ents(m)
    force(m, "2H", "2C", "3S")
    act(m, "attack", actor=shooter, target=guard, option="pistol")
    answer(m, "stack", "stand")
    assert state(m, shooter).ammo["pistol"] == 5
    state(m, shooter).ammo["pistol"] = 0
    assert "pistol" not in {a.option for a in m.legal() if a.kind == "attack"}
    act(m, "reload", actor=shooter, option="pistol")
    assert state(m, shooter).ammo["pistol"] == 6 and state(m, shooter).halves == 0


@pytest.mark.rule("VC-HEAL")
def test_heal_uses_a_kit_and_needs_medicine_dc_50() -> None:
    m = make(
        "street_gang", "duel_guard", cells={"p1": [(5, 5), (1, 1), (1, 2), (1, 3), (4, 5)], "p2": [(9, 9)]}
    )
    rook, _vex, _mallet, _tally, doc, guard = ents(m)
    m.table.data["order"] = [doc, guard]
    with m.world:
        from game.core.components import Health
        from game.rulesets.varium.components import get

        get(rook, Health).current = 20
        list(__import__("game.rulesets.varium.turns", fromlist=["start_turn"]).start_turn(m, doc))
    act(m, "heal", actor=doc, target=rook)
    assert state(m, doc).kits == 2  # the kit is used when the heal completes
    act(m, "end", actor=doc)
    force(m, "KS", "7H")  # 20 + Medicine 30 = 50
    act(m, "end", actor=guard)
    answer(m, "stack", "hit")
    answer(m, "stack", "stand")
    assert hp(m, rook) == 45
    assert state(m, doc).kits == 1
    act(m, "end", actor=doc)
    act(m, "end", actor=guard)
    act(m, "heal", actor=doc, target=rook)  # a second kit, a failed check: wasted
    act(m, "end", actor=doc)
    force(m, "KS")
    act(m, "end", actor=guard)
    answer(m, "stack", "stand")  # 13 + 30 = 43 < 50
    assert hp(m, rook) == 45 and state(m, doc).kits == 0


@pytest.mark.rule("VC-HIDE")
def test_dc_checks_preview_their_chance() -> None:
    m = make(cells={"p1": [(1, 1)], "p2": [(8, 8)]})
    guard, shooter = ents(m)
    act(m, "end", actor=guard)
    hide = next(a for a in m.legal() if a.kind == "hide")
    with m.world:
        m.board.set((8, 8), light="dark")
    dark = RULESET.preview(m, hide)
    assert dark is not None and 0.0 < dark.hit < 1.0 and "needs 34" in dark.lines
    with m.world:
        m.board.set((8, 8), light="normal")
    lit = RULESET.preview(m, hide)
    assert lit is not None and lit.hit < dark.hit and "needs 59" in lit.lines


@pytest.mark.rule("VC-INTERACT")
def test_one_interact_draws_one_weapon() -> None:
    """A sheathed shooter (pistol and knife): drawing the pistol readies it alone; the knife needs
    an Interact of its own."""
    m = make("duel_gang", "duel_guard", cells={"p1": [(5, 5)], "p2": [(6, 5)]})
    shooter, guard = ents(m)
    state(m, shooter).drawn = False
    assert {a.option for a in m.legal() if a.kind == "draw"} == {"pistol", "knife"}
    assert not [a for a in m.legal() if a.kind == "attack" and a.option in ("pistol", "knife")]
    act(m, "draw", actor=shooter, option="pistol")
    weapons = {a.option for a in m.legal() if a.kind == "attack"}
    assert "pistol" in weapons and "knife" not in weapons and "knife!nl" not in weapons
    act(m, "draw", actor=shooter, option="knife")
    assert "knife" in {a.option for a in m.legal() if a.kind == "attack"} or state(m, shooter).halves == 0
    assert state(m, shooter).ready == ["pistol", "knife"]
