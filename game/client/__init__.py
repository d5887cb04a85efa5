"""The client's view of a table, without pygame: what a table scene may know and do.

- :mod:`game.client.session`: :class:`TableSession`, the one interface a table scene talks to
  (its seat's view, legal actions, turn clocks, act, incoming events, refusals, result).
- :mod:`game.client.local`: :class:`LocalSession`, a match in this process (engine, bots thinking
  in slices, turn clocks through :class:`game.table.Table`).
- :mod:`game.client.online`: :class:`OnlineSession`, a seat at the table server (events, views
  and legal actions as the server sends them), over :mod:`game.client.server_link`'s
  :class:`ServerLink`, the server connection.
- :mod:`game.client.seating`: where each seat sits on the screen (yours at the bottom).

Seats are absolute everywhere (the engine's numbers, as the server sends them); only drawing
maps them to screen positions, through :class:`game.client.seating.Seating`.
"""
