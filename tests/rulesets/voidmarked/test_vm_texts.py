"""#17 texts a player reads: damage beside each band, option values in their unit, sides by name."""

from __future__ import annotations

import pytest
from vm_helpers import act, events, make_turn, new_match, park_others, place, set_hand, stack, unit

from game.rulesets.voidmarked import RULESET
from game.rulesets.voidmarked.combat import KILL_WEIGHT


def melee_duel(p1_hand=(), p2_hand=()):
    """Sergeant Hale next to The Flayed, Hale to act (vanguard is p1, void_cult p2)."""
    m = new_match()
    hale, flayed = unit(m, "hale"), unit(m, "flayed")
    park_others(m, [hale, flayed])
    place(m, hale, (5, 5))
    place(m, flayed, (6, 5))
    make_turn(m, hale)
    set_hand(m, "p1", list(p1_hand))
    set_hand(m, "p2", list(p2_hand))
    return m, hale, flayed


def test_odds_bands_carry_the_damage_they_do():
    from game.rulesets.voidmarked.expectation import expect
    from game.rulesets.voidmarked.strikes import strike

    m, hale, flayed = melee_duel()
    attack = next(a for a in m.legal() if a.kind == "attack" and a.target == flayed)
    with m.world:
        p = RULESET.preview(m, attack)
        rows = expect(m, "p1", strike(m, hale, flayed, "main")).outcomes
    assert [name for name, _ in p.outcomes] == [f"{label} {d}" if d else label for _, d, label in rows]
    assert any(name.startswith("hit, Moderate ") and name.split()[-1].isdigit() for name, _ in p.outcomes)
    assert not any("p1" in line for line in p.lines)  # "the cards Vanguard cannot see"


@pytest.mark.rule("VM-CHEAT")
def test_cheat_options_state_their_worth_in_expected_damage():
    m, hale, flayed = melee_duel(p2_hand=["QS"])
    stack(m, "9S", "5H", "2C")
    m.submit(next(a for a in m.legal() if a.kind == "attack"))
    d = m.pending_decision
    assert d is not None and d.kind == "cheat"
    for o in d.options:
        assert "expected damage to The Flayed" in o.detail, o.detail
        assert o.detail.startswith(("+", "-")) and f"counts as {KILL_WEIGHT:g}" in o.detail
    m.answer("keep")


@pytest.mark.rule("VM-CHEAT")
def test_the_cheat_log_names_the_squad_not_the_side_id():
    m, hale, flayed = melee_duel(p1_hand=["KC", "3D"], p2_hand=["QS", "4H"])
    stack(m, "9S", "5H", "2C")
    act(m, "attack", hale, target=flayed, option="main",
        answer=lambda d: next((k for k in d.keys() if k.startswith("cheat")), "keep"))
    cheats = events(m, "cheat")
    assert cheats
    names = {RULESET.squads()["vanguard"].name, RULESET.squads()["void_cult"].name}
    for e in cheats:
        assert e.text.split(" cheats ")[0] in names, e.text
        assert "p1" not in e.text + " ".join(e.math) and "p2" not in e.text + " ".join(e.math)
    setup = events(m, "setup")[0]
    assert not any(line.startswith(("p1", "p2")) for line in setup.math)
