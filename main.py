# /// script
# dependencies = ["bidi", "six"]
# ///
# ^ Read by pygbag in the browser only, by *import* name (its own package repo is keyed so:
#   "bidi" is python-bidi 0.4.2, pure Python). Native installs use requirements.txt.
"""Majlis — the card table. The same file runs natively and in the browser under pygbag.

Natively: python main.py [--portrait] [--lang ar|en] [--autoplay] [--screenshots DIR]
                         [--seed N] [--speed X] [--frames N] [--level easy|normal|hard]
                         [--game hareeja|ronda|hand_rummy] [--server ws://HOST:PORT]
                         [--room CODE] [--replay CODE] [--watch CODE]
In the browser: a watch link ``…/#watch=CODE`` opens the online lobby watching that public
table (game/client/watching.py); a replay link ``…/#replay=CODE`` opens that match's replay;
an invite link
``…/#room=CODE&server=wss://HOST:PORT`` (game/client/page_links.py;
the page moves an older ``?room=`` into the fragment) opens the online lobby joining that table on
that server, after asking when the player has not played there (default: the page's own server,
``game.ui.scenes.lobby_common.page_server``).
"""

import asyncio
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def parse_options():
    """Command-line options natively; under pygbag the orientation comes from the window."""
    from game.ui.app import Options

    if sys.platform == "emscripten":
        import platform  # pygbag's browser bridge

        try:
            portrait = platform.window.innerHeight > platform.window.innerWidth
        except Exception:
            portrait = False
        options = Options(portrait=portrait)
        from game.client.page_links import page_replay, page_values, page_watch

        link = page_values()  # "#room=…&server=…", never the query
        options.server = link.get("server")
        options.server_from_link = "server" in link  # asked before a first connection there
        options.room = link.get("room")
        options.replay = page_replay()  # "#replay=CODE": watch that match
        options.watch = page_watch()  # "#watch=CODE": watch that table live
        return options
    import argparse

    parser = argparse.ArgumentParser(description="Majlis card table")
    parser.add_argument("--portrait", action="store_true", help="720x1280 phone layout")
    parser.add_argument("--lang", choices=("ar", "en"), help="language (default: saved, else ar)")
    parser.add_argument(
        "--autoplay",
        action="store_true",
        help="four bots play a whole match headless, then print the result",
    )
    parser.add_argument("--screenshots", metavar="DIR", help="save a PNG of every scene")
    parser.add_argument("--seed", type=int, help="match seed (deterministic deal)")
    parser.add_argument("--speed", type=float, default=None, help="animation speed multiplier")
    parser.add_argument("--frames", type=int, help="stop after this many frames")
    from game.core import registry
    from game.core.spec import BOT_LEVELS

    parser.add_argument("--level", choices=BOT_LEVELS, help="bot level")
    parser.add_argument(
        "--game",
        choices=registry.names(),
        help="the game for --autoplay (default hareeja); with --screenshots, "
        "shoot only this game's table",
    )
    parser.add_argument(
        "--server", metavar="URL", help="online table server, e.g. ws://127.0.0.1:9310"
    )
    parser.add_argument("--room", metavar="CODE", help="open the online lobby joining this table")
    parser.add_argument("--replay", metavar="CODE", help="watch the match of this replay code")
    parser.add_argument(
        "--watch", metavar="CODE", help="open the online lobby watching this public table"
    )
    parser.add_argument(
        "--scale",
        type=float,
        help="draw at this many pixels per layout pixel (1 to 1.5; a high-density screen)",
    )
    args = parser.parse_args()
    speed = args.speed if args.speed is not None else (12.0 if args.autoplay else 1.0)
    options = Options(
        portrait=args.portrait,
        lang=args.lang,
        autoplay=args.autoplay,
        screenshots=args.screenshots,
        seed=args.seed,
        speed=speed,
        frames=args.frames,
        level=args.level,
        scale=args.scale,
    )
    options.game = args.game  # None: every game's screenshots, Hareeja's autoplay
    options.server = args.server
    options.room = args.room
    options.replay = args.replay
    options.watch = args.watch
    return options


async def main():
    options = parse_options()
    if options.autoplay or options.screenshots:
        from game.ui.app import headless_env

        headless_env()
    if options.screenshots:
        from game.ui.screenshots import take_all

        await take_all(options.screenshots, options)
        return
    from game.ui.app import App

    app = App(options)
    if options.autoplay:
        from game.ui import games

        games.start_autoplay(app, getattr(options, "game", None) or games.DEFAULT_GAME)
    elif getattr(options, "replay", None):
        from game.ui.scenes.replay import open_replay

        open_replay(app, options.replay)  # a bad code: the menu, saying why
    elif getattr(options, "room", None):
        app.go("lobby", join_code=options.room)
    elif getattr(options, "watch", None) is not None:
        app.go("lobby", watch_code=options.watch)
    code = await app.run()
    if code and sys.platform != "emscripten":
        sys.exit(code)


asyncio.run(main())
