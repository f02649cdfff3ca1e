"""The settlement cache is bounded by the deals it holds."""

from scorer import store
from scorer.web import loading

from .conftest import record, start


def test_the_settlement_cache_is_bounded_by_deals(app, client):
    app.config["SETTLEMENT_CACHE_DEALS"] = 12
    cache = loading.SettlementCache()
    boards = []
    for i in range(3):
        board = start(client, player0=f"A{i}", player1=f"B{i}")
        for _ in range(4):
            record(client, board, undertaker="vorhand", points="40")
        boards.append(board)
    with app.test_request_context():
        from scorer.db import get_db
        for board in boards:
            sp = store.load(get_db(), board.rsplit("/", 1)[1])
            from scorer.games import game_of
            cache.put(sp.id, (sp, game_of(sp.partie).replay(sp.partie)), 64, 12)
    assert cache.deals <= 12 and len(cache.entries) == 2      # 5 + 5: the oldest partie went
    assert list(cache.entries) == [b.rsplit("/", 1)[1] for b in boards[1:]]
    assert client.get(boards[0]).status_code == 200            # and comes back when asked for
    assert loading.cache.deals <= 12
