"""Turn shape, surprise, maneuvers, retreat, morale, reaction; campaign rules as far as a skirmish goes."""

from __future__ import annotations

import pytest
from saves_helpers import (
    act,
    answer,
    bench,
    comp,
    duel,
    events,
    make_match,
    place,
    resolve,
    setup_unit,
    side_units,
)

from game.core.components import Conditions, Health, Status, Table
from game.errors import UserError
from game.rulesets.saves.components import SvGear, SvScores, SvTurn, get
from game.rulesets.saves.morale import after_harm, check_group


@pytest.mark.rule("SV-TURN")
def test_declarations_roll_nothing_until_resolve_and_can_be_taken_back():
    m, a, b = duel()
    place(m, b, (8, 5))
    draws = m.chance.draws
    act(m, "move", actor=a, cell=(7, 5))
    assert not [x for x in m.legal() if x.kind == "move" and x.actor == a]  # one move
    act(m, "attack", actor=a, target=b, option="sword")
    assert m.chance.draws == draws and not events(m, "attack")
    assert [x.kind for x in m.legal() if x.actor == a] == ["cancel"]
    assert m.can_undo
    act(m, "cancel", actor=a)
    assert comp(m, a, SvTurn).moved  # the move stands; a new action may be declared
    act(m, "attack", actor=a, target=b, option="sword")
    m.chance.force("d8", 2)
    m.chance.force("d20", 20)
    resolve(m)
    answer(m, "dodge")
    assert comp(m, b, Health).current == 3 and m.current().side == "p2"


@pytest.mark.rule("SV-TURN")
def test_an_item_swap_replaces_the_move():
    m, a, b = duel()
    with m.world:
        get(a, SvGear).stowed = ["bow"]
    act(m, "swap", actor=a, option="bow")
    assert comp(m, a, SvGear).held == ["bow"] and "sword" in comp(m, a, SvGear).stowed
    assert not [x for x in m.legal() if x.kind == "move" and x.actor == a]


@pytest.mark.rule("SV-INIT")
def test_unclear_start_lets_only_player_characters_who_pass_dex_act_first():
    # party DEX: 9, 15, 12, 10, 13
    m = make_match(options={"surprise": "unclear"}, force=[("d20", (5, 15, 3, 20, 20))])
    party = side_units(m, "p1")
    assert m.current().side == "p1"
    with m.world:
        assert get(m.table_entity, Table).data["only"] == party[:3]
    assert {x.actor for x in m.legal() if x.actor is not None} == set(party[:3])
    resolve(m)
    assert m.current().side == "p2"
    resolve(m)
    assert m.current().side == "p1" and m.round == 2
    assert {x.actor for x in m.legal() if x.actor is not None} == set(party)


@pytest.mark.rule("SV-INIT")
def test_when_every_player_character_fails_the_opponents_act_first():
    m = make_match(options={"surprise": "unclear"}, force=[("d20", (20, 20, 20, 20, 20))])
    assert m.current().side == "p2"
    with pytest.raises(UserError):
        make_match(options={"surprise": "sometimes"})


@pytest.mark.rule("SV-MANEUVER")
def test_knock_down_makes_the_target_save_dex_or_fall_prone():
    m, a, b = duel()
    c = side_units(m, "p1")[1]
    with m.world:
        get(c, Status).state = "active"
    place(m, c, (6, 6))
    setup_unit(m, c, held=["sword"])
    setup_unit(m, b, hp=9)
    act(m, "maneuver", actor=a, target=b, option="knockdown")
    act(m, "attack", actor=c, target=b, option="sword")
    m.chance.force("d20", 20, 20)  # the DEX save against the knock-down, then the dodge
    m.chance.force("d8", 1)
    m.chance.force("d12", 6)  # Prone: the attack that follows is Enhanced
    resolve(m)
    answer(m, "dodge")
    assert any("Prone" in e.text for e in events(m, "condition"))
    assert comp(m, b, Health).current == 3
    assert m.current().side == "p2"
    assert comp(m, b, SvTurn).moved and not comp(m, b, Conditions).has("prone")  # getting up is its move


@pytest.mark.rule("SV-MANEUVER")
def test_snatch_makes_the_target_save_str_or_lose_its_weapon():
    m, a, b = duel()
    act(m, "maneuver", actor=a, target=b, option="snatch:sword")
    m.chance.force("d20", 11)
    resolve(m)
    assert comp(m, b, SvGear).held == ["fists"] and "sword" in comp(m, a, SvGear).stowed
    m2, a2, b2 = duel()
    act(m2, "maneuver", actor=a2, target=b2, option="snatch:sword")
    m2.chance.force("d20", 10)
    resolve(m2)
    assert comp(m2, b2, SvGear).held == ["sword"]


@pytest.mark.rule("SV-RETREAT")
def test_fleeing_needs_an_edge_and_a_dex_save_under_pursuit():
    m, a, b = duel()
    assert not [x for x in m.legal() if x.kind == "flee"]
    place(m, a, (0, 5))
    place(m, b, (1, 5))
    act(m, "flee", actor=a)
    m.chance.force("d20", 15)
    resolve(m)
    assert comp(m, a, Status).state == "active"
    m2, a2, b2 = duel()
    place(m2, a2, (0, 5))
    place(m2, b2, (5, 5))
    act(m2, "flee", actor=a2)
    draws = m2.chance.draws
    resolve(m2)
    assert comp(m2, a2, Status).state == "fled" and m2.chance.draws == draws  # nobody gives chase


def _lose(m, ents, state="dead"):
    with m.world:
        for e in ents:
            get(e, Status).state = state
            get(m.table_entity, Table).data["morale_checked"] = []


@pytest.mark.rule("SV-MORALE")
def test_a_group_that_loses_half_saves_wil_with_its_leader_or_routs():
    m = make_match()
    band = side_units(m, "p2")
    _lose(m, band[3:])  # 2 of 5: not yet half
    with m.world:
        check_group(m, "p2")
    assert not events(m, "save")
    _lose(m, band[2:])  # 3 of 5
    m.chance.force("d20", 19)
    with m.world:
        check_group(m, "p2")
    save = events(m, "save")[0]
    assert save.data["unit"] == band[0] and save.data["score"] == "WIL"  # the chieftain
    assert [comp(m, e, Status).state for e in band[:2]] == ["fled", "fled"]


@pytest.mark.rule("SV-MORALE")
def test_player_characters_mindless_and_fearless_are_exempt():
    m = make_match("party", "beasts")
    party, beasts = side_units(m, "p1"), side_units(m, "p2")
    _lose(m, party[1:4] + beasts[:3])
    _lose(m, [])
    m.chance.force("d20", 20)
    with m.world:
        check_group(m, "p1")
        check_group(m, "p2")
    assert [comp(m, e, Status).state for e in party] == ["active", "dead", "dead", "dead", "fled"]
    assert comp(m, beasts[3], Status).state == "active" and comp(m, beasts[4], Status).state == "active"
    m2 = make_match("party", "warband", options={"player_characters": []})
    p2 = side_units(m2, "p1")
    _lose(m2, p2[2:])
    m2.chance.force("d20", 20)
    with m2.world:
        check_group(m2, "p1")
    assert comp(m2, p2[0], Status).state == "fled"  # no player characters: everyone saves


@pytest.mark.rule("SV-MORALE")
def test_a_lone_combatant_saves_at_zero_hp():
    m, a, b = duel()
    with m.world:
        get(b, Health).current = 0
    m.chance.force("d20", 20)
    with m.world:
        after_harm(m, b, 3)
    assert comp(m, b, Status).state == "fled" and comp(m, b, Conditions).has("routed")


@pytest.mark.rule("SV-REACTION")
def test_a_wounded_opponent_called_on_to_surrender_saves_wil():
    m, a, b = duel()
    setup_unit(m, b, wil=9)
    with m.world:
        get(b, Health).current = 0
    act(m, "parley", actor=a, target=b)
    m.chance.force("d20", 12)
    resolve(m)
    assert comp(m, b, Conditions).has("surrendered") and m.result.winner == "p1"


@pytest.mark.rule("SV-DEATH")
def test_the_dead_stay_dead_and_keep_their_place_in_the_record():
    m, a, b = duel()
    setup_unit(m, b, hp=0, str_=2)
    act(m, "attack", actor=a, target=b, option="sword")
    m.chance.force("d8", 5)
    m.chance.force("d20", 20)
    resolve(m)
    answer(m, "dodge")
    assert comp(m, b, Status).state == "dead"
    assert b in side_units(m, "p2")  # the entity is kept (ids stay stable)


@pytest.mark.rule("SV-REST", "SV-HEALING")
def test_no_rest_or_healing_in_a_skirmish_lost_hp_and_scores_stay_lost():
    m, a, b = duel()
    bench(m, [a, b])
    with m.world:
        get(a, Health).current = 1
        get(a, SvScores).strength = 4
    resolve(m)
    resolve(m)
    assert comp(m, a, Health).current == 1 and comp(m, a, SvScores).strength == 4


@pytest.mark.rule("SV-INIT")
def test_who_acts_first_is_a_rules_option_the_launcher_and_command_line_offer():
    from game.core.options import RULES_KEY, declared, parse_assignments
    from game.rulesets.saves.ruleset import SavesRuleset

    RULESET = SavesRuleset()

    opt = declared(RULESET)["surprise"]
    assert opt.default == "unclear" and set(opt.values) == {"unclear", "none", "p1", "p2"}
    assert all("_" not in label and "p2" not in label for label in opt.labels)  # players' words
    chosen = parse_assignments(RULESET, ["surprise=p2"])
    m = make_match(options={"surprise": "p1", RULES_KEY: chosen})
    assert m.current().side == "p2"  # the chosen reading beats the scenario's bare option
    m = make_match(options={RULES_KEY: {"surprise": "none"}})
    assert m.current().side == "p1"
