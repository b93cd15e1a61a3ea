"""Names players know things by on the battle screen: sides by squad, cards by display name."""

from __future__ import annotations

from game.core.kinds import CTX_CARDS, HAND_CARD, HAND_NAME


class NamesMixin:
    """Display names (a part of BattleScene)."""

    def side_name(self, side: str) -> str:
        """A side as players know it: its squad's name (or who plays it), never its id."""
        return self.side_names.get(side, side)

    def _learn_card_names(self) -> None:
        """Card ids -> the names players know (hand entries name theirs; the ruleset the rest)."""
        names = self.card_names
        for e in self.hand:
            if e.get(HAND_CARD) and e.get(HAND_NAME):
                names[str(e[HAND_CARD])] = str(e[HAND_NAME])
        d = self.session.decision
        cards = (d.context or {}).get(CTX_CARDS) if d is not None else None
        ids = list(cards.values()) if isinstance(cards, dict) else list(cards or [])
        for cid in map(str, ids):
            if cid not in names:
                label = self.match.ruleset.card_label(cid)
                if label:
                    names[cid] = label
