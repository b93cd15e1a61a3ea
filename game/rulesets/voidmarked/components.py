"""Voidmarked components. Names carry a Vm prefix: component names are global across rulesets."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.world import component


@component
@dataclass
class VmStats:
    """A unit's stats, skills and derived values, copied from its content entry at set-up."""

    unit: str
    archetype: str
    race: str
    level: int
    strength: int
    dexterity: int
    physique: int
    intelligence: int
    foresight: int
    perception: int
    stealth: int
    resilience: int
    speed: int
    defence: int
    ordinary: bool = False
    resist: list[str] = field(default_factory=list)
    status_resist: list[str] = field(default_factory=list)
    order: int = 0  # position in its squad (deployment order; breaks the last initiative ties)


@component
@dataclass
class VmGear:
    """Weapons in hand and the shots left in each (VM-RELOAD, VM-DUAL)."""

    weapon: str
    offhand: str = ""
    shots: int = 0
    offhand_shots: int = 0


@component
@dataclass
class VmVoid:
    """Void Energy and known voidcalls (VM-VOID)."""

    current: int = 0
    maximum: int = 0
    voidcaller: bool = False
    voidcalls: list[str] = field(default_factory=list)


@component
@dataclass
class VmOrder:
    """Initiative order (entity ids, highest first), whose turn it is, and each unit's flip."""

    order: list[int] = field(default_factory=list)
    index: int = 0
    initiative: dict[str, int] = field(default_factory=dict)


@component
@dataclass
class VmTurn:
    """What the acting unit has left this turn (Moves, Action, Quick Action) and what it did."""

    actor: int = 0
    moves_left: int = 0
    moved: bool = False
    action_used: bool = False
    quick_used: bool = False
    ran: bool = False
    attacked: bool = False


@component
@dataclass
class VmMarks:
    """Per-unit memory between turns: targeted by an attack since its last turn (VM-STEALTH)."""

    targeted: bool = False
