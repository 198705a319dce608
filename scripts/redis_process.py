"""A Redis server of one's own, for the outage tests and scripts/faults.py.

    with RedisProcess() as server:      # redis-server on a free loopback port
        server.url(3)                   # redis://127.0.0.1:<port>/3
        server.freeze()                 # SIGSTOP: accepts connections, answers nothing
        server.thaw()                   # SIGCONT
        server.stop(); server.start()   # down, then up again on the same port

Never the shared 127.0.0.1:6379: other sessions and tests use it. Nothing is
saved to disk (no RDB, no AOF); its folder is a temporary one.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisProcess:
    def __init__(self, port: int | None = None):
        if shutil.which("redis-server") is None:
            raise RuntimeError("redis-server is not installed")
        self.port = port or free_port()
        self.dir = tempfile.mkdtemp(prefix="redis-")
        self.proc: subprocess.Popen | None = None
        self.frozen = False

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self, timeout: float = 10.0) -> RedisProcess:
        self.proc = subprocess.Popen(  # noqa: S603 - our own fixed argv
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port)]
            + ["--save", "", "--appendonly", "no", "--dir", self.dir]
            + ["--protected-mode", "no", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while not self.answers():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on {self.port}")
            time.sleep(0.05)
        return self

    def answers(self, timeout: float = 0.5) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout) as sock:
                sock.settimeout(timeout)
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def freeze(self) -> None:
        """The server keeps its port (the kernel still accepts connections)
        but answers nothing: a hung Redis."""
        os.kill(self.proc.pid, signal.SIGSTOP)
        self.frozen = True

    def thaw(self) -> None:
        os.kill(self.proc.pid, signal.SIGCONT)
        self.frozen = False

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        if self.frozen:
            self.thaw()
        with contextlib.suppress(ProcessLookupError):
            self.proc.kill()
        self.proc.wait(10)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> RedisProcess:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()
