from __future__ import annotations

import re
from pathlib import Path

import pytest

from gaia_lib.core import paths
from gaia_lib.core.errors import GaiaError
from gaia_lib.stacks import adapters as stacks

AGENTS = paths.plugin_root() / "agents"


def test_the_nine_canonical_stacks() -> None:
    assert stacks.CANONICAL == (
        "ts-dev", "java-dev", "python-dev", "go-dev", "flutter-dev",
        "mobile-dev", "angular-dev", "bash-dev", "embedded-dev",
    )


@pytest.mark.parametrize("key", stacks.CANONICAL)
def test_every_stack_has_a_persona_agent_with_valid_frontmatter(key: str) -> None:
    adapter = stacks.get(key)
    agent = AGENTS / adapter.persona_file
    assert agent.is_file()
    text = agent.read_text(encoding="utf-8")
    front = text.split("---\n")[1]
    name = re.search(r"^name: (.+)$", front, re.M)
    assert name and name.group(1) == adapter.persona_file.removesuffix(".md")
    assert re.fullmatch(r"[a-z0-9-]+", name.group(1))
    assert re.search(r"^description: .{40,}$", front, re.M)
    assert re.search(r"^tools: Read, Write, Edit, Bash, Grep, Glob$", front, re.M)
    assert re.search(r"^model: \S+$", front, re.M)
    assert "red" in text.lower() and "refactor" in text.lower()


def test_ts_dev_persona_file_name() -> None:
    assert stacks.get("ts-dev").persona_file == "typescript-dev.md"


@pytest.mark.parametrize("key", stacks.CANONICAL)
def test_every_stack_has_globs_runners_and_valid_placeholder_patterns(key: str) -> None:
    adapter = stacks.get(key)
    assert adapter.test_globs
    assert adapter.runners and all(r.install_hint and r.run_argv for r in adapter.runners)
    for pattern in adapter.placeholder_patterns:
        re.compile(pattern)
    assert adapter.tools[0] == adapter.runners[0].tool


@pytest.mark.parametrize(
    ("key", "path", "is_test"),
    [
        ("ts-dev", "src/app/signup.test.ts", True),
        ("ts-dev", "web/__tests__/deep/form.jsx", True),
        ("ts-dev", "src/app/signup.ts", False),
        ("java-dev", "src/test/java/com/x/SignupTest.java", True),
        ("java-dev", "backend/src/test/java/SignupTest.java", True),
        ("java-dev", "src/main/java/SignupTest.java", False),
        ("python-dev", "test_signup.py", True),
        ("python-dev", "tests/unit/signup_test.py", True),
        ("python-dev", "src/signup.py", False),
        ("python-dev", "signup/tests.py", True),  # Django's and unittest's module names
        ("python-dev", "test.py", True),
        ("python-dev", "src/contest.py", False),
        ("go-dev", "pkg/signup/signup_test.go", True),
        ("flutter-dev", "test/widgets/signup_test.dart", True),
        ("flutter-dev", "lib/signup_test.dart", False),
        ("mobile-dev", "AppTests/SignupTests.swift", True),
        ("mobile-dev", "app/src/androidTest/java/SignupTest.kt", True),
        ("angular-dev", "src/app/signup.component.spec.ts", True),
        ("bash-dev", "tests/signup.bats", True),
        ("embedded-dev", "test/framing/crc_test.c", True),
        ("embedded-dev", "components/crc_test.cpp", True),
        ("embedded-dev", "main/crc.c", False),
    ],
)
def test_discovery_globs(key: str, path: str, is_test: bool) -> None:
    assert stacks.get(key).is_test_file(path) is is_test


@pytest.mark.parametrize(
    ("key", "path", "speaks"),
    [("python-dev", "tests/__init__.py", True), ("python-dev", "tests/data.json", False),
     ("ts-dev", "src/helpers.ts", True), ("ts-dev", "src/helpers.py", False),
     ("go-dev", "helpers.go", True), ("go-dev", "Makefile", False)],
)
def test_speaks_is_the_language_of_the_stacks_test_files(key: str, path: str,
                                                          speaks: bool) -> None:
    assert stacks.get(key).speaks(path) is speaks


def test_expand_braces() -> None:
    assert stacks.expand_braces("*.{a,b}.{x,y}") == ("*.a.x", "*.a.y", "*.b.x", "*.b.y")
    assert stacks.expand_braces("plain") == ("plain",)


def test_unknown_stack_is_refused_with_the_vocabulary() -> None:
    with pytest.raises(GaiaError) as info:
        stacks.get("python")
    assert info.value.exit_code == 2
    assert info.value.message.startswith("unsupported stack: python (expected one of: ts-dev,")


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"angular.json": "", "tsconfig.json": "{}", "package.json": "{}"}, "angular-dev"),
        ({"tsconfig.json": "{}"}, "ts-dev"),
        ({"package.json": "{}"}, "ts-dev"),
        ({"pom.xml": "<project/>"}, "java-dev"),
        ({"build.gradle.kts": ""}, "java-dev"),
        ({"requirements.txt": ""}, "python-dev"),
        ({"Pipfile": ""}, "python-dev"),
        ({"setup.py": "from setuptools import setup\n"}, "python-dev"),
        ({"setup.cfg": "[metadata]\n"}, "python-dev"),
        ({"setup.py": "", "package.json": "{}"}, "python-dev"),
        ({"go.mod": "module x"}, "go-dev"),
        ({"pubspec.yaml": "", "android/app/src/main/AndroidManifest.xml": ""}, "flutter-dev"),
        ({"app/src/main/AndroidManifest.xml": "", "package.json": "{}"}, "mobile-dev"),
        ({"Podfile": ""}, "mobile-dev"),
        ({"sdkconfig": ""}, "embedded-dev"),
        ({"platformio.ini": "", "requirements.txt": ""}, "embedded-dev"),
        ({"CMakeLists.txt": "project(fw)\nidf_component_register(REQUIRES freertos)\n"},
         "embedded-dev"),
        ({"CMakeLists.txt": "project(tool)\nadd_executable(tool main.c)\n"}, None),
        ({"run.sh": "#!/bin/sh\n"}, None),  # bash is never auto-detected
        ({}, None),
    ],
)
def test_detection_order(tmp_path: Path, files: dict[str, str], expected: str | None) -> None:
    for rel, text in files.items():
        target = tmp_path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    assert stacks.detect(tmp_path) == expected


def test_android_manifest_deeper_than_four_levels_is_not_a_marker(tmp_path: Path) -> None:
    deep = tmp_path / "a/b/c/d/e"
    deep.mkdir(parents=True)
    (deep / "AndroidManifest.xml").write_text("")
    assert stacks.detect(tmp_path) is None


def test_detection_order_lists_every_auto_detectable_stack() -> None:
    auto = {key for key, adapter in stacks.STACKS.items() if adapter.markers}
    assert set(stacks.DETECTION_ORDER) == auto
    assert "bash-dev" not in auto


def test_every_coverage_format_has_a_parser() -> None:
    from gaia_lib.evidence import coverage_report

    for adapter in stacks.STACKS.values():
        for tool in adapter.coverage:
            assert tool.report_format in coverage_report.FORMATS, (adapter.key, tool.tool)


def test_persona_names_are_accepted_as_stack_tokens() -> None:
    assert stacks.get("typescript-dev").key == "ts-dev"
    assert stacks.canonical("typescript-dev") == "ts-dev"
    assert stacks.canonical("python-dev") == "python-dev"
    with pytest.raises(stacks.UnknownStack):
        stacks.get("typescript")


def test_a_unittest_tier_runs_the_python_stacks_test_files() -> None:
    # toposort's tier `python -m unittest -v test.test_toposort` stopped at import (a bare
    # `unittest.main()` in the module): its file was taken by no tier, so its tests, with no
    # outcome in the run's report, still counted for their ACs
    assert stacks.runs_file("unittest", "test/test_toposort.py") is True
    assert stacks.runs_file("unittest", "src/order.test.ts") is False
    assert stacks.runs_file("pytest", "test/test_toposort.py") is True
