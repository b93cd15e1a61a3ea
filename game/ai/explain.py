"""Why an AI chose what it chose: its top candidates with scores and the terms behind them.

An explanation is plain data (a list of dicts, best first) so the client can show it and a
replay or test can store it:

    [{"label": "Attack Grunt", "score": 7.4, "terms": {"damage": 4.1, "kill": 2.8, ...}}, ...]

`format_explanation` turns one into log lines.
"""

from __future__ import annotations

from typing import Any

Explanation = list[dict[str, Any]]

#: how many candidates a decision keeps
TOP = 5


def candidate(label: str, score: float, terms: dict[str, float] | None = None,
              **extra: Any) -> dict[str, Any]:
    """One explained candidate; terms rounded so logs stay readable and JSON small."""
    out: dict[str, Any] = {
        "label": label,
        "score": round(float(score), 4),
        "terms": {k: round(float(v), 4) for k, v in (terms or {}).items() if abs(v) > 1e-9},
    }
    out.update(extra)
    return out


def top(cands: list[dict[str, Any]], n: int = TOP) -> Explanation:
    """The n best candidates, best first (stable for equal scores)."""
    return sorted(cands, key=lambda c: -c["score"])[:n]


def headline(cand: dict[str, Any]) -> str:
    """'label: score', with the samples behind it and any note."""
    extra = f" ({cand['samples']} samples)" if "samples" in cand else ""
    if cand.get("note"):
        extra += f" ({cand['note']})"
    return f"{cand['label']}: {cand['score']:.2f}{extra}"


def terms_text(cand: dict[str, Any], n: int = 4) -> str:
    """A candidate's n largest score terms by size: 'damage +4.10, kill +2.80'."""
    main = sorted(cand.get("terms", {}).items(), key=lambda kv: -abs(kv[1]))[:n]
    return ", ".join(f"{name} {value:+.2f}" for name, value in main)


def format_explanation(expl: Explanation, who: str = "AI", terms: int = 4) -> list[str]:
    """Log lines: the choice with its main terms, then the runners-up."""
    if not expl:
        return [f"{who}: no explanation recorded"]
    lines: list[str] = []
    for i, cand in enumerate(expl):
        body = terms_text(cand, terms)
        head = f"{who} chose" if i == 0 else "    over"
        lines.append(f"{head} {headline(cand)}" + (f" [{body}]" if body else ""))
    return lines
