"""The risk-and-stand procedure every varium check uses (hit checks, dodges, grapples, stealth...).

Cards are dealt face up from the shared deck one at a time. After each card the checker's
controller decides: stand, take another (in melee: betting chips first), or Aim (redeal the card
just dealt, for a half-turn or a free aim from an Assist). An Ace asks whether it counts 14 or
starts a new stack. A stack above the limit busts the whole check (an Aim may still redeal the
busting card). The score on standing is the sum of every stack plus the proficiency.

Each decision carries in its context what `worths` needs to value every answer exactly from the
cards the checker cannot see; the option texts show those odds, and the AI reads the same numbers.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.action import Decision, Option
from game.core.cards import card_label
from game.core.kinds import CTX_UNIT
from game.core.stacks import StackState
from game.core.wording import plural
from game.rulesets.varium import odds
from game.rulesets.varium.components import VariumState, deck, get, name_of, side_of
from game.rulesets.varium.kinds import Ask, Ev

if TYPE_CHECKING:
    from game.core.match import Match

Check = Generator[Decision, str, "CheckResult"]
#: what a bet does, under the first bet choice (one note for them all keeps the prompt short)
BET_HELP = (
    "Bet chips, up to the weapon's Risk in all, then take a card: on a hit they add to the damage; "
    "on a miss your target may add them to its next melee attack on you."
)


@dataclass
class CheckResult:
    """How a check ended: the score (0 on a bust), its stacks and cards, chips bet."""

    score: int
    busted: bool
    stacks: list[int] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    bet: int = 0
    prof: int = 0


def deal(match: Match, to: str = "table") -> str:
    """One card from the shared deck (the discard is reshuffled in when it runs out)."""
    card = deck(match).draw(match.chance, "deck", to, "discard")
    assert card is not None, "54 cards cannot all be out of play"
    return card


def pool_for(match: Match, side: str) -> tuple[int, ...]:
    """The cards the next card dealt can be, by value, as `side` knows them: every card it cannot
    see (the deck and any face-down card). With the deck empty, the next deal shuffles the discard
    back in (`deal`, `Cards.draw`): then the discard is what it deals, as `Cards.next_draw` says."""
    cards = deck(match)
    if not cards.zones.get("deck"):
        return odds.profile(cards.zones.get("discard", []))
    return odds.profile(cards.unseen_by(side))


def hidden_for(match: Match, side: str) -> tuple[int, ...] | None:
    """The cards face-down cards already dealt can be, when not those of `pool_for`: with the deck
    empty the next card comes from the reshuffled discard, while the face-down cards are among
    the cards `side` still cannot see. None: the same pool as the next card."""
    cards = deck(match)
    return None if cards.zones.get("deck") else odds.profile(cards.unseen_by(side))


def attack_pools(match: Match, side: str, target: int, k: int) -> tuple[
        tuple[int, ...], tuple[int, ...] | None, odds.Parts, tuple[int, tuple[int, ...]]]:
    """What a hit check on `target` (k face-down cards) is weighed on, as `side` knows it: the
    next cards' pool (`pool_for`), the face-down cards' when already dealt and not that one
    (`hidden_for`), and, when the deck holds no more cards than the face-down ones still to
    deal, how they are dealt: its last cards, then the reshuffled discard, which deals every card
    of the check (`odds.Parts`). Last, when the check's look-ahead runs the deck out: how many
    of its cards the deck deals, and the discard that deals the rest (`odds.Attack.runout`)."""
    cards = deck(match)
    left = len(cards.zones.get("deck", []))
    discard = odds.profile(cards.zones.get("discard", []))
    if cards.zones.get(f"face-down:{target}"):
        run = (left, discard) if 0 < left < odds.HORIZON else (0, ())
        return pool_for(match, side), hidden_for(match, side), (), run
    if 0 < left <= k:
        return discard, None, ((odds.profile(cards.unseen_by(side)), left), (discard, k - left)), (0, ())
    run = (left - k, discard) if 0 < left - k < odds.HORIZON else (0, ())
    return pool_for(match, side), None, (), run


def attack_of(ctx: dict[str, Any], pool: tuple[int, ...], bet: int | None = None,
              hidden: tuple[int, ...] | None = None) -> odds.Attack:
    """The hit check a decision's context describes, with `bet` chips (default: those bet so far);
    `hidden`: the target's face-down cards' pool when not `pool` (`hidden_for`)."""
    chips = ctx["bet"] if bet is None else bet
    strike = odds.Strike(ctx["wd"], ctx["armour"], ctx["crit"], ctx["cb"], ctx["resist"], chips)
    return odds.Attack(pool, ctx["limit"], ctx["prof"], ctx["k"], strike, ctx["health"], hidden)


_attack = attack_of


def payoff_of(ctx: dict[str, Any], pool: tuple[int, ...],
              hidden: tuple[int, ...] | None = None) -> odds.Payoff:
    """What each stack total is worth to the checker, by the check's purpose."""
    pay = ctx["pay"]
    if pay == "attack":
        return odds.payoff(_attack(ctx, pool, hidden=hidden))
    if pay == "dc":
        return odds.check_payoff(ctx["limit"], ctx["prof"], ctx["dc"])
    if pay == "dodge":
        # the attacks on the dodger (or blocker) are known: its total avoids those below it
        hits, prof = ctx["against"], ctx.get("prof", 0)
        return odds.table(float(sum(d for s, d in hits if s < t + prof)) if t > 0 else 0.0
                          for t in odds.totals(ctx["limit"]))
    return odds.linear_payoff(ctx["limit"], ctx["prof"], ctx.get("bonus_at", 0), ctx.get("bonus", 0.0))


def aim_cost(ctx: dict[str, Any], pool: tuple[int, ...], hidden: tuple[int, ...] | None = None) -> float:
    """What an Aim's half-turn costs (VC-AIM): nothing for an Assist's free aim; otherwise the
    half-turn could make this attack again from its first card (no chips bet yet), so it is worth
    that attack played well."""
    if not ctx.get("aim_cost") or ctx["pay"] != "attack":
        return 0.0
    fresh = payoff_of({**ctx, "bet": 0}, pool, hidden)
    return odds.stack_choice(pool, StackState(), odds.rule(ctx["limit"], pool), fresh, odds.HORIZON).hit


def worths(match: Match, decision: Decision) -> dict[str, float]:
    """Exact worth of each answer to a check decision, from the cards the decider cannot see."""
    ctx = decision.context
    pool = pool_for(match, decision.side)
    hidden = hidden_for(match, decision.side) if ctx["pay"] == "attack" else None
    pay = payoff_of(ctx, pool, hidden)
    rule = odds.rule(ctx["limit"], pool)
    state = StackState(ctx["stack"], ctx["banked"], ctx["dealt"])
    out: dict[str, float] = {}
    if decision.kind == Ask.ACE:
        before = StackState(ctx["stack"], ctx["banked"], ctx["dealt"] - 1)
        counted, split = odds.split_choice(pool, before, odds.ACE, rule, pay, odds.HORIZON)
        return {"count": counted, "split": split}
    aim = 0.0
    if ctx.get("aim"):
        # redeal the last card: back to the state before it, with one more card drawn
        prev = StackState(ctx["prev_stack"], ctx["prev_banked"], ctx["dealt"] - 1)
        aim = odds.stack_choice(pool, prev, rule, pay, odds.HORIZON).hit - aim_cost(ctx, pool, hidden)
    if decision.kind == Ask.BUST:
        out["accept"] = pay.bust
        if ctx.get("aim"):
            out["aim"] = aim
        return out
    ch = odds.stack_choice(pool, state, rule, pay, odds.HORIZON)
    out["stand"] = ch.stand
    out["hit"] = ch.hit
    if ctx.get("aim"):
        out["aim"] = aim
    cap = ctx.get("bet_cap", 0) - ctx.get("bet", 0)
    if cap > 0 and ctx["pay"] == "attack":
        hits = odds.hit_payoff(_attack(ctx, pool, hidden=hidden))
        hitp = odds.stack_choice(pool, state, rule, hits, odds.HORIZON).hit
        for n in range(1, cap + 1):
            # a hit adds the chips as damage; a miss hands them to the target's next melee check
            out[f"bet:{n}"] = ch.hit + n * hitp - 0.5 * n * (1.0 - hitp)
    return out


def _for_person(match: Match, side: str) -> bool:
    """A person decides for `side` (no controller: the window asks): only then is the hit-check
    table worked out (the AI reads the same numbers through `worths`). Never on an AI's scratch
    copy (`Match.scratch`): it has no controllers, yet only the AI's search answers there."""
    if match.is_scratch:
        return False
    return getattr(match.controllers.get(side), "is_human", True)


def _options(match: Match, decision: Decision) -> Decision:
    """For a person, the decision with the hit-check table (every option's exact odds in columns:
    see `table`). A controller reads the same numbers through `worths` (the AI's `advise`), so
    nothing is worked out for it here."""
    if _for_person(match, decision.side):
        from game.rulesets.varium.table import KEY, table_odds

        decision.context[KEY] = table_odds(match, decision)
    return decision


def run_check(
    match: Match,
    ent: int,
    label: str,
    limit: int,
    prof: int,
    ctx: dict[str, Any],
    *,
    bet_cap: int = 0,
    own_turn: bool = True,
    side: str | None = None,
) -> Check:
    """Deal a check for unit `ent` (its side decides) and return how it ended.

    `ctx` holds the purpose's terms (see `payoff_of`); `own_turn` lets Aims spend the unit's
    half-turns in a hit check (VC-AIM: the seed's Aim is for hit checks; every other check has
    only the free aim of an Assist).
    """
    side = side or side_of(ent)
    st = get(ent, VariumState)
    cards = deck(match)
    stack = banked = dealt = bet = 0
    held: list[str] = []
    groups: list[list[str]] = [[]]  # the dealt cards by stack (what the table shows)
    who = name_of(ent)
    paid_aim = own_turn and ctx["pay"] == "attack"
    base = {**ctx, "ent": ent, CTX_UNIT: ent, "limit": limit, "prof": prof, "bet_cap": bet_cap}
    while True:
        prev = (stack, banked)
        card = deal(match)
        held.append(card)
        groups[-1].append(card)
        dealt += 1
        v = odds.card_index(card)
        match.emit(
            Ev.CARD,
            f"{who}'s {label}: dealt {card_label(card)} ({v})",
            [f"stack {stack} + {v}", f"limit {limit}"],
            chance=True,
            side=side,
            card=card,
            cards=[card],
        )
        if v == odds.ACE:
            c = {
                **base,
                "stack": stack,
                "banked": banked,
                "dealt": dealt,
                "bet": bet,
                "pay": base["pay"],
                "groups": [list(g) for g in groups],
            }
            key = yield _options(
                match,
                Decision(
                    side,
                    Ask.ACE,
                    f"{who}'s {label}: an Ace. Count it 14, or start a new stack?",
                    (Option("count", "Count 14"), Option("split", "New stack")),
                    "count" if stack + 14 <= limit else "split",
                    c,
                ),
            )
            if key == "split":
                banked += stack
                stack = 0
                groups[-1].pop()
                groups.append([card])  # the Ace opens the new stack (and counts nothing in it)
                match.emit(Ev.CHECK, f"{who} starts a new stack with the Ace", side=side)
            else:
                stack += v
        else:
            stack += v
        can_aim = st.advantage > 0 or (paid_aim and st.halves > 0)
        c = {
            **base,
            "stack": stack,
            "banked": banked,
            "dealt": dealt,
            "bet": bet,
            "aim": can_aim,
            "prev_stack": prev[0],
            "prev_banked": prev[1],
            "aim_cost": 0.0 if st.advantage > 0 else 0.5,
            "groups": [list(g) for g in groups],
        }
        if stack > limit and not can_aim:
            key = "accept"  # nothing left to choose: no prompt
        elif stack > limit:
            opts = [Option("accept", "Bust"), Option("aim", "Aim: redeal it")]
            key = yield _options(
                match,
                Decision(
                    side, Ask.BUST, f"{who}'s {label}: {stack} is over {limit}.", tuple(opts), "accept", c
                ),
            )
        else:
            # the score is what a check is judged by: the cards are only its first part
            score = f": score {stack + banked + prof}" if prof else ""
            opts = [Option("stand", f"Stand on {stack + banked}{score}"), Option("hit", "Another card")]
            opts += [Option(f"bet:{n}", f"Bet {n} and take a card", BET_HELP if n == 1 else "")
                     for n in range(1, bet_cap - bet + 1)]
            if can_aim:
                opts.append(Option("aim", "Aim: redeal the last card"))
            key = yield _options(
                match,
                Decision(
                    side, Ask.STACK, stack_title(who, label, stack, banked, limit), tuple(opts), "stand", c
                ),
            )
        if key == "aim":
            if st.advantage > 0:
                st.advantage -= 1
            else:
                st.halves -= 1
            cards.move(card, "table", "discard")
            held.remove(card)
            for g in groups:
                if card in g:
                    g.remove(card)
            if not groups[-1] and len(groups) > 1:
                groups.pop()
            stack, banked = prev
            dealt -= 1
            match.emit(Ev.AIM, f"{who} aims: {card_label(card)} is redealt", side=side)
            continue
        if key == "accept":
            _discard(match, held)
            match.emit(
                Ev.CHECK, f"{who}'s {label} busts ({stack} > {limit})", [f"cards {' '.join(held)}"], side=side
            )
            return CheckResult(0, True, [banked, stack], held, bet, prof)
        if key == "stand":
            _discard(match, held)
            score = stack + banked + prof
            match.emit(
                Ev.CHECK,
                f"{who}'s {label}: {score}",
                [f"cards {' '.join(held)}", f"stacks {banked}+{stack}", f"proficiency +{prof}"],
                side=side,
            )
            return CheckResult(score, False, [banked, stack], held, bet, prof)
        if key.startswith("bet:"):
            n = int(key.split(":")[1])
            bet += n
            match.emit(Ev.BET, f"{who} bets {plural(n, 'chip')} (total {bet})", side=side)


def stack_title(who: str, label: str, stack: int, banked: int, limit: int) -> str:
    """A stack prompt's title: the limit is each stack's, so it is set against the open stack
    only; closed stacks (after an Ace's split) show as the total in all."""
    if not banked:
        return f"{who}'s {label}: {stack} of {limit}."
    return f"{who}'s {label}: this stack {stack} of {limit}, {stack + banked} in all."


def _discard(match: Match, held: list[str]) -> None:
    cards = deck(match)
    for c in held:
        cards.move(c, "table", "discard")
