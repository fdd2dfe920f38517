"""A pytest run started before its command line is known: the QA review's head start.

`PYTHON -m gaia_head_start PYTHON` (this directory on PYTHONPATH, in the project's own
Python, started by the review while it still reads the story and asks git about the branch)
imports pytest, coverage.py and the review's plugin (the garbage collector off meanwhile, then
all it made put beyond its reach, `gc.freeze`), then waits for one line on stdin: the JSON
object `{"argv": [...], "env": {...}, "cwd": "..."}` of the run the review would otherwise
start. It then runs that command, one of two ways:
- here, as `python -m pytest` would (`runpy`, pytest's own `__main__`), when the command is
  `PYTHON -m pytest ...` with the same PYTHON (the same file on the PATH of either
  environment), the same working directory, and every environment variable as this process
  started with, but PATH and the plugin's own GAIA_COVERAGE_* settings (read only once pytest
  loads the plugin): whatever shapes a Python process's start (PYTHONPATH, PYTHONHASHSEED,
  the locale ...) is then as it would have been;
- else by becoming that command (`os.execvpe`), which then starts as it would have: a command
  this cannot take over runs unchanged, only without the head start. So does one whose
  imports failed here (no pytest in this Python): it meets its own error.
The environment is then exactly the line's (the keeper's GAIA_PROCESS_TREE mark kept). stdin
is /dev/null for the tests, as for a run started directly. A run taken over ends as the
interpreter's exit would end it, less the freeing of every module and object one by one (with
pytest and coverage.py loaded, 50 ms or more that the review waits for): its exit functions
run, the standard streams and every file still open for writing are flushed, then the process
exits with pytest's status. Where another thread still runs (the usual exit waits for it) the
usual exit follows instead. End of input before a line (the review needed no run): exit 0,
printing nothing. Nothing is printed before the line.
Started with the keeper's arguments after its own (`PYTHON REPORT_FD MARK PARENT`), it is
its own keeper (`core.reaper.keep_self`, its rules): it forks at its first lines, before its
imports, and the child is the launcher; the parent keeps the run as the keeper
(`python reaper.py ... -- ARGV`) would, without a second Python's start on the way to the run.
The launcher runs the command only once the keeper lets it (`reaper.wait_for_keeper`).
Standard library only, before the line; no syntax newer than the Pythons pytest supports.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import io
import json
import os
import runpy
import shutil
import sys
import types

PLUGIN_VARS = "GAIA_COVERAGE_"  # the review plugin's settings, read when pytest loads it
TREE_MARK = "GAIA_PROCESS_TREE"  # the keeper's mark on every process of the run (core.reaper)
FREE = ("PATH", TREE_MARK)  # may differ: PATH shapes no Python start, only where it looks


def _warm() -> bool:
    """Import what every measured run imports; whether it all imported."""
    try:
        import pytest  # noqa: F401
        from _pytest.config import default_plugins

        for name in default_plugins:
            try:
                importlib.import_module("_pytest." + name)
            except ImportError:  # an optional one (a plugin of a newer or older pytest)
                pass
        import coverage  # noqa: F401
        import gaia_coverage_plugin  # noqa: F401
        import gaia_line_probes  # noqa: F401
    except Exception:  # the command meets it again, and says so itself
        return False
    return True


def _starting(env: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in env.items() if k not in FREE and not k.startswith(PLUGIN_VARS)}


def _same_python(ours: str, theirs: str, our_path: str | None, their_path: str | None) -> bool:
    if ours != theirs:
        return False
    if os.sep in ours:
        return True
    found = shutil.which(ours, path=our_path)
    return found is not None and found == shutil.which(theirs, path=their_path)


def takes_over(python: str, started: dict[str, str], cwd: str, go: dict[str, object]) -> bool:
    """Whether the run `go` names can run in this process (module rules)."""
    argv, env = go["argv"], go["env"]
    assert isinstance(argv, list) and isinstance(env, dict)
    return (len(argv) >= 3 and argv[1:3] == ["-m", "pytest"]
            and _same_python(python, argv[0], started.get("PATH"), env.get("PATH"))
            and go["cwd"] == cwd and _starting(started) == _starting(env))


def _status(code: object) -> int:
    """The exit status `SystemExit(code)` gives, as the interpreter reports it (a message is
    printed, status 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    sys.stderr.write(f"{code}\n")
    return 1


def _end(code: object) -> None:
    """End this process now with `SystemExit(code)`'s status (module docstring); returns,
    for the usual exit, while another thread runs or a stream cannot be flushed."""
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return
    atexit._run_exitfuncs()
    writers = (io.TextIOWrapper, io.BufferedWriter, io.BufferedRandom)
    # what freeing a file object left open would have written (a test's log, not closed)
    for handle in gc.get_objects():
        if isinstance(handle, writers) and handle not in (sys.stdout, sys.stderr):
            try:
                handle.flush()
            except (OSError, ValueError):  # closed, or a broken pipe: freeing it would fail too
                pass
    try:
        status = _status(code)
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(status)


def _keeper() -> types.ModuleType:
    """gaia_lib/core/reaper.py, by its path beside this directory (no gaia_lib on the path)."""
    import importlib.util  # pytest imports it anyway

    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    spec = importlib.util.spec_from_file_location(
        "gaia_head_start_keeper", os.path.join(here, "gaia_lib", "core", "reaper.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    python = sys.argv[1]
    keeper = let_go = None
    if len(sys.argv) == 5:  # its own keeper (module docstring)
        keeper = _keeper()
        let_go = keeper.keep_self(int(sys.argv[2]), sys.argv[3], int(sys.argv[4]))
    started, cwd = dict(os.environ), os.getcwd()
    # What the warm-up makes lives as long as this process: collecting while it imports finds
    # nothing to free, and out of the collector's reach after it (`freeze`) it is not walked
    # again by each collection the run makes (pytest's own at its end included).
    gc.disable()
    ready = _warm()
    freeze = getattr(gc, "freeze", None)
    if freeze is not None:
        freeze()
    gc.enable()
    line = sys.stdin.buffer.readline()
    if not line.strip():
        return 0
    go = json.loads(line)
    if keeper is not None:
        keeper.wait_for_keeper(let_go)
    quiet = os.open(os.devnull, os.O_RDONLY)
    os.dup2(quiet, 0)
    os.close(quiet)
    argv, env = list(go["argv"]), dict(go["env"])
    if TREE_MARK in started:
        env[TREE_MARK] = started[TREE_MARK]
    if not (ready and takes_over(python, started, cwd, go)):
        os.chdir(go["cwd"])
        try:
            os.execvpe(argv[0], argv, env)  # noqa: S606 (becomes the run it was handed)
        except OSError as exc:
            sys.stderr.write(f"{argv[0]}: {exc.strerror}\n")
            return 127
    os.environ.clear()
    os.environ.update(env)
    sys.argv = [sys.argv[0], *argv[3:]]
    try:
        runpy.run_module("pytest", run_name="__main__", alter_sys=True)
    except SystemExit as done:
        _end(done.code)
        raise
    _end(0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
