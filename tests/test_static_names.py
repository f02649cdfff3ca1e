"""The static routes (the shared `/static/` and each game's `/static/<game>/`) answer a name that is no file of
their folder with a 404, whatever the name: a NUL byte in it is no 500, and the names asked for and not found
are not kept, so that a client asking for endless made-up names does not grow the server's memory."""

import os
import secrets

import pytest

import scorer
from scorer.db import connect

PATHS = ("/static/", "/static/koenigrufen/", "/static/haferl/", "/static/strohmandeln/")


@pytest.fixture
def served(tmp_path):
    """The app as it serves (exceptions become answers, as under waitress)."""
    database = str(tmp_path / "scorer.sqlite")
    connect(database).conn.close()
    return scorer.create_app({"DATABASE": database, "SECRET_KEY": "test"})


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("name", ["a%00b.js", "a%00b.0123456789.js", "%00", "app.js%00.css"])
def test_a_name_with_a_nul_byte_is_not_found(served, path, name):
    response = served.test_client().get(path + name)
    assert response.status_code == 404


@pytest.mark.parametrize("path", PATHS)
def test_names_not_found_are_not_kept(served, path):
    client = served.test_client()
    folders = served.extensions["scorer_static"]
    endpoint = "static" if path == "/static/" else path.strip("/").split("/")[1] + ".static"
    for _ in range(50):
        assert client.get(path + secrets.token_hex(8) + ".js").status_code == 404
    assert set(folders[endpoint].files) <= set(os.listdir(folders[endpoint].folder))   # only its own files
    # the real files are still served, hashed and kept a year
    name = "app.js" if endpoint == "static" else path.strip("/").split("/")[1] + ".js"
    assert os.path.isfile(os.path.join(folders[endpoint].folder, name))
    hashed = folders[endpoint].hashed(name)
    response = client.get(path + hashed)
    assert response.status_code == 200 and "immutable" in response.headers["Cache-Control"]
