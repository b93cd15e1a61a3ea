"""The per-user folders read without platformdirs are the ones platformdirs names."""

from __future__ import annotations

import platformdirs
import pytest

from game.paths import APP, AUTHOR, user_base


@pytest.mark.parametrize("value", [None, "", "  ", "/tmp/somewhere"])
def test_user_folders_are_platformdirs_own(monkeypatch, value):
    for variable in ("XDG_DATA_HOME", "XDG_CACHE_HOME"):
        if value is None:
            monkeypatch.delenv(variable, raising=False)
        else:
            monkeypatch.setenv(variable, value)
    assert str(user_base("data")) == platformdirs.user_data_dir(APP, AUTHOR)
    assert str(user_base("cache")) == platformdirs.user_cache_dir(APP, AUTHOR)
