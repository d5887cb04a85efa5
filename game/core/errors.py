"""The one exception every engine raises for refused input."""


class IllegalAction(Exception):
    """An action that is malformed, out of turn or against the rules.

    The message is written for a player to read. The match that raised it is unchanged.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
