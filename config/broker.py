"""kombu's Redis transport, with one redis-py client per channel for publishing.

kombu builds a new `redis.Redis` for every message it publishes; its set-up (a
table of some 170 response callbacks) cost about a quarter of publishing a task
(docs/benchmarks.md), and a move that passes the turn publishes one. A redis-py
client is safe to share: connections still come from the channel's pool. The
worker's blocking reads keep their own client, as before.
"""

from contextlib import contextmanager

from kombu.transport import redis


class Channel(redis.Channel):
    _publish_client = None

    @contextmanager
    def conn_or_acquire(self, client=None):
        if client:
            yield client
            return
        if self._publish_client is None:
            self._publish_client = self._create_client()
        yield self._publish_client


class Transport(redis.Transport):
    Channel = Channel
