"""The names generic code and rulesets share: action kinds, event kinds, decision-context keys,
unit-view keys and hand-view keys.

Each is spelled once here; core, ai, ui and report use these names, never the bare strings
(tests/test_conventions.py checks it), so a rename is one edit and a typo is an import error.
"""

from __future__ import annotations

from typing import Final

# -- action kinds the generic layers rely on ----------------------------------------------------
#: ends the acting unit's turn or activation (every ruleset offers it; the UI binds it to "E")
END: Final = "end"
#: the plain move to a cell (the UI's move overlay prefers it over runs and dashes to the same cell)
MOVE: Final = "move"
#: kinds that end the turn or activation: the UI sorts them last and gives them the end hotkey
TURN_ENDING_KINDS: Final = frozenset({END})
#: kinds that move the actor to a cell (`Ruleset.move_kinds`' default; the UI draws them as reach)
MOVE_KINDS: Final = frozenset({MOVE})

# -- match event kinds --------------------------------------------------------------------------
# Generic code writes these two; each ruleset names the kinds it writes in its own kinds.py (`Ev`).
#: the event `Match` emits when the match is decided
EVENT_MATCH_OVER: Final = "end"
#: the UI's log line that says why an AI chose its input (shown only when asked for)
EVENT_AI_REASONING: Final = "ai_reasoning"

# -- decision context keys (Decision.context) the UI's prompt and the AI read --------------------
#: the unit the question is about (entity id)
CTX_UNIT: Final = "unit"
#: extra lines of explanation
CTX_LINES: Final = "lines"
#: dice faces behind the question; CTX_DIE names their die kind (also a chance event's data keys)
CTX_DICE: Final = "dice"
CTX_DIE: Final = "die"
#: the cards at stake: a list, or {option key: card} (also a chance event's data key)
CTX_CARDS: Final = "cards"
#: odds line(s) per option key
CTX_ODDS: Final = "odds"
#: {option key: hex side or direction} for a facing chooser
CTX_FACINGS: Final = "facings"

# -- unit_view keys (Ruleset.unit_view) the generic UI and core read -----------------------------
VIEW_HP: Final = "hp"
VIEW_HP_MAX: Final = "hp_max"
#: older spellings of VIEW_HP / VIEW_HP_MAX some views state
VIEW_HEALTH: Final = "health"
VIEW_MAX_HEALTH: Final = "max_health"
#: true: the viewer must not see the unit at all
VIEW_HIDDEN: Final = "hidden"
#: the token's one- or two-character mark
VIEW_MARK: Final = "mark"
#: [{label, value, max, good, note}] bars for the status block
VIEW_BARS: Final = "bars"
#: short states shown as tags
VIEW_TAGS: Final = "tags"
#: {tag: what it means, lines split by "\n"}: hovering a tag (and the unit's full view) shows it
VIEW_TAG_TIPS: Final = "tag_tips"
#: {title: [lines]}
VIEW_SECTIONS: Final = "sections"
#: the text shown for health instead of "hp/hp_max"
VIEW_HEALTH_LABEL: Final = "health_label"


# -- hand_view keys (Ruleset.hand_view: one dict per card) the hand strip reads ----------------------
#: the card's name as players know it
HAND_NAME: Final = "name"
#: the card's id (a playing card like "10H" is drawn as one)
HAND_CARD: Final = "card"
#: what playing it costs (0: free) and the unit of that cost ("SP"; none: no badge unit)
HAND_COST: Final = "cost"
HAND_COST_UNIT: Final = "cost_unit"
#: true when it can be played right now
HAND_PLAYABLE: Final = "playable"
#: its rules text
HAND_TEXT: Final = "text"
#: its category, which picks the card's stripe colour
HAND_KIND: Final = "kind"
#: the holder's entity, when hands belong to units
HAND_UNIT: Final = "unit"
#: why it cannot be played now
HAND_WHY: Final = "why"
#: the `Action.hotkey_group` of the legal actions that play it
HAND_GROUP: Final = "group"
#: the answer it gives to the pending decision (a card cheated in)
HAND_OPTION: Final = "option"
#: its value, where cards have one (a playing card's)
HAND_VALUE: Final = "value"


# -- damage data: the keys of a log event's data that say who dealt damage to whom -----------------
# An event whose data holds DATA_DAMAGE is a damage event: it also names DATA_TARGET and
# DATA_ATTACKER, built with `game.core.events.damage_data` (the report's Collector and the results
# screen read them; tests/test_report_data.py checks every ruleset's damage events).
#: the unit credited with the damage (entity id); None: no unit dealt it (a casket's own bleeding)
DATA_ATTACKER: Final = "attacker"
#: the unit that took it (entity id)
DATA_TARGET: Final = "target"
#: how much this event dealt, in the ruleset's own measure (Health, cards lost); 0: a hit that did nothing
DATA_DAMAGE: Final = "damage"
#: the action that dealt it, as {"kind", "actor", "option"} like an input's action, when that is not
#: the input being resolved: a declaration rolled on Resolve, an attack revealed as the turn ends,
#: a counter-attack or a shot of opportunity during the enemy's move
DATA_ACTION: Final = "action"
