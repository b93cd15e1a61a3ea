"""Engine core: geometry, board, sight, chance, ECS world, match, ruleset interface. No pygame."""
