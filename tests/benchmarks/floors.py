"""Timing Shadowdice against its floor in the same run.

The machines that run the benchmarks are shared and noisy, so an absolute time says little.
Every target is a ratio instead: what Shadowdice takes over the least any program could take
for the same job (a bare Qt window, plain Python dice, ``json.loads``, a plain write). The two
are timed alternately, round after round, so that a busy moment slows both, and the ratio of
their medians is asserted.

:func:`collector_as_in_the_app` runs a comparison with Python's cycle collector as the app has
it once started, for benchmarks that make many objects.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Comparison:
    """Medians of Shadowdice and of its floor, in seconds per call."""

    subject_s: float
    floor_s: float

    @property
    def ratio(self) -> float:
        """How many times the floor Shadowdice takes."""
        return self.subject_s / self.floor_s

    def describe(self) -> str:
        """The figures, for a failure message."""
        return (
            f"Shadowdice {self.subject_s * 1e3:.3f} ms, floor {self.floor_s * 1e3:.3f} ms, "
            f"ratio {self.ratio:.2f}"
        )


def compare(
    benchmark,
    subject: Callable[[], object],
    floor: Callable[[], object],
    *,
    rounds: int,
    warmup_rounds: int = 1,
    calls: int = 1,
    between: Callable[[], object] | None = None,
) -> Comparison:
    """Time ``subject`` and ``floor`` alternately, ``calls`` calls of each per round;
    ``between`` runs untimed before each round (to undo what the subject did).

    pytest-benchmark reports the pair of them per round; ``extra_info`` holds the medians of
    each per call and their ratio.
    """
    subject_times: list[float] = []
    floor_times: list[float] = []

    def one_round() -> None:
        if between is not None:
            between()
        clock = time.perf_counter
        started = clock()
        for _ in range(calls):
            floor()
        middle = clock()
        for _ in range(calls):
            subject()
        ended = clock()
        floor_times.append((middle - started) / calls)
        subject_times.append((ended - middle) / calls)

    benchmark.pedantic(one_round, rounds=rounds, warmup_rounds=warmup_rounds, iterations=1)
    measured = slice(warmup_rounds, None) if len(subject_times) > warmup_rounds else slice(None)
    comparison = Comparison(
        statistics.median(subject_times[measured]), statistics.median(floor_times[measured])
    )
    benchmark.extra_info.update(
        shadowdice_ms=round(comparison.subject_s * 1e3, 4),
        floor_ms=round(comparison.floor_s * 1e3, 4),
        ratio=round(comparison.ratio, 3),
    )
    return comparison


@contextmanager
def collector_as_in_the_app() -> Iterator[None]:
    """Python's cycle collector as the app has it once started: blind to what was there before.

    The app freezes everything its start made (``shadowdice.app``), so a later collection
    walks only what came after. A benchmark process holds far more than the app: pytest, every
    test module, the fixtures' reference data. Left in sight, the collector walks all of that
    at each full collection that many new objects trigger, a cost the app does not pay. So
    what exists before the clock starts is collected and frozen, for Shadowdice and its floor
    alike, and unfrozen afterwards.
    """
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
