"""A round-robin HTTP proxy for scripts/cluster.py: each request to the next
node in turn, one request per connection.

It asks each node to close the connection after its answer (and so tells the
browser), so that the browser opens a new connection, hence reaches the next
node, for its next request; an answer that streams (server push) is passed on
as it comes until either side closes. It records which node answered each
request, and with which status.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import socket
import threading
from dataclasses import dataclass, field


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Served:
    """One request through the proxy: which node answered, and how."""

    node: int
    method: str
    path: str
    status: int = 0  # 0 while no answer has come
    done: bool = False  # the exchange is over (answered, refused or cut)


@dataclass
class Proxy:
    """A round-robin HTTP proxy: each request to the next node, one per connection."""

    ports: list[int]
    port: int = field(default_factory=free_port)
    served: list[Served] = field(default_factory=list)

    def __post_init__(self):
        self.turn = itertools.cycle(range(len(self.ports)))
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.tasks: set[asyncio.Task] = set()
        self.thread = threading.Thread(target=self.run, daemon=True, name="proxy")

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(10)

    def stop(self) -> None:
        if self.thread.is_alive():
            asyncio.run_coroutine_threadsafe(self.shutdown(), self.loop).result(10)
            self.thread.join(10)

    async def shutdown(self) -> None:
        """Closes the server and every connection still open (a stream)."""
        self.server.close()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.loop.call_soon(self.loop.stop)

    def run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self.handle, "127.0.0.1", self.port, limit=2**16)
        )
        self.ready.set()
        try:
            self.loop.run_forever()
        finally:
            # Connections accepted while it stopped: cancelled and finished too.
            left = asyncio.all_tasks(self.loop)
            for task in left:
                task.cancel()
            self.loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    async def handle(self, reader, writer) -> None:
        # asyncio keeps only weak references to tasks: a handler waiting on a
        # long answer (an event stream) is kept here until it ends.
        task = asyncio.current_task()
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, OSError):
            writer.close()
            return
        first, *lines = head[:-4].split(b"\r\n")
        method, target, _version = first.decode("latin-1").split(" ", 2)
        headers, length = [], 0
        for line in lines:
            name = line.split(b":", 1)[0].strip().lower()
            if name in (b"connection", b"keep-alive", b"proxy-connection"):
                continue
            if name == b"content-length":
                length = int(line.split(b":", 1)[1])
            headers.append(line)
        headers.append(b"Connection: close")
        node = next(self.turn)
        served = Served(node, method, target)
        self.served.append(served)
        try:
            body = await reader.readexactly(length) if length else b""
            up_reader, up_writer = await asyncio.open_connection(
                "127.0.0.1", self.ports[node]
            )
        except (OSError, asyncio.IncompleteReadError):
            served.status, served.done = 502, True
            writer.write(b"HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n")
            self.close(writer)
            return
        up_writer.write(first + b"\r\n" + b"\r\n".join(headers) + b"\r\n\r\n" + body)
        try:
            await up_writer.drain()
            # The node closes the connection after its answer (a stream too).
            while chunk := await up_reader.read(65536):
                if not served.status:
                    served.status = int(chunk.split(b" ", 2)[1])
                writer.write(chunk)
                await writer.drain()
        except (OSError, ValueError, IndexError):
            pass
        finally:
            served.done = True
            self.close(up_writer)
            self.close(writer)

    @staticmethod
    def close(writer) -> None:
        """Closes at once; nothing awaited, so a cancelled handler ends here."""
        with contextlib.suppress(Exception):
            writer.close()
