"""`/gaia-test-automate KEY --scaffold [--stack S]`: one skeleton test per unmapped AC.

Rules:
- An AC is unmapped when the coverage map (`coverage_map.rows`: a `## Test Cases` row, or a
  test the executed test-automation plan landed) has no test for it. Each gets one skeleton in the
  stack's own naming, so the stack's runner collects it (and reports it skipped): Python
  `test_<key>_<ac>.py`, TypeScript/Angular `<KEY>-<AC>.test.ts`, Go `<key>_<ac>_test.go`, Java
  `<Key><Ac>Test.java`, Dart `<key>_<ac>_test.dart`, Bash `<KEY>-<AC>.bats`, C
  `test_<key>_<ac>.c`.
- Every skeleton carries the stack's placeholder (`pytest.skip`, `test.skip`, `t.Skip`,
  `@Disabled`, `skip:`, bats `skip`, `TEST_IGNORE`) and names the AC's text, so the placeholder
  detector flags it and nobody mistakes it for coverage.
- Existing files are never overwritten (reported as kept). Writes happen under the `action`
  scope confined to the output directory.
- stdout ends with the two lines seed 001 fixes: `scaffold: N skeleton(s) generated for KEY
  under DIR` and `scaffold: review gate not updated (skeleton-only output is not coverage)`.
  Nothing here touches the Review Gate.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import paths, writes
from gaia_lib.core.errors import InvalidInput
from gaia_lib.stacks import adapters as stacks
from gaia_lib.story.acceptance import AcceptanceCriterion
from gaia_lib.story.parser import Story
from gaia_lib.test_automate import coverage_map
from gaia_lib.test_automate import plan as plans

DEFAULT_STACK = "ts-dev"
GATE_LINE = "scaffold: review gate not updated (skeleton-only output is not coverage)"
SCAFFOLD_STACKS = ("ts-dev", "angular-dev", "python-dev", "java-dev", "go-dev", "flutter-dev",
                   "bash-dev", "embedded-dev")


@dataclass(frozen=True)
class Skeleton:
    ac: str
    path: Path
    text: str


@dataclass(frozen=True)
class Result:
    written: tuple[Path, ...]
    kept: tuple[Path, ...]
    out_dir: Path


def _ident(value: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", value).strip("_").lower()


def _camel(value: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[^A-Za-z0-9]+", value) if part)


def _quoted(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")[:200]


def _shell_inert(text: str) -> str:
    """`text` for a double-quoted shell word: no character the shell or bats' preprocessor
    would expand or end the word at (`$`, backticks, quotes, backslashes), one line."""
    return re.sub(r"[$`\"'\\]", "", text).replace("\n", " ")[:200]


# Per stack: the skeleton's file name and the name of the test it holds, as its runner
# reports it ({snake}: e1_s1_ac3, {camel}: E1S1Ac3, {key}-{ac}: E1-S1-AC3). Go runs only
# `TestXxx` functions; any other stack is a C (Unity) one.
_NAMING = {
    "python-dev": ("test_{snake}.py", "test_{snake}"),
    "ts-dev": ("{key}-{ac}.test.ts", "{key}-{ac}"),
    "angular-dev": ("{key}-{ac}.test.ts", "{key}-{ac}"),
    "go-dev": ("{snake}_test.go", "Test{camel}"),
    "java-dev": ("{camel}Test.java", "{camel}Test"),
    "flutter-dev": ("{snake}_test.dart", "{key}-{ac}"),
    "bash-dev": ("{key}-{ac}.bats", "{key}-{ac}"),
}
_C_NAMING = ("test_{snake}.c", "test_{snake}")


def _named(stack: str, key: str, ac: str, which: int) -> str:
    template = _NAMING.get(stack, _C_NAMING)[which]
    return template.format(snake=f"{_ident(key)}_{_ident(ac)}", camel=_camel(key) + _camel(ac),
                           key=key, ac=ac)


def file_name(stack: str, key: str, ac: str) -> str:
    return _named(stack, key, ac, 0)


def test_name(stack: str, key: str, ac: str) -> str:
    """The name of the test a file of `file_name` holds, as its runner reports it."""
    return _named(stack, key, ac, 1)


def skeleton_text(stack: str, key: str, ac: AcceptanceCriterion) -> str:
    """The skeleton's source (pure). Its name and skip reason carry the AC."""
    title = _quoted(f"{ac.ac_id}: {ac.statement}")
    reason = _quoted(f"scaffold for {key} {ac.ac_id}: not implemented")
    if stack == "python-dev":
        return (f'"""Scaffold for {key} {ac.ac_id}: {_quoted(ac.statement)}"""\n\n'
                "import pytest\n\n\n"
                f"def {test_name(stack, key, ac.ac_id)}() -> None:\n"
                f'    pytest.skip("{reason}")\n')
    if stack in ("ts-dev", "angular-dev"):
        return f'test.skip("{title}", () => {{\n  // {reason}\n}});\n'
    if stack == "go-dev":
        return (f"package scaffold\n\nimport \"testing\"\n\n"
                f"func {test_name(stack, key, ac.ac_id)}(t *testing.T) {{\n"
                f'\tt.Skip("{reason}")\n}}\n')
    if stack == "java-dev":
        cls = test_name(stack, key, ac.ac_id)
        return ("import org.junit.jupiter.api.Disabled;\nimport org.junit.jupiter.api.Test;\n\n"
                f"class {cls} {{\n    @Disabled(\"{reason}\")\n    @Test\n"
                f"    void {_ident(ac.ac_id)}() {{\n    }}\n}}\n")
    if stack == "flutter-dev":
        return ("import 'package:test/test.dart';\n\nvoid main() {\n"
                f"  test(\"{title}\", () {{}}, skip: \"{reason}\");\n}}\n")
    if stack == "bash-dev":  # bash expands `$(...)` and backticks inside double quotes
        title, reason = _shell_inert(f"{ac.ac_id}: {ac.statement}"), _shell_inert(reason)
        return f'@test "{title}" {{\n  skip "{reason}"\n}}\n'
    return ("#include \"unity.h\"\n\n"
            f"void {test_name(stack, key, ac.ac_id)}(void) {{\n"
            f'    TEST_IGNORE_MESSAGE("{reason}");\n}}\n')


def unmapped(story: Story, landed: Sequence[plans.ProposedTest] = ()) -> list[AcceptanceCriterion]:
    mapped = {row.ac for row in coverage_map.rows(story, landed) if row.automated}
    return [ac for ac in story.acceptance_criteria if ac.ac_id not in mapped]


def plan(story: Story, key: str, stack: str, out_dir: Path,
         landed: Sequence[plans.ProposedTest] = ()) -> list[Skeleton]:
    if stacks.canonical(stack) not in SCAFFOLD_STACKS:
        raise InvalidInput(
            f"unsupported --stack '{stack[:30]}' (one of {', '.join(SCAFFOLD_STACKS)})", 2)
    chosen = stacks.canonical(stack)
    return [Skeleton(ac.ac_id, out_dir / file_name(chosen, key, ac.ac_id),
                     skeleton_text(chosen, key, ac)) for ac in unmapped(story, landed)]


def write(project: Path, skeletons: Sequence[Skeleton], out_dir: Path) -> Result:
    written: list[Path] = []
    kept: list[Path] = []
    with writes.scope("action", project, [out_dir]):
        for item in skeletons:
            try:
                writes.create_bytes(item.path, item.text.encode("utf-8"), project)
            except FileExistsError:
                kept.append(item.path)
                continue
            written.append(item.path)
    return Result(tuple(written), tuple(kept), out_dir)


def report(key: str, result: Result, project: Path) -> list[str]:
    shown = paths.relative_to_project(result.out_dir, project)
    lines = [f"kept (exists): {paths.relative_to_project(p, project)}" for p in result.kept]
    lines += [f"scaffold: {len(result.written)} skeleton(s) generated for {key} under {shown}",
              GATE_LINE]
    return lines


def default_out_dir(project: Path) -> Path:
    """The first allowlisted tier directory, else `tests/`."""
    from gaia_lib.core.errors import GaiaError
    from gaia_lib.evidence import allowlist

    try:
        dirs = allowlist.load(allowlist.default_path(project))
    except GaiaError:
        dirs = []
    return project / (dirs[0] if dirs and dirs[0] != "." else "tests")


def scaffold(project: Path, story: Story, stack: str, out_dir: Path | None = None) -> list[str]:
    """Write the skeletons for `story`'s unmapped ACs and return the stdout lines."""
    key = story.key or story.path.stem
    target = out_dir if out_dir is not None else default_out_dir(project)
    landed = coverage_map.executed_plan_tests(project, key) if story.key else []
    result = write(project, plan(story, key, stack, target, landed), target)
    return report(key, result, project)
