"""The cycle collector around work that makes many lasting objects (the start, a batch of
files): it rests meanwhile, what was made is set out of its sight afterwards, and it runs
again however the work ends.
"""

import gc

import pytest

from shadowdice.core.collector import collector_resting


@pytest.fixture
def collector_as_before():
    """Whatever a test does to the collector, the next test finds it as it was."""
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if enabled:
        gc.enable()
    else:
        gc.disable()


def test_the_collector_rests_during_the_work_and_what_it_made_is_frozen_after(collector_as_before):
    gc.enable()
    frozen_before = gc.get_freeze_count()

    with collector_resting():
        assert not gc.isenabled()
        made_meanwhile = [[number] for number in range(1000)]

    assert gc.isenabled()
    assert gc.get_freeze_count() >= frozen_before + len(made_meanwhile)


def test_work_that_fails_leaves_the_collector_running(collector_as_before):
    gc.enable()

    with pytest.raises(RuntimeError), collector_resting():
        raise RuntimeError("no display")

    assert gc.isenabled()


def test_a_collector_turned_off_before_stays_off(collector_as_before):
    gc.disable()

    with collector_resting():
        pass

    assert not gc.isenabled()
