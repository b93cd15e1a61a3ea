"""Casket content: the Universal cards, deck building 26-50, squads, TOML validation errors."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from casket_helpers import make_match

from game.errors import UserError
from game.rulesets.casket.content import (
    DECK_MAX,
    DECK_MIN,
    data_files,
    load_content,
    shipped,
)

UNIVERSAL = {  # name: (SP, reaction)
    "Desperate Lunge": (1, False), "Brace for Impact": (0, True), "Emergency Vent": (2, False),
    "Sensor Sweep": (1, False), "Overextend": (1, False), "Rally Cry": (2, False),
    "Survey the Field": (1, False), "Feint": (1, False), "Retreat": (2, False),
    "Breathe the Core": (1, False),
}


def _with_extra(tmp_path: Path, text: str) -> list[Path]:
    extra = tmp_path / "zz_extra.toml"
    extra.write_text(text)
    return data_files() + [extra]


@pytest.mark.rule("CK-UNIVERSAL")
def test_the_ten_universal_cards_and_their_costs():
    c = shipped()
    got = {c.cards[cid].name: (c.cards[cid].sp, c.cards[cid].reaction) for cid in c.universal}
    assert got == UNIVERSAL
    eff = {c.cards[cid].name: [(e.kind, e.hexes or e.amount or e.cards or e.damage)
                               for e in c.cards[cid].effects]
           for cid in c.universal}
    assert eff["Desperate Lunge"] == [("move", 2)]
    assert eff["Overextend"] == [("move", 3), ("heat", 1)]
    assert eff["Retreat"] == [("move", 4), ("no_attack", 0)]
    assert eff["Emergency Vent"] == [("heat", -3)]
    assert eff["Breathe the Core"] == [("heat", -1), ("draw", 1)]
    assert eff["Brace for Impact"] == [("reduce", 2)]
    assert eff["Feint"] == [("boost", 1)]
    assert eff["Rally Cry"] == [("ally_draw", 1)] and c.cards["rally_cry"].effect("ally_draw").range == 3


@pytest.mark.rule("CK-UNIVERSAL", "CK-DECK")
def test_every_deck_holds_the_universal_cards_and_is_26_to_50():
    c = shipped()
    assert len(c.decks) >= 4
    for deck in c.decks.values():
        counts = Counter(deck.cards)
        assert all(counts[u] >= 1 for u in c.universal), deck.id
        assert DECK_MIN <= len(deck.cards) <= DECK_MAX, deck.id
    for faction in ("confessor", "ironclad"):
        assert sum(1 for d in c.decks.values() if d.faction == faction) >= 2
    heavy = len(c.decks["ironclad_hammer"].cards)
    light = len(c.decks["confessor_blades"].cards)
    assert heavy >= 40 and light <= 32      # heavy frames run big decks, light ones small


@pytest.mark.rule("CK-DECK")
@pytest.mark.parametrize("cards,problem", [
    ("{ faithful_thrust = 1 }", "11 cards (the 10 Universal cards included); a deck holds 26-50"),
    ("{ faithful_thrust = 20, penitent_blades = 20, buckler = 1 }", "51 cards"),
    ("{ faithful_thrust = 10, penitent_blades = 4, censer_shot = 4 }", "one primary weapon per casket"),
    ("{ faithful_thrust = 10, hammer_strike = 8 }", "Hammer Strike is a ironclad card"),
    ("{ faithful_thrust = 10, no_such_card = 8 }", "unknown card 'no_such_card'"),
])
def test_deck_building_errors_name_the_deck(tmp_path, cards, problem):
    text = f'[deck.bad]\nname = "Bad"\nfaction = "confessor"\ncards = {cards}\n'
    with pytest.raises(UserError) as err:
        load_content(_with_extra(tmp_path, text))
    assert problem in err.value.problem
    assert err.value.file.endswith("zz_extra.toml") and err.value.place.startswith("deck.bad")


@pytest.mark.rule("CK-DECK")
def test_a_deck_of_26_and_of_50_is_legal(tmp_path):
    text = ('[deck.small]\nname = "S"\nfaction = "confessor"\ncards = { faithful_thrust = 16 }\n'
            '[deck.big]\nname = "B"\nfaction = "confessor"\n'
            'cards = { faithful_thrust = 20, penitent_blades = 20 }\n')
    c = load_content(_with_extra(tmp_path, text))
    assert len(c.decks["small"].cards) == 26 and len(c.decks["big"].cards) == 50


@pytest.mark.rule("CK-DECK")
def test_optional_event_cap_of_30_refuses_a_big_deck():
    with pytest.raises(UserError, match="over the event cap of 30"):
        make_match("confessor_choir", "ironclad_hold", spawns={}, options={"deck_cap": 30})
    make_match(options={"deck_cap": 30})      # the seed's 30-card duel decks pass


@pytest.mark.parametrize("text,problem", [
    ('[card.x]\nname="X"\ncategory="faction"\nfaction="confessor"\ntype="attack"\nsp=1\n'
     'effects=[{kind="zap"}]\n', "'zap' is not one of"),
    ('[card.x]\nname="X"\ncategory="faction"\nfaction="confessor"\ntype="attack"\nsp=1\n'
     'effects=[{kind="attack", damage=3, reach=2}]\n', "unknown key 'reach'"),
    ('[card.x]\nname="X"\ncategory="faction"\nfaction="confessor"\ntype="defense"\nsp=0\n'
     'reaction=true\neffects=[{kind="move", hexes=2}]\n', "a reaction card may only reduce damage and draw"),
    ('[card.x]\nname="X"\ncategory="faction"\nfaction="confessor"\ntype="attack"\nsp=9\n'
     'effects=[{kind="attack", damage=3}]\n', "9 is outside 0..6"),
    ('[card.x]\nname="X"\ncategory="primary"\nfaction="confessor"\ntype="attack"\nsp=1\n'
     'effects=[{kind="attack", damage=3}]\n', "names its weapon"),
    ('[card.x]\nname="X"\ncategory="faction"\nfaction="confessor"\ntype="attack"\nsp=1\n'
     'effects=[{kind="attack", damage=3}, {kind="move", hexes=1}]\n', "one targeted effect"),
    ('[squad.x]\nname="X"\nfaction="confessor"\ncaskets=[{name="A", chassis="confessor_light", '
     'deck="confessor_blades"}]\n', "1 caskets; a squad fields 2-3 caskets"),
    ('[squad.x]\nname="X"\nfaction="confessor"\ncaskets=[{name="A", chassis="ironclad_heavy", '
     'deck="confessor_blades"}, {name="B", chassis="confessor_light", deck="confessor_blades"}]\n',
     "not a confessor frame"),
    ('[mystery]\nx=1\n', "unknown table [mystery]"),
    # an effect takes only its own kind's keys
    ('[card.x]\nname="X"\ncategory="faction"\nfaction="confessor"\ntype="attack"\nsp=1\n'
     'effects=[{kind="attack", damage=3, hexes=2}]\n', "unknown key 'hexes'"),
    ('[card.x]\nname="X"\ncategory="faction"\nfaction="confessor"\ntype="heat"\nsp=1\n'
     'effects=[{kind="heat", amount=0}]\n', "a heat effect needs a non-zero amount"),
    ('[card.damage]\nname="X"\n', "'damage' is the reserved Damage card"),
])
def test_content_errors_name_file_place_and_problem(tmp_path, text, problem):
    with pytest.raises(UserError) as err:
        load_content(_with_extra(tmp_path, text))
    assert problem in err.value.problem, err.value.line()
    assert "zz_extra.toml" in err.value.line()


@pytest.mark.parametrize("text,place,problem", [
    ('[card.x]\nname="X"\ncategory="faction"\nfaction="confessor"\ntype="attack"\nsp=1\n'
     'effects=[{kind="move", hexes=2}, {kind="attack", damage=30}]\n', "card.x.effects[2].damage",
     "30 is outside 0..20"),
    ('[deck.bad]\nname = "Bad"\nfaction = "confessor"\ncards = { faithful_thrust = 0 }\n',
     "deck.bad.cards.faithful_thrust", "0 is outside 1..20"),
    ('[squad.x]\nname="X"\nfaction="confessor"\ncaskets=[{name="A", chassis="confessor_light", '
     'deck="confessor_blades", grit=11}]\n', "squad.x.caskets[1].grit", "11 is outside 0..10"),
])
def test_content_errors_name_the_exact_key(tmp_path, text, place, problem):
    with pytest.raises(UserError) as err:
        load_content(_with_extra(tmp_path, text))
    assert (err.value.place, err.value.problem) == (place, problem)


def test_toml_syntax_error_is_one_line(tmp_path):
    with pytest.raises(UserError) as err:
        load_content(_with_extra(tmp_path, "[card.x\n"))
    assert "TOML syntax" in err.value.problem and "\n" not in err.value.line()


def test_squads_are_two_or_three_caskets_and_two_per_faction():
    c = shipped()
    field = [s for s in c.squads.values() if not s.duel]
    assert all(2 <= len(s.caskets) <= 3 for s in field)
    for faction in ("confessor", "ironclad"):
        assert sum(1 for s in field if s.faction == faction) >= 2
    weights = {c.chassis[k.chassis].weight for s in field for k in s.caskets}
    assert weights == {"light", "medium", "heavy"}
    assert {ch.weight: ch.sp for ch in c.chassis.values()} == {"light": 6, "medium": 5, "heavy": 4}


def test_seed_named_cards_exist():
    names = {card.name for card in shipped().cards.values()}
    seed = {"Faithful Thrust", "Advance", "Hammer Strike", "Penitent Blades", "Buckler", "Blood Offering"}
    assert seed <= names
