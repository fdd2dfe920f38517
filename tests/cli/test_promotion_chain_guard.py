from __future__ import annotations

from pathlib import Path

import pytest

from helpers.delivery import World, make_world

ABSENT = ("promotion-chain-guard: ABSENT: ci_cd.promotion_chain not configured. Add the "
          "branch PRs target to the project config (ci_cd: promotion_chain: [{branch: main}]); "
          "gaia init writes it in a git repository.\n")


def test_present(tmp_path: Path) -> None:
    world = make_world(tmp_path, with_gh=False)
    result = world.gaia("promotion-chain-guard")
    assert (result.returncode, result.stdout, result.stderr) == (0, "PRESENT:main\n", "")


def test_absent_without_config(tmp_path: Path) -> None:
    world = make_world(tmp_path, chain=False, with_gh=False)
    result = world.gaia("promotion-chain-guard")
    assert (result.returncode, result.stdout, result.stderr) == (1, "", ABSENT)


@pytest.mark.parametrize("branch", ["Release", "feat/x", "dev_1", '"a b"'])
def test_branch_outside_the_contract_is_absent(tmp_path: Path, branch: str) -> None:
    world = make_world(tmp_path, chain=False, with_gh=False)
    world.project.write(".gaia/config/project-config.yaml",
                        f"ci_cd:\n  promotion_chain:\n    - branch: {branch}\n")
    result = world.gaia("promotion-chain-guard")
    assert (result.returncode, result.stdout, result.stderr) == (1, "", ABSENT)


def test_project_config_env_wins(tmp_path: Path) -> None:
    world = make_world(tmp_path, with_gh=False)
    other = tmp_path / "other.yaml"
    other.write_text("ci_cd:\n  promotion_chain:\n    - branch: staging\n")
    result = world.gaia("promotion-chain-guard", PROJECT_CONFIG=str(other))
    assert result.stdout == "PRESENT:staging\n"


def test_malformed_config_is_an_error_not_absent(tmp_path: Path) -> None:
    world = make_world(tmp_path, chain=False, with_gh=False)
    world.project.write(".gaia/config/project-config.yaml", "ci_cd: [unclosed\n")
    result = world.gaia("promotion-chain-guard")
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1
    assert "ABSENT" not in result.stderr



def test_extra_argument_is_usage_exit_1(tmp_path: Path) -> None:
    world: World = make_world(tmp_path, with_gh=False)
    assert world.gaia("promotion-chain-guard", "main").returncode == 1
