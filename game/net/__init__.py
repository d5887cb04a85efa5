"""Online tables: the wire protocol (:mod:`game.net.protocol`), the server
(``python -m game.net.server``), its SQLite store and a small asyncio client.

No pygame anywhere here, and only ``server.py`` and ``client.py`` import ``websockets``: the
browser build imports :mod:`game.net.protocol` alone.
"""
