"""The pygame-ce client: app loop, scenes, widgets, text, layout, assets, audio."""
