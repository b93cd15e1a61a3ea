"""Learn to play: the guided battle's screen (a battle screen with a guide box) and the lesson list."""
