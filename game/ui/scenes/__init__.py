"""The app's screens: launcher, battle, results, rules, settings, menus."""
