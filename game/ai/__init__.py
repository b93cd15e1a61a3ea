"""AI controllers. Nothing here imports pygame."""
