"""Learn to play: guided first battles (lessons as TOML data, the coach that walks through them,
the scripted opponent, saved progress). Pygame-free; the screen is game/ui/learn/."""
