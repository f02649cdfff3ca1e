"""The app under waitress for the benchmarks: a free port of 127.0.0.1, start and stop (`python -m scorer serve`)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch(args: list[str], db_path: str, port: int, **env) -> subprocess.Popen:
    """`python -m <args>` on `port` of 127.0.0.1 with its own database (and `env`); returns once it answers."""
    env = {**os.environ, "SCORER_DATABASE": db_path, "SCORER_SECRET_KEY": "bench", **env}
    proc = subprocess.Popen([sys.executable, "-m", *args], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.02)
    proc.kill()
    raise RuntimeError("the server did not start")


def start_server(db_path: str, port: int, threads: int = 8) -> subprocess.Popen:
    """The app under waitress as `python -m scorer serve` runs it, on 127.0.0.1 only; returns once it answers."""
    return launch(["scorer", "serve", "--port", str(port), "--threads", str(threads)], db_path, port)


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)
