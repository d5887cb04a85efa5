"""The server's garbage collector policy (game/net/collector.py): survivors are frozen each
step, so young collections have nothing to scan, and garbage in reference cycles is still
collected once the heap grew past the bound."""

import gc
import weakref

import pytest

from game.net.collector import Collector


class Node:
    def __init__(self) -> None:
        self.other: object = self


@pytest.fixture
def restore_gc():
    yield
    gc.unfreeze()
    gc.collect()


def test_a_step_freezes_what_survived_so_young_collections_scan_nothing(restore_gc):
    collector = Collector(growth=100.0)  # never a full collection here
    kept = [[i] for i in range(5000)]
    assert gc.get_count()[0] > 0
    before = gc.get_freeze_count()
    assert collector.step() is False
    assert gc.get_count()[0] == 0  # nothing young left to scan
    assert gc.get_freeze_count() >= before + len(kept)


def test_cycles_are_collected_once_the_heap_grew_past_the_bound(restore_gc):
    collector = Collector(growth=0.25)  # a quarter, to keep the test small
    cycle = Node()
    gone = weakref.ref(cycle)
    del cycle
    assert collector.step() is False  # frozen: the cycle waits, within the bound
    assert gone() is not None
    grown = [[i] for i in range(int(collector.baseline * 0.3))]  # past a quarter more
    assert collector.step() is True
    assert gone() is None  # the cycle was collected
    assert collector.collections == 1
    assert collector.baseline >= len(grown)  # the bound now counts from here
    assert collector.step() is False
