"""The passcode: a numeric one from the environment is text, it is compared in constant time, and wrong
passcodes and new parties and imports are limited (a 429 page), through a real waitress server."""

from pathlib import Path

import pytest

from scorer import create_app

from .conftest import NEW_PARTIE
from .live import Server
from .helpers import count

DATA = Path(__file__).parent / "data"


def test_a_numeric_passcode_from_the_environment_is_text(tmp_path, monkeypatch):
    monkeypatch.setenv("SCORER_PASSCODE", "1234")
    monkeypatch.setenv("SCORER_DATABASE", str(tmp_path / "env.sqlite"))
    monkeypatch.setenv("SCORER_SECRET_KEY", "0123")
    app = create_app()
    assert app.config["PASSCODE"] == "1234" and app.config["SECRET_KEY"] == "0123"
    app.config["WTF_CSRF_ENABLED"] = False
    client = app.test_client()
    assert client.post("/new", data={**NEW_PARTIE, "passcode": "4321"}).status_code == 422
    assert count(app, "parties") == 0
    assert client.post("/new", data={**NEW_PARTIE, "passcode": "1234"}).status_code == 302
    assert count(app, "parties") == 1


def test_the_passcode_is_compared_in_constant_time():
    source = (Path(__file__).parent.parent / "scorer" / "web" / "limits.py").read_text()
    assert "hmac.compare_digest" in source


@pytest.fixture
def limited(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "limited.sqlite"), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "PASSCODE": "open sesame", "RATELIMIT_ENABLED": True, "RATELIMIT_PASSCODE": "3 per minute",
                      "RATELIMIT_CREATE": "5 per minute"})
    server = Server(app)
    yield app, server
    server.close()


@pytest.mark.process
def test_wrong_passcodes_are_limited_with_a_429_page(limited):
    app, server = limited
    for _ in range(3):
        status, _h, text = server.request("/new", {**NEW_PARTIE, "passcode": "guess"})
        assert status == 422 and "passcode is not right" in text
    status, headers, text = server.request("/new", {**NEW_PARTIE, "passcode": "open sesame"})
    assert status == 429
    assert 1 <= int(headers["Retry-After"]) <= 60
    assert "Too many wrong passcodes" in text and "Try again in 1 minute" in text
    status, headers, text = server.request("/new", {**NEW_PARTIE, "passcode": "open sesame"},
                                           headers={"Accept-Language": "de"})
    assert status == 429 and "Retry-After" in headers and "Versuch" in text
    status, _h, _t = server.request("/import", {"passcode": "open sesame"},
                                    files={"file": ("p.json", (DATA / "format-example.json").read_bytes())})
    assert status == 429
    assert count(app, "parties") == 0


@pytest.mark.process
def test_new_parties_and_imports_are_limited(limited):
    app, server = limited
    content = (DATA / "format-example.json").read_bytes()
    for i in range(5):
        if i % 2:
            status, _h, _t = server.request("/import", {"passcode": "open sesame"}, files={"file": ("p.json", content)})
        else:
            status, _h, _t = server.request("/new", {**NEW_PARTIE, "passcode": "open sesame"})
        assert status == 302
    assert server.request("/new", {**NEW_PARTIE, "passcode": "open sesame"})[0] == 429
    status, headers, text = server.request("/import", {"passcode": "open sesame"}, files={"file": ("p.json", content)})
    assert status == 429 and int(headers["Retry-After"]) >= 1 and "Too many new parties" in text
    assert server.request("/new")[0] == 200          # looking at the form is not limited
    assert count(app, "parties") == 5
