"""A tiny ruleset for the AI tests: card-flip duels with hidden hands, a cheat decision and d6 damage.

Two units a side on a small square board with a wall and cover. Units activate one at a time,
sides alternating: each may move once (up to its speed) and attack once, then end. An attack
flips a card for each side from one shared face-down deck; a losing attacker may cheat with a
card from its side's hidden hand (a Decision). A hit deals d6 + weapon damage. A side with no
unit able to act loses. Its preview/assess/advise use only what the acting side can see.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import esper

from game.core.action import Action, Decision, Option
from game.core.board import Board
from game.core.cards import Cards, card_value, standard_deck
from game.core.chance import D6, Distribution
from game.core.components import Health, Name, Position, Side, Status
from game.core.match import Match, Scenario
from game.core.pathing import reachable
from game.core.ruleset import Assessment, Outcome, Preview, Resolution, Ruleset, SquadInfo, Turn
from game.core.sight import cover_on_line, has_los
from game.core.world import component

SQUADS = {
    "blades": (("Blade", 4, 2, 4, 1, 2, 12), ("Blade", 4, 2, 4, 1, 2, 12)),
    "shots": (("Shot", 3, 1, 3, 5, 1, 9), ("Blade", 4, 2, 4, 1, 2, 12)),
}


@component
@dataclass
class ToyStats:
    """Attack bonus, defence, speed, range, weapon damage bonus."""

    attack: int
    defence: int
    speed: int
    reach: int
    damage: int


def toy_board() -> Board:
    """9x7 open square board, a wall in the middle, cover beside it."""
    board = Board.blank("square", 9, 7)
    for y in (2, 3, 4):
        board.set((4, y), name="wall", blocks_move=True, blocks_los=True)
    board.set((3, 1), name="crates", cover=2, cover_height_ft=5.0)
    board.set((5, 5), name="crates", cover=2, cover_height_ft=5.0)
    board.spawns = {"p1": [(0, 1), (0, 3), (0, 5)], "p2": [(8, 1), (8, 3), (8, 5)]}
    return board


def toy_match(seed: int = 1, controllers: dict | None = None, squads: tuple[str, str] = ("shots", "blades"),
              board: Board | None = None) -> Match:
    """A ready toy match."""
    scenario = Scenario("toy", "toy", {"p1": squads[0], "p2": squads[1]}, seed)
    return Match(TOY, scenario, board or toy_board(), controllers)


class ToyRules(Ruleset):
    """See the module docstring."""

    id = "toy"
    name = "Toy duels"
    board_kind = "square"
    round_cap = 25

    def squads(self) -> dict[str, SquadInfo]:
        """Two squads."""
        return {k: SquadInfo(k, k, k, tuple(u[0] for u in v)) for k, v in SQUADS.items()}

    def default_squads(self) -> tuple[str, str]:
        """Shots against blades."""
        return ("shots", "blades")

    # -- set-up and turns ------------------------------------------------------------------------
    def setup(self, match: Match) -> None:
        """Units on spawns, a shuffled deck, three-card hidden hands."""
        for side in ("p1", "p2"):
            for i, (name, att, de, spd, rng, dmg, hp) in enumerate(SQUADS[match.scenario.squads[side]]):
                cell = match.board.spawns[side][i]
                esper.create_entity(Name(name, name.lower()), Side(side), Position(cell),
                                    Health(hp, hp), Status(), ToyStats(att, de, spd, rng, dmg))
        cards = Cards(zones={"deck": standard_deck(jokers=False), "discard": [], "table": [],
                             "hand_p1": [], "hand_p2": []},
                      visibility={"deck": "none", "discard": "all", "table": "all",
                                  "hand_p1": "p1", "hand_p2": "p2"})
        cards.shuffle(match.chance)
        for side in ("p1", "p2"):
            for _ in range(3):
                cards.draw(match.chance, dst=f"hand_{side}")
        esper.create_entity(cards)
        table = match.table
        table.data = {"order": self._order(), "idx": 0, "moved": False, "acted": False}
        table.actor = table.data["order"][0]
        table.turn_side = "p1"

    def _order(self) -> list[int]:
        by_side = {s: [e for e, (sd,) in esper.get_components(Side) if sd.side == s] for s in ("p1", "p2")}
        out = []
        for a, b in zip(sorted(by_side["p1"]), sorted(by_side["p2"]), strict=False):
            out += [a, b]
        return out

    def turn(self, match: Match) -> Turn:
        """The active unit."""
        table = match.table
        return Turn(table.turn_side, table.actor)

    def _cards(self) -> Cards:
        return next(c for _, c in esper.get_component(Cards))

    def _occupied(self) -> dict[tuple[int, int], int]:
        return {tuple(p.cell): e for e, (p, s) in esper.get_components(Position, Status) if s.can_act}

    def legal_actions(self, match: Match) -> list[Action]:
        """Move (once), attack (once), end."""
        table = match.table
        ent = table.actor
        assert ent is not None
        pos = esper.component_for_entity(ent, Position)
        stats = esper.component_for_entity(ent, ToyStats)
        side = esper.component_for_entity(ent, Side).side
        out: list[Action] = []
        if not table.data["acted"]:
            for e, (p, s, st) in sorted(esper.get_components(Position, Side, Status)):
                if s.side != side and st.can_act and self._in_reach(match, pos.cell, p.cell, stats.reach):
                    out.append(Action("attack", ent, e, label=f"attack #{e}"))
        if not table.data["moved"]:
            occ = self._occupied()
            reach = reachable(match.board, tuple(pos.cell), stats.speed,
                              enterable=lambda c: c not in occ, can_stop=lambda c: c not in occ)
            for cell in sorted(reach.stoppable):
                if cell != tuple(pos.cell):
                    out.append(Action("move", ent, cell=cell, path=tuple(reach.path_to(cell)),
                                      label=f"move to {cell}"))
        out.append(Action("end", ent, label="end"))
        return out

    def _in_reach(self, match: Match, a: tuple[int, int], b: tuple[int, int], reach: int) -> bool:
        dist = match.board.distance(a, b)
        return dist <= reach and (dist <= 1 or has_los(match.board, a, b))

    def _cover(self, match: Match, a: tuple[int, int], b: tuple[int, int]) -> int:
        if match.board.distance(a, b) <= 1:
            return 0
        return max((t.cover for c, t in cover_on_line(match.board, a, b) if match.board.distance(c, b) <= 1),
                   default=0)

    def resolve(self, match: Match, action: Action) -> Resolution:
        """Apply an action."""
        table = match.table
        if action.kind == "move":
            esper.component_for_entity(action.actor, Position).cell = action.cell
            table.data["moved"] = True
            match.emit("move", f"#{action.actor} moves to {action.cell}")
        elif action.kind == "attack":
            table.data["acted"] = True
            yield from self._attack(match, action.actor, action.target)
        else:
            self._next(match)
        return

    def _attack(self, match: Match, att: int, de: int) -> Resolution:
        cards = self._cards()
        sa = esper.component_for_entity(att, ToyStats)
        sd = esper.component_for_entity(de, ToyStats)
        side = esper.component_for_entity(att, Side).side
        pa = esper.component_for_entity(att, Position).cell
        pd = esper.component_for_entity(de, Position).cell
        ca = cards.draw(match.chance)
        cd = cards.draw(match.chance)
        assert ca is not None and cd is not None
        need = card_value(cd) + sd.defence + self._cover(match, pa, pd)
        total = card_value(ca) + sa.attack
        hand = cards.zone(f"hand_{side}")
        if total < need and hand:
            options = (Option("pass", "keep the flip"),) + tuple(Option(c, f"cheat with {c}") for c in hand)
            key = yield Decision(side, "cheat", "Cheat?", options, default="pass",
                                 context={"need": need, "attack": sa.attack, "flip": ca})
            if key != "pass":
                cards.move(key, f"hand_{side}", "discard")
                total = card_value(key) + sa.attack
        hit = total >= need
        match.emit("attack", f"#{att} attacks #{de}: {total} vs {need}", chance=True)
        if hit:
            dmg = match.chance.roll_value(D6) + sa.damage
            health = esper.component_for_entity(de, Health)
            health.current -= dmg
            if health.current <= 0:
                esper.component_for_entity(de, Status).state = "dead"
        cards.move_all("table", "discard")

    def _next(self, match: Match) -> None:
        table = match.table
        order = table.data["order"]
        for _ in range(len(order)):
            table.data["idx"] += 1
            if table.data["idx"] >= len(order):
                table.data["idx"] = 0
                table.round += 1
            ent = order[table.data["idx"]]
            if esper.component_for_entity(ent, Status).can_act:
                table.actor = ent
                table.turn_side = esper.component_for_entity(ent, Side).side
                table.data["moved"] = table.data["acted"] = False
                return

    def outcome(self, match: Match) -> Outcome | None:
        """A side with nobody able to act loses."""
        alive = {s.side for _, (s, st) in esper.get_components(Side, Status) if st.can_act}
        if alive == {"p1", "p2"}:
            return None
        if not alive:
            return Outcome(None, "mutual destruction")
        return Outcome(alive.pop(), "the other side fell")

    # -- knowledge -------------------------------------------------------------------------------
    def _hit_chance(self, match: Match, side: str, bonus: int) -> Fraction:
        """P(attacker card + bonus >= defender card) over the cards `side` cannot see (two draws)."""
        pool = [card_value(c) for c in self._cards().unseen_by(side)]
        n = len(pool)
        if n < 2:
            return Fraction(1, 2)
        wins = sum(1 for i, a in enumerate(pool) for j, d in enumerate(pool) if i != j and a + bonus >= d)
        return Fraction(wins, n * (n - 1))

    def preview(self, match: Match, action: Action) -> Preview | None:
        """Exact-from-knowledge hit chance, expected damage, kill chance."""
        if action.kind != "attack":
            return None
        sa = esper.component_for_entity(action.actor, ToyStats)
        sd = esper.component_for_entity(action.target, ToyStats)
        side = esper.component_for_entity(action.actor, Side).side
        pa = esper.component_for_entity(action.actor, Position).cell
        pd = esper.component_for_entity(action.target, Position).cell
        hp = esper.component_for_entity(action.target, Health).current
        hit = self._hit_chance(match, side, sa.attack - sd.defence - self._cover(match, pa, pd))
        dmg = D6.distribution().map(lambda f: int(f) + sa.damage)
        kill = hit * dmg.prob(lambda v: v >= hp)
        return Preview("attack", hit=float(hit), expected_damage=float(hit * dmg.expect()), kill=float(kill))

    def _threat(self, match: Match, side: str, cell: tuple[int, int]) -> float:
        total = 0.0
        for _e, (s, p, st, stats) in esper.get_components(Side, Position, Status, ToyStats):
            reach = stats.speed + stats.reach
            if s.side != side and st.can_act and match.board.distance(p.cell, cell) <= reach:
                total += 0.5 * (3.5 + stats.damage)
        return total

    def assess(self, match: Match, action: Action) -> Assessment:
        """Baseline terms."""
        side = self.turn(match).side
        if action.kind == "attack":
            p = self.preview(match, action)
            assert p is not None
            return Assessment(expected_damage=p.expected_damage, kill_chance=p.kill)
        if action.kind == "move":
            pos = esper.component_for_entity(action.actor, Position).cell
            enemies = [p.cell for _, (s, p, st) in esper.get_components(Side, Position, Status)
                       if s.side != side and st.can_act]
            near = min((match.board.distance(pos, c) for c in enemies), default=0)
            after = min((match.board.distance(action.cell, c) for c in enemies), default=0)
            exposure = 0.2 * self._threat(match, side, action.cell)
            return Assessment(progress=float(near - after), exposure=exposure)
        return Assessment(cost=0.5 if not match.table.data["acted"] else 0.0)

    def advise(self, match: Match, decision: Decision) -> dict[str, float]:
        """Cheat with the lowest card that turns the flip into a hit."""
        out = {"pass": 0.0}
        for opt in decision.options[1:]:
            wins = card_value(opt.key) + decision.context["attack"] >= decision.context["need"]
            out[opt.key] = (1.0 - card_value(opt.key) / 100.0) if wins else -1.0
        return out

    def next_flip(self, match: Match, side: str) -> Distribution:
        """The next flip as `side` knows it (used by tests)."""
        return self._cards().next_draw(side)


TOY = ToyRules()


@component
@dataclass
class Lurking:
    """A unit the other side has lost sight of; `last_seen` is where it was last seen (None: never)."""

    last_seen: tuple[int, int] | None = None


class HidingRules(ToyRules):
    """The toy duels with lurking units: a unit carrying `Lurking` is hidden from the other side,
    which believes it is where it was last seen. A lurker cannot be attacked and does not block a
    move (it slips aside); everything the rules tell a side about enemies goes through the side's
    knowledge (`core.knowledge`), never through the lurker's `Position`."""

    id = "toy-hiding"

    def hidden_units(self, match: Match, side: str) -> dict[int, tuple[int, int] | None]:
        """Lurkers of the other side, at their last-seen cells."""
        with match.world:
            return {e: (tuple(lk.last_seen) if lk.last_seen is not None else None)  # type: ignore[misc]
                    for e, (lk, s) in esper.get_components(Lurking, Side) if s.side != side}

    def _occupied(self) -> dict[tuple[int, int], int]:
        return {tuple(p.cell): e for e, (p, s) in esper.get_components(Position, Status)
                if s.can_act and not esper.has_component(e, Lurking)}

    def legal_actions(self, match: Match) -> list[Action]:
        """The toy's actions, without attacks on lurkers."""
        return [a for a in super().legal_actions(match)
                if a.kind != "attack" or not esper.has_component(a.target, Lurking)]

    def _believed_enemies(self, match: Match, side: str) -> list[tuple[int, int]]:
        from game.core.knowledge import known_units

        return [u.cell for u in known_units(match, side) if u.side != side and u.cell is not None
                and esper.component_for_entity(u.ent, Status).can_act]

    def _threat(self, match: Match, side: str, cell: tuple[int, int]) -> float:
        from game.core.knowledge import believed_cells

        where = believed_cells(match, side)
        total = 0.0
        for e, (s, st, stats) in esper.get_components(Side, Status, ToyStats):
            reach = stats.speed + stats.reach
            if s.side != side and st.can_act and e in where and match.board.distance(where[e], cell) <= reach:
                total += 0.5 * (3.5 + stats.damage)
        return total

    def assess(self, match: Match, action: Action) -> Assessment:
        """The toy's terms, with enemies where the acting side believes they are."""
        side = self.turn(match).side
        if action.kind != "move":
            return super().assess(match, action)
        pos = esper.component_for_entity(action.actor, Position).cell
        enemies = self._believed_enemies(match, side)
        near = min((match.board.distance(pos, c) for c in enemies), default=0)
        after = min((match.board.distance(action.cell, c) for c in enemies), default=0)
        return Assessment(progress=float(near - after), exposure=0.2 * self._threat(match, side, action.cell))


HIDING = HidingRules()


def hiding_match(seed: int = 1, lurker: int = 5, at: tuple[int, int] = (7, 6),
                 last_seen: tuple[int, int] | None = (6, 5)) -> Match:
    """A toy match with the units close (as in the no-peeking tests) and p2's unit `lurker`
    hidden from p1 on `at`, last seen by p1 on `last_seen`."""
    scenario = Scenario("toy-hiding", "toy", {"p1": "shots", "p2": "blades"}, seed)
    match = Match(HIDING, scenario, toy_board(), None)
    with match.world:
        for ent, cell in {2: (1, 1), 3: (1, 5), 4: (6, 1), 5: (6, 5)}.items():
            esper.component_for_entity(ent, Position).cell = cell
        esper.component_for_entity(lurker, Position).cell = at
        esper.add_component(lurker, Lurking(last_seen))
    return match
