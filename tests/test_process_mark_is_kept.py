"""The quick run leaves out the tests marked `process` (README.md): a test that starts a process or a server
without the mark fails, saying which mark it needs (tests/conftest.py), so the quick run never starts one unawares."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.process   # it runs pytest as a process of its own


def test_a_test_that_starts_a_process_or_a_server_unmarked_fails_naming_the_mark():
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                             "tests/data/process_probe.py"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    out = result.stdout
    assert result.returncode == 1, out
    assert "2 failed, 2 passed" in out, out
    assert ("process_probe.py::test_starts_a_process_unmarked starts a process: mark it @pytest.mark.process"
            in out), out
    assert "process_probe.py::test_binds_a_socket_unmarked starts a server (it binds a socket)" in out, out


def test_the_quick_run_leaves_the_marked_tests_out():
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                             "-m", "not process", "tests/data/process_probe.py"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert "1 deselected" in result.stdout, result.stdout
