"""The app's screens: launcher, battle, results, rules, settings, menus."""

import sys


def _i18n_without_yaml() -> None:
    """Import python-i18n with PyYAML hidden: pygame_gui reads its translations as JSON, but
    i18n imports PyYAML whenever it is installed, about a tenth of the launcher's time to its
    first frame (every scene module imports pygame_gui, which imports i18n)."""
    if "i18n" in sys.modules or "yaml" in sys.modules:
        return
    sys.modules["yaml"] = None  # type: ignore[assignment]  # `import yaml` raises ImportError
    try:
        import i18n  # noqa: F401
    except ImportError:
        pass
    finally:
        if sys.modules.get("yaml", 0) is None:
            del sys.modules["yaml"]


_i18n_without_yaml()
