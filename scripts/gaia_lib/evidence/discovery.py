"""Phase 3A test discovery: which test files a review looks at, per stack.

By default the scope is the story's neighbourhood: the directories of its File List entries,
the nearest test directory above each of them, and File List entries that are tests themselves.
A test file matches the stack's test globs (`test_*.py`), or for a JS/TS stack the test files
its runner's config names (`runner_patterns`: vitest's `include`, jest's `testMatch`), less
what its runner leaves out by default (vitest never runs wonka's `src/__tests__/compliance.ts`,
the checks its test files import: `runner_patterns.run_by_default`), or is a
File List entry inside a test directory in the stack's test language: a module the story
claims for shared tests (a mixin's tests in `tests/__init__.py`, run by the test classes that
inherit them) is read as one too.
A Python module beside a File List test file in a test directory, listed or not, that defines a
class one of its test classes inherits (rfc3986's `tests/base.py`, whose `BaseTestParsesURIs`
`tests/test_uri.py` runs as `TestURIReferenceParsesURIs`) is claimed with it
(`shared_test_modules`): pytest runs its tests under the listed file.
A Python file the project's pytest configuration collects (its `python_files` globs:
jsonpatch's `python_files = tests.py property_tests.py`) is a test file too, where it declares
a test: boolean.py's `python_files = *.py` collects its code too (`boolean/boolean.py`), which
declares none and is the code under test.
A test file outside that neighbourhood whose path or text names the story's key (`key`, as
`key_refs.names_key` reads it: cheerio's `src/utils.spec.ts` holding a `describe('... (E3-S4)')`
beside a story of `src/api/`) is looked at too: attribution counts such a test as the story's,
and it cannot if discovery never saw it.
`full=True` scans the whole project. The walk never follows directory symlinks (no loops, no
escaping the project), skips vendored and generated trees, and stops at a wall-clock deadline;
a File List entry is looked at wherever it lies (a compiled spec under `dist/` that the
story claims), as long as it is a file inside the project.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from gaia_lib.core import paths, reads
from gaia_lib.evidence import key_refs, runner_patterns
from gaia_lib.stacks import adapters as stacks
from gaia_lib.stacks import pytest_config
from gaia_lib.stacks.adapters import TEST_DIR_NAMES, StackAdapter

DEFAULT_DEADLINE_SECONDS = 30.0
SKIP_DIRS = frozenset({
    ".git", ".hg", ".svn", ".gaia", "node_modules", ".venv", "venv", "env", "__pycache__",
    ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox", ".nox", "dist", "build", "target",
    ".gradle", ".idea", ".vscode", "coverage", "htmlcov", ".next", ".dart_tool", "Pods", "vendor",
})
NO_TESTS_REASON = "no test files found via standard discovery globs"


@dataclass(frozen=True)
class Discovery:
    files: dict[str, tuple[str, ...]]  # stack key -> sorted repo-relative test files
    scope: str  # "file-list" | "full"
    scope_dirs: tuple[str, ...]
    timed_out: bool
    walked: int  # files looked at

    @property
    def all_files(self) -> tuple[str, ...]:
        return tuple(sorted({f for files in self.files.values() for f in files}))

    @property
    def counts(self) -> dict[str, int]:
        return {stack: len(files) for stack, files in sorted(self.files.items())}


MONOREPO_DEPTH = 2


def _marker_names() -> frozenset[str]:
    return frozenset(m.file for adapter in stacks.STACKS.values() for m in adapter.markers)


def review_stacks(root: Path, primary: str) -> list[StackAdapter]:
    """The primary stack, then any other stack whose markers sit in a package directory up to
    two levels down (`web/package.json` beside a Python service): a monorepo's test files are
    discovered by each stack's own conventions and counted per stack. Only directories that
    hold a marker file themselves are examined, so a tree of test folders costs one listing."""
    markers = _marker_names()
    found = [primary]
    level = [root]
    for _ in range(MONOREPO_DEPTH):
        children: list[Path] = []
        for directory in level:
            try:
                entries = sorted(os.scandir(directory), key=lambda e: e.name)
            except OSError:
                continue
            children.extend(
                Path(entry.path) for entry in entries
                if entry.is_dir(follow_symlinks=False) and entry.name not in SKIP_DIRS
                and entry.name not in TEST_DIR_NAMES and not entry.name.startswith(".")
            )
        for child in children:
            try:
                names = set(os.listdir(child))
            except OSError:
                continue
            key = stacks.detect(child) if names & markers else None
            if key is not None and key not in found:
                found.append(key)
        level = children
    return [stacks.get(key) for key in found]


def walk(root: Path, deadline: float, skip: AbstractSet[str] = SKIP_DIRS,
         ) -> tuple[list[str], bool]:
    """Every regular file under `root` as a POSIX relative path, in no directory named in
    `skip` nor any virtual environment (a directory holding a pyvenv.cfg); (files,
    timed_out)."""
    found: list[str] = []
    stack = [""]
    while stack:
        if time.monotonic() > deadline:
            return sorted(found), True
        rel_dir = stack.pop()
        try:
            with os.scandir(root / rel_dir if rel_dir else root) as entries:
                for entry in entries:
                    rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
                    try:
                        if entry.is_dir(follow_symlinks=False):
                            # A virtual environment is known by its pyvenv.cfg, whatever
                            # its name (`.venv-os`): its site-packages are no project tests.
                            if entry.name not in skip and not os.path.isfile(
                                    os.path.join(entry.path, "pyvenv.cfg")):
                                stack.append(rel)
                        elif entry.is_file(follow_symlinks=False):
                            found.append(rel)
                    except OSError:
                        continue
        except OSError:
            continue
    return sorted(found), False


def neighbourhood(root: Path, file_list: Iterable[str]) -> tuple[str, ...]:
    """Directories a bounded review scans for one story's tests."""
    dirs: set[str] = set()
    for entry in file_list:
        cleaned = paths.listed_path(entry)
        if cleaned is None:
            continue
        parts = PurePosixPath(cleaned).parts
        parent = PurePosixPath(*parts[:-1]) if len(parts) > 1 else PurePosixPath(".")
        dirs.add(parent.as_posix())
        for ancestor in (parent, *parent.parents):
            hit = next(
                (ancestor / name for name in TEST_DIR_NAMES if (root / ancestor / name).is_dir()),
                None,
            )
            if hit is not None:
                dirs.add(hit.as_posix())
                break
    return tuple(sorted(dirs))


def _claimed_test_module(rel: str, listed: set[str], adapter: StackAdapter) -> bool:
    """A File List entry inside a test directory, in the stack's test language."""
    return (rel in listed and adapter.speaks(rel)
            and any(part in TEST_DIR_NAMES for part in PurePosixPath(rel).parts[:-1]))


def shared_test_modules(root: Path, file_list: Sequence[str] | None,
                        read: Callable[[str], str] | None = None) -> tuple[str, ...]:
    """The Python modules the File List's test files take test classes from beside them, not
    listed themselves (module docstring), through any depth of inheritance. `read`: a file's
    text by its path (a caller that reads each file once)."""
    from gaia_lib.evidence import testcases  # the splitter's module: only when a story lists tests

    def text_of(rel: str) -> str:
        return read(rel) if read is not None else testcases.read_test_file(root, rel).text

    listed = {c for c in map(paths.listed_path, file_list or ()) if c is not None}
    todo = [rel for rel in sorted(listed) if rel.endswith(".py")
            and any(part in TEST_DIR_NAMES for part in PurePosixPath(rel).parts[:-1])]
    seen, shared = set(listed), []
    listings: dict[PurePosixPath, list[str]] = {}  # a directory's modules, listed once
    while todo:
        rel = todo.pop()
        text = text_of(rel)
        parent = PurePosixPath(rel).parent
        if parent not in listings:
            try:
                listings[parent] = sorted(
                    entry.name for entry in os.scandir(root / parent)
                    if entry.name.endswith(".py") and entry.is_file(follow_symlinks=False))
            except OSError:
                listings[parent] = []
        for name in listings[parent]:
            module = (parent / name).as_posix()
            # a test file's own tests are its own, whoever inherits them
            if module in seen or stacks.names_test_file(module):
                continue
            if testcases.defines_base_of(text_of(module), text):
                seen.add(module)
                shared.append(module)
                todo.append(module)
    return tuple(sorted(shared))


def python_files(root: Path) -> tuple[str, ...]:
    """The `python_files` globs of the project's pytest configuration (`pytest_config`): the
    Python files pytest collects beside the stack's test globs (jsonpatch's
    `property_tests.py`)."""
    return pytest_config.python_files(pytest_config.configs(root))


def _declares_tests(root: Path, rel: str) -> bool:
    """A file only the project's `python_files` collects declares a test (module docstring)."""
    from gaia_lib.evidence import testcases  # the splitter's module: only for such a file

    return testcases.holds_tests(root, rel)


def _js(adapter: StackAdapter) -> bool:
    """A stack whose tests a JS runner's config may name (`runner_patterns`)."""
    return adapter.speaks("a.ts") or adapter.speaks("a.js")


def _in_scope(rel: str, scope_dirs: Sequence[str], listed: set[str]) -> bool:
    if rel in listed:
        return True
    for directory in scope_dirs:
        if directory == ".":
            if "/" not in rel:
                return True
        elif rel.startswith(directory + "/"):
            return True
    return False


KEY_READ_BYTES = 256 * 1024  # how much of a test file outside the neighbourhood is read


def _names_key(root: Path, rel: str, key: str) -> bool:
    """A test file whose path or text names the story's key (module docstring)."""
    if key_refs.names_key(rel, key):
        return True
    text = reads.head_text(root / rel, KEY_READ_BYTES)  # a generated table is no story's
    return text is not None and key_refs.names_key(text, key)


def _inside_file(root: Path, rel: str) -> bool:
    """`rel` is a file of the project, not reached through a link out of it."""
    path = root / rel
    try:
        return path.is_file() and path.resolve().is_relative_to(root.resolve())
    except OSError:
        return False


def discover(
    root: Path,
    stacks: Sequence[StackAdapter],
    file_list: Sequence[str] | None,
    *,
    full: bool = False,
    deadline_seconds: float = DEFAULT_DEADLINE_SECONDS,
    key: str | None = None,
) -> Discovery:
    """Test files per stack. Without a File List the review has no neighbourhood: full scan.
    `key`: the story's, whose test files outside the neighbourhood are looked at too."""
    deadline = time.monotonic() + deadline_seconds
    files, timed_out = walk(root, deadline)
    bounded = not full and bool(file_list)
    scope_dirs = neighbourhood(root, file_list or ()) if bounded else (".",)
    listed = {c for c in map(paths.listed_path, file_list or ()) if c is not None}
    # A file the story claims is looked at wherever it lies, a tree the walk skips included
    # (a package's compiled spec in dist/ that its runner's config points at).
    files = sorted(set(files) | {rel for rel in listed if _inside_file(root, rel)})
    per_stack: dict[str, tuple[str, ...]] = {}
    configured = runner_patterns.read(root) if any(_js(a) for a in stacks) else None
    for adapter in stacks:
        named = configured if configured is not None and _js(adapter) else None
        collected = python_files(root) if adapter.speaks("a.py") else ()

        def conventional(rel: str, adapter: StackAdapter = adapter,
                         named: runner_patterns.Patterns | None = named) -> bool:
            return ((adapter.is_test_file(rel)
                     and (not _js(adapter) or runner_patterns.run_by_default(root, rel)))
                    or _claimed_test_module(rel, listed, adapter)
                    or (named is not None and adapter.speaks(rel) and named.matches(rel)))

        per_stack[adapter.key] = tuple(
            rel
            for rel in files
            if ((known := conventional(rel)) or pytest_config.collects(rel, collected))
            and (not bounded or _in_scope(rel, scope_dirs, listed)
                 or (key is not None and _names_key(root, rel, key)))
            and (known or _declares_tests(root, rel))
        )
    return Discovery(per_stack, "file-list" if bounded else "full", scope_dirs, timed_out,
                     len(files))
