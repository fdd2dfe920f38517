"""A loopback-only stand-in for an HTTP git remote that misbehaves on purpose.

mode "401": every request is answered `401 Unauthorized` (git then needs credentials it may
not prompt for); mode "drop": every connection is closed without a reply (a flaky network).
It counts connections, serves on 127.0.0.1 only, and stops when the context exits.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

UNAUTHORIZED = (b"HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"git\"\r\n"
                b"Content-Length: 0\r\nConnection: close\r\n\r\n")


@dataclass
class HttpRemote:
    url: str
    connections: int = 0


@contextmanager
def http_remote(mode: str) -> Iterator[HttpRemote]:
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.settimeout(0.2)
    remote = HttpRemote(f"http://127.0.0.1:{server.getsockname()[1]}/acme/demo.git")
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            remote.connections += 1
            with conn:
                conn.settimeout(2.0)
                try:
                    conn.recv(65536)
                    if mode == "401":
                        conn.sendall(UNAUTHORIZED)
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield remote
    finally:
        stop.set()
        thread.join(timeout=5)
        server.close()
