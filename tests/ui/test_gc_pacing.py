"""The browser's garbage collection on quiet frames (game/ui/gc_pacing.py), with a fake gc."""

from __future__ import annotations

from game.ui.gc_pacing import DEFAULT, SAFETY_NET, Collector


class FakeGc:
    def __init__(self, count=(0, 0, 0)):
        self.count, self.threshold, self.calls = count, None, []

    def get_count(self):
        return self.count

    def set_threshold(self, *t):
        self.threshold = t

    def collect(self, generation=2):
        self.calls.append(("collect", generation))
        return 0

    def freeze(self):
        self.calls.append(("freeze",))


def test_off_natively_it_changes_nothing():
    fake = FakeGc((5000, 50, 50))
    c = Collector(enabled=False, collector=fake)
    c.quiet_frame()
    c.warmed()
    assert fake.threshold is None and fake.calls == []


def test_in_the_browser_the_automatic_collector_only_backs_it_up():
    fake = FakeGc()
    Collector(enabled=True, collector=fake)
    assert fake.threshold == SAFETY_NET and SAFETY_NET[0] > DEFAULT[0]


def test_a_quiet_frame_collects_the_generation_python_would_have():
    cases = [
        ((DEFAULT[0] - 1, 99, 99), []),  # not yet: nothing
        ((DEFAULT[0], 0, 0), [("collect", 0)]),
        ((DEFAULT[0], DEFAULT[1], 0), [("collect", 1)]),
        ((DEFAULT[0], DEFAULT[1], DEFAULT[2]), [("collect", 2)]),
    ]
    for count, calls in cases:
        fake = FakeGc(count)
        c = Collector(enabled=True, collector=fake)
        c.quiet_frame()
        assert fake.calls == calls, count
        assert c.collections == len(calls)


def test_the_warm_up_done_freezes_once():
    fake = FakeGc()
    c = Collector(enabled=True, collector=fake)
    c.warmed()
    c.warmed()
    assert fake.calls == [("collect", 2), ("freeze",)] and c.frozen


def test_the_app_collects_only_on_frames_that_draw_nothing(make_app):
    app = make_app()
    fake = FakeGc((DEFAULT[0], 0, 0))
    app.quiet.collector = Collector(enabled=True, collector=fake)
    app.quiet.warm_up()
    fake.calls.clear()
    app.invalidate()
    app.step(1 / 60)  # drawn: no collection
    assert fake.calls == []
    for _ in range(3):
        app.step(1 / 60)  # quiet frames
    assert ("collect", 0) in fake.calls


def test_a_scene_left_is_collected_whole_on_the_next_quiet_frame():
    """A table left is a web of cycles holding frame-sized pictures: it is collected whole on
    the next quiet frame, however few objects were made since, and only once."""
    fake = FakeGc((3, 0, 0))
    c = Collector(enabled=True, collector=fake)
    c.quiet_frame()
    assert fake.calls == []  # (too few made: nothing)
    c.scene_left()
    c.quiet_frame()
    c.quiet_frame()
    assert fake.calls == [("collect", 2)] and c.collections == 1
    natively = FakeGc((3, 0, 0))
    off = Collector(enabled=False, collector=natively)
    off.scene_left()
    off.quiet_frame()
    assert natively.calls == []


def test_the_app_leaving_a_scene_asks_for_a_whole_collection(make_app):
    app = make_app()
    fake = FakeGc()
    app.quiet.collector = Collector(enabled=True, collector=fake)
    app.quiet.warm_up()
    app.go("menu")
    app.go("help")
    assert app.quiet.collector.whole_due
    for _ in range(90):  # (the transition's frames draw; then quiet ones)
        app.step(1 / 60)
    assert ("collect", 2) in fake.calls and not app.quiet.collector.whole_due
