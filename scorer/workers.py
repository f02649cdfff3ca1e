"""The app as several processes over the same SQLite file: `python -m scorer serve --workers N` runs gunicorn (its
pre-fork master, one listening socket shared by N worker processes, a dead worker started again; each worker a pool
of threads, `gthread`), for a hall of hundreds of phones that one Python process cannot answer in time (one process
runs its Python on one core at a time: benchmarks/hall_load.py, BENCHMARKS.md). waitress, the one-process server
(`scorer/serving.py`), has no processes of its own; several of them would need a supervisor of our own making.

Each worker builds its own app after the fork (`create_app()`: its own SQLite connections, one a thread, and its own
caches, each keyed by the versions in the database, so that no worker shows what another changed before it). The
limits are `scorer/serving.py`'s figures, read from there: the connections at once (shared out among the workers),
an idle connection closed after `SERVER_IDLE_SECONDS`, a request's headers at most 64 KB. A reverse proxy in front
(`PROXY_HOPS`): the client's address, scheme and host are taken from its `X-Forwarded-*` only on a connection from
`PROXY_ADDRESS` (an address or a network; `*` any), and removed from anyone else's request, as waitress does."""

from __future__ import annotations

from werkzeug.middleware.proxy_fix import ProxyFix

from . import games, serving

FORWARDED = ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST", "HTTP_X_FORWARDED_PORT",
             "HTTP_X_FORWARDED_PREFIX", "HTTP_FORWARDED")


class TrustedProxy:
    """`X-Forwarded-*` believed from the proxy alone (`hops` of them, on a connection from `PROXY_ADDRESS`'s networks,
    read as the one-process server reads them: `serving.proxy_networks`), removed from everyone else's requests."""

    def __init__(self, app, hops: int, address: str):
        self.app = app
        self.fixed = ProxyFix(app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops) if hops else None
        networks = serving.proxy_networks(address)
        self.source = None if networks is None else serving.FromProxy(None, networks)

    def trusted(self, remote: str) -> bool:
        if self.fixed is None:
            return False
        return self.source is None or self.source.trusted(remote)

    def __call__(self, environ, start_response):
        if self.trusted(environ.get("REMOTE_ADDR", "")):
            return self.fixed(environ, start_response)
        for name in FORWARDED:
            environ.pop(name, None)
        return self.app(environ, start_response)


def application(options: dict, factory):
    """gunicorn with the scorer's settings; each worker process creates the app itself (imported here: one waitress
    process, the default, needs no gunicorn)."""
    from gunicorn.app.base import BaseApplication

    class Workers(BaseApplication):
        def load_config(self):
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self):
            app = warmed(factory())
            app.wsgi_app = TrustedProxy(app.wsgi_app, int(app.config.get("PROXY_HOPS") or 0),
                                        str(app.config.get("PROXY_ADDRESS") or "127.0.0.1"))
            return app

    return Workers()


def warmed(app):
    """The app with every game's web module imported and every template compiled, before its first request: a
    worker started (or started again) answers the hall's first deal forms without compiling them while they wait."""
    for game in games.offered():
        game.web_part()
    for name in app.jinja_env.list_templates(filter_func=lambda n: n.endswith(".html")):
        app.jinja_env.get_template(name)
    return app


def options(app, host: str, port: int, workers: int, threads: int) -> dict:
    """gunicorn's settings for `workers` processes of `threads` threads, from serving.py's limits."""
    limits = serving.settings(app, threads)
    return {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers,
        "worker_class": "gthread",
        "threads": threads,
        "worker_connections": max(1, limits["connection_limit"] // workers),
        "keepalive": limits["channel_timeout"],        # an idle kept-alive connection closed after this
        "limit_request_field_size": serving.HEADER_BYTES,
        "limit_request_fields": 200,
        "limit_request_line": 8190,
        "forwarded_allow_ips": "",                     # the proxy's headers: TrustedProxy, not gunicorn
        "proxy_allow_ips": "",
        "timeout": 60,                                 # a worker silent this long is started again
        "graceful_timeout": 10,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "scorer",
    }


def run(factory, host: str, port: int, workers: int, threads: int) -> None:
    """Serve with `workers` processes (returns when the master stops: Ctrl+C, SIGTERM). The app is made once here
    for its settings (and to create or migrate the database before any worker starts), then again in each worker."""
    app = factory()
    serving.room_for(serving.settings(app, threads)["connection_limit"])
    application(options(app, host, port, workers, threads), factory).run()
