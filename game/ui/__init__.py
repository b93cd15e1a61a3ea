"""Desktop client (pygame-ce + pygame_gui): the only package that imports pygame."""
