"""Is a tool installed, and which version? (Phase 1 tool probe; upstream tool-availability-probe)

A probe looks the tool up the way `command -v` does (`proc.which`, PATH only), then in the
project's `node_modules/.bin`. It NEVER uses `npx`, which would install the tool. The version
comes from `<tool> --version`, capped at PROBE_TIMEOUT seconds through `proc.run_tool`; a probe
that times out counts the tool as present with an unknown version (the seed's rule: warn and
continue). A version read cleanly is remembered against the executable's identity
(`versioncache`): the next probe of the same, unchanged executable does not run it.

Three entry points:
- `probe_stack`: every runner / coverage tool of a stack adapter -> available or
  expected_and_missing (with the runner's install hint) plus `tool_versions` for the cache key.
  In two steps for a caller with other work to do meanwhile: `locate_stack` (PATH look-ups:
  installed or not, at once) and `read_versions` (the `--version` runs, side by side).
- `probe_declared`: the `tool_adapters:` tri-state of the project config (`--tool N --config P`).
- `probe_adapter`: an adapter directory with `adapter.json` + `run.sh` (`--adapter-dir D
  --file-list P`): not_applicable / expected_and_missing / ran_and_errored / available.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.core import proc
from gaia_lib.core.errors import InvalidInput, MalformedFile, NotFound
from gaia_lib.stacks import declared, versioncache
from gaia_lib.stacks.adapters import StackAdapter

PROBE_TIMEOUT = 5.0
_TOOL_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
_VERSION = re.compile(r"\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.]+)?")


@dataclass(frozen=True)
class ToolProbe:
    tool: str
    found: bool
    path: str | None
    via: str  # "path" | "node_modules" | "venv" | "declared" | "none"
    version: str | None
    timed_out: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "found": self.found,
            "path": self.path,
            "via": self.via,
            "version": self.version,
            "timed_out": self.timed_out,
        }


def tool_name(raw: str, exit_code: int = 1) -> str:
    """A bare executable name: never a path, never an option."""
    if _TOOL_NAME.fullmatch(raw) is None:
        shown = raw.encode("unicode_escape").decode("ascii")[:60]
        raise InvalidInput(f"invalid tool name '{shown}' (a bare executable name)", exit_code)
    return raw


def parse_version(output: str) -> str | None:
    """`pytest 8.3.2` -> `8.3.2`; else the first non-empty line (bounded), else None."""
    match = _VERSION.search(output)
    if match:
        return match.group(0)
    for line in output.splitlines():
        if line.strip():
            return line.strip()[:120]
    return None


def _version(executable: Path, cwd: Path | None, timeout: float) -> tuple[str | None, bool]:
    remembered = versioncache.lookup(executable)
    if remembered is not None:
        return remembered, False
    flag = VERSION_ARGS.get(executable.name, "--version")
    result = proc.run_tool([str(executable), flag], cwd=cwd, timeout=timeout)
    if result.timed_out:
        return None, True
    if result.error:
        return None, False
    # Some tools (java, older gcc wrappers) print their version on stderr. A failed call's
    # output is its complaint, not a version (`flag provided but not defined: -version`).
    version = parse_version(result.stdout) or parse_version(result.stderr)
    if result.returncode != 0 and not _VERSION.search(result.stdout + result.stderr):
        version = None
    if version is not None and result.returncode == 0:
        versioncache.store(executable, version)
    return version, False


# The tools whose version is not asked with `--version`.
VERSION_ARGS = {"go": "version"}


def _executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def _locations(
    tool: str, project: Path | None, declared_path: Path | None
) -> list[tuple[str, Path]]:
    """Where the tool is, in lookup order: declared path, PATH, node_modules/.bin, the
    project's own virtual environment (`VENV_DIRS`: what `gaia init` runs its tests with)."""
    found: list[tuple[str, Path]] = []
    if declared_path is not None and _executable(declared_path):
        found.append(("declared", declared_path))
    on_path = proc.which(tool)
    if on_path is not None:
        found.append(("path", on_path))
    if project is not None and _executable(project / "node_modules" / ".bin" / tool):
        found.append(("node_modules", project / "node_modules" / ".bin" / tool))
    if project is not None:
        found += [("venv", venv / "bin" / tool) for venv in project_venvs(project)
                  if _executable(venv / "bin" / tool)]
    return found


VENV_DIRS = (".venv", "venv", "env")  # where a project keeps its own virtual environment


def project_venvs(root: Path) -> list[Path]:
    """The project's own virtual environments at `root`: `VENV_DIRS` holding a pyvenv.cfg, in
    that order, then any other directory there holding one (`.venv-os`), by name."""
    named = [venv for venv in map(root.joinpath, VENV_DIRS) if (venv / "pyvenv.cfg").is_file()]
    try:
        others = sorted(p for p in root.iterdir() if p.name not in VENV_DIRS
                        and not p.is_symlink() and (p / "pyvenv.cfg").is_file())
    except OSError:
        others = []
    return named + others


def locate(tool: str, project: Path | None = None, *,
           declared_path: Path | None = None) -> ToolProbe:
    """Find `tool` (declared path, PATH, then node_modules/.bin); its version is not read."""
    tool_name(tool)
    locations = _locations(tool, project, declared_path)
    if not locations:
        return ToolProbe(tool, False, None, "none", None)
    via, found = locations[0]
    return ToolProbe(tool, True, str(found), via, None)


def with_version(located: ToolProbe, project: Path | None,
                 timeout: float = PROBE_TIMEOUT) -> ToolProbe:
    """A located tool with the version its `--version` prints (a missing tool as it is)."""
    if not located.found or located.path is None:
        return located
    version, timed_out = _version(Path(located.path), project, timeout)
    return dataclasses.replace(located, version=version, timed_out=timed_out)


def probe(
    tool: str,
    project: Path | None = None,
    *,
    timeout: float = PROBE_TIMEOUT,
    declared_path: Path | None = None,
) -> ToolProbe:
    """Find `tool` (declared path, PATH, then node_modules/.bin) and read its version."""
    return with_version(locate(tool, project, declared_path=declared_path), project, timeout)


def probe_package(package: str, project: Path | None) -> ToolProbe:
    """An npm package that ships no binary (a vitest coverage provider): installed when
    `node_modules/<package>/package.json` exists; its version is read from there."""
    if project is None:
        return ToolProbe(package, False, None, "none", None)
    manifest = project / "node_modules" / package / "package.json"
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ToolProbe(package, False, None, "none", None)
    version = data.get("version") if isinstance(data, dict) else None
    return ToolProbe(package, True, str(manifest.parent), "node_modules",
                     version if isinstance(version, str) else None)


@dataclass(frozen=True)
class StackProbe:
    stack: str
    runners: tuple[ToolProbe, ...]
    coverage: tuple[ToolProbe, ...]
    install_hint: str | None  # set when no runner was found: how to get one
    not_executable: str | None = None  # ... and one installed that cannot run: its path

    @property
    def missing(self) -> str | None:
        """Why no runner can run, one sentence; None when one can."""
        if self.state != "expected_and_missing":
            return None
        if self.not_executable:
            return (f"test runner not executable — {self.not_executable} is installed but "
                    "cannot run (chmod +x it, or reinstall node_modules)")
        return f"test runner not installed — {self.install_hint}"

    @property
    def state(self) -> str:
        if not self.runners:  # a stack with no runner has nothing to miss
            return "available"
        return "available" if any(p.found for p in self.runners) else "expected_and_missing"

    @property
    def branch_coverage(self) -> bool:
        return any(p.found for p in self.coverage)

    @property
    def tool_versions(self) -> dict[str, str]:
        """Found tools only; a tool with an unknown version is recorded as `unknown`."""
        return {p.tool: p.version or "unknown" for p in (*self.runners, *self.coverage) if p.found}

    def as_dict(self) -> dict[str, Any]:
        return {
            "stack": self.stack,
            "state": self.state,
            "install_hint": self.install_hint,
            "branch_coverage": self.branch_coverage,
            "runners": [p.as_dict() for p in self.runners],
            "coverage": [p.as_dict() for p in self.coverage],
            "tool_versions": self.tool_versions,
        }


def _package_json_deps(project: Path) -> frozenset[str]:
    """The packages the project's package.json depends on (any kind); none when unreadable.
    Peer and optional ones count: `npm install` brings them too, so a runner listed there and
    missing asks for the install step. `onboard.survey.js_commands` reads the same file for
    another question, which runner the project's own tests use: from its scripts and its
    dependencies and devDependencies only."""
    try:
        data = json.loads((project / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return frozenset()
    return declared.package_json_names(data)


def locate_stack(adapter: StackAdapter, project: Path) -> StackProbe:
    """Which of the stack's runners and coverage tools are installed. Executables' versions
    are not read yet (see `read_versions`); an npm package's comes from its package.json."""
    cache: dict[str, ToolProbe] = {}

    def one(tool: str) -> ToolProbe:
        if tool not in cache:
            cache[tool] = locate(tool, project)
        return cache[tool]

    runners = tuple(one(r.tool) for r in adapter.runners)
    coverage = tuple(probe_package(c.package, project) if c.package else one(c.tool)
                     for c in adapter.coverage)
    hint = None
    if runners and not any(p.found for p in runners):
        declared = _package_json_deps(project)
        listed = [r.tool for r in adapter.runners if r.tool in declared]
        if listed:  # declared, not installed: the install step was not run
            hint = (f"{adapter.key}: {' and '.join(listed)} is in package.json but not "
                    "installed: run npm install (or pnpm install / yarn install)")
        else:
            names = " or ".join(r.tool for r in adapter.runners)
            hint = f"{adapter.key} needs a test runner ({names}): " + "; ".join(
                r.install_hint for r in adapter.runners
            )
    # Installed, but not runnable: installing it again is not what it needs.
    stuck = next((str(path) for r in adapter.runners
                  for path in (project / "node_modules" / ".bin" / r.tool,)
                  if path.is_file() and not _executable(path)), None)
    return StackProbe(adapter.key, runners, coverage, hint, stuck if hint else None)


def read_versions(located: StackProbe, adapter: StackAdapter, project: Path,
                  timeout: float = PROBE_TIMEOUT) -> StackProbe:
    """`located` with each found executable's version, the `--version` runs side by side
    (each is a process start-up: two in a row cost twice one)."""
    packages = {c.package for c in adapter.coverage if c.package}
    pending = {p.tool: p for p in (*located.runners, *located.coverage)
               if p.found and p.tool not in packages}
    read: dict[str, ToolProbe] = {}
    if pending:
        with ThreadPoolExecutor(max_workers=len(pending)) as pool:
            jobs = {tool: pool.submit(with_version, p, project, timeout)
                    for tool, p in pending.items()}
            read = {tool: job.result() for tool, job in jobs.items()}
    return dataclasses.replace(
        located,
        runners=tuple(read.get(p.tool, p) for p in located.runners),
        coverage=tuple(p if p.tool in packages else read.get(p.tool, p)
                       for p in located.coverage),
    )


def probe_stack(adapter: StackAdapter, project: Path, timeout: float = PROBE_TIMEOUT) -> StackProbe:
    """Every runner and coverage tool of a stack: installed or not, and at which version."""
    return read_versions(locate_stack(adapter, project), adapter, project, timeout)


# --- `--tool N --config P`: the tool_adapters tri-state -------------------------------------


def probe_declared(
    tool: str,
    adapters: Mapping[str, Mapping[str, Any] | None] | None,
    project: Path | None,
    timeout: float = PROBE_TIMEOUT,
) -> dict[str, Any] | None:
    """None when the tool is not mentioned (omitted: say nothing); else the advisory record.

    A missing tool is a WARNING, never more: `null` means "optional", a mapping means "we use
    it" (its `path:` is tried first).
    """
    tool_name(tool)
    if adapters is None or tool not in adapters:
        return None
    spec = adapters[tool]
    state = "null" if spec is None else "declared"
    declared = spec.get("path") if isinstance(spec, Mapping) else None
    found = probe(
        tool, project, timeout=timeout, declared_path=Path(str(declared)) if declared else None
    )
    if found.found:
        message = f"{tool} available" + (f" (version {found.version})" if found.version else "")
        severity = None
    elif state == "null":
        message = f"advisory: {tool} is not installed (tool_adapters.{tool} is null: optional)"
        severity = "WARNING"
    else:
        message = f"advisory: {tool} is declared in tool_adapters but not installed"
        severity = "WARNING"
    return {
        "tool": tool,
        "probe_state": state,
        "available": found.found,
        "severity": severity,
        "version": found.version,
        "message": message,
    }


# --- `--adapter-dir D --file-list P`: one adapter's four states ------------------------------


@dataclass(frozen=True)
class AdapterOutcome:
    state: str  # available | not_applicable | expected_and_missing | ran_and_errored
    skip_reason: str | None = None
    error_detail: str | None = None
    failure_kind: str | None = None  # tool_missing | runtime_crash | timeout
    note: str | None = None  # one stderr line for the caller

    @property
    def exit_code(self) -> int:
        return 0 if self.state in ("available", "not_applicable") else 1

    def to_json(self) -> str:
        """Upstream key order, compact."""
        return json.dumps(
            {
                "state": self.state,
                "skip_reason": self.skip_reason,
                "error_detail": self.error_detail,
                "failure_kind": self.failure_kind,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )


def load_adapter(adapter_dir: Path) -> dict[str, Any]:
    if not adapter_dir.is_dir():
        raise NotFound(f"adapter-dir not found: {adapter_dir}", 1)
    path = adapter_dir / "adapter.json"
    if not path.is_file():
        raise NotFound(f"adapter.json not found in: {adapter_dir}", 1)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        raise MalformedFile("malformed adapter.json: invalid JSON", 1) from None
    if not isinstance(data, dict):
        raise MalformedFile("malformed adapter.json: not an object", 1)
    if not isinstance(data.get("provider"), str) or not data["provider"]:
        raise MalformedFile("adapter.json missing required field: provider", 1)
    return data


def _skip_reason(extensions: Sequence[str], category: str) -> str:
    joined = ", ".join(extensions)
    for marker, language in ((".ts", "TypeScript"), (".py", "Python"), (".go", "Go")):
        if marker in joined:
            return f"no {language} files in file list"
    if category in ("linter", "formatter", "type-checker", "sast"):
        return f"no {joined} files in file list"
    return f"no files matching {joined} in file list"


def probe_adapter(
    adapter_dir: Path,
    file_list: Path,
    *,
    timeout: float | None = None,
    config_path: Path | None = None,
    runtime_profile: str | None = None,
) -> AdapterOutcome:
    adapter = load_adapter(adapter_dir)
    if not file_list.is_file():
        raise NotFound(f"file-list not found: {file_list}", 1)
    provider = str(adapter["provider"])
    profile = runtime_profile or str(adapter.get("runtime-profile") or "subprocess")
    effective = (
        timeout if timeout is not None else float(adapter.get("default-timeout-seconds") or 300)
    )
    entries = [
        line.strip() for line in file_list.read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    extensions = [str(e) for e in adapter.get("file-extensions") or []]
    if not extensions and not entries:
        return AdapterOutcome("not_applicable", "no files in file list (project-scope adapter)")
    if extensions and not any(entry.endswith(tuple(extensions)) for entry in entries):
        return AdapterOutcome(
            "not_applicable", _skip_reason(extensions, str(adapter.get("category") or ""))
        )

    needed = {"subprocess": provider, "container": "docker"}.get(profile)
    if needed is not None and proc.which(needed) is None:
        return AdapterOutcome(
            "expected_and_missing",
            failure_kind="tool_missing",
            note=f"tool not on PATH: {needed} (install it; adapter.json names the provider)",
        )
    run_sh = adapter_dir / "run.sh"
    argv = [
        str(run_sh),
        "--input",
        str(file_list),
        "--runtime-profile",
        profile,
        "--timeout",
        f"{effective:g}",
    ]
    if config_path is not None:
        argv += ["--config", str(config_path)]
    result = proc.run_tool(argv, timeout=effective)
    if result.error:
        raise NotFound(f"run.sh missing or not executable: {run_sh}", 1)
    if result.timed_out:
        return AdapterOutcome(
            "ran_and_errored",
            error_detail=f"timeout: run.sh exceeded {effective:g}s",
            failure_kind="timeout",
        )
    if result.returncode != 0:
        detail = (
            " ".join(result.stderr.split())[:2000] or f"run.sh exited with code {result.returncode}"
        )
        return AdapterOutcome("ran_and_errored", error_detail=detail, failure_kind="runtime_crash")
    return AdapterOutcome("available")
