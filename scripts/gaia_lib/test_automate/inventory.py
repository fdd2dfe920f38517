"""Phase 3A "tests that would run": each stack's LISTING command, never a test run.

Rules:
- The command is the stack runner's listing form (`pytest --collect-only -q`, `jest
  --listTests`, `vitest list`, `go test -list .* ./...`), run through the subprocess funnel from
  the runner the tool probe found (PATH, else `node_modules/.bin`; never `npx`), with a
  LISTING_TIMEOUT wall-clock cap. A Python runner runs as `<python> -m pytest` when the project
  has its own interpreter on PATH, so its plugins and conftest load as in a normal run.
- Output is reduced to sorted, de-duplicated test ids: pytest node ids (`file::name`), jest file
  paths made project-relative, vitest `file > suite > test` lines, go `Test*` names. bats lists
  only a count (`bats --count`): its ids are the `@test` names of the `.bats` files
  (`file::name`), and a count that differs from them is said in `reason`.
- A stack without a listing form, a missing runner, a timeout or a failing listing is recorded
  as `skipped`/`errored` with its reason: the inventory is evidence, so it says what it lacks.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import proc
from gaia_lib.evidence import testcases
from gaia_lib.stacks import adapters as stacks
from gaia_lib.stacks import toolprobe

LISTING_TIMEOUT = 30.0
GO_PREFIXES = ("Test", "Example", "Benchmark", "Fuzz")


@dataclass(frozen=True)
class Inventory:
    stack: str
    status: str  # listed | skipped | errored
    tests: tuple[str, ...]
    command: tuple[str, ...]
    reason: str = ""

    def as_dict(self) -> dict[str, object]:
        return {"stack": self.stack, "status": self.status, "tests": list(self.tests),
                "command": list(self.command), "reason": self.reason}


def parse_listing(tool: str, output: str, project: Path) -> tuple[str, ...]:
    """Test ids from a listing command's stdout (pure but for making paths relative)."""
    ids: set[str] = set()
    for raw in output.splitlines():
        line = raw.strip()
        if not line:
            continue
        if tool == "pytest":
            if "::" in line and not line.startswith(("=", "!")):
                ids.add(line)
        elif tool == "jest":
            if os.path.isabs(line):
                try:
                    ids.add(Path(line).resolve().relative_to(project.resolve()).as_posix())
                except ValueError:
                    continue
            elif line.endswith((".js", ".ts", ".tsx", ".jsx", ".mjs", ".cjs")):
                ids.add(line)
        elif tool == "vitest":
            if " > " in line:
                ids.add(line)
        elif tool == "go" and line.startswith(GO_PREFIXES) and " " not in line:
            ids.add(line)
    return tuple(sorted(ids))


def listing(adapter: stacks.StackAdapter, project: Path,
            timeout: float = LISTING_TIMEOUT) -> Inventory:
    for runner in adapter.runners:
        if runner.list_argv is None:
            continue
        found = toolprobe.probe(runner.tool, project)
        if not found.found or found.path is None:
            continue
        argv: Sequence[str] = (found.path, *runner.list_argv[1:])
        result = proc.run_tool(argv, cwd=project, timeout=timeout, contain=True)  # project code
        if result.timed_out:
            return Inventory(adapter.key, "errored", (), tuple(argv),
                             f"listing timed out after {timeout:g}s")
        tests = parse_listing(runner.tool, result.stdout, project)
        if result.returncode not in (0, 5) and not tests:  # pytest 5: nothing collected
            tail = (result.stderr or result.stdout).strip().splitlines()[-1:] or [""]
            return Inventory(adapter.key, "errored", (), tuple(argv),
                             f"listing exited {result.returncode}: {tail[0][:200]}")
        if runner.tool == "bats":
            return _bats(adapter.key, project, tuple(argv), result.stdout)
        return Inventory(adapter.key, "listed", tests, tuple(argv))
    names = ", ".join(r.tool for r in adapter.runners if r.list_argv) or "none"
    return Inventory(adapter.key, "skipped", (), (),
                     f"no listing runner available (tried: {names})")


def _bats(stack: str, project: Path, argv: tuple[str, ...], stdout: str) -> Inventory:
    ids: list[str] = []
    for root, dirs, files in os.walk(project):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "node_modules")
        for name in sorted(f for f in files if f.endswith(".bats")):
            path = Path(root) / name
            rel = path.relative_to(project).as_posix()
            text = path.read_text(encoding="utf-8", errors="replace")
            ids += [f"{rel}::{case.name}" for case in testcases.split_tests(rel, text)]
    counted = stdout.strip().splitlines()[-1:] or [""]
    reason = "" if counted[0].strip() == str(len(ids)) else \
        f"bats counted {counted[0].strip() or 'nothing'}, {len(ids)} @test names found"
    return Inventory(stack, "listed", tuple(sorted(set(ids))), argv, reason)
