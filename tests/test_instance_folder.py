"""The instance folder at start-up: an empty or damaged secret key is replaced, an unwritable folder stops the
start with one line, the database and its WAL files are for the owner only (an existing one is narrowed)."""

import os
import re
import shlex
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from scorer import create_app

from .conftest import start


@pytest.mark.parametrize("content", ["", "   \n", "not a key", "\x00\x01garbage"])
def test_an_empty_or_damaged_secret_key_is_replaced(tmp_path, caplog, content):
    from scorer.app import _secret_key
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "secret_key").write_text(content)
    key = _secret_key(tmp_path / "instance")
    assert (tmp_path / "instance" / "secret_key").read_text() == key
    assert re.fullmatch(r"[0-9a-f]{64}", key) and _secret_key(tmp_path / "instance") == key
    assert stat.S_IMODE((tmp_path / "instance" / "secret_key").stat().st_mode) == 0o600
    assert "damaged" in caplog.text
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite"), "WTF_CSRF_ENABLED": False, "SECRET_KEY": key})
    client = app.test_client()
    board = start(client)
    assert client.get(board).status_code == 200 and client.get("/").status_code == 200
    assert not list((tmp_path / "instance").glob("*.tmp"))


def _start(tmp_path, env, code, read_only: Path | None = None):
    code = f"import scorer.app as a, pathlib; a.ROOT = pathlib.Path({str(tmp_path)!r}); " + code
    command = [sys.executable, "-c", code]
    if read_only is not None and os.geteuid() == 0:
        # root writes through a folder's mode bits: make the folder a read-only mount in a namespace of its own
        folder = shlex.quote(str(read_only))
        command = ["unshare", "-m", "sh", "-c", f"mount --bind {folder} {folder} && "
                   f"mount -o remount,bind,ro {folder} && exec \"$@\"", "sh", *command]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=60,
                          cwd=Path(__file__).parent.parent)


def _can_mount_read_only() -> bool:
    if os.geteuid() != 0:
        return True      # the mode bits are enough
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount --bind / /mnt 2>/dev/null || mount --bind /tmp /tmp"],
                           capture_output=True)
    return probe.returncode == 0


@pytest.mark.process
@pytest.mark.parametrize("how", ["read-only", "a file"])
def test_an_unwritable_instance_folder_stops_the_start_with_one_line(tmp_path, how):
    if how == "read-only" and not _can_mount_read_only():
        pytest.skip("root writes into read-only folders, and no mount namespace is allowed here")
    instance = tmp_path / "instance"
    if how == "a file":
        instance.write_text("not a folder")
    else:
        instance.mkdir()
        instance.chmod(0o500)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCORER_")}
    try:
        result = _start(tmp_path, env, "from scorer.__main__ import main; main(['serve', '--port', '0'])",
                        read_only=instance if how == "read-only" else None)
        assert result.returncode == 1
        assert "Traceback" not in result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "SCORER_SECRET_KEY" in lines[0] and "SCORER_DATABASE" in lines[0]
        if how == "read-only":   # with both set elsewhere, the same read-only folder is no obstacle
            env.update(SCORER_SECRET_KEY="k" * 64, SCORER_DATABASE=str(tmp_path / "elsewhere.sqlite"))
            result = _start(tmp_path, env, "app = a.create_app(); print(app.config['DATABASE'])", read_only=instance)
            assert result.returncode == 0, result.stderr
            assert result.stdout.strip() == str(tmp_path / "elsewhere.sqlite")
    finally:
        if instance.is_dir():
            instance.chmod(0o700)


def test_the_database_and_its_wal_files_are_for_the_owner_only(app, client, tmp_path):
    start(client)
    path = Path(app.config["DATABASE"])
    other = sqlite3.connect(path)      # the -wal and -shm files exist while a connection is open
    try:
        other.execute("select count(*) from parties").fetchone()
        for name in (path, Path(str(path) + "-wal"), Path(str(path) + "-shm")):
            assert name.exists(), name
            assert stat.S_IMODE(name.stat().st_mode) == 0o600, name
    finally:
        other.close()


def test_an_existing_database_is_narrowed_to_the_owner(tmp_path):
    path = tmp_path / "old.sqlite"
    sqlite3.connect(path).close()
    path.chmod(0o644)
    create_app({"DATABASE": str(path), "SECRET_KEY": "t"})
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
