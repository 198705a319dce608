"""Asynchronous turns' messages: emails, reminders and digests.

One module per concern, each readable on its own:

- `outbox`: the `Notification` rows written with the change that causes them
  (a move, a rematch, a timeout) and the sweep that finds the due ones.
- `sending`: one row sent exactly once (claimed, re-checked, sent, marked).
- `emails`: an email composed from a row, and the unsubscribe links.
- `presence`: no "your turn" email while the player looks at the page.
- `reminders`: an email when a fifth of a player's time is left.
- `digests`: one email a day for players who chose it.

This package sends messages only: it plays no move (timeouts are
`games.services.timeouts`), computes no deadline (`games.services.vacations`)
and queues no task. The receivers of `games.events` (`games/receivers.py`)
write the outbox's rows with each change and queue their sending after the
commit; the sweeps run from Celery beat (`config/celery.py`), whose tasks
(`games/tasks.py`) queue what each sweep returns. Each sweep is one query over
the due rows (never a loop over games) and safe to run twice at once: what they
write is guarded by unique keys, what they queue is guarded by claims and by
the game's version. See `docs/notifications.md`.
"""
