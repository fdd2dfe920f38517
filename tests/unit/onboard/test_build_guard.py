from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from gaia_lib.onboard import build_guard


@pytest.mark.parametrize(("command", "paths"), [
    ("rimraf dist/", ["dist/"]),
    ("npx rimraf --glob 'lib/**/*.js' types", ["lib/**/*.js", "types"]),
    ("shx rm -rf build coverage", ["build", "coverage"]),
    ("rm -rf out", ["out"]),
    ("NODE_ENV=production del-cli esm", ["esm"]),
    ("pnpm exec rimraf .cache", [".cache"]),
    ("tsc -p tsconfig.json", []),
    ("rmdir empty", []),  # only ever an empty directory
    ("echo rimraf dist", []),
])
def test_the_paths_a_command_deletes(command: str, paths: list[str]) -> None:
    assert build_guard.deleted_paths(command) == paths


def _package(root: Path, scripts: dict[str, str]) -> None:
    (root / "dist").mkdir(parents=True)
    (root / "package.json").write_text(json.dumps({"name": "seq", "scripts": scripts}))
    for name in ("index.js", "index.spec.js", "async.js", "async.spec.js"):
        (root / "dist" / name).write_text("module.exports = 1;\n")


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", *args], cwd=root,
                   check=True, capture_output=True)


def test_a_build_deleting_the_code_git_tracks_is_refused(tmp_path: Path) -> None:
    """iterative 1.9.2 checked in as published: its code and compiled specs are `dist/`, its
    build `rimraf dist/ && tsc` with no tsconfig or `src/` to build them back from."""
    _package(tmp_path, {"build": "rimraf dist/ && tsc", "lint": "tslint src/**/*.ts"})
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "as published")
    refused = build_guard.refused(tmp_path, {"build_cmd": "npm run build",
                                             "lint_cmd": "npm run lint"})
    assert refused == {"build_cmd": (
        "note: build_cmd not written: `npm run build` deletes `dist/`, where git tracks 4 files "
        "(dist/async.js, dist/async.spec.js, dist/index.js, ...), and the Definition of Done "
        "runs it at every story; set build_cmd in the config once the build builds them back "
        "or leaves them alone")}


def test_a_build_deleting_only_what_git_ignores_is_written(tmp_path: Path) -> None:
    _package(tmp_path, {"build": "rimraf dist && tsc"})
    (tmp_path / ".gitignore").write_text("dist/\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "index.ts").write_text("export const one = 1;\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "sources")
    assert build_guard.refused(tmp_path, {"build_cmd": "npm run build"}) == {}


def test_the_scripts_and_hooks_a_build_runs_are_followed(tmp_path: Path) -> None:
    # `prebuild` runs before `build` in npm, and `npm run clean` is followed into its script
    _package(tmp_path, {"prebuild": "npm run clean", "clean": "shx rm -rf ./dist/*.spec.js",
                        "build": "tsc"})
    (note,) = build_guard.refused(tmp_path, {"build_cmd": "npm run build"}).values()
    assert note.startswith("note: build_cmd not written: `npm run build` deletes "
                           "`dist/*.spec.js`, where the project has 2 files (dist/async.spec.js, "
                           "dist/index.spec.js), ")  # outside git, every file there is kept


@pytest.mark.parametrize("path", ["../dist", "/tmp/dist", "$OUT", "'unbalanced"])
def test_paths_outside_the_package_or_unread_are_left_alone(tmp_path: Path, path: str) -> None:
    _package(tmp_path, {"build": f"rimraf {path} && tsc"})
    assert build_guard.refused(tmp_path, {"build_cmd": "npm run build"}) == {}


def test_a_build_deleting_the_whole_directory_names_it(tmp_path: Path) -> None:
    _package(tmp_path, {"build": "rimraf . && tsc"})
    (note,) = build_guard.refused(tmp_path, {"build_cmd": "npm run build"}).values()
    assert "deletes `./`, where the project has 5 files (dist/async.js, " in note
