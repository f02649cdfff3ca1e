"""The app under waitress: the server's limits, the reverse proxy it trusts, and its own error answers.

`python -m scorer serve` and the tests start the server through `make_server`, so both run with the same
settings:

- **Idle and half-sent connections cannot starve the phones.** waitress accepts at most `connection_limit`
  connections at once and stops accepting beyond that; as shipped (100 connections, idle ones closed after
  120 s, looked for every 30 s) about a hundred sockets that send half a request and wait locked every phone
  out for two minutes. Here: `SERVER_CONNECTIONS` (2,000) connections, a connection with no byte in either
  direction for `SERVER_IDLE_SECONDS` (10 s) closed (a request being answered is never cut: waitress closes
  only connections without a request in progress), looked for every 2 s. A phone that has sent nothing for
  10 s opens a new connection without noticing. Headers are limited to 64 KB and bodies to the app's
  `MAX_CONTENT_LENGTH` and a little for the multipart frame: waitress answers 431 and 413 itself, before
  buffering more. (A client that keeps hundreds of connections alive by trickling bytes is beyond what a
  threaded server on a phone's network should fend off alone: put Caddy in front, README.md.) 2,000, not fewer:
  a tournament hall of 500 phones keeps more connections than 500 (benchmarks/tournament_bench.py: 626 kept
  alive, a browser may keep several), and a phone beyond the limit waits until an idle one is closed. The soft
  limit of open files is raised to make room for them where it is lower (`room_for`).
- **A reverse proxy in front** (`PROXY_HOPS`, Caddy: 1): waitress takes the client's address, the scheme
  (`https`) and the host from the proxy's `X-Forwarded-For`, `-Proto`, `-Host` and `-Port`, and only when the
  connection comes from `PROXY_ADDRESS`: the proxy's address or its network, or several separated by commas
  (default `127.0.0.1`, Caddy on the same machine; `172.18.0.0/16`, a container network the proxy shares with the
  app; `*`, anyone, only where nobody but the proxy can reach waitress: a warning says so at the start). From
  anyone else, and without `PROXY_HOPS`, these headers are removed before the app sees them, so a client
  cannot choose its own address for the limits (`FromProxy`: waitress's own check knows one address or `*`).
- **waitress's own error answers** (400 for a request it cannot read, 413, 431) carry the app's security
  headers too (`SecureErrorTask`).
"""

from __future__ import annotations

import ipaddress
import logging

from waitress.channel import HTTPChannel
from waitress.proxy_headers import PROXY_HEADERS as FORWARDED, clear_untrusted_headers
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ErrorTask

log = logging.getLogger("scorer")

CONNECTIONS = 2000         # at most this many connections at once (waitress: 100)
IDLE_SECONDS = 10          # a connection without a byte for this long, and no request in progress, is closed
CLEANUP_SECONDS = 2        # how often idle connections are looked for (waitress: 30)
HEADER_BYTES = 64 * 1024   # a request's headers at most (waitress: 256 KB)
FRAME_BYTES = 64 * 1024    # what a multipart body adds to the app's MAX_CONTENT_LENGTH
PROXY_HEADERS = {"x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "x-forwarded-port"}

SECURITY_HEADERS = (
    ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "same-origin"),
    ("Cache-Control", "no-store"),
)


class SecureErrorTask(ErrorTask):
    """waitress's answer to a request it could not read (400, 413, 431, ...), with the security headers."""

    def execute(self):
        self.response_headers.extend(SECURITY_HEADERS)
        super().execute()


class SecureChannel(HTTPChannel):
    error_task_class = SecureErrorTask


class ProxyAddressError(SystemExit):
    """`PROXY_ADDRESS` names no address or network: the start stops with one line saying what to write."""

    def __init__(self, text: str):
        super().__init__(f"scorer: PROXY_ADDRESS {text!r} is not an address or a network of the proxy: write e.g. "
                         "127.0.0.1, 172.18.0.0/16 or several separated by commas")


def proxy_networks(text: str) -> tuple | None:
    """The networks of `PROXY_ADDRESS` ("127.0.0.1", "172.18.0.0/16", "10.0.0.2, fd00::/8"); None for "*" (any)."""
    parts = [p.strip() for p in str(text).split(",") if p.strip()]
    if parts == ["*"]:
        return None
    if not parts:
        raise ProxyAddressError(text)
    try:
        return tuple(ipaddress.ip_network(p, strict=False) for p in parts)
    except ValueError:
        raise ProxyAddressError(text) from None


class FromProxy:
    """In front of waitress's own reading of the proxy's headers (told to trust `*`): a request whose connection
    does not come from one of `networks` has every forwarded header removed first, so that only the proxy chooses
    the client's address, scheme and host."""

    def __init__(self, app, networks: tuple):
        self.app = app
        self.networks = networks

    def trusted(self, peer: str) -> bool:
        try:
            address = ipaddress.ip_address(peer.split("%", 1)[0])
        except ValueError:   # a Unix socket, or nothing
            return False
        if address.version == 6 and address.ipv4_mapped is not None:   # a dual-stack socket's IPv4 client
            address = address.ipv4_mapped
        return any(address in network for network in self.networks)

    def __call__(self, environ, start_response):
        if not self.trusted(environ.get("REMOTE_ADDR") or ""):
            clear_untrusted_headers(environ, FORWARDED)
        return self.app(environ, start_response)


def settings(app, threads: int = 8) -> dict:
    """waitress's adjustments for `app` (from its config; see the module's docstring)."""
    config = app.config
    out = {
        "threads": threads,
        "ident": "scorer",
        "connection_limit": int(config.get("SERVER_CONNECTIONS") or CONNECTIONS),
        "channel_timeout": int(config.get("SERVER_IDLE_SECONDS") or IDLE_SECONDS),
        "cleanup_interval": CLEANUP_SECONDS,
        "max_request_header_size": HEADER_BYTES,
        "max_request_body_size": int(config.get("MAX_CONTENT_LENGTH") or 1024 * 1024) + FRAME_BYTES,
        # poll(), not select(): select() cannot watch a socket numbered past 1024
        "asyncore_use_poll": True,
        "clear_untrusted_proxy_headers": True,
    }
    hops = int(config.get("PROXY_HOPS") or 0)
    if hops:
        # waitress reads the headers of any connection ("*"); FromProxy (make_server) has removed them first from
        # a connection that is not the proxy's
        out.update(trusted_proxy="*", trusted_proxy_count=hops, trusted_proxy_headers=set(PROXY_HEADERS))
    return out


def room_for(connections: int) -> int:
    """Raise the soft limit of open files so that `connections` sockets and the app's own files fit (Debian's
    default soft limit is 1,024, below the connections allowed); as far as the hard limit lets. Returns how many
    connections fit then."""
    try:
        import resource
    except ImportError:   # not a Unix: its own limits
        return connections
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + 100   # the database, its journal, the listening sockets, the logs
    if soft != resource.RLIM_INFINITY and soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
        except (ValueError, OSError):
            pass
    return connections if soft == resource.RLIM_INFINITY else max(1, min(connections, soft - 100))


def make_server(app, host: str = "127.0.0.1", port: int = 5000, threads: int = 8, **changes):
    """A waitress server for `app` (not yet running: call its `run()`), with `settings(app)` and `changes`."""
    adjustments = {**settings(app, threads), **changes}
    adjustments["connection_limit"] = room_for(adjustments["connection_limit"])
    networks = None
    if adjustments.get("trusted_proxy"):
        networks = proxy_networks(app.config.get("PROXY_ADDRESS") or "127.0.0.1")
        if networks is None:
            log.warning("scorer: PROXY_ADDRESS is *: any client that reaches this server directly chooses its own "
                        "address; name the proxy's address or network, or let waitress listen only where the "
                        "proxy reaches it (README.md)")
    server = create_server(app, host=host, port=port, **adjustments)
    # one listening socket, or several (a host name with IPv4 and IPv6 addresses) in its map
    listeners = {id(x): x for x in [server, *getattr(server, "map", {}).values()] if isinstance(x, BaseWSGIServer)}
    for listener in listeners.values():
        listener.channel_class = SecureChannel
        if networks is not None:   # the proxy's headers from the proxy's connections only
            listener.application = FromProxy(listener.application, networks)
    return server
