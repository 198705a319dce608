"""Asynchronous turns: emails, reminders, digests, deadlines and vacations.

One module per concern, each readable on its own:

- `outbox`: the `Notification` rows written with the change that causes them
  (a move, a rematch, a timeout) and the sweep that queues the due ones.
- `sending`: one row sent exactly once (claimed, re-checked, sent, marked), and
  its Celery task.
- `emails`: an email composed from a row, and the unsubscribe links.
- `presence`: no "your turn" email while the player looks at the page.
- `reminders`: an email when a fifth of a player's time is left.
- `digests`: one email a day for players who chose it.
- `deadlines`: the table's timeout rule applied to a seat past its deadline.
- `vacations`: deadlines paused while a player is away.

The move service tells the outbox of a move through `games.events.state_changed`;
the sweeps run from Celery beat (`config/celery.py`, tasks in `games/tasks.py`).
Each sweep is one query over the due rows (never a loop over games) and safe to
run twice at once: what they write is guarded by unique keys, what they queue is
guarded by claims and by the game's version. See `docs/notifications.md`.
"""
