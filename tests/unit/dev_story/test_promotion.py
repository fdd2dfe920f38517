from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import promotion
from helpers.delivery import make_world


def test_chain_base_strategy_and_protection(tmp_path: Path) -> None:
    world = make_world(tmp_path, chain=False, with_gh=False)
    world.project.write(".gaia/config/project-config.yaml",
                        "ci_cd:\n  promotion_chain:\n    - branch: develop\n"
                        "      merge_strategy: merge\n    - branch: prod\n")
    chain = promotion.chain(world.root)
    assert (chain.base, chain.strategy, chain.branches) == ("develop", "merge",
                                                            ("develop", "prod"))
    assert promotion.protected_branches(world.root) == {"main", "master", "staging", "develop",
                                                        "prod"}
    assert promotion.guard(world.root) == "PRESENT:develop"


def test_absent(tmp_path: Path) -> None:
    world = make_world(tmp_path, chain=False, with_gh=False)
    with pytest.raises(GaiaError, match="ABSENT"):
        promotion.guard(world.root)


@pytest.mark.parametrize(("name", "content", "reason"), [
    (".env.local", "A=1\n", "env file"),
    ("config/aws-credentials.json", "{}\n", "credentials"),
    ("src/k.py", "KEY = 'AKIAABCDEFGHIJKLMNOP'\n", "secret pattern"),
    ("src/t.py", "T = 'ghp_" + "a" * 36 + "'\n", "secret pattern"),
])
def test_staged_secrets(tmp_path: Path, name: str, content: str, reason: str) -> None:
    world = make_world(tmp_path, with_gh=False)
    assert promotion.staged_secret(world.root) is None
    path = world.root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    world.git("add", "-f", "--", name)
    found = promotion.staged_secret(world.root)
    assert found is not None and reason in found
