"""The msgspec schemas of saved matches (snapshots) and replays, with their size limits: types,
ranges, enums, sizes, no unknown fields. What a decoded file means is checked after decoding, in
`game.core.matchfile`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

SAVE_LIMIT = 16 << 20  # bytes; the longest casket game saves at about 0.4 MiB
REPLAY_LIMIT = 16 << 20
MAX_ENTITY_ID = 100_000
MAX_ENTITIES = 10_000
MAX_INPUTS = 100_000
MAX_LOG = 400_000
MAX_PATH = 1_000
MAX_COORD = 10_000
#: ints anywhere in a world (health, counters, ids): far beyond any game, far below a hang
MAX_WORLD_INT = 10**9

Side = Literal["p1", "p2"]
Name = Annotated[str, Meta(max_length=200)]
Text = Annotated[str, Meta(max_length=20_000)]
EntityId = Annotated[int, Meta(ge=1, le=MAX_ENTITY_ID)]
Coord = Annotated[int, Meta(ge=-MAX_COORD, le=MAX_COORD)]
Cell = tuple[Coord, Coord]
Seed = Annotated[int, Meta(ge=0, le=2**63 - 1)]
Round = Annotated[int, Meta(ge=0, le=100_000)]


class ScenarioOptions(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """Options a scenario may set (every one a ruleset or AI reads)."""

    deck_cap: Annotated[int, Meta(ge=1, le=1_000)] | UnsetType = UNSET
    objectives: bool | UnsetType = UNSET
    # saves: who acts first (SV-INIT)
    surprise: Literal["unclear", "none", "p1", "p2"] | UnsetType = UNSET
    # the sides that field player characters (game.core.options); unset: the ruleset's default
    player_characters: Annotated[list[Side], Meta(max_length=2)] | UnsetType = UNSET
    # older saves' text form of the same flag ("p1", "p1,p2", "none"): still read
    player_sides: Annotated[str, Meta(max_length=64)] | UnsetType = UNSET
    # rules options the ruleset declares (Ruleset.rule_options), checked in scenario_from
    rules: Annotated[dict[Name, str | int | bool], Meta(max_length=100)] | UnsetType = UNSET
    # squads players built, whole per side (game.core.options.BUILT_KEY), checked in scenario_from
    built_squads: Annotated[dict[Side, Annotated[dict[Name, Any], Meta(max_length=20)]],
                            Meta(max_length=2)] | UnsetType = UNSET


class ScenarioData(Struct, forbid_unknown_fields=True):
    """core.match.Scenario as stored."""

    ruleset: Name
    map: Annotated[str, Meta(min_length=1, max_length=4096)]
    squads: dict[Side, Name]
    seed: Seed = 1
    options: ScenarioOptions = msgspec.field(default_factory=ScenarioOptions)


class ActionData(Struct, forbid_unknown_fields=True):
    """core.action.Action as stored."""

    kind: Name
    actor: EntityId | None = None
    target: EntityId | None = None
    cell: Cell | None = None
    path: Annotated[list[Cell], Meta(max_length=MAX_PATH)] = []
    option: Name = ""
    label: Text = ""


class ActionInput(Struct, tag_field="t", tag="action", forbid_unknown_fields=True):
    """An action the acting side took."""

    action: ActionData


class AnswerInput(Struct, tag_field="t", tag="answer", forbid_unknown_fields=True):
    """An answer to a decision."""

    key: Name


Inputs = Annotated[list[ActionInput | AnswerInput], Meta(max_length=MAX_INPUTS)]


class ChanceData(Struct, forbid_unknown_fields=True):
    """core.chance.Chance as stored: SplitMix64's one 64-bit state word."""

    seed: Seed
    state: Annotated[int, Meta(ge=0)]  # < 2**64, checked in restore_match (msgspec bounds stop at int64)
    draws: Annotated[int, Meta(ge=0, le=2**53)] = 0


class ResultData(Struct, forbid_unknown_fields=True):
    """How the match ended."""

    winner: Side | None
    reason: Text


class EventData(Struct, forbid_unknown_fields=True):
    """core.events.Event as stored."""

    kind: Name
    text: Text
    math: Annotated[list[Text], Meta(max_length=1_000)] = []
    data: dict[Name, Any] = {}
    round: Round = 0
    side: Name = ""
    chance: bool = False
    visible: Name = "all"


World = Annotated[dict[EntityId, dict[Name, dict[Name, Any]]], Meta(max_length=MAX_ENTITIES)]


class SnapshotData(Struct, forbid_unknown_fields=True):
    """Match.snapshot() as stored in a save."""

    format: int
    scenario: ScenarioData
    world: World
    chance: ChanceData
    table_entity: EntityId
    inputs: Inputs
    result: ResultData | None = None
    pending: bool = False
    log: Annotated[list[EventData], Meta(max_length=MAX_LOG)] = []


class SaveFile(Struct):
    """A save file (game.ui.session.Session.save_data); unknown top-level keys are ignored."""

    snapshot: SnapshotData
    format: int = 1
    kind: Literal["skirmish-table-save"] = "skirmish-table-save"
    controllers: dict[Side, Name] = {}
    saved_at: Name = ""


class ReplayParent(Struct, forbid_unknown_fields=True):
    """Where a branched game came from: the replay it was branched from and the input index in
    it (the branch's own inputs start with that replay's first `input` inputs)."""

    file: Annotated[str, Meta(max_length=4096)]
    input: Annotated[int, Meta(ge=0, le=MAX_INPUTS)]


class ReplayFile(Struct, forbid_unknown_fields=True):
    """A replay file (game.sim.replay_data)."""

    format: int
    scenario: ScenarioData
    inputs: Inputs
    controllers: dict[Side, Name] = {}
    rounds: Round | UnsetType = UNSET
    winner: Side | None | UnsetType = UNSET
    final_hash: Annotated[str, Meta(pattern="^[0-9a-f]{64}$")] | None = None
    finished_at: Name = ""  # replays kept by the window (game.ui.replays) say when
    parent: ReplayParent | UnsetType = UNSET  # a branch says what it was branched from


class ReplayHeader(Struct):
    """What the replays list reads of a file (the inputs are skipped, not checked)."""

    format: int
    scenario: ScenarioData
    controllers: dict[Side, Name] = {}
    rounds: Round | UnsetType = UNSET
    winner: Side | None | UnsetType = UNSET
    finished_at: Name = ""
    parent: ReplayParent | UnsetType = UNSET
