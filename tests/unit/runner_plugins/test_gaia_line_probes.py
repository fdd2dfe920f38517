"""Line probes against coverage.py's own tracer: the same lines, run for run.

The differential tests measure one project twice through the review's plugin, once with probes
and once with the tracer (GAIA_COVERAGE_MODE=tracer), and compare the coverage JSON line for
line: every construct a story's source may use, and a module imported by file location."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from gaia_lib.core import writes
from gaia_lib.evidence import attribution

sys.path.insert(0, str(attribution.PLUGIN_DIR))
import gaia_line_probes

SOURCE = '''"""A module that uses every kind of statement."""
from __future__ import annotations

import functools
from contextlib import contextmanager

LIMIT: int = 3
counter = 0


def deco(func):
    @functools.wraps(func)
    def inner(*args, **kwargs):
        return func(*args, **kwargs)
    return inner


@deco
def decorated(x):
    """A docstring, no code."""
    return x + 1


class Shape:
    """A class docstring runs: it sets __doc__."""

    sides = 0
    __secret = "mangled names stay mangled"

    def __init__(self, sides):
        self.sides = sides

    @property
    def name(self):
        if self.sides == 3:
            return "triangle"
        elif self.sides == 4:
            return "square"
        else:
            return "polygon"

    @staticmethod
    def never():
        return "never called"

    def secret(self):
        return self.__secret


def parse(text):
    try:
        value = int(text)
    except ValueError:
        return "not a number"
    except (TypeError, KeyError) as exc:
        return f"other {exc}"
    except Exception:
        return "never"
    else:
        value += 1
    finally:
        pass
    return value


def passes_through(text):
    try:
        return int(text)
    except KeyError:
        return "key"


def bare(text):
    try:
        return int(text)
    except:  # noqa: E722
        return None


def loops(n):
    total = 0
    for i in range(n):
        if i % 2:
            continue
        total += i
    else:
        total += 100
    while n > 0:
        n -= 1
        if n == 1:
            break
    else:
        total = -1
    return total


def gen(n):
    yield from range(n)
    for i in range(n):
        yield i * 2


async def coro(x):
    return x


@contextmanager
def managed():
    yield "inside"


def uses_with():
    with managed() as value:
        got = value
    return got


def globals_and_closures():
    global counter
    counter += 1
    step = 2

    def bump():
        nonlocal step
        step += 1
        return step

    return bump() + (lambda y: y * 2)(
        3,
    )


def multi_line(a,
               b):
    result = {
        "a": a,
        "b": b,
    }
    assert result, "never empty"
    del result["a"]
    if False:
        return "dead code"
    # a condition opened on the `if` line and written below it (voluptuous's Number): the
    # tracer reports only the condition's lines, coverage.py counts them for the `if`
    if (
        a is not None
        and b is not None
    ):
        result["both"] = a + b
    return [
        x
        for x in result.values()
    ]


def unused():
    x = 1
    return x
'''

TESTS = '''import asyncio

import app


def test_everything():
    assert app.decorated(1) == 2
    assert app.Shape(3).name == "triangle"
    assert app.Shape(4).name == "square"
    assert app.Shape(5).name == "polygon"
    assert app.Shape(1).secret().startswith("mangled")
    assert app.parse("1") == 2
    assert app.parse("x") == "not a number"
    assert app.parse(None) is not None
    assert app.bare("x") is None
    try:
        app.passes_through("x")
    except ValueError:
        pass
    assert app.loops(5) >= 0
    assert list(app.gen(2)) == [0, 1, 0, 2]
    assert asyncio.run(app.coro(3)) == 3
    assert app.uses_with() == "inside"
    assert app.globals_and_closures() == 9
    assert app.multi_line(1, 2) == [2, 3]
    assert app.__doc__ and app.Shape.__doc__ and app.decorated.__doc__
'''

BY_LOCATION = '''import importlib.util
from pathlib import Path


def test_loaded_by_file_location():
    spec = importlib.util.spec_from_file_location(
        "loaded", Path(__file__).parents[1] / "lib" / "loaded.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.twice(2) == 4
'''

LOADED = '''def twice(x):
    return 2 * x


def thrice(x):
    return 3 * x
'''


def _measure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str,
             files: dict[str, str], sources: list[str]) -> dict[str, Any]:
    monkeypatch.setenv(attribution.MODE_VAR, mode)
    root = tmp_path / mode
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", root):
        report, why = attribution.measure(root, state, sys.executable, ["tests"], sources)
    assert report is not None, why
    files_report: dict[str, Any] = json.loads(report.read_text())["files"]
    return files_report


def _line_of(fragment: str) -> int:
    return next(n for n, line in enumerate(SOURCE.splitlines(), 1) if fragment in line)


def _lines(report: dict[str, Any]) -> dict[str, tuple[list[int], list[int], list[int]]]:
    return {name: (entry["executed_lines"], entry["missing_lines"], entry["excluded_lines"])
            for name, entry in report.items()}


def test_probes_report_the_lines_the_tracer_reports(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    files = {"app.py": SOURCE, "tests/test_app.py": TESTS, "lib/loaded.py": LOADED,
             "tests/test_loaded.py": BY_LOCATION}
    probed = _measure(tmp_path, monkeypatch, "probes", files, ["app.py", "lib/loaded.py"])
    traced = _measure(tmp_path, monkeypatch, "tracer", files, ["app.py", "lib/loaded.py"])
    assert _lines(probed) == _lines(traced)
    executed, missing, _ = _lines(probed)["app.py"]
    # The comparison is not vacuous: both ran the code, and both saw what did not run.
    assert _line_of('return "never called"') in missing
    assert _line_of('return "triangle"') in executed
    assert {_line_of("except ValueError:"), _line_of("except (TypeError")} <= set(executed)
    assert _line_of('return "never"') in missing
    # Matched against, never matching: the header ran, the body did not.
    assert _line_of("except KeyError:") in executed and _line_of('return "key"') in missing
    assert _lines(probed)["lib/loaded.py"][1] == [6]  # thrice's body never ran
    assert _line_of("    if (") in executed


def test_a_pragma_excluded_line_is_excluded_by_both(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    source = "def f(x):\n    if x:  # pragma: no cover\n        return 1\n    return 2\n"
    tests = "from app import f\n\ndef test_f():\n    assert f(0) == 2\n"
    files = {"app.py": source, "tests/test_app.py": tests}
    probed = _measure(tmp_path, monkeypatch, "probes", files, ["app.py"])
    traced = _measure(tmp_path, monkeypatch, "tracer", files, ["app.py"])
    # coverage.py lists an excluded line that ran among the executed ones; never as missing.
    assert _lines(probed) == _lines(traced) == {"app.py": ([1, 2, 4], [], [2, 3])}


def test_a_source_imported_before_the_plugin_starts_is_traced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A pytest plugin of the project's imports app.py before any conftest: probes cannot reach
    # it, so the run falls back to the tracer, which sees the test run f (with probes and no
    # fallback app.py would be missing from the report). Started after the import, it did not
    # see the module's own lines run: they are counted as run all the same (its `def`s).
    files = {"app.py": "def f():\n    return 1\n\n\ndef g():\n    return 2\n",
             "early_plugin.py": "import app\n",
             "tests/test_app.py": "import app\n\ndef test_f():\n    assert app.f() == 1\n",
             "pytest.ini": "[pytest]\naddopts = -p early_plugin\n"}
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "probes"))
    report = _measure(tmp_path, monkeypatch, "probes", files, ["app.py"])
    assert _lines(report) == {"app.py": ([1, 2, 5], [6], [])}


def test_a_source_imported_through_a_link_of_another_name_is_probed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The story names the real file; the tests import it through a symbolic link called
    # otherwise. Both modes report the real file, the same lines.
    reports = []
    for mode in ("probes", "tracer"):
        root = tmp_path / mode
        (root / "impl").mkdir(parents=True)
        (root / "impl" / "real_app.py").write_text(LOADED)
        (root / "app.py").symlink_to(root / "impl" / "real_app.py")
        reports.append(_measure(tmp_path, monkeypatch, mode, {
            "tests/test_app.py": "import app\n\ndef test_twice():\n    assert app.twice(2) == 4\n"},
            ["impl/real_app.py"]))
    assert _lines(reports[0]) == _lines(reports[1]) == {"impl/real_app.py": ([1, 2, 5], [6], [])}


def test_a_match_statement_is_not_probeable() -> None:
    assert gaia_line_probes.probeable(ast.parse("x = 1\n"))
    tree = ast.parse("match x:\n    case 1:\n        pass\n")
    assert not gaia_line_probes.probeable(tree)


def test_instrumented_code_keeps_docstrings_futures_and_line_numbers() -> None:
    source = textwrap.dedent('''\
        """Module doc."""
        from __future__ import annotations


        def f():
            """F's doc."""
            raise ValueError("boom")
        ''')
    code, lines = gaia_line_probes.instrument(source, "/nowhere/mod.py")
    table: dict[int, None] = {}
    gaia_line_probes.TABLES[os.path.realpath("/nowhere/mod.py")] = table
    namespace: dict[str, Any] = {"__name__": "mod"}
    exec(code, namespace)
    assert namespace["__doc__"] == "Module doc." and namespace["f"].__doc__ == "F's doc."
    assert namespace["annotations"].compiler_flag  # the future import is still in force
    with pytest.raises(ValueError) as raised:
        namespace["f"]()
    assert raised.traceback[-1].lineno + 1 == 7  # the raise is still on its own line
    assert set(table) & lines == {1, 2, 5, 7}


def test_instrumented_code_is_remembered_by_its_source(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Read back, not compiled again, while the source is the same; compiled again when it
    changes or its entry cannot be read; the newest MAX_CACHED entries are kept."""
    cache = str(tmp_path / "cache")
    source = b"def f(x):\n    return x + 1\n"
    first, lines = gaia_line_probes.instrument_cached(source, "/nowhere/m.py", cache)
    (entry,) = os.listdir(cache)
    compiled: list[str] = []
    real = gaia_line_probes.instrument

    def counted(src: bytes | str, path: str) -> Any:
        compiled.append(path)
        return real(src, path)

    monkeypatch.setattr(gaia_line_probes, "instrument", counted)
    again, same = gaia_line_probes.instrument_cached(source, "/nowhere/m.py", cache)
    assert compiled == [] and (again.co_code, same) == (first.co_code, lines)
    table: dict[int, None] = {}
    gaia_line_probes.TABLES[os.path.realpath("/nowhere/m.py")] = table
    namespace: dict[str, Any] = {}
    exec(again, namespace)
    assert namespace["f"](1) == 2 and set(table) == {1, 2}  # its probes recorded both lines
    gaia_line_probes.instrument_cached(source, "/nowhere/other.py", cache)  # another path
    gaia_line_probes.instrument_cached(source + b"y = 2\n", "/nowhere/m.py", cache)
    assert compiled == ["/nowhere/other.py", "/nowhere/m.py"]
    Path(cache, entry).write_bytes(b"not marshal")
    gaia_line_probes.instrument_cached(source, "/nowhere/m.py", cache)
    assert len(compiled) == 3 and len(os.listdir(cache)) == 3
    monkeypatch.setattr(gaia_line_probes, "MAX_CACHED", 2)
    gaia_line_probes.instrument_cached(b"z = 3\n", "/nowhere/m.py", cache)
    assert len(os.listdir(cache)) == 2
    assert gaia_line_probes.instrument_cached(source, "/nowhere/m.py", None)[1] == lines

def test_a_source_compiled_by_another_import_hook_is_left_out_and_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # pytest's assertion rewriter compiles a module registered for rewriting itself: it has no
    # probes, so it is not reported as run or missed, and the run's stderr names it.
    monkeypatch.delenv(attribution.MODE_VAR, raising=False)
    root = tmp_path / "proj"
    files = {"helper.py": "def check(x):\n    assert x\n",
             "app.py": "def f():\n    return 1\n",
             "conftest.py": "import pytest\npytest.register_assert_rewrite('helper')\n",
             "tests/test_app.py": ("import app\nimport helper\n\n"
                                   "def test_f():\n    helper.check(app.f())\n")}
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    setup = attribution.CoverageSetup(root / ".gaia" / "state" / "review",
                                      ("app.py", "helper.py"))
    with writes.scope("fork", root):
        setup.reset()
    argv = setup.wrap([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"])
    assert argv is not None
    done = subprocess.run(argv, cwd=root, env=setup.env(), capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stdout
    assert "not measured (loaded by another import hook): helper.py" in done.stderr
    report = json.loads(setup.report.read_text())["files"]
    assert _lines(report) == {"app.py": ([1, 2], [], [])}
