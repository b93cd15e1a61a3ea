"""Each ruleset's own battle-screen parts, one module per ruleset id (`game.ui.rulesets.<id>`).

They live in their own package so that a ruleset id can never collide with a UI module of the
same name (`tokens` the ruleset against `game/ui/tokens.py` the unit markers, `saves` against the
save-file module).
"""
