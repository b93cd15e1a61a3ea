"""SV-HIDDEN as the enemy knows it: a Hidden unit is seen where it hid and nowhere after. Twins that
differ only in where it truly stands give its enemies the same options, views and AI decisions."""

from __future__ import annotations

import pytest
from saves_helpers import act, bench, make_match, place, resolve, side_units

from game.ai.levels import make_level
from game.core.chance import Chance
from game.core.knowledge import known_units, place_hidden
from game.rulesets.saves import RULESET
from game.rulesets.saves.components import get, name_of
from game.rulesets.saves.kinds import Ev, Kind

HID_ON = (5, 6)


def hidden_twin(true_cell: tuple[int, int], seed: int = 1):
    """Oriel hides with her cloak on HID_ON, then creeps on to `true_cell`; p2 to declare."""
    m = make_match(seed=seed)
    party, warband = side_units(m, "p1"), side_units(m, "p2")
    with m.world:
        oriel = next(e for e in party if name_of(e) == "Oriel Quickhand")
    keep = [oriel, party[0] if party[0] != oriel else party[1], *warband[:3]]
    bench(m, keep)
    place(m, oriel, HID_ON)
    for i, e in enumerate(k for k in keep if k != oriel):
        place(m, e, (2 + 2 * i, 11) if e in warband else (1, 2))
    act(m, Kind.USE, actor=oriel, option="cloak")
    resolve(m)
    place(m, oriel, true_cell)
    return m, oriel


@pytest.mark.rule("SV-HIDDEN")
def test_its_enemies_know_only_the_square_it_hid_on():
    m, oriel = hidden_twin((9, 4))
    assert RULESET.hidden_units(m, "p2") == {oriel: HID_ON}
    assert RULESET.hidden_units(m, "p1") == {}
    believed = {b.ent: b for b in known_units(m, "p2")}[oriel]
    assert believed.cell == HID_ON and believed.hidden
    assert {b.ent: b for b in known_units(m, "p1")}[oriel].cell == (9, 4)


@pytest.mark.rule("SV-HIDDEN")
def test_a_hidden_units_move_is_written_for_its_own_side_only():
    m, oriel = hidden_twin((9, 4))
    resolve(m)  # p2 declares nothing: back to the party
    act(m, Kind.MOVE, actor=oriel, cell=(10, 4))
    moves = [e for e in m.log if e.kind == Ev.MOVE and e.data.get("unit") == oriel]
    assert moves and moves[-1].visible == "p1"


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_where_a_hidden_unit_truly_stands_changes_nothing_its_enemies_see_or_decide(level):
    a, oriel = hidden_twin((9, 4))
    b, _ = hidden_twin((3, 9))
    assert a.state_hash() != b.state_hash()
    la, lb = a.legal(), b.legal()
    assert [x.to_json() for x in la] == [x.to_json() for x in lb]
    assert oriel not in {x.target for x in la}
    assert RULESET.unit_view(a, oriel, "p2") == RULESET.unit_view(b, oriel, "p2")
    opts = ({"samples": 2, "budget": 30.0} if level == "hard"
            else {} if level == "random" else {"budget": 30.0})
    ai_a, ai_b = make_level(level, 7, **opts), make_level(level, 7, **opts)
    xa, xb = ai_a.choose(a, la), ai_b.choose(b, lb)
    assert xa.to_json() == xb.to_json()
    assert getattr(ai_a, "last_explanation", None) == getattr(ai_b, "last_explanation", None)


def test_an_ai_copy_places_it_where_it_could_be_never_by_its_true_square():
    cells = {}
    for true in ((9, 4), (3, 9)):
        m, oriel = hidden_twin(true)
        for seed in range(5):
            copy = m.scratch()
            place_hidden(copy, "p2", Chance(seed))
            with copy.world:
                from game.core.components import Position

                cells.setdefault(seed, set()).add(tuple(get(oriel, Position).cell))
            copy.close()
        m.close()
    assert all(len(v) == 1 for v in cells.values())  # the same square for both twins
    assert len({c for v in cells.values() for c in v}) > 1  # drawn, not one fixed square


@pytest.mark.rule("SV-HIDDEN")
def test_a_move_onto_a_hidden_enemys_square_finds_it_and_stops_next_to_it():
    m, oriel = hidden_twin((6, 8))
    grell = next(a.actor for a in m.legal() if a.kind == Kind.MOVE
                 and any(b.cell == (6, 8) for b in m.legal() if b.actor == a.actor and b.kind == Kind.MOVE))
    act(m, Kind.MOVE, actor=grell, cell=(6, 8))  # offered: p2 cannot know she is there
    from game.core.components import Conditions, Position

    with m.world:
        here = tuple(get(grell, Position).cell)
        assert not get(oriel, Conditions).has("hidden")
    assert here != (6, 8) and m.board.distance(here, (6, 8)) == 1
    assert any(e.kind == Ev.REVEAL and e.data.get("unit") == oriel for e in m.log)


def hunt_twin(true_cell: tuple[int, int], seed: int = 1):
    """Oriel, the party's last unit standing, hides on HID_ON and creeps on to `true_cell`; the
    warband (far off, none next to her) is to declare with no enemy in sight."""
    m = make_match(seed=seed)
    party, warband = side_units(m, "p1"), side_units(m, "p2")
    with m.world:
        oriel = next(e for e in party if name_of(e) == "Oriel Quickhand")
    bench(m, [oriel, *warband[:3]])
    place(m, oriel, HID_ON)
    for i, e in enumerate(warband[:3]):
        place(m, e, (14 + 2 * i, 12))
    act(m, Kind.USE, actor=oriel, option="cloak")
    resolve(m)
    place(m, oriel, true_cell)
    return m, oriel, warband[:3]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_hunt_for_a_hidden_unit_is_the_same_wherever_it_truly_stands(level):
    a, oriel, _ = hunt_twin((9, 4))
    b, _, _ = hunt_twin((3, 9))
    opts = {"samples": 2, "budget": 30.0} if level == "hard" else {"budget": 30.0}
    ai_a, ai_b = make_level(level, 7, **opts), make_level(level, 7, **opts)
    kinds = []
    for _ in range(3):  # the warband's declarations, until a search finds her in either twin
        la, lb = a.legal(), b.legal()
        xa, xb = ai_a.choose(a, la), ai_b.choose(b, lb)
        assert xa.to_json() == xb.to_json()
        kinds.append(xa.kind)
        if xa.kind == Kind.END:
            break
        a.submit(xa)
        b.submit(xb)
        if any(e.kind == Ev.REVEAL for m in (a, b) for e in m.log):
            break
    assert kinds[0] == Kind.MOVE


def _search(true_cell: tuple[int, int], rounds: int = 12) -> tuple[bool, set[int], set[int]]:
    """Normal's warband against a Hidden Oriel who keeps still on `true_cell` (the party side only
    presses Resolve): whether it found her within `rounds`, who set out in round 1, the raiders."""
    m, oriel, raiders = hunt_twin(true_cell)
    from game.core.components import Conditions

    ai = make_level("normal", 7, budget=30.0)
    movers: set[int] = set()
    found = False
    for _ in range(400):
        with m.world:
            found = not get(oriel, Conditions).has("hidden")
        if found or m.round > rounds:
            break
        if m.current().side != "p2":
            resolve(m)
            continue
        x = ai.choose(m, m.legal())
        if x.kind == Kind.MOVE and m.round == 1:
            movers.add(x.actor)
        m.submit(x)
        while m.pending_decision is not None:
            m.answer(ai.decide(m, m.pending_decision))
    m.close()
    return found, movers, set(raiders)


@pytest.mark.rule("SV-HIDDEN")
def test_with_only_hidden_enemies_left_the_side_searches_until_it_finds_her():
    # before the search, Normal's raiders went to where she hid and stood there: never found
    results = [_search(cell) for cell in ((12, 2), (9, 12), (13, 7), (2, 2))]
    assert all(movers == raiders for _, movers, raiders in results)  # every raider sets out at once
    assert sum(found for found, _, _ in results) >= 3, [found for found, _, _ in results]
