from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from helpers.projects import REPO_ROOT

pytestmark = pytest.mark.slow

BASE_PYTHON = Path(sys.base_prefix) / "bin" / f"python{sys.version_info.major}.{sys.version_info.minor}"
UTILS = ("sh", "sha256sum", "cut", "date", "mkdir", "rm", "rmdir", "sed", "grep", "cat", "dirname",
         "readlink", "sleep", "mv", "head", "kill")


def _wheel(directory: Path, name: str = "gaia_testdep", version: str = "1.0") -> Path:
    """A minimal pure-Python wheel, so pip can install offline from --find-links."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    files = {
        f"{name}/__init__.py": "VALUE = 42\n",
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name.replace('_', '-')}\nVersion: {version}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{p},,\n" for p in files) + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as archive:
        for member, text in files.items():
            archive.writestr(member, text)
        archive.writestr(f"{info}/RECORD", record)
    return path


@pytest.fixture
def plugin(tmp_path: Path) -> Path:
    """A copy of the plugin (launcher + library) whose pins are one local wheel."""
    root = tmp_path / "plugin-0.0.0-test"
    (root / "bin").mkdir(parents=True)
    shutil.copy2(REPO_ROOT / "bin" / "gaia", root / "bin" / "gaia")
    shutil.copytree(REPO_ROOT / "scripts", root / "scripts",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (root / "requirements.txt").write_text("gaia-testdep==1.0\n")
    return root


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    _wheel(tmp_path / "wheels")
    pybin = tmp_path / "pybin"
    pybin.mkdir()
    (pybin / "python3").symlink_to(BASE_PYTHON)
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "GAIA_", "PIP_"))}
    keep.update(
        PATH=f"{pybin}:/usr/bin:/bin", HOME=str(tmp_path / "home"), GAIA_DATA_DIR=str(tmp_path / "data"),
        PIP_NO_INDEX="1", PIP_FIND_LINKS=str(tmp_path / "wheels"), GAIA_NO_UV="1",
    )
    keep.pop("PYTHONPATH", None)
    keep.pop("VIRTUAL_ENV", None)
    return keep


def _gaia(plugin: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["sh", str(plugin / "bin" / "gaia"), *args], env=env, capture_output=True,
                          text=True, timeout=600)


def _builds(data: Path) -> int:
    return sum(log.read_text().count(" gaia: building ") for log in data.glob("venv-*.log"))


def test_first_call_builds_second_reuses(plugin: Path, env: dict[str, str]) -> None:
    data = Path(env["GAIA_DATA_DIR"])
    first = _gaia(plugin, env, "--version")
    assert (first.returncode, first.stdout, first.stderr) == (0, "gaia 0.1.0\n", "")
    venvs = list(data.glob("venv-*/.gaia-ready"))
    assert len(venvs) == 1
    assert len(venvs[0].parent.name) == len("venv-") + 12
    probe = venvs[0].parent / "bin" / "python"
    assert subprocess.run([str(probe), "-c", "import gaia_testdep"], check=False).returncode == 0
    assert Path((data / "hook-python").read_text().strip()).exists()
    assert not list(plugin.rglob("venv-*"))  # nothing written into the plugin root
    second = _gaia(plugin, env, "--version")
    assert (second.returncode, second.stdout) == (0, "gaia 0.1.0\n")
    assert _builds(data) == 1
    # A change of the pins builds a new venv beside the old one.
    _wheel(Path(env["PIP_FIND_LINKS"]), version="2.0")
    (plugin / "requirements.txt").write_text("gaia-testdep==2.0\n")
    assert _gaia(plugin, env, "--version").returncode == 0
    assert len(list(data.glob("venv-*/.gaia-ready"))) == 2


def test_the_remembered_venv_key_is_only_trusted_for_its_own_plugin_root(
    plugin: Path, env: dict[str, str]
) -> None:
    data = Path(env["GAIA_DATA_DIR"])
    assert _gaia(plugin, env, "--version").returncode == 0
    stamp = data / "venv-key"
    root, key = stamp.read_text().splitlines()
    assert (root, len(key)) == (str(plugin.resolve()), 12)
    stamp.write_text("/elsewhere/plugin\nffffffffffff\n")  # another install's key
    assert _gaia(plugin, env, "--version").stdout == "gaia 0.1.0\n"
    assert stamp.read_text() == f"{root}\n{key}\n" and _builds(data) == 1


def test_concurrent_first_calls_build_once(plugin: Path, env: dict[str, str]) -> None:
    procs = [subprocess.Popen(["sh", str(plugin / "bin" / "gaia"), "--version"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(3)]
    results = [proc.communicate(timeout=600) for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0, 0], results
    assert [out for out, _ in results] == ["gaia 0.1.0\n"] * 3
    assert _builds(Path(env["GAIA_DATA_DIR"])) == 1
    assert not list(Path(env["GAIA_DATA_DIR"]).glob("*.lock"))


def test_no_python_is_one_line_error(plugin: Path, env: dict[str, str], tmp_path: Path) -> None:
    tools = tmp_path / "tools"
    tools.mkdir()
    for name in UTILS:
        found = shutil.which(name)
        assert found, name
        (tools / name).symlink_to(found)
    env["PATH"] = str(tools)
    done = _gaia(plugin, env, "--version")
    assert done.returncode == 3
    assert done.stdout == ""
    assert done.stderr.startswith("gaia: no Python >= 3.10 found")
    assert len(done.stderr.splitlines()) == 1
    assert not list(Path(env["GAIA_DATA_DIR"]).glob("venv-*/bin"))


def test_old_python_is_refused(plugin: Path, env: dict[str, str]) -> None:
    old = Path(sys.base_prefix).parent / "3.9.18" / "bin" / "python3.9"
    if not old.exists():
        pytest.skip("no Python 3.9 on this machine")
    env["GAIA_PYTHON"] = str(old)
    done = _gaia(plugin, env, "--version")
    assert done.returncode == 3
    assert done.stderr == f"gaia: GAIA_PYTHON={old} is not a Python >= 3.10; point it at one (or unset it)\n"


def test_failed_install_removes_the_venv_and_the_next_call_retries(plugin: Path, env: dict[str, str]) -> None:
    data = Path(env["GAIA_DATA_DIR"])
    (plugin / "requirements.txt").write_text("gaia-not-available==9.9\n")
    done = _gaia(plugin, env, "--version")
    assert done.returncode == 3
    assert done.stderr.startswith("gaia: installing the dependencies failed (network? see ")
    assert len(done.stderr.splitlines()) == 1
    assert not [p for p in data.glob("venv-*") if p.is_dir() and not p.name.endswith(".lock")]
    _wheel(Path(env["PIP_FIND_LINKS"]), "gaia_not_available", "9.9")
    again = _gaia(plugin, env, "--version")
    assert (again.returncode, again.stdout) == (0, "gaia 0.1.0\n")
    assert _builds(data) == 2


def test_bootstrap_exports_for_the_session(plugin: Path, env: dict[str, str], tmp_path: Path) -> None:
    env_file = tmp_path / "claude-env"
    env["CLAUDE_ENV_FILE"] = str(env_file)
    env["CLAUDE_PLUGIN_DATA"] = str(tmp_path / "plugin-data")
    for _ in range(2):
        done = _gaia(plugin, env, "bootstrap")
        assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    real_root = plugin.resolve()
    assert env_file.read_text() == (
        f'export GAIA_PLUGIN_ROOT="{real_root}"\n'
        f'export GAIA_PLUGIN_DATA="{tmp_path / "plugin-data"}"\n'
        f'export PATH="{real_root}/bin:$PATH"\n'
    )
    assert list((tmp_path / "plugin-data").glob("venv-*/.gaia-ready"))
    # What a later Bash tool call sees: gaia on PATH, the same venv, no rebuild.
    shell = subprocess.run(["sh", "-c", f". {env_file} && unset CLAUDE_PLUGIN_DATA && gaia --version"],
                           env={k: v for k, v in env.items() if k != "GAIA_DATA_DIR"},
                           capture_output=True, text=True, timeout=120)
    assert (shell.returncode, shell.stdout) == (0, "gaia 0.1.0\n"), shell.stderr
    assert _builds(tmp_path / "plugin-data") == 1


ENTRY = """import os, sys
import gaia_testdep
print(gaia_testdep.VALUE, sys.argv[1:], os.environ["PYTHONPATH"], sys.prefix == sys.base_prefix)
"""


def test_an_entry_script_runs_with_the_venv_and_the_launcher_environment(
    plugin: Path, env: dict[str, str], tmp_path: Path
) -> None:
    """`gaia <file>.py ARGS` runs a plugin file with the private venv's python (the pinned
    dependency imports), the library on PYTHONPATH, the arguments unchanged; a relative path
    is taken from the plugin root, whatever the working directory."""
    script = plugin / "skills" / "demo" / "scripts" / "step.py"
    script.parent.mkdir(parents=True)
    script.write_text(ENTRY)
    root = plugin.resolve()
    for spelled in (str(script), "skills/demo/scripts/step.py"):
        done = subprocess.run(["sh", str(plugin / "bin" / "gaia"), spelled, "E1-S1", "--x", "a b"],
                              env=env, capture_output=True, text=True, timeout=600, cwd=tmp_path)
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        assert done.stdout == f"42 ['E1-S1', '--x', 'a b'] {root}/scripts False\n"


def test_a_py_file_outside_the_plugin_root_is_refused(
    plugin: Path, env: dict[str, str], tmp_path: Path
) -> None:
    outside = tmp_path / "evil.py"
    outside.write_text("open('ran', 'w').write('yes')\n")
    link_dir = plugin / "skills" / "x"
    link_dir.mkdir(parents=True)
    (link_dir / "scripts").symlink_to(tmp_path)  # a path inside the root that leads out
    for spelled, message in (
        (str(outside), f"gaia: {outside} is not inside the plugin root {plugin.resolve()}\n"),
        ("skills/x/scripts/evil.py",
         f"gaia: skills/x/scripts/evil.py is not inside the plugin root {plugin.resolve()}\n"),
        ("skills/none/scripts/missing.py", "gaia: no entry script skills/none/scripts/missing.py\n"),
    ):
        done = subprocess.run(["sh", str(plugin / "bin" / "gaia"), spelled], env=env,
                              capture_output=True, text=True, timeout=600, cwd=tmp_path)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", message)
    assert not (tmp_path / "ran").exists()
