"""Partie pages are private and not cached; the share page uses the public address; the error page does not
claim that nothing was saved."""


def test_partie_pages_are_private_and_not_cached(client, board):
    for path in ("", "/deals", "/deal", "/history", "/rules", "/share"):
        assert client.get(board + path).headers["Cache-Control"] == "private, no-cache"


def test_the_error_page_does_not_claim_nothing_was_saved(app, client):
    @app.route("/boom")
    def boom():
        raise RuntimeError("boom")
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = client.get("/boom")
    assert response.status_code == 500
    assert "Nothing was saved" not in response.text and "Look at the board" in response.text


def test_the_share_page_uses_the_public_address(app, client, board):
    assert "http://localhost" + board in client.get(board + "/share").text
    app.config["PUBLIC_URL"] = "https://scorer.example.org/"
    page = client.get(board + "/share").text
    assert "https://scorer.example.org" + board in page
    assert client.get(board + "/qr.svg").status_code == 200
