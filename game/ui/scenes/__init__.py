"""The app's screens: launcher, battle, results, rules, settings, menus."""

import sys
from typing import Any


class _NoYamlForI18n:
    """python-i18n imports PyYAML whenever it is installed, about a tenth of the launcher's time to
    its first frame, though pygame_gui (every widget scene imports it, and it imports i18n) reads
    its translations as JSON: while i18n itself is being imported, `import yaml` fails. Nothing is
    imported here: the battle, which uses no pygame_gui, imports neither."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> None:
        """Refuse PyYAML to python-i18n's own import; find nothing otherwise (the next finder does)."""
        if name == "yaml":
            i18n = sys.modules.get("i18n")
            if getattr(getattr(i18n, "__spec__", None), "_initializing", False):
                raise ModuleNotFoundError("PyYAML is not used by the game", name=name)


if "i18n" not in sys.modules and not any(isinstance(f, _NoYamlForI18n) for f in sys.meta_path):
    sys.meta_path.insert(0, _NoYamlForI18n())
