"""Work done in a thread of its own while this process waits on another (a test run).

A review spends most of its wall time waiting for the project's test run, a process of its
own; what it reads meanwhile (placeholder and mocking checks of the test files it already
holds) need not wait for the run to end. Rules:
- the work only reads: it writes no file, and no other thread uses what it computes until
  the caller has joined it;
- it starts with the block, or, given `Alongside.start` as the signal to wait for, when the
  caller calls that (once the other process has started: the caller's own work up to that
  point does not share the interpreter with it); a block that ends without the signal starts
  it there;
- the caller joins it on leaving the `with` block, whatever error happened inside: the work
  never outlives the wait it fills; but not a block left by an interrupt (Ctrl-C's
  KeyboardInterrupt, SystemExit): the process is ending, and a work that only reads loses
  nothing. An interrupt can land in the caller's thread in the middle of an import and leave
  that module's lock held, and the work, importing the same module, would then wait on it
  for ever (seen: a review that Ctrl-C did not stop). The work's thread is a daemon: it
  ends with the process;
- an exception of the work is raised by that join, as if the caller had done the work
  itself, unless the block is already raising one of its own (that one wins).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import TracebackType


class Alongside:
    """`with Alongside(work):` runs `work()` in a thread for as long as the block runs; with
    `signalled=True`, from the block's call of `start()` on."""

    def __init__(self, work: Callable[[], object], name: str = "gaia-alongside", *,
                 signalled: bool = False) -> None:
        self._work = work
        self._error: BaseException | None = None
        self._go = threading.Event()
        if not signalled:
            self._go.set()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        """The signal a `signalled` work waits for (any thread may give it, more than once)."""
        self._go.set()

    def _run(self) -> None:
        self._go.wait()
        try:
            self._work()
        except BaseException as exc:  # handed to the joining thread
            self._error = exc

    def __enter__(self) -> Alongside:
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if kind is not None and not issubclass(kind, Exception):
            return  # interrupted: not waited for (module rules)
        self._go.set()  # never given: the work is done now, before the join
        self._thread.join()
        error, self._error = self._error, None
        if error is not None and exc is None:
            raise error
