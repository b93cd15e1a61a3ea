"""What the rules screen shows a player: no command lines, option syntax, file names, seed or catalog
references; and every section says how to do it in the window.

Convention: each section the rules screen lists (the introduction included) holds a paragraph
starting "**In the window:**" that names the keys, buttons or prompts the section's rules are
played with. Notes for developers go under a heading the screen drops ("For developers").
"""

from __future__ import annotations

import re

import pytest

from game.core import ruleset as registry
from game.ui.scenes.rules_text import player_markdown, rules_sections

RULESETS = ["voidmarked", "casket", "varium", "tokens", "saves"]

#: what only a developer reads, each with the words that say why it is banned
DEV_TEXT = {
    r"--[a-z]": "a command-line flag (--option, --pc, --squad)",
    r"python -m": "a command line",
    r"\bseed\b": "the seed the rules were read from",
    r"older scenario": "a note on old scenario files",
    r"\.py\b": "a source file",
    r"\.toml\b": "a data file",
    r"\.md\b": "a document name",
    r"\b[A-Z]{2,}-[A-Z0-9]{2,}\b": "a rule id",
    r"`[a-z_]+=": "option syntax (key=value)",
    r"\b[a-z]+_[a-z_]+\b": "an internal name (snake_case)",
    r"\bcatalog\b": "the rule catalog",
    r"conformance test": "a test",
    r"^#+ Not yet": "a to-do list",
}


def _player_text(rid: str) -> str:
    return player_markdown(registry.get(rid).rules_doc().read_text(encoding="utf-8"))


@pytest.mark.parametrize("rid", RULESETS)
def test_the_rules_screen_has_no_developer_text(rid):
    text = _player_text(rid)
    found = []
    for pattern, why in DEV_TEXT.items():
        for m in re.finditer(pattern, text, re.I if pattern.islower() else re.M):
            line = text[text.rfind("\n", 0, m.start()) + 1 : text.find("\n", m.end())]
            found.append(f"{why}: {line.strip()[:90]}")
    assert not found, f"{rid}:\n" + "\n".join(found)


@pytest.mark.parametrize("rid", RULESETS)
def test_every_rules_section_says_how_to_do_it_in_the_window(rid):
    sections = rules_sections(registry.get(rid).rules_doc().read_text(encoding="utf-8"))
    assert len(sections) >= 6
    missing = [title for title, text in sections if not re.search(r"^\*\*In the window:\*\* \S", text, re.M)]
    assert not missing, f"{rid}: sections without an 'In the window:' line: {missing}"


@pytest.mark.parametrize("rid", RULESETS)
def test_developer_notes_are_kept_where_the_screen_drops_them(rid):
    """Moved, not deleted: the document keeps a developers' section the rules screen leaves out."""
    source = registry.get(rid).rules_doc().read_text(encoding="utf-8")
    assert re.search(r"^## (For developers|For the AI|Readings)", source, re.M)
    assert "For developers" not in _player_text(rid)


def test_a_dropped_rule_id_leaves_no_stray_stop_at_a_line_start():
    source = "Card + Intelligence / 2 (rounded down)\n(**VM-INIT**). Units of a type share a flip.\n"
    shown = player_markdown(source)
    assert shown.splitlines() == ["Card + Intelligence / 2 (rounded down).", "Units of a type share a flip."]


@pytest.mark.parametrize("rid", RULESETS)
def test_section_titles_are_whole_in_the_list_at_150_percent(rid):
    """The section list is as wide as its longest title: none is cut at 150 % in the default
    window (the varium list cut "The hit-check table (in the window)")."""
    import pygame

    from game.ui.app import DEFAULT_SIZE, App
    from game.ui.scenes.rules import RulesScene
    from game.ui.settings import Settings
    from game.ui.theme import Fonts

    app = App(DEFAULT_SIZE, Settings(anim_speed="instant", ui_scale=1.5))
    try:
        scene = RulesScene(app, registry.get(rid))
        titles = [title for title, _ in scene.sections]
        assert getattr(scene, "titles", titles) == titles  # none shortened with "…"
        font = app.fonts.font(Fonts.BODY)
        inner = scene.section_list.rect.w - app.fonts.px(16) - app.fonts.px(22)
        for title in titles:
            assert font.size(title)[0] <= inner, title
    finally:
        pygame.quit()
