"""A test run stopped by a package the project declares and this machine has not installed.

Such a run tested nothing, and the cause is the environment's, not the story's: the review is
BLOCKED ("the test run could not start"), as for a missing runner, and spends no QA round.
Rules:
- A run that ran no test: it stopped before any (a conftest pytest could not import, a
  vitest config that could not load: `stopped`), or every entry of its report is a test file
  its runner could not load (pytest's `Interrupted: 1 error during collection`); or one whose
  tests that ran all passed beside a test file it could not load: that file's tests never ran,
  and the review cannot judge the ACs they check (theme-product-form's `listeners.test.js`,
  its declared peer `@shopify/theme-product` not installed, had made the review REQUEST_CHANGES
  with four P0 ACs "without a test", while the other file's tests passed); a test file pytest
  skipped whole because `pytest.importorskip` could not import a package is such a file (its
  tests had counted for no AC, "skipped", the story asked to change). A run where a test
  failed, or errored in its own set-up, is judged as it ran.
- The package is the one the error names: Python's `No module named 'x.y'` (x); Node's `Cannot
  find package 'x'`, `Cannot find module 'x'`, vitest's `Cannot find dependency 'x'` (a test
  `environment` its config names, `happy-dom`: the run had been REQUEST_CHANGES, every AC
  without a test) and vite's `Failed to resolve import "x"`,
  `Failed to load url x`, and jest's own for its config (`Preset ts-jest not found.`,
  `Module ts-jest in the transform option was not found.`: a `jest.config.js` naming a preset
  or transform not installed), for a bare specifier only (not `./x`, `/abs/x` nor
  `<rootDir>/x`; `@s/x/sub` is `@s/x`, `x/sub` is `x`); Go's `go: <module>@<version>: ...` (a
  module `go test` could not fetch or find: `module lookup disabled by GOPROXY=off`, a
  download refused), the same at the importing file's position where go.mod's graph is pruned
  (go 1.17 on: `lib.go:3:8: <module>@<version>: Get ...: no such host`), and with no proxy
  at all the module of its `go: downloading <module> <version>` line where the error names
  none (`lib.go:3:8: module lookup disabled by GOPROXY=off`); a module go.mod replaces by a
  directory that is not there (`go: <module>@<version> (replaced by ../dir): reading
  ../dir/go.mod: ... no such file or directory`: mergo's yaml.v2, pointed at a local copy of
  Debian's package); and `missing go.sum entry for
  module providing package <package>`, read
  as the module its go.mod requires that the package path starts with (gjson's
  `tidwall/match`, its replace directive dropped on a machine with no module proxy: the run
  had been REQUEST_CHANGES, every AC without a test).
- The sentence quotes the runner's error in brackets after it, within 300 characters: a
  longer error loses its middle, never its end, which says why (tablewriter's go-runewidth,
  replaced by a directory that was not there: the sentence had ended at `open .../go.mod:`).
- jest's `Test environment jest-environment-jsdom cannot be found.` names a package too: a
  `testEnvironment: "jsdom"` whose package is not installed (inject-stylesheet's run without
  it had been REQUEST_CHANGES, every AC without a test).
- pytest refusing an option of the project's own configuration (`unrecognized arguments:
  --pydocstyle` from pytest.ini's `addopts`) where the project declares the plugin pytest
  names its plugins for it, `pytest-<option>` (pytest-pydocstyle, pytest-isort, pytest-cov):
  that plugin is not installed (dictdiffer's run without it had been REQUEST_CHANGES, every
  AC without a test, and a QA round spent). An option the tier's command writes itself is
  the command's (`execution.runner_missing`).
- Babel refusing the @babel/core installed (`[BABEL] <file>: Requires Babel "^7.22.0 ||
  ^8.0.0-0", but was loaded with "7.21.0". ... (While processing: ".../node_modules/<plugin>/
  lib/index.js")`, its `assertVersion`): the packages installed do not fit one another, and
  every file babel-jest transforms fails to load; the toolchain is at fault, not the story's
  code (any-date-parser 1.5.4 with its devDependencies installed as declared, @babel/core
  pinned at 7.21.0 under jest 29.5's preset, had read REQUEST_CHANGES, every AC without a
  test): the sentence names the version installed, the range and the plugin asking for it.
- It must be declared (`stacks.declared`) by the project's manifests, at its root or in a
  directory between it and the file that failed to load: a package declared nowhere is an
  import the code added without declaring it, the project's failure (REQUEST_CHANGES).
- A Python package of the project's own src layout (`src/<package>/`, `src/<package>.py`)
  that the tests cannot import is the project not installed where they run, not an import the
  code added: BLOCKED, saying how to make it importable (parver's tests, `from parver import
  Version` with parver under `src/`, run without `pip install -e .` or PYTHONPATH=src, had read
  REQUEST_CHANGES, every AC without a test, and a QA round spent).
- So is the project's own distribution whose installed metadata its code reads
  (`importlib.metadata.version("<name>")` at import: `No package metadata was found for
  <name>`), where the project holds that package (`<name>/`, `<name>.py`, or under `src/`;
  `-` and `.` read as `_`): its code is there, its metadata is only where it is installed
  (pqdict 1.5.1's `__init__.py`, its tests run without `pip install -e .`, had read
  REQUEST_CHANGES, every AC without a test, and a QA round spent).
- So is the project's own package at its root (`<package>/__init__.py`, `<package>.py`),
  where the error names the package itself (`No module named 'x'`; `'x.y'` is a module the
  package may lack): the runner left the root off the path, as a bare `pytest` does for tests
  in a directory with no `__init__.py` (dominate's tests, `from dominate.tags import *`, run
  with `.venv/bin/pytest` rather than `python -m pytest`, had read REQUEST_CHANGES, every AC
  without a test).
- So is a Go package of the project's own module (under the path a go.mod of the project
  declares) that go looked for in GOPATH (`x_test.go:13:2: cannot find package "<package>" in
  any of:`): go ran without modules, `GO111MODULE=off` (x-time's `rate_test` package, importing
  `golang.org/x/time/rate`, had read REQUEST_CHANGES, every AC without a test, a QA round
  spent). A package of no module of the project's is an import the code added.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.evidence import gomod, runner_output
from gaia_lib.stacks import declared

_MISSING = lazy_re(r"No module named '(?P<py>[\w.]+)'"
                   r"|Cannot find (?:package|module|dependency) '(?P<node>[^']+)'"
                   r"|Failed to resolve import \"(?P<vite>[^\"]+)\""
                   r"|Failed to load url (?P<url>\S+)"
                   r"|Preset (?P<preset>\S+?)\.? not found"
                   r"|Module (?P<option>\S+) in the \w+ option was not found"
                   r"|Test environment (?P<env>\S+) cannot be found"
                   r"|(?:\bgo|\.go:\d+:\d+): (?P<go>[\w.~/-]+)@v[\w.+-]+"
                   r"(?: \(replaced by [^()\n]+\))?: "
                   r"|go: downloading (?P<godl>[\w.~/-]+) v[\w.+-]+"
                   r"(?=[\s\S]*: module lookup disabled by GOPROXY=off)"
                   r"|missing go\.sum entry for module providing package (?P<gosum>[\w.~/-]+)")
# go in GOPATH mode, a package it found in none of GOROOT's and GOPATH's directories
_GO_NOT_FOUND = lazy_re(r'(?P<file>[\w./-]+\.go):(?P<line>\d+):\d+: cannot find package '
                        r'"(?P<package>[^"]+)" in any of')
# Babel's assertVersion: a plugin (named in `While processing`) wants another @babel/core
_BABEL_REFUSED = lazy_re(r'Requires Babel "(?P<range>[^"]+)", but was loaded with '
                         r'"(?P<version>[^"]+)"(?:[^(]*\(While processing: "?[^"]*?'
                         r'node_modules/(?P<plugin>(?:@[\w.-]+/)?[\w.-]+))?')
# importlib.metadata's for a distribution not installed: `PackageNotFoundError: No package
# metadata was found for pqdict`
_NO_METADATA = lazy_re(r"No package metadata was found for (?P<name>[A-Za-z0-9][\w.-]*)")
# pytest's words for options no plugin loaded defines: `error: unrecognized arguments: --isort`
_REFUSED = lazy_re(r"unrecognized arguments: (?P<options>.+)")
# the file that failed to load: `while loading tests/conftest.py:`, a collection error's
# `(tests/test_a.py:1)`, vitest's `failed to load config from vitest.config.ts:`
_WHERE = lazy_re(r"(?:while loading|failed to load config from) (\S+?):|\((\S+?\.\w+):\d+\)")


def missing_package(text: str) -> str | None:
    """The package an import error in `text` names (pure): a Python module's top package, a
    bare Node specifier's package; None where it names none or a relative or absolute path."""
    found = _MISSING.search(text)
    if found is None:
        return None
    if found.group("py"):
        return found.group("py").split(".")[0]
    if found.group("go") or found.group("gosum") or found.group("godl"):
        return found.group("go") or found.group("gosum") or found.group("godl")
    spec = (found.group("node") or found.group("vite") or found.group("url")
            or found.group("preset") or found.group("option") or found.group("env"))
    if spec.startswith((".", "/", "<")) or re.match(r"^[A-Za-z]:[\\/]|^\w+:", spec):
        return None  # a file of the project's (or a URL, `node:fs`), no package
    parts = spec.split("/")
    return "/".join(parts[:2]) if spec.startswith("@") and len(parts) > 1 else parts[0]


def _go_modules(package: str) -> list[str]:
    """`package` and, for a Go package path (`github.com/a/b/sub`), each shorter path it
    starts with, the longest first (pure)."""
    parts = package.split("/")
    if len(parts) < 2 or "." not in parts[0]:
        return [package]
    return ["/".join(parts[:n]) for n in range(len(parts), 1, -1)]


def _unloaded(outcome: runner_output.TestOutcome) -> bool:
    """Whether an outcome is a test file its runner could not load (no test of its own), or
    one pytest skipped whole for a package it could not import (`pytest.importorskip`)."""
    if outcome.outcome == runner_output.SKIPPED:
        return (outcome.message or "").startswith(IMPORT_SKIPPED)
    return outcome.outcome == runner_output.ERROR and bool(
        runner_output.uncollected_file(outcome) or not outcome.name)


# pytest's reason for a module `pytest.importorskip` skipped: `could not import 'x': ...`
IMPORT_SKIPPED = "could not import '"


def _errors(stopped: str | None, tests: tuple[runner_output.TestOutcome, ...]
            ) -> Iterator[str]:
    if stopped:
        yield stopped
    elif any(_unloaded(t) for t in tests) and all(
            _unloaded(t) or t.outcome in (runner_output.PASSED, runner_output.SKIPPED)
            for t in tests):
        yield from (_said(t) for t in tests if _unloaded(t))


def _said(outcome: runner_output.TestOutcome) -> str:
    """What an unloaded file's outcome says of why; a module pytest skipped whole (named by
    its dotted path) with its file, as a conftest's error names it (`while loading ...:`)."""
    if outcome.outcome == runner_output.SKIPPED and runner_output.names_a_module(outcome):
        return f"while loading {outcome.name.replace('.', '/')}.py: {outcome.message}"
    return outcome.message or ""


def why_blocked(stopped: str | None, tests: tuple[runner_output.TestOutcome, ...],
                passed: int, project: Path) -> str | None:
    """Why a run could not run its tests, or some of them (module rules): a package they
    need, which the project declares, is not installed (a sentence naming it, the error's file
    and the manifest); None for any other run."""
    if passed and stopped:
        return None
    plugin = _plugin_uninstalled(stopped, project)
    if plugin is not None:
        return plugin
    for error in _errors(stopped, tests):
        babel = _BABEL_REFUSED.search(error)
        if babel is not None:
            asking = babel.group("plugin") or "a Babel plugin"
            return (f"@babel/core {babel.group('version')} is installed where the tests run, "
                    f"but {asking} requires Babel {babel.group('range')}: install versions of "
                    "the project's test packages that fit one another (`Requires Babel "
                    f"\"{babel.group('range')}\", but was loaded with "
                    f"\"{babel.group('version')}\"`)")[:300]
        gopath = _own_go_package(error, project)
        if gopath is not None:
            return gopath
        where = _WHERE.search(error)
        failed = PurePosixPath((where.group(1) or where.group(2)) if where else ".")
        at = f", imported by {failed}," if where else ""
        unlisted = _NO_METADATA.search(error)
        if unlisted is not None and _own_package(unlisted.group("name"), project):
            name = unlisted.group("name")
            return _quoting(f"{name}{at} reads the metadata of the project's own "
                            "distribution, which is not installed where the tests run: install "
                            "the project there (`pip install -e .`)", error)
        package = missing_package(error)
        if package is None:
            continue
        if _in_src_layout(package, project):
            return _quoting(f"{package}{at} is the project's own package under src/ and is "
                            "not importable where the tests run: install the project there "
                            "(`pip install -e .`) or set PYTHONPATH=src", error)
        if _at_the_root(package, error, project):
            return _quoting(f"{package}{at} is the project's own package at its root, not on "
                            "the path of the tests' run: run `python -m pytest` from the root, "
                            "install the project (`pip install -e .`) or set PYTHONPATH=.",
                            error)
        dirs = [project / parent for parent in reversed(failed.parents)]
        packages = declared.declared(project, dirs)
        # a Go package path is declared by the module it lies in: a prefix of it
        manifest = next(filter(None, (declared.declaring(prefix, packages)
                                      for prefix in _go_modules(package))), None)
        if manifest is not None:
            return _quoting(f"{package}{at} is not installed where the tests run, though "
                            f"{manifest} declares it: install the project's test requirements",
                            error)
    return None


# How long a sentence saying why a run was blocked is, at most, with the error it quotes
_SAID = 300
_CUT = " ... "


def _quoting(sentence: str, error: str) -> str:
    """`sentence` with the runner's `error` after it in brackets, within `_SAID` characters:
    a longer error loses its middle (`_CUT`), keeping its start, which names what failed, and
    its end, which says why (`go: <module> (replaced by <dir>): reading ...: open
    <dir>/go.mod: no such file or directory`: cut at its end, the sentence had lost its
    cause and its closing bracket)."""
    room = _SAID - len(sentence) - len(" ()")
    if len(error) > room:
        keep = max(room - len(_CUT), 0)
        error = error[:keep // 2].rstrip() + _CUT + error[len(error) - (keep - keep // 2):]
    return f"{sentence} ({error})"


def _own_go_package(error: str, project: Path) -> str | None:
    """Why go, run without modules, could not find a package of the project's own module that
    `error` names (module rules), else None."""
    found = _GO_NOT_FOUND.search(error)
    if found is None:
        return None
    package, file = found.group("package"), found.group("file")
    module = next((m for m in gomod.modules(project, [file])
                   if package == m.path or package.startswith(m.path + "/")), None)
    if module is None:
        return None
    where = "go.mod" if module.root == "." else f"{module.root}/go.mod"
    return (f"{package}, imported by {file}, is the project's own package ({where} declares "
            f"the module {module.path}), which go looked for outside it: go ran without "
            f"modules; unset GO111MODULE=off (`cannot find package` at {file}:"
            f"{found.group('line')})")


def _own_package(distribution: str, project: Path) -> bool:
    """Whether the project holds the package of `distribution` (`-` and `.` read as `_`), at
    its root or under `src/`."""
    module = re.sub(r"[-.]+", "_", distribution)
    return _holds(project, module) or _holds(project / "src", module)


def _holds(folder: Path, package: str) -> bool:
    """Whether `folder` holds the Python package or module `package`."""
    return (folder / package / "__init__.py").is_file() or (folder / f"{package}.py").is_file()


def _in_src_layout(package: str, project: Path) -> bool:
    """Whether `package` is a Python package or module of the project's src layout."""
    return _holds(project / "src", package)


def _at_the_root(package: str, error: str, project: Path) -> bool:
    """Whether `error` says that `package` itself (`No module named 'x'`, not a module of it,
    `'x.y'`, which the package may lack) could not be imported where it is a Python package
    or module at the project's root."""
    found = _MISSING.search(error)
    return found is not None and found.group("py") == package and _holds(project, package)


def _plugin_uninstalled(stopped: str | None, project: Path) -> str | None:
    """Why pytest stopped at an option of the project's configuration: the plugin defining
    it (`pytest-<option>`), which the project declares, is not installed; None otherwise."""
    refused = _REFUSED.search(stopped or "")
    if refused is None:
        return None
    packages = declared.declared(project)
    for option in re.findall(r"(?<![\w-])--([A-Za-z][\w-]*)", refused.group("options")):
        manifest = declared.pytest_plugin(option, packages)
        if manifest is not None:
            return _quoting(f"pytest-{option}, the pytest plugin defining --{option} of the "
                            "project's pytest configuration, is not installed where the tests "
                            f"run, though {manifest} declares it: install the project's test "
                            "requirements", stopped or "")
    return None
