"""The one exception every engine raises for refused input."""


class IllegalAction(Exception):
    """An action that is malformed, out of turn or against the rules.

    The message is written for a player to read (in English). ``code`` names the refusal in a
    stable way ("not_your_turn", "follow_suit", ...) so a client can show it in the player's
    own language; "illegal" when no more specific code applies. The match is unchanged.
    """

    def __init__(self, message: str, code: str = "illegal"):
        super().__init__(message)
        self.message = message
        self.code = code
