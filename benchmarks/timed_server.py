"""The app under waitress as `python -m scorer serve` runs it (scorer.serving.make_server), each request's time inside
the app (wall and the thread's CPU) and each full garbage collection written to a file (with the time it ended): what the server itself takes,
told apart from the time a request waits for a thread or the CPU. For benchmarks/tournament_bench.py.

    SCORER_DATABASE=… TIMING_FILE=… python -m benchmarks.timed_server PORT"""

from __future__ import annotations

import gc
import os
import re
import sys
import time

from scorer import create_app
from scorer.serving import make_server

SECRET = re.compile(r"/[A-Za-z0-9_-]{20,}")


def main() -> None:
    port = int(sys.argv[1])
    app = create_app()
    out = open(os.environ["TIMING_FILE"], "w", buffering=1)
    inner = app.wsgi_app

    def timed(environ, start_response):
        start, cpu = time.perf_counter(), time.thread_time()
        try:
            return inner(environ, start_response)
        finally:
            path = SECRET.sub("/…", environ.get("PATH_INFO", ""))
            out.write(f"{environ['REQUEST_METHOD']} {path}\t{time.perf_counter() - start:.5f}\t"
                      f"{time.thread_time() - cpu:.5f}\t{time.time():.3f}\n")

    app.wsgi_app = timed
    began: list[float] = []

    def collected(phase, info):
        if phase == "start":
            began.append(time.perf_counter())
        elif began:
            took = time.perf_counter() - began.pop()
            if info["generation"] == 2:
                out.write(f"GC (full)\t{took:.5f}\t0\t{time.time():.3f}\n")

    gc.callbacks.append(collected)
    make_server(app, host="127.0.0.1", port=port, threads=8).run()


if __name__ == "__main__":
    main()
