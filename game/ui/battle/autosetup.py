"""Set-up prompts answered for the player ("Draw for me"): a ruleset's UI module may offer to play
the set-up's chance prompts (varium's initiative checks, card by card) with each prompt's default,
the choice worth most (`prompt_parts.shown_default`). The answers go through the session one at a
time at a quick pace, so the cards dealt still show; the other prompts (a tie's order) stay the
player's.
"""

from __future__ import annotations

from typing import Any

from game.ui.battle.extensions import ruleset_hook
from game.ui.battle.prompt_parts import shown_default

#: seconds between two answers given for the player (each dealt card shows for a moment)
AUTO_PACE = 0.12
AUTO_KEY = "D"


class AutoSetupMixin:
    """Set-up prompts answered for the player (a part of BattleScene)."""

    #: the side whose set-up prompts are answered for it (None: the player answers)
    auto_side: str | None = None
    auto_wait = 0.0

    def auto_offer(self, decision: Any) -> tuple[str, str] | None:
        """(button label, what it does) when the open prompt may be answered for the player: a
        set-up prompt of a kind the ruleset's UI module offers ("auto_setup" hook)."""
        hook = ruleset_hook(self.match.ruleset.id, "auto_setup")
        if hook is None or decision is None or not self.match.setting_up or self.replay:
            return None
        label, tip, kinds = hook()
        return (label, tip) if decision.kind in kinds else None

    def start_auto(self) -> None:
        """Answer this and the side's later set-up prompts of the offered kinds with their defaults."""
        d = self.session.decision if self.session.waiting_for_human else None
        offer = self.auto_offer(d)
        if d is None or offer is None or not self.human_input:
            return
        self.auto_side = d.side
        self.toast = (f"{offer[0]}: {offer[1]}", 2.5)
        self.auto_wait = 0.0
        self.answer(shown_default(self.match, d))

    def _auto_answer(self, dt: float) -> None:
        """The next set-up prompt answered for the player, at a quick pace."""
        d = self.session.decision if self.session.waiting_for_human else None
        if not self.match.setting_up:
            self.auto_side = None
            return
        if d is None or d.side != self.auto_side or self.auto_offer(d) is None:
            return
        self.auto_wait -= dt
        if self.auto_wait > 0 and self.app.settings.anim_factor > 0 and not self.fast:
            return
        self.auto_wait = AUTO_PACE
        self.answer(shown_default(self.match, d))
