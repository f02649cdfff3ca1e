"""Run by tests/test_process_mark_is_kept.py (not collected on its own): one test starts a process unmarked, one marked."""

import subprocess
import sys

import pytest


def test_starts_a_process_unmarked():
    subprocess.run([sys.executable, "-c", "pass"], check=True)


@pytest.mark.process
def test_starts_a_process_marked():
    subprocess.run([sys.executable, "-c", "pass"], check=True)


def test_binds_a_socket_unmarked():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))


def test_starts_nothing():
    assert True
