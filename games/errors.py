"""The one error hierarchy of the site's writes.

A service that refuses a request raises one of these with a message for the
person; it knows nothing of HTTP. Views map each kind to a status
(`games.views.http_status`): NotFound 404, NotAllowed 403, Conflict 409,
Invalid 400. Engines raise their own `IllegalMove` and `InvalidOptions`, which
the services turn into `Invalid`.
"""


class Refused(Exception):
    """A request the site refuses; `message` says why, in the person's language."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = str(message)

    def __str__(self):
        return self.message


class NotFound(Refused):
    """The thing asked about does not exist (or may not be seen)."""


class NotAllowed(Refused):
    """This person may not do that."""


class Conflict(Refused):
    """Not now: the game, table or campaign is not in a state that allows it."""


class Invalid(Refused):
    """The request itself is malformed or breaks a rule."""
