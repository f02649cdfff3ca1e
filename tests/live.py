"""The app under a real waitress server, started in this process on 127.0.0.1 on a port the system gives it:
`Live`, with the settings `python -m scorer serve` uses (`scorer.serving.make_server`), and `Server`, plain
waitress; plain HTTP requests to them. `stop` ends either at once. `Served`: `python -m scorer serve` itself, in a
process of its own."""

from __future__ import annotations

import http.client
import os
import re
import secrets
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from scorer.serving import make_server

ROOT = Path(__file__).resolve().parent.parent


class Answer:
    def __init__(self, response: http.client.HTTPResponse):
        self.status = response.status
        self.headers = response.headers
        self.body = response.read()
        self.text = self.body.decode("utf-8", "replace")

    def cookies(self) -> list[str]:
        return self.headers.get_all("Set-Cookie") or []


class Live:
    """The app served by waitress in a thread; `request` sends one request on its own connection."""

    def __init__(self, app, threads: int = 4, **changes):
        self.app = app
        # port 0: the system's free port, bound at once (no window in which a parallel test could take it)
        self.server = make_server(app, host="127.0.0.1", port=0, threads=threads, **changes)
        self.port = self.server.effective_port
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        self.base = f"http://127.0.0.1:{self.port}"

    def request(self, method: str, path: str, data=None, files=None, headers=None, timeout: float = 30) -> Answer:
        body, head = None, {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        if files is not None:
            boundary = secrets.token_hex(8)
            parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
                     for k, v in (data or {}).items()]
            for k, (name, content) in files.items():
                parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"; filename="{name}"\r\n'
                             f"Content-Type: application/json\r\n\r\n".encode() + content + b"\r\n")
            body = b"".join(parts) + f"--{boundary}--\r\n".encode()
            head["Content-Type"] = f"multipart/form-data; boundary={boundary}"
        elif data is not None:
            body = urllib.parse.urlencode(data, doseq=True).encode()
            head["Content-Type"] = "application/x-www-form-urlencoded"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=head)
            return Answer(connection.getresponse())
        finally:
            connection.close()

    def get(self, path, **kw) -> Answer:
        return self.request("GET", path, **kw)

    def post(self, path, data=None, **kw) -> Answer:
        return self.request("POST", path, data=data if data is not None else {}, **kw)

    def close(self) -> None:
        stop(self.server, self.thread)


def stop(server, thread: threading.Thread) -> None:
    """Stop a waitress server running in `thread`: closed from inside its own loop (woken by its trigger), so the
    loop ends at once instead of at the end of its one-second poll."""
    trigger = getattr(server, "trigger", None)
    if trigger is not None and thread.is_alive():
        try:
            trigger.pull_trigger(server.close)
        except OSError:                        # the trigger already closed: the loop is ending by itself
            pass
        thread.join(timeout=10)
    if thread.is_alive():                      # no trigger (several sockets) or the loop did not answer
        server.close()
        thread.join(timeout=10)


class Server:
    """The app under plain waitress (`create_server`, not the shipped settings) on a free port, in this process;
    `request` through urllib, redirects not followed: (status, headers, text)."""

    def __init__(self, app):
        from waitress.server import create_server
        # poll(), not select(): a socket closed by close() from this thread is then seen as closed by the
        # server's loop, not a "Bad file descriptor" in its thread; port 0: the system's free port, bound at once
        self.server = create_server(app, host="127.0.0.1", port=0, threads=4, asyncore_use_poll=True)
        self.port = self.server.effective_port
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        self.base = f"http://127.0.0.1:{self.port}"

    def request(self, path, data=None, files=None, headers=None):
        body, head = None, dict(headers or {})
        if files is not None:
            boundary = secrets.token_hex(8)
            parts = []
            for k, v in (data or {}).items():
                parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode())
            for k, (name, content) in files.items():
                parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"; filename="{name}"\r\n'
                             f"Content-Type: application/json\r\n\r\n".encode() + content + b"\r\n")
            body = b"".join(parts) + f"--{boundary}--\r\n".encode()
            head["Content-Type"] = f"multipart/form-data; boundary={boundary}"
        elif data is not None:
            body = urllib.parse.urlencode(data, doseq=True).encode()
        req = urllib.request.Request(self.base + path, data=body, headers=head)
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(req, timeout=30) as r:
                return r.status, dict(r.headers), r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read().decode()

    def close(self):
        stop(self.server, self.thread)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Served:
    """`python -m scorer serve --port 0` in a process of its own, as an organiser starts it (the environment's
    `SCORER_*` settings added to `env`): its first line says the port the system gave and its limits (`line`);
    `request` as `Live`'s; `close` stops it (SIGTERM, then SIGKILL)."""

    def __init__(self, env: dict, threads: int = 4, timeout: float = 30):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorer", "serve", "--port", "0", "--threads", str(threads)],
            cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True)
        waiting = threading.Timer(timeout, self.process.kill)   # a server that never says its line is ended
        waiting.start()
        try:
            self.line = self.process.stdout.readline()
        finally:
            waiting.cancel()
        found = re.search(r"http://[^:]+:(\d+)", self.line)
        if not found:
            self.close()
            raise RuntimeError(f"the server did not start: {self.line!r}")
        self.port = int(found.group(1))
        self.base = f"http://127.0.0.1:{self.port}"

    request = Live.request
    get = Live.get
    post = Live.post

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process.stdout.close()
