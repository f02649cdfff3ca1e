"""The app under a real waitress server, started in this process on 127.0.0.1 on a port the system gives it, with the
settings `python -m scorer serve` uses (`scorer.serving.make_server`); plain HTTP requests to it."""

from __future__ import annotations

import http.client
import secrets
import threading
import urllib.parse

from scorer.serving import make_server


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
