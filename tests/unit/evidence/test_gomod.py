from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.evidence import gomod

ROUTER = gomod.Module("github.com/julienschmidt/httprouter", "services/router")


def _monorepo(tmp_path: Path) -> Path:
    """httprouter's module kept in `services/router` of a larger repository, beside a module
    of its own in `tools` and nothing at the root."""
    (tmp_path / "services" / "router" / "internal").mkdir(parents=True)
    (tmp_path / "services" / "router" / "go.mod").write_text(
        "// the router\nmodule github.com/julienschmidt/httprouter\n\ngo 1.7\n")
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "go.mod").write_text('module "example.com/tools"\n')
    return tmp_path


def test_the_module_of_a_file_is_its_nearest_go_mod(tmp_path: Path) -> None:
    root = _monorepo(tmp_path)
    assert gomod.modules(root, ["services/router/tree_test.go",
                                "services/router/internal/x_test.go", "tools/gen_test.go",
                                "docs/readme_test.go"]) == (
        ROUTER, gomod.Module("example.com/tools", "tools"))
    (root / "go.mod").write_text("module example.com/all\n")
    assert gomod.modules(root, ["docs/readme_test.go"]) == (
        gomod.Module("example.com/all", "."),)
    assert gomod.module_path("go 1.19\n") is None


def test_a_package_import_path_is_its_directory_by_its_module() -> None:
    known = (ROUTER, gomod.Module("github.com/julienschmidt/httprouter/internal/v2",
                                  "services/v2"), gomod.Module("example.com/all", "."))
    assert gomod.directory_of("github.com/julienschmidt/httprouter", known) == "services/router"
    assert gomod.directory_of("github.com/julienschmidt/httprouter/internal", known) == \
        "services/router/internal"
    assert gomod.directory_of("github.com/julienschmidt/httprouter/internal/v2/x", known) == \
        "services/v2/x"  # the longest module path it falls under
    assert gomod.directory_of("example.com/all", known) == "."
    assert gomod.directory_of("example.com/all/pkg", known) == "pkg"
    assert gomod.directory_of("github.com/julienschmidt/httprouterx", known) is None


def test_a_file_is_named_by_its_import_path() -> None:
    known = (ROUTER, gomod.Module("example.com/all", "."))
    assert gomod.import_path("services/router/tree.go", known) == \
        "github.com/julienschmidt/httprouter/tree.go"
    assert gomod.import_path("cmd/main.go", known) == "example.com/all/cmd/main.go"
    assert gomod.import_path("services/routerx/a.go", (ROUTER,)) is None


@pytest.mark.parametrize("text, said", [
    ("//go:build windows && !appengine\n\npackage runewidth\n",
     "its file is built only where `windows && !appengine` holds"),
    # the spelling before Go 1.17: a comma ands, a space ors, each line ands
    ("// +build windows,!appengine\n\npackage runewidth\n",
     "its file is built only where `windows && !appengine` holds"),
    ("// +build linux darwin\n// +build amd64\n\npackage p\n",
     "its file is built only where `(linux || darwin) && amd64` holds"),
    # a comment below the package clause is no constraint
    ("package p\n\n// +build windows\n", None),
])
def test_what_limits_where_go_builds_a_file(text: str, said: str | None) -> None:
    assert gomod.build_limit("console_test.go", text) == said


def test_a_limited_file_a_cover_profile_leaves_out_of_its_package_was_not_built() -> None:
    # bitset: popcnt_amd64.go is built only before Go 1.9, popcnt_19.go after
    known = (gomod.Module("github.com/bits-and-blooms/bitset", "."),)
    texts = {"popcnt_19.go": "// +build go1.9\n\npackage bitset\n",
             "popcnt_amd64.go": "// +build !go1.9\n// +build amd64\n\npackage bitset\n",
             "popcnt.go": "package bitset\n",
             "cmd/tool.go": "//go:build linux\n\npackage main\n"}
    profiled = {"github.com/bits-and-blooms/bitset/popcnt_19.go",
                "github.com/bits-and-blooms/bitset/bitset.go"}
    # popcnt.go has no limit: a file go builds everywhere the profile leaves out is no sign;
    # cmd/ has no file in the profile: its package was not measured at all
    assert gomod.left_out(sorted(texts), texts, profiled, known) == {"popcnt_amd64.go"}


@pytest.mark.parametrize(("path", "text", "built"), [
    ("p_test.go", "//go:build go1.15\n// +build go1.15\n\npackage p\n", True),
    ("p_test.go", "//go:build !go1.15\n// +build !go1.15\n\npackage p\n", False),
    ("p_test.go", "// +build !go1.15\n\npackage p\n", False),
    ("p_test.go", "//go:build go1.20\n\npackage p\n", False),
    ("p_test.go", "//go:build windows || (linux && !arm)\n\npackage p\n", True),
    ("p_test.go", "//go:build unix && amd64\n\npackage p\n", True),
    ("p_test.go", "//go:build integration\n\npackage p\n", None),
    ("p_test.go", "//go:build !integration\n\npackage p\n", None),
    ("p_test.go", "//go:build integration && !go1.15\n\npackage p\n", False),
    ("p_test.go", "//go:build gccgo\n\npackage p\n", False),
    ("p_test.go", "//go:build cgo\n\npackage p\n", None),
    ("p_test.go", "//go:build cgo || linux\n\npackage p\n", True),
    ("p_test.go", "//go:build (linux\n\npackage p\n", None),
    ("p_windows_test.go", "package p\n", False),
    ("p_linux_amd64_test.go", "package p\n", True),
    ("p_test.go", "package p\n", True),
])
def test_whether_the_go_that_ran_builds_a_file(path: str, text: str, built: bool | None) -> None:
    """properties ships `properties_go1.15_test.go` and `properties_pre_go1.15_test.go`, each
    declaring `TestMustGetParsedDuration`: go 1.19 builds the first alone, so the outcome of
    that name is not the second's."""
    assert gomod.builds_here(path, text, "1.19.8", "linux", "amd64") is built
