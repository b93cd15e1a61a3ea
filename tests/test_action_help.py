"""Every action offered in the window says what it does when its button is hovered
(`Ruleset.action_help`), in players' words: not empty, not just its name, no internal ids.

The walk plays each ruleset's default skirmish for a while (decisions take their defaults, the
actions picked rotate through the legal list) and asks for the help of every kind of action it
meets, for every unit, in the state it is offered in.
"""

from __future__ import annotations

import re

import pytest

from game.core import ruleset as registry
from game.core.action import Action
from game.core.match import Match, load_board_for
from game.sim import default_scenario

RULESETS = ["voidmarked", "casket", "varium", "tokens", "saves"]
#: snake_case ids ("smelling_salts", "acid_gel") and key=value syntax: names no player reads
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\w=\w")
STEPS = 90


def _bad_help(action: Action, help_text: str) -> str:
    """Why a help text fails ("" when it is fine)."""
    text = help_text.strip()
    label = action.label.split(": ", 1)[-1].strip().lower()
    if not text:
        return "no help"
    if text.lower().rstrip(".") in {label, action.kind, action.option.lower(), ""}:
        return f"help is only its name: {text!r}"
    if len(text) < 12:
        return f"help too short to say what it does: {text!r}"
    if INTERNAL.search(text):
        return f"internal id in the help: {text!r}"
    return ""


def _walk(rid: str) -> dict[tuple[str, str, int | None], tuple[Action, str]]:
    """The first help of each (kind, option, actor) the walk meets."""
    scenario = default_scenario(rid, None, 3)
    match = Match(registry.get(rid), scenario, load_board_for(scenario))
    helper = getattr(match.ruleset, "action_help", lambda _m, _a: "")
    seen: dict[tuple[str, str, int | None], tuple[Action, str]] = {}
    for step in range(STEPS):
        if match.result is not None:
            break
        decision = match.pending_decision
        if decision is not None:
            match.answer(decision.default or decision.keys()[0])
            continue
        legal = match.legal()
        if not legal:
            break
        for a in legal:
            key = (a.kind, a.option.split(":")[0], a.actor)
            if key not in seen:
                seen[key] = (a, helper(match, a))
        # rotate through the list, ending turns now and then so every side and unit acts
        ends = [a for a in legal if a.kind == "end"]
        pick = ends[0] if ends and step % 4 == 3 else legal[(step * 7) % len(legal)]
        match.submit(pick)
    return seen


@pytest.mark.parametrize("rid", RULESETS)
def test_every_offered_action_says_what_it_does(rid):
    seen = _walk(rid)
    kinds = {k for k, _, _ in seen}
    assert len(kinds) >= 3, f"{rid}: the walk met too few kinds of action: {kinds}"
    bad = sorted({f"{a.kind}/{a.option or '-'} ({a.label}): {why}"
                  for a, h in seen.values() if (why := _bad_help(a, h))})
    assert not bad, f"{rid}:\n" + "\n".join(bad)


def _without_description(tmp_path, data_dir, file: str, where: str):
    """The ruleset's data files copied, the description line of one entry ("item.cloak") removed."""
    for f in data_dir.glob("*.toml"):
        (tmp_path / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / file
    text = path.read_text(encoding="utf-8")
    start = text.index("\ndescription = ", text.index(f"[{where}]\n"))
    path.write_text(text[:start] + text[text.index("\n", start + 1) :], encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("rid, file, where", [
    ("saves", "gear.toml", "item.cloak"),
    ("saves", "gear.toml", "item.potion"),
    ("tokens", "gear.toml", "item.medkit"),
    ("voidmarked", "voidcalls.toml", "voidcall.void_lance"),
])
def test_usable_content_must_say_what_it_does(tmp_path, rid, file, where):
    """An item or voidcall's hover text is data: the shipped entries have one, and an entry without
    one is refused on load, naming the file, the entry and the key."""
    import importlib

    from game.errors import UserError

    content = importlib.import_module(f"game.rulesets.{rid}.content")
    data_dir = content.DATA_DIR
    folder = _without_description(tmp_path, data_dir, file, where)
    with pytest.raises(UserError) as err:
        if rid == "voidmarked":
            content.load_content(folder)
        else:
            content.load_content(sorted(folder.glob("*.toml")))
    msg = err.value.line()
    assert file in msg and where in msg and "description" in msg, msg
