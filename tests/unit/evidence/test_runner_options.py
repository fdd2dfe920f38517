from __future__ import annotations

import pytest

from gaia_lib.evidence import runner_options


def _own(runner: str | None, command: str) -> list[str]:
    args = command.split()
    return [args[i] for i in runner_options.arguments(runner, args)]


@pytest.mark.parametrize(("runner", "command", "own"), [
    # vitest: every option not declared boolean takes the next word
    ("vitest", "run --dir test", ["run"]),
    ("vitest", "run --exclude test/index.test.ts --passWithNoTests", ["run"]),
    ("vitest", "run --root web -c vitest.config.ts test/a.test.ts", ["run", "test/a.test.ts"]),
    ("vitest", "run -r web --config=vitest.config.ts test", ["run", "test"]),
    ("vitest", "run --project unit --environment jsdom --pool forks test", ["run", "test"]),
    ("vitest", "run -t parses --shard 1/2 --maxWorkers 2 --retry 1 --bail 1 test",
     ["run", "test"]),
    ("vitest", "run --reporter dot --outputFile out.txt --testNamePattern x test",
     ["run", "test"]),
    ("vitest", "run --coverage.include src --coverage.enabled test", ["run", "test"]),
    # flags: declared boolean, or negated
    ("vitest", "run --globals --passWithNoTests --no-isolate --coverage test", ["run", "test"]),
    ("vitest", "run --pass-with-no-tests test", ["run", "test"]),
    # an optional value: the next word, unless it is an option
    ("vitest", "run --changed HEAD~1 test", ["run", "test"]),
    ("vitest", "run --silent --dir test", ["run"]),
    # jest: array options take every word up to the next option
    ("jest", "--roots src test --ci", []),
    ("jest", "--testPathPattern unit --json test/a.test.js", ["test/a.test.js"]),
    ("jest", "--selectProjects api web --runInBand test", ["test"]),
    ("jest", "-c jest.config.js -t adds -w 2 --rootDir . test", ["test"]),
    ("jest", "--config=jest.e2e.json --shard=1/3 --maxWorkers 50% test", ["test"]),
    ("jest", "--ci -i --notify --notifyMode always test", ["test"]),
    # pytest: the options its help (and its common plugins) give a value; others are flags
    ("pytest", "-q --rootdir . tests", ["tests"]),
    ("pytest", "-p no:cacheprovider -k slow -m unit tests", ["tests"]),
    ("pytest", "-c pytest.ini --ignore tests/slow --deselect tests/a.py::t tests",
     ["tests"]),
    ("pytest", "-kslow -pno:randomly -x -vv tests", ["tests"]),
    ("pytest", "-n 4 --dist loadfile --cov src --cov-report term tests", ["tests"]),
    ("pytest", "--cov --no-cov-on-fail tests", ["tests"]),
    ("pytest", "-W error --junit-xml out.xml --basetemp tmp tests", ["tests"]),
    ("pytest", "--strict-markers --lf tests", ["tests"]),
    # bats
    ("bats", "-r --filter parses -j 4 -F tap --output reports test", ["test"]),
    ("bats", "-T -x test/a.bats", ["test/a.bats"]),
    # after `--`, every word; any other command's options are flags
    ("vitest", "run --dir -- test", ["run", "test"]),
    (None, "--dir test", ["test"]),
])
def test_an_options_value_is_none_of_the_runners_own_arguments(
        runner: str | None, command: str, own: list[str]) -> None:
    assert _own(runner, command) == own
