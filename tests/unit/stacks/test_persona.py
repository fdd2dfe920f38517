from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.stacks import persona
from helpers.projects import Project


def stack_story(project: Project, stack: str | None) -> Path:
    extra = f"stack: {stack}\n" if stack else ""
    return project.add_story("E1-S1", extra_frontmatter=extra)


def test_choose_stack_order_is_flag_story_file_list_config_markers() -> None:
    assert persona.choose_stack("a", "b", "c", "d", "e") == ("a", "flag")
    assert persona.choose_stack(None, "b", "c", "d", "e") == ("b", "story")
    assert persona.choose_stack(None, None, "c", "d", "e") == ("e", "file-list")
    assert persona.choose_stack(None, None, "c", "d") == ("c", "config")
    assert persona.choose_stack(None, None, None, "d") == ("d", "markers")
    assert persona.choose_stack(None, "", None, None) is None


def test_flag_wins_over_everything(project: Project) -> None:
    project.write("go.mod", "module x\n")
    project.write(".gaia/config/project-config.yaml", "project: {stack: java-dev}\n")
    story = stack_story(project, "python-dev")
    found = persona.resolve(stack="ts-dev", story_file=story)
    assert (found.stack, found.source) == ("ts-dev", "flag")
    assert found.agent_file.name == "typescript-dev.md"


def test_story_frontmatter_wins_over_config_and_markers(project: Project) -> None:
    project.write("go.mod", "module x\n")
    project.write(".gaia/config/project-config.yaml", "project: {stack: java-dev}\n")
    found = persona.resolve(story_file=stack_story(project, "python-dev"))
    assert (found.stack, found.source) == ("python-dev", "story")
    assert found.project_root == project.root


def test_config_project_stack_is_honoured_over_markers(project: Project) -> None:
    project.write("go.mod", "module x\n")
    project.write(".gaia/config/project-config.yaml", "project: {stack: bash-dev}\n")
    found = persona.resolve(story_file=stack_story(project, None))
    assert (found.stack, found.source) == ("bash-dev", "config")
    assert found.agent_file.name == "bash-dev.md"


def test_markers_are_the_last_resort(project: Project) -> None:
    project.write("go.mod", "module x\n")
    found = persona.resolve(story_file=stack_story(project, None))
    assert (found.stack, found.source) == ("go-dev", "markers")


def test_project_root_is_the_story_ancestor_holding_gaia(
    project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = tmp_path / "elsewhere"
    other.mkdir()
    monkeypatch.chdir(other)
    monkeypatch.delenv("CLAUDE_PROJECT_DIR")
    project.write("pubspec.yaml", "name: app\n")
    story = stack_story(project, None)
    found = persona.resolve(story_file=story)
    assert found.project_root == project.root
    assert found.stack == "flutter-dev"


def test_explicit_project_root(tmp_path: Path) -> None:
    (tmp_path / "angular.json").write_text("{}")
    found = persona.resolve(project_root=tmp_path)
    assert found.stack == "angular-dev"


def test_no_stack_detected_is_exit_2(project: Project) -> None:
    with pytest.raises(GaiaError) as info:
        persona.resolve(project_root=project.root)
    assert info.value.exit_code == 2
    assert info.value.message.startswith("unsupported stack: no canonical stack file detected")


def test_non_canonical_story_stack_is_exit_2(project: Project) -> None:
    with pytest.raises(GaiaError) as info:
        persona.resolve(story_file=stack_story(project, "python"))
    assert info.value.exit_code == 2
    assert "unsupported stack: python" in info.value.message


def test_missing_persona_file_is_exit_2(project: Project, tmp_path: Path) -> None:
    agents = tmp_path / "agents"
    agents.mkdir()
    with pytest.raises(GaiaError) as info:
        persona.resolve(stack="go-dev", agents_dir=agents)
    assert info.value.exit_code == 2
    assert info.value.message == f"persona file not found: {agents.resolve() / 'go-dev.md'}"


def test_missing_agents_dir_is_exit_2(project: Project, tmp_path: Path) -> None:
    with pytest.raises(GaiaError) as info:
        persona.resolve(stack="go-dev", agents_dir=tmp_path / "nope")
    assert info.value.exit_code == 2


def test_missing_story_file_is_exit_1(project: Project) -> None:
    with pytest.raises(GaiaError) as info:
        persona.resolve(story_file=project.root / "missing.md")
    assert info.value.exit_code == 1


def test_malformed_config_is_exit_1(project: Project) -> None:
    project.write(".gaia/config/project-config.yaml", "project: {stack: cobol}\n")
    with pytest.raises(GaiaError) as info:
        persona.resolve(project_root=project.root)
    assert info.value.exit_code == 1
    assert "$.project.stack" in info.value.message


def test_sidecar_only_from_memory_dir(project: Project, tmp_path: Path) -> None:
    memory = tmp_path / "memory"
    memory.mkdir()
    assert persona.resolve(stack="go-dev", memory_dir=memory).sidecar_file is None
    (memory / "go-dev-sidecar.md").write_text("notes")
    assert persona.resolve(stack="go-dev", memory_dir=memory).sidecar_file == (
        memory / "go-dev-sidecar.md"
    ).resolve()


def test_render_is_shell_safe() -> None:
    found = persona.Persona("go-dev", "flag", Path("/a/it's/go-dev.md"), None, Path("/a"))
    assert persona.render(found) == (
        "stack='go-dev'\nagent_file='/a/it'\\''s/go-dev.md'\nsidecar_file=''\n"
    )


def _monorepo(project: Project) -> None:
    project.write("js/package.json", '{"name": "t", "devDependencies": {"jest": "29"}}\n')
    project.write("py/pyproject.toml", "[project]\nname = 'p'\n")
    project.write(".gaia/config/project-config.yaml", "project: {stack: ts-dev}\n")


@pytest.mark.parametrize(("files", "stack", "source", "directory"), [
    (["py/humps/main.py", "py/tests/test_main.py"], "python-dev", "file-list", "py"),
    (["js/src/index.ts", "js/src/index.spec.ts", "py/README.md"], "ts-dev", "file-list", "js"),
    # entries at the root, or as many in each subproject: the config's answer
    (["README.md"], "ts-dev", "config", None),
    (["js/src/index.ts", "py/humps/main.py"], "ts-dev", "config", None),
])
def test_a_monorepo_story_is_in_the_stack_its_file_list_lives_in(
        project: Project, files: list[str], stack: str, source: str,
        directory: str | None) -> None:
    _monorepo(project)
    story = project.add_story("E1-S1", file_list=files)
    found = persona.resolve(story_file=story)
    assert (found.stack, found.source) == (stack, source)
    assert found.directory == (project.root / directory if directory else None)
    assert found.home == (project.root / directory if directory else project.root)


def test_a_test_directory_or_a_typings_config_is_no_subproject(project: Project) -> None:
    """A project's `test/tsconfig.json` (its tests' typings, yup's layout) makes no subproject
    of `test/`: the runners are looked for at the root, where its package.json and
    node_modules are. So is a `src/` holding only a tsconfig.json; a package's own test
    directory leads to the package."""
    project.write("package.json", '{"name": "t", "devDependencies": {"vitest": "3"}}\n')
    project.write("tsconfig.json", "{}\n")
    project.write("test/tsconfig.json", "{}\n")
    project.write("src/tsconfig.json", "{}\n")
    project.write("packages/core/package.json", '{"name": "core"}\n')
    project.write("packages/core/test/tsconfig.json", "{}\n")
    story = project.add_story("E1-S1", file_list=["src/string.ts", "test/string.ts",
                                                  "test/number.ts"])
    found = persona.resolve(story_file=story)
    assert (found.stack, found.source, found.home) == ("ts-dev", "markers", project.root)
    story = project.add_story("E1-S2", file_list=["packages/core/test/a.ts",
                                                  "packages/core/src/a.ts"])
    found = persona.resolve(story_file=story)
    assert (found.source, found.home) == ("file-list", project.root / "packages/core")


def test_a_package_json_that_only_sets_the_module_type_is_no_subproject(
        project: Project) -> None:
    """A dual-format package ships its compiled ESM with a `{"type": "module"}` package.json
    beside it (lossless-json's `lib/esm/`, where its tests lie too): the runners are looked
    for at the root, not in `lib/esm/node_modules/.bin`, which never exists."""
    project.write("package.json", '{"name": "j", "devDependencies": {"vitest": "3"}}\n')
    project.write("lib/esm/package.json", '{\n  "type": "module"\n}\n')
    story = project.add_story("E1-S1", file_list=["lib/esm/stringify.js",
                                                  "lib/esm/stringify.test.js"])
    found = persona.resolve(story_file=story)
    assert (found.stack, found.home) == ("ts-dev", project.root)


@pytest.mark.parametrize(("text", "declares"), [
    ('{"type": "module"}', False),
    ('{"type": "commonjs", "sideEffects": false}', False),
    ('{"name": "core"}', True),
    ('{"private": true, "dependencies": {"a": "1"}}', True),
    ('{"scripts": {"test": "vitest"}}', True),
    ("{", True),
    ("[]", True),
])
def test_a_package_json_declares_a_package_by_a_name_a_script_or_a_dependency(
        text: str, declares: bool) -> None:
    assert persona.declares_package(text) is declares


def test_the_story_frontmatter_still_wins_over_its_file_list(project: Project) -> None:
    _monorepo(project)
    story = project.add_story("E1-S1", file_list=["js/src/index.ts"],
                              extra_frontmatter="stack: python-dev\n")
    found = persona.resolve(story_file=story)
    assert (found.stack, found.source, found.directory) == ("python-dev", "story", None)


def test_a_story_already_parsed_is_not_read_again(project: Project) -> None:
    from gaia_lib.story.parser import load_story

    path = stack_story(project, "python-dev")
    parsed = load_story(path)
    path.unlink()  # read again, it would be a story file not found
    found = persona.resolve(story_file=path, story=parsed)
    assert (found.stack, found.source) == ("python-dev", "story")
    with pytest.raises(GaiaError, match="not found"):
        persona.resolve(story_file=path)
