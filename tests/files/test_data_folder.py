"""The data folder: damaged settings fall back to defaults with a message and are kept aside;
unreadable saves are listed as damaged; writes are durable and leave no temp files behind."""

from __future__ import annotations

import json
import os
import time

import pytest
from broken_files import one_line, settings_cases

from game.core import files
from game.ui import settings as settings_mod
from game.ui.saves import SaveError, list_saves, load_game, read_save, saves_dir
from game.ui.settings import Settings, load_settings, save_settings, settings_notice, settings_path

CASES = settings_cases()


@pytest.mark.parametrize(("case", "make"), CASES, ids=[c for c, _ in CASES])
def test_damaged_settings_give_defaults_a_message_and_are_kept_aside(case, make, valid_settings,
                                                                     capsys, hang_guard):
    path = settings_path()
    content = make(valid_settings)
    path.write_bytes(content)
    assert load_settings() == Settings()
    notice = settings_notice()
    one_line(notice, "settings.json")
    assert "default settings" in notice and "kept as settings.damaged.json" in notice
    assert capsys.readouterr().err.strip() == f"skirmish: {notice} (in {path.parent})"
    aside = path.with_name("settings.damaged.json")
    assert aside.read_bytes() == content and not path.exists()
    save_settings(Settings(ui_scale=1.5))  # the next save does not touch the kept file
    assert aside.read_bytes() == content and load_settings().ui_scale == 1.5


def test_valid_settings_load_with_no_message(valid_settings, capsys):
    settings_path().write_text(json.dumps(valid_settings))
    got = load_settings()
    assert got.ui_scale == 1.5 and got.palette == "muted" and got.muted
    assert settings_notice() == "" and capsys.readouterr().err == ""


def test_a_second_damaged_file_does_not_replace_the_first(capsys):
    path = settings_path()
    path.write_text("{one")
    load_settings()
    path.write_text("{two")
    load_settings()
    assert path.with_name("settings.damaged.json").read_text() == "{one"
    assert path.with_name("settings.damaged-2.json").read_text() == "{two"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
@pytest.mark.parametrize("kind", ["fifo", "folder", "dangling link"])
def test_a_special_settings_entry_gives_defaults_without_reading(kind, hang_guard, capsys):
    path = settings_path()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to(path.with_name("nowhere.json"))
    assert load_settings() == Settings()
    assert "settings.json" in settings_notice()


def test_a_data_folder_that_is_a_file_gives_defaults_and_an_empty_list(private_user_dir, capsys):
    base = private_user_dir / "skirmish-table"
    base.parent.mkdir(parents=True, exist_ok=True)
    base.write_text("not a folder")
    assert load_settings() == Settings()
    assert "data folder" in settings_notice()
    assert list_saves() == []


def _a_save(tmp_path) -> str:
    from game.core.match import new_match
    from game.sim import default_scenario
    from game.ui.saves import save_game
    from game.ui.session import Session

    session = Session(new_match(default_scenario("voidmarked", None, 5)), {"p1": "human", "p2": "baseline"})
    path = save_game(session, "good")
    return path.name


def test_unreadable_entries_are_listed_and_refused_in_one_line(tmp_path, hang_guard):
    from game.ui.scenes.menus import save_summary

    good = _a_save(tmp_path)
    folder = saves_dir()
    (folder / "dangling.json").symlink_to(folder / "gone.json")
    (folder / "a-folder.json").mkdir()
    (folder / "garbled.json").write_text("{oops")
    (folder / "deep.json").write_text('{"snapshot": ' + "[" * 100_000 + "]" * 100_000 + "}")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.json")
    listed = {p.name: save_summary(p) for p in list_saves()}
    assert listed[good] is not None and listed[good].ruleset == "Voidmarked"
    names = ["dangling.json", "a-folder.json", "garbled.json", "deep.json"]
    names += ["pipe.json"] if hasattr(os, "mkfifo") else []
    for name in names:
        assert listed[name] is None  # the list says "cannot be read"; loading it says why
        for read in (load_game, read_save):
            with pytest.raises(SaveError) as err:
                read(folder / name)
            one_line(str(err.value), name)


def test_the_load_scene_lists_damaged_entries(tmp_path):
    pygame = pytest.importorskip("pygame")
    from game.ui.app import App
    from game.ui.scenes.menus import LoadScene

    _a_save(tmp_path)
    (saves_dir() / "dangling.json").symlink_to(saves_dir() / "gone.json")
    app = App((1024, 640), Settings(anim_speed="instant"))
    try:
        scene = LoadScene(app)
        app.switch(scene)
        labels = [item[0] for item in scene.column.items]
        assert len(scene.saves) == 2
        assert "dangling.json (cannot be read)" in labels and "Vanguard vs Void Cult" in labels
        scene.load(saves_dir() / "dangling.json")
        assert app.scene is scene and "dangling.json" in scene.error
        scene.draw(app.screen)
    finally:
        pygame.quit()


def test_a_save_whose_name_is_not_utf8_is_listed_and_drawn(tmp_path):
    """Linux allows any bytes in a file name; the font cannot draw the surrogates Python makes
    of them, which crashed the Load screen."""
    pygame = pytest.importorskip("pygame")
    from game.ui.app import App
    from game.ui.scenes.menus import LoadScene

    try:
        with open(os.path.join(os.fsencode(saves_dir()), b"\xff\xfe-odd.json"), "wb") as fh:
            fh.write(b"{}")
    except OSError:
        pytest.skip("this file system refuses names that are not UTF-8")
    app = App((1024, 640), Settings(anim_speed="instant"))
    try:
        scene = LoadScene(app)
        app.switch(scene)
        assert [item[0] for item in scene.column.items][0] == "\ufffd\ufffd-odd.json (cannot be read)"
        scene.draw(app.screen)
        scene.load(scene.saves[0])
        assert scene.error.startswith("\ufffd\ufffd-odd.json: ")
        scene.draw(app.screen)
    finally:
        pygame.quit()


def test_leftover_temp_files_are_cleaned_and_fresh_ones_kept(tmp_path):
    folder = saves_dir()
    old = folder / ".old.json.abc.tmp"
    fresh = folder / ".fresh.json.def.tmp"
    old.write_text("half a save")
    fresh.write_text("a save being written right now")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    list_saves()
    assert not old.exists() and fresh.exists()


def test_write_atomic_flushes_the_file_and_its_folder(tmp_path, monkeypatch):
    synced: list[str] = []
    real_fsync = os.fsync

    def spy(fd):
        synced.append("dir" if os.path.isdir(f"/proc/self/fd/{fd}") else "file")
        return real_fsync(fd)

    monkeypatch.setattr(files.os, "fsync", spy)
    target = tmp_path / "x.json"
    files.write_atomic(target, "{}")
    assert target.read_text() == "{}"
    assert synced == ["file", "dir"]
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch):
    target = tmp_path / "keep.json"
    target.write_text("old")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", boom)
    with pytest.raises(OSError):
        files.write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]


def test_settings_module_still_offers_write_atomic():
    assert settings_mod.write_atomic is files.write_atomic


def test_saving_settings_into_an_unusable_folder_is_an_oserror(private_user_dir):
    """The settings screen guards its save with `except OSError`: that must still catch it."""
    base = private_user_dir / "skirmish-table"
    base.parent.mkdir(parents=True, exist_ok=True)
    base.write_text("not a folder")
    with pytest.raises(OSError) as err:
        save_settings(Settings())
    from game.errors import UserError

    assert isinstance(err.value, UserError) and "data folder" in err.value.line()


def test_the_launcher_shows_the_settings_notice_once(capsys):
    pygame = pytest.importorskip("pygame")
    from game.ui.app import App
    from game.ui.scenes.launcher import LauncherScene

    settings_path().write_text('{"ui_scale": "huge"}')
    app = App((1280, 720))
    try:
        first = LauncherScene(app)
        assert first.error.startswith("Default settings: settings.json was set aside as "
                                      "settings.damaged.json")
        assert "ui_scale: " in first.error
        assert LauncherScene(app).error == ""
    finally:
        pygame.quit()


# -- #34 item 4: a failed settings write is told once; notices fit; each printed once -----------
def _unusable_data_folder(private_user_dir):
    base = private_user_dir / "skirmish-table"
    base.parent.mkdir(parents=True, exist_ok=True)
    if base.is_dir():
        import shutil

        shutil.rmtree(base)
    base.write_text("not a folder")


def test_a_failed_settings_write_is_told_once(private_user_dir, capsys, monkeypatch):
    """apply_settings used to swallow the OSError: the player never learnt nothing was kept."""
    pygame = pytest.importorskip("pygame")
    from game.ui.app import App

    monkeypatch.setattr(settings_mod, "_write_told", False)
    app = App((1280, 720), settings=Settings())
    try:
        _unusable_data_folder(private_user_dir)
        app.apply_settings()
        told = app.settings_write_notice
        assert told.startswith("Settings could not be saved (cannot use the data folder")
        assert "\n" not in told
        app.apply_settings()
        err = capsys.readouterr().err.splitlines()
        assert err == [f"skirmish: {told}"]
    finally:
        pygame.quit()


def test_the_settings_screen_shows_a_failed_write(private_user_dir, monkeypatch):
    pygame = pytest.importorskip("pygame")
    from game.ui.app import App
    from game.ui.scenes.settings_scene import SettingsScene

    monkeypatch.setattr(settings_mod, "_write_told", False)
    app = App((1280, 720), settings=Settings())
    try:
        scene = SettingsScene(app)
        _unusable_data_folder(private_user_dir)
        scene._changed()
        assert scene.note.text.startswith("Settings could not be saved")
    finally:
        pygame.quit()


def test_the_data_folder_notice_is_printed_once_a_run(private_user_dir, capsys, monkeypatch):
    """load_settings runs again after each finished game (the replays kept): it printed again."""
    monkeypatch.setattr(settings_mod, "_printed", set())
    _unusable_data_folder(private_user_dir)
    load_settings()
    load_settings()
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "cannot use the data folder" in lines[0]


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("notice", ["settings", "squads"])
def test_the_launcher_notices_fit_at_1280x720(scale, notice, private_user_dir, monkeypatch):
    """The damaged-settings notice was cut mid-word at 150 % (the label is one line wide)."""
    pygame = pytest.importorskip("pygame")
    from game.ui.app import App
    from game.ui.scenes.launcher import LauncherScene

    if notice == "settings":
        settings_path().write_text('{"ui_scale": [[[[1]]]], "palette": "' + "x" * 30 + '"}')
    else:
        from game.rulesets.tokens import squadbuild

        folder = private_user_dir / "squads"
        folder.mkdir(parents=True)
        (folder / ("a-rather-long-squad-file-name-" * 3 + ".toml")).write_text("x = " + "[" * 60)
        (folder / "two.toml").write_text("x = [")
        monkeypatch.setattr(squadbuild, "squads_dir", lambda: folder)
    app = App((1280, 720))
    try:
        app.settings.ui_scale = scale
        app.fonts.set_scale(scale)
        scene = LauncherScene(app)
        if notice == "squads":
            scene._menu_changed(scene.rs_menu, "tokens")
            assert scene.error.startswith("Skipped 2 damaged saved squads")
        else:
            assert scene.error.startswith("Default settings")
        label = scene.error_label
        assert label.text and label.font.size(label.text)[0] <= label.rect.width
        assert label.rect.right <= 1280 and label.rect.bottom <= 720
    finally:
        pygame.quit()
