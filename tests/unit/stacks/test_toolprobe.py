from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from gaia_lib.core.errors import GaiaError, InvalidInput
from gaia_lib.stacks import adapters as stacks
from gaia_lib.stacks import toolprobe


def fake_tool(directory: Path, name: str, body: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)
    return path


def test_found_on_path_with_version(bin_dir: Path) -> None:
    fake_tool(bin_dir, "pytest", 'echo "pytest 8.3.2"')
    result = toolprobe.probe("pytest")
    assert result == toolprobe.ToolProbe(
        "pytest", True, str(bin_dir / "pytest"), "path", "8.3.2", False
    )


def test_version_on_stderr(bin_dir: Path) -> None:
    fake_tool(bin_dir, "javac", 'echo "javac 21.0.2" >&2')
    assert toolprobe.probe("javac").version == "21.0.2"


def test_go_is_asked_with_its_version_command(bin_dir: Path) -> None:
    """`go --version` is an error (`flag provided but not defined: -version`, exit 2)."""
    fake_tool(bin_dir, "go", '[ "$1" = version ] && echo "go version go1.19.8 linux/amd64" '
                             '|| { echo "flag provided but not defined: -version" >&2; exit 2; }')
    assert toolprobe.probe("go").version == "1.19.8"


def test_a_failed_version_call_is_no_version(bin_dir: Path) -> None:
    fake_tool(bin_dir, "odd", 'echo "unknown option: --version" >&2; exit 2')
    result = toolprobe.probe("odd")
    assert (result.found, result.version) == (True, None)


def test_missing_tool(bin_dir: Path, tmp_path: Path) -> None:
    result = toolprobe.probe("definitely-not-a-tool-xyz", tmp_path)
    assert result == toolprobe.ToolProbe("definitely-not-a-tool-xyz", False, None, "none", None)


def test_node_modules_bin_fallback_never_npx(bin_dir: Path, tmp_path: Path) -> None:
    fake_tool(bin_dir, "npx", "echo npx-was-called > npx-called; echo 1.0.0")
    project = tmp_path / "proj"
    fake_tool(project / "node_modules/.bin", "jest", 'echo "29.7.0"')
    result = toolprobe.probe("jest", project)
    assert (result.found, result.via, result.version) == (True, "node_modules", "29.7.0")
    assert not (project / "npx-called").exists()


def test_the_projects_own_venv_holds_its_runner(bin_dir: Path, tmp_path: Path) -> None:
    """A project whose environment is not activated: its `.venv/bin/pytest` is the runner
    `gaia init`'s command runs; a `bin/` without a `pyvenv.cfg` is no environment."""
    project = tmp_path / "proj"
    fake_tool(project / ".venv/bin", "pytest", 'echo "pytest 8.3.2"')
    assert not toolprobe.probe("pytest", project).found
    (project / ".venv" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    result = toolprobe.probe("pytest", project)
    assert (result.found, result.via, result.path, result.version) == (
        True, "venv", str(project / ".venv/bin/pytest"), "8.3.2")


def test_slow_version_probe_is_capped_at_five_seconds(bin_dir: Path) -> None:
    fake_tool(bin_dir, "slowtool", "sleep 10; echo 1.0")
    start = time.monotonic()
    result = toolprobe.probe("slowtool")
    elapsed = time.monotonic() - start
    assert result.found is True and result.timed_out is True and result.version is None
    assert 4.5 <= elapsed < 8.0


def test_tool_names_are_validated() -> None:
    for bad in ("../bin/sh", "-rf", "a b", ""):
        with pytest.raises(InvalidInput):
            toolprobe.probe(bad)


def test_parse_version() -> None:
    assert toolprobe.parse_version("go version go1.22.1 linux/amd64") == "1.22.1"
    assert toolprobe.parse_version("Bats 1.11.0") == "1.11.0"
    assert toolprobe.parse_version("\nweird-tool dev\n") == "weird-tool dev"
    assert toolprobe.parse_version("") is None


def test_probe_stack_available_with_tool_versions(bin_dir: Path, tmp_path: Path) -> None:
    fake_tool(bin_dir, "pytest", 'echo "pytest 8.3.2"')
    result = toolprobe.probe_stack(stacks.get("python-dev"), tmp_path)
    assert result.state == "available"
    assert result.install_hint is None
    assert result.branch_coverage is False
    assert result.tool_versions == {"pytest": "8.3.2"}


def test_probe_stack_reads_the_versions_side_by_side(bin_dir: Path, tmp_path: Path) -> None:
    """Each `--version` waits (up to 3 s) to see the other one running: run side by side,
    both see each other; one after the other, the first waits alone and says so."""
    for tool, other in (("pytest", "coverage"), ("coverage", "pytest")):
        fake_tool(bin_dir, tool, f"""touch {tmp_path}/{tool}.started
for i in $(seq 30); do [ -e {tmp_path}/{other}.started ] && break; sleep 0.1; done
if [ -e {tmp_path}/{other}.started ]; then echo "{tool} 1.0.0"; else echo "{tool} 0.0.0"; fi""")
    result = toolprobe.probe_stack(stacks.get("python-dev"), tmp_path)
    assert result.tool_versions == {"pytest": "1.0.0", "coverage": "1.0.0"}
    assert result.branch_coverage is True


def test_locate_stack_reads_no_version(bin_dir: Path, tmp_path: Path) -> None:
    fake_tool(bin_dir, "pytest", f'touch {tmp_path}/ran; echo "pytest 8.3.2"')
    adapter = stacks.get("python-dev")
    located = toolprobe.locate_stack(adapter, tmp_path)
    assert (located.state, located.runners[0].version) == ("available", None)
    assert not (tmp_path / "ran").exists()
    assert toolprobe.read_versions(located, adapter, tmp_path).tool_versions == {
        "pytest": "8.3.2"}


def test_probe_stack_missing_runner_names_the_install_hint(
    bin_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(bin_dir))  # whatever the machine has installed
    result = toolprobe.probe_stack(stacks.get("go-dev"), tmp_path)
    assert result.state == "expected_and_missing"
    assert result.install_hint == "go-dev needs a test runner (go): install Go (https://go.dev/dl)"
    assert result.as_dict()["runners"][0]["found"] is False


def test_a_runner_package_json_lists_but_nobody_installed_asks_for_the_install_step(
    bin_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(bin_dir))
    (tmp_path / "package.json").write_text(json.dumps(
        {"name": "p", "devDependencies": {"vitest": "^1.6.0", "typescript": "^5"}}))
    result = toolprobe.locate_stack(stacks.get("ts-dev"), tmp_path)
    assert result.missing == ("test runner not installed — ts-dev: vitest is in package.json "
                              "but not installed: run npm install (or pnpm install / yarn "
                              "install)")
    # listing neither runner: the runners to choose from, as before
    (tmp_path / "package.json").write_text('{"name": "p", "devDependencies": {"mocha": "1"}}')
    assert "needs a test runner (jest or vitest)" in str(
        toolprobe.locate_stack(stacks.get("ts-dev"), tmp_path).missing)
    (tmp_path / "package.json").write_text("[1, 2]")  # not an object: no listing either
    assert "needs a test runner" in str(toolprobe.locate_stack(stacks.get("ts-dev"),
                                                               tmp_path).missing)


def test_a_runner_installed_but_not_executable_is_said_so_not_to_be_installed(
    bin_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(bin_dir))
    stuck = fake_tool(tmp_path / "node_modules/.bin", "vitest", 'echo "1.6.1"')
    stuck.chmod(0o644)
    result = toolprobe.locate_stack(stacks.get("ts-dev"), tmp_path)
    assert result.missing == (f"test runner not executable — {stuck} is installed but cannot "
                              "run (chmod +x it, or reinstall node_modules)")
    stuck.chmod(0o755)
    assert toolprobe.locate_stack(stacks.get("ts-dev"), tmp_path).missing is None
    go = toolprobe.locate_stack(stacks.get("go-dev"), tmp_path)
    assert go.missing == "test runner not installed — go-dev needs a test runner (go): " \
        "install Go (https://go.dev/dl)"


def test_probe_stack_any_runner_satisfies(bin_dir: Path, tmp_path: Path) -> None:
    fake_tool(tmp_path / "node_modules/.bin", "vitest", 'echo "vitest/1.6.0"')
    result = toolprobe.probe_stack(stacks.get("ts-dev"), tmp_path)
    assert result.state == "available"
    assert result.tool_versions == {"vitest": "1.6.0"}


@pytest.mark.parametrize(
    ("adapters", "expected"),
    [
        (None, None),
        ({"eslint": None}, None),
    ],
)
def test_declared_omitted_says_nothing(adapters: dict[str, None] | None, expected: None) -> None:
    assert toolprobe.probe_declared("shellcheck", adapters, None) is expected


def test_declared_null_missing_is_an_advisory_warning(bin_dir: Path) -> None:
    record = toolprobe.probe_declared("not-a-real-binary-xyz", {"not-a-real-binary-xyz": None}, None)
    assert record == {
        "tool": "not-a-real-binary-xyz",
        "probe_state": "null",
        "available": False,
        "severity": "WARNING",
        "version": None,
        "message": "advisory: not-a-real-binary-xyz is not installed "
        "(tool_adapters.not-a-real-binary-xyz is null: optional)",
    }


def test_declared_mapping_present_and_missing(bin_dir: Path, tmp_path: Path) -> None:
    fake_tool(bin_dir, "myfake", "echo 2.1.0")
    present = toolprobe.probe_declared("myfake", {"myfake": {"path": "/opt/missing/myfake"}}, None)
    assert present is not None
    assert (present["probe_state"], present["available"], present["severity"]) == (
        "declared", True, None,
    )
    declared = fake_tool(tmp_path / "opt", "other", "echo 3.0.0")
    via_path = toolprobe.probe_declared("other", {"other": {"path": str(declared)}}, None)
    assert via_path is not None and via_path["version"] == "3.0.0"
    missing = toolprobe.probe_declared("gone", {"gone": {"path": "/opt/gone"}}, None)
    assert missing is not None
    assert (missing["severity"], missing["available"]) == ("WARNING", False)
    assert missing["message"] == "advisory: gone is declared in tool_adapters but not installed"


# --- adapter-dir form ---------------------------------------------------------------------


def adapter(tmp_path: Path, provider: str = "eslint", exts: list[str] | None = None,
            run_body: str = "exit 0", timeout: int = 30) -> Path:
    directory = tmp_path / "adapter"
    directory.mkdir(exist_ok=True)
    (directory / "adapter.json").write_text(json.dumps({
        "provider": provider, "category": "linter", "runtime-profile": "subprocess",
        "default-timeout-seconds": timeout,
        "file-extensions": [".ts", ".tsx"] if exts is None else exts,
    }))
    fake_tool(directory, "run.sh", run_body)
    return directory


def file_list(tmp_path: Path, *entries: str) -> Path:
    path = tmp_path / "files.txt"
    path.write_text("".join(f"{e}\n" for e in entries))
    return path


def test_adapter_not_applicable(bin_dir: Path, tmp_path: Path) -> None:
    outcome = toolprobe.probe_adapter(adapter(tmp_path), file_list(tmp_path, "src/main.py"))
    assert outcome.to_json() == (
        '{"state":"not_applicable","skip_reason":"no TypeScript files in file list",'
        '"error_detail":null,"failure_kind":null}'
    )
    assert outcome.exit_code == 0


def test_adapter_project_scope_empty_list(bin_dir: Path, tmp_path: Path) -> None:
    outcome = toolprobe.probe_adapter(adapter(tmp_path, exts=[]), file_list(tmp_path))
    assert (outcome.state, outcome.skip_reason) == (
        "not_applicable", "no files in file list (project-scope adapter)",
    )


def test_adapter_expected_and_missing(bin_dir: Path, tmp_path: Path) -> None:
    outcome = toolprobe.probe_adapter(
        adapter(tmp_path, provider="definitely-not-real-xyz"), file_list(tmp_path, "a.ts")
    )
    assert (outcome.state, outcome.failure_kind, outcome.exit_code) == (
        "expected_and_missing", "tool_missing", 1,
    )
    assert outcome.note is not None and "definitely-not-real-xyz" in outcome.note


def test_adapter_runtime_crash_and_timeout_and_available(bin_dir: Path, tmp_path: Path) -> None:
    fake_tool(bin_dir, "eslint", "exit 0")
    files = file_list(tmp_path, "a.ts")
    crash = toolprobe.probe_adapter(adapter(tmp_path, run_body="echo 'segfault: bad' >&2; exit 3"), files)
    assert (crash.state, crash.error_detail, crash.failure_kind) == (
        "ran_and_errored", "segfault: bad", "runtime_crash",
    )
    slow = toolprobe.probe_adapter(adapter(tmp_path, run_body="sleep 5"), files, timeout=1)
    assert (slow.state, slow.error_detail, slow.failure_kind) == (
        "ran_and_errored", "timeout: run.sh exceeded 1s", "timeout",
    )
    ok = toolprobe.probe_adapter(adapter(tmp_path), files)
    assert ok.to_json() == (
        '{"state":"available","skip_reason":null,"error_detail":null,"failure_kind":null}'
    )


def test_adapter_caller_errors(tmp_path: Path) -> None:
    files = file_list(tmp_path, "a.ts")
    with pytest.raises(GaiaError, match="adapter-dir not found"):
        toolprobe.probe_adapter(tmp_path / "none", files)
    (tmp_path / "bad").mkdir()
    with pytest.raises(GaiaError, match=r"adapter\.json not found"):
        toolprobe.probe_adapter(tmp_path / "bad", files)
    (tmp_path / "bad/adapter.json").write_text("not-json")
    with pytest.raises(GaiaError, match=r"malformed adapter\.json"):
        toolprobe.probe_adapter(tmp_path / "bad", files)
    (tmp_path / "bad/adapter.json").write_text("{}")
    with pytest.raises(GaiaError, match="missing required field: provider"):
        toolprobe.probe_adapter(tmp_path / "bad", files)


@pytest.mark.parametrize("package", ["@vitest/coverage-v8", "@vitest/coverage-istanbul",
                                     "babel-plugin-istanbul"])  # the last: jest's own
def test_typescript_probe_finds_vitest_coverage_providers(tmp_path: Path, package: str) -> None:
    manifest = tmp_path / "node_modules" / package / "package.json"
    manifest.parent.mkdir(parents=True)
    manifest.write_text(json.dumps({"name": package, "version": "3.2.4"}))
    result = toolprobe.probe_stack(stacks.get("ts-dev"), tmp_path)
    assert result.branch_coverage is True
    assert result.tool_versions[package] == "3.2.4"


@pytest.mark.parametrize("tool", ["c8", "nyc"])
def test_typescript_probe_finds_c8_and_nyc(tmp_path: Path, tool: str) -> None:
    binary = tmp_path / "node_modules" / ".bin" / tool
    binary.parent.mkdir(parents=True)
    binary.write_text("#!/bin/sh\necho 10.1.0\n")
    binary.chmod(0o755)
    result = toolprobe.probe_stack(stacks.get("ts-dev"), tmp_path)
    assert result.branch_coverage is True
    assert tool in result.tool_versions


def test_typescript_probe_without_coverage_tools(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert toolprobe.probe_stack(stacks.get("ts-dev"), tmp_path).branch_coverage is False
