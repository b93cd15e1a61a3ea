"""The coach: which step of a lesson is current, what completes it, which inputs it lets through,
the chance it forces when a step begins; and the scripted opponent.

Pygame-free: the lesson screen reports what the person did (selected, hovered, acted, answered,
pressed Next) and asks whether an input may go to the match. Every forced outcome is noted with
the number of inputs made before it, so a lesson left half-way is rebuilt exactly (progress.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.action import Action, Decision
from game.core.components import Name

#: seconds the mouse must rest on a "hover:" step's unit before its Next is offered: the step is
#: about reading the box that opens, so a mouse passing over the unit does not complete it
HOVER_DWELL = 0.8
#: the key of the guide's Next: one no prompt of any ruleset and no battle key uses (N is varium's
#: "new stack", S/H/A/B/C/P/G/L its check and leave prompts, E/F/I/L/U/X/W/A/S/D the battle's)
NEXT_KEY = "M"

if TYPE_CHECKING:
    from game.core.match import Match
    from game.learn.lesson import Lesson, Step


def unit_names(match: Match) -> dict[int, str]:
    """Every unit's display name by entity."""
    with match.world:
        return {ent: name.text for ent, (name,) in match.units(Name)}


def unit_named(match: Match, name: str) -> int | None:
    """The entity of the unit called `name` (None if there is none)."""
    return next((e for e, n in unit_names(match).items() if n == name), None)


def action_matches(match: Match, action: Action, args: list[str]) -> bool:
    """Whether an action is "<kind>[:<target>[:<option>]]": the target a unit's name or a cell
    "x,y" (where a move ends)."""
    if not args or action.kind != args[0]:
        return False
    if len(args) > 1 and args[1]:
        want = args[1]
        if "," in want and want.replace(",", "").replace("-", "").isdigit():
            cell = tuple(int(v) for v in want.split(","))
            end = action.cell if action.cell is not None else (action.path[-1] if action.path else None)
            if end is None or tuple(end) != cell:
                return False
        elif action.target is None or unit_names(match).get(action.target) != want:
            return False
    return not (len(args) > 2 and (action.option or "") != args[2])


class ScriptedOpponent:
    """Plays the lesson's listed inputs in order; with nothing listed (or nothing legal that fits)
    it ends its turn and answers prompts with their default."""

    is_human = False
    level = "scripted"

    def __init__(self, script: list[str], pos: int = 0) -> None:
        self.script = list(script)
        self.pos = pos
        self.last_explanation: Any = None

    def _next(self, kind: str) -> list[str] | None:
        if self.pos >= len(self.script):
            return None
        parts = self.script[self.pos].split(":")
        return parts[1:] if parts[0] == kind else None

    def choose(self, match: Match, legal: list[Action]) -> Action:
        """The next listed action if it is legal, else the turn's end."""
        args = self._next("act")
        if args is not None:
            fits = [a for a in legal if action_matches(match, a, args)]
            if fits:
                self.pos += 1
                return fits[0]
        ending = [a for a in legal if a.kind in match.ruleset.turn_ending]
        return ending[0] if ending else legal[0]

    def decide(self, match: Match, decision: Decision) -> str:
        """The next listed answer if the prompt offers it, else the prompt's default."""
        args = self._next("answer")
        if args is not None and ":".join(args) in decision.keys():
            self.pos += 1
            return ":".join(args)
        return decision.default


class Coach:
    """Walks a person through a lesson's steps over a live match."""

    def __init__(self, lesson: Lesson, match: Match, index: int = 0,
                 forces: list[list[Any]] | None = None, *, begin: bool = True) -> None:
        self.lesson = lesson
        self.match = match
        self.index = index
        #: [inputs made before it, channel, outcomes] for every forced queue, in order
        self.forces: list[list[Any]] = [list(f) for f in forces or []]
        self.refused = ""
        #: how long the mouse has rested on a hover step's unit; `looked` once it rested long enough
        self.hover_time = 0.0
        self.looked = False
        #: what the scripted opponent did since the person's last action ("Guard Orsin: ...")
        self.opponent_did: list[str] = []
        if begin:
            self.begin()

    # -- state ---------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        """Every step is complete."""
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        """The current step (None when done)."""
        return None if self.done else self.lesson.steps[self.index]

    @property
    def waits_next(self) -> bool:
        """The current step is read and completed with Next (a hover step once its box was seen)."""
        st = self.step
        return st is not None and (st.wait_kind == "next" or (st.wait_kind == "hover" and self.looked))

    @property
    def screens(self) -> int:
        """The screens the band counts: every step and the closing "Lesson complete"."""
        return len(self.lesson.steps) + 1

    def begin(self) -> None:
        """The current step starts: its forced chance is queued."""
        st = self.step
        if st is None:
            return
        for channel, outcomes in st.force.items():
            self.match.chance.force(channel, *outcomes)
            self.forces.append([len(self.match.inputs), channel, list(outcomes)])

    def advance(self) -> None:
        """The current step is complete: on to the next."""
        self.refused = ""
        self.hover_time, self.looked = 0.0, False
        if not self.done:
            self.index += 1
            self.begin()

    # -- what the person does ------------------------------------------------------------------
    def allows_action(self, action: Action) -> bool:
        """Whether the person's action may go to the match now (one the step asks for)."""
        st = self.step
        ok = st is None or st.wait_kind == "over" or (
            st.wait_kind == "act" and action_matches(self.match, action, st.wait_args))
        self.refused = "" if ok else self.hint()
        return ok

    def allows_answer(self, key: str) -> bool:
        """Whether the person's answer may go to the match now."""
        st = self.step
        asked = st is not None and st.wait_kind == "answer" and ":".join(st.wait_args) == key
        ok = st is None or st.wait_kind == "over" or asked
        self.refused = "" if ok else self.hint()
        return ok

    def hint(self) -> str:
        """Why an input was held back: what the step asks instead."""
        st = self.step
        if st is None:
            return ""
        if self.waits_next:
            return f"Read the guide, then press Next ({NEXT_KEY})."
        if st.wait_kind == "hover":
            return "Rest the mouse on the marked unit a moment and read the box that opens."
        return "The guide asks for something else first: see the box."

    def opponent_acted(self, text: str) -> None:
        """The scripted opponent's action went to the match: the band notes it until the person acts."""
        self.opponent_did.append(text)

    def acted(self, action: Action) -> None:
        """The person's action went to the match."""
        self.opponent_did = []
        st = self.step
        if st is not None and st.wait_kind == "act" and action_matches(self.match, action, st.wait_args):
            self.advance()

    def answered(self, key: str) -> None:
        """The person's answer went to the match."""
        st = self.step
        if st is not None and st.wait_kind == "answer" and ":".join(st.wait_args) == key:
            self.advance()

    def observe(self, selected: int | None, hovered: int | None, dt: float = 0.0) -> bool:
        """What the screen shows now (the unit under the mouse, the match over), `dt` seconds after
        the last look; True when that completed the step. A hover step is not completed by the
        hover: once the mouse rested on the unit HOVER_DWELL seconds it offers Next, so the person
        reads the box with the step's words beside it."""
        st = self.step
        if st is None:
            return False
        kind = st.wait_kind
        if kind == "over" and self.match.over:
            self.advance()
            return True
        if kind == "hover" and not self.looked:
            want = unit_named(self.match, st.wait_args[0])
            self.hover_time = self.hover_time + dt if want is not None and hovered == want else 0.0
            if self.hover_time >= HOVER_DWELL:
                self.looked = True
                self.refused = ""
        return False

    def picked(self, selected: int | None) -> bool:
        """The person picked a unit (a click on it, Tab): completes "select:<it>" (a unit chosen
        for them beforehand does not: the step is about the click)."""
        st = self.step
        if st is None or st.wait_kind != "select" or selected is None:
            return False
        if unit_named(self.match, st.wait_args[0]) == selected:
            self.advance()
            return True
        return False

    def picked_card(self, name: str) -> bool:
        """The person picked a card of the hand strip by its name (its targets or destinations are
        shown, nothing is played yet): completes "card:<name>"."""
        st = self.step
        if st is None or st.wait_kind != "card" or ":".join(st.wait_args) != name:
            return False
        self.advance()
        return True

    def next(self) -> bool:
        """The Next button: completes a step that waits for it."""
        if self.waits_next:
            self.advance()
            return True
        return False
