"""The balance report (`python -m game report`): squad matchups played headless, summarised from
the games' own event logs into one self-contained HTML page of plots.

collect plays the games (through the ladder's runner) and keeps a summary per game, stats turns
summaries into numbers, plots draws them (matplotlib, an optional extra, imported only there) and
page lays them out; command is the CLI side. Nothing here imports pygame.
"""
