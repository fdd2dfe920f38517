from __future__ import annotations

import threading

import pytest

from gaia_lib.core.alongside import Alongside


def test_the_work_runs_while_the_block_does_and_is_done_when_it_ends() -> None:
    started, release = threading.Event(), threading.Event()
    done: list[str] = []

    def work() -> None:
        started.set()
        release.wait(10)
        done.append("work")

    with Alongside(work):
        # the work is under way while the block runs, and has not finished
        assert started.wait(10)
        assert done == []
        release.set()
    assert done == ["work"]  # joined on leaving the block


def test_the_works_exception_is_raised_where_the_block_ends() -> None:
    def work() -> None:
        raise ValueError("unreadable test file")

    reached = []
    with pytest.raises(ValueError, match="unreadable test file"):
        with Alongside(work):
            reached.append("block")
    assert reached == ["block"]  # the block ran in full: the error waited for the join


def test_the_blocks_own_exception_wins_over_the_works() -> None:
    def work() -> None:
        raise ValueError("from the work")

    with pytest.raises(KeyError, match="from the block"):
        with Alongside(work):
            raise KeyError("from the block")


def test_a_signalled_work_waits_for_the_signal() -> None:
    began = threading.Event()
    order: list[str] = []

    def work() -> None:
        began.set()
        order.append("work")

    with Alongside(work, signalled=True) as alongside:
        assert not began.wait(0.2)  # nothing of it runs before the signal
        order.append("before the signal")
        alongside.start()
        assert began.wait(10)
    assert order == ["before the signal", "work"]


def test_a_signal_never_given_runs_the_work_at_the_blocks_end() -> None:
    done: list[str] = []
    with Alongside(lambda: done.append("work"), signalled=True):
        pass
    assert done == ["work"]


def test_a_signal_never_given_still_raises_the_works_error() -> None:
    def work() -> None:
        raise ValueError("unreadable test file")

    with pytest.raises(ValueError, match="unreadable test file"):
        with Alongside(work, signalled=True):
            pass


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, SystemExit])
def test_a_block_left_by_an_interrupt_does_not_wait_for_the_work(
        interrupt: type[BaseException]) -> None:
    """A work stuck for good (an import lock an interrupted import left held) must not hold
    the interrupt back: the block ends at once, its work left to end with the process."""
    stuck = threading.Event()

    def work() -> None:
        stuck.wait(30)

    with pytest.raises(interrupt):
        with Alongside(work) as alongside:
            raise interrupt()
    assert alongside._thread.is_alive()  # not joined
    stuck.set()


def test_a_block_left_by_an_error_still_waits_for_the_work() -> None:
    done: list[str] = []

    def work() -> None:
        threading.Event().wait(0.2)
        done.append("work")

    with pytest.raises(KeyError):
        with Alongside(work):
            raise KeyError("from the block")
    assert done == ["work"]
