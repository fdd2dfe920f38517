"""The packages a project declares it needs, read from its own manifests.

What tells a package the machine has not installed (the environment's to fix: install the
project's requirements) from an import the code added and declared nowhere (the code's).
Rules:
- Python manifests, in each directory asked (the project root, the directory of the file that
  failed to import, and those between): `pyproject.toml` (`[project]` dependencies and
  optional-dependencies, `[dependency-groups]`, Poetry's dependencies, dev-dependencies and
  groups), `setup.cfg` (`install_requires`, `tests_require`, `[options.extras_require]`),
  `setup.py` (the same keywords where they are literals or names the module binds once to
  literals: `tests_require=tests_require`), `requirements*.txt`, the files named so with a
  prefix (`test_requirements.txt`, `dev-requirements.txt`: funcy's tox.ini installs its tests'
  packages from `test_requirements.txt`) and `requirements/*.txt`, `tox.ini` (every `deps` of
  its sections) and `Pipfile` (packages and dev-packages). A requirement's name is what starts
  its line (`hypothesis>=6; python_version > "3.8"` -> hypothesis); an include (`-r dev.txt`), a
  URL or a tox substitution is no name.
- JS/TS: `package.json` dependencies, devDependencies, peerDependencies and
  optionalDependencies.
- Go: `go.mod`'s `require` directives, one a line or in a `require ( ... )` block, by module
  path (`github.com/tidwall/match`), quoted or not (kr/text's `require "github.com/creack/pty"
  v1.1.9`).
- Names compare normalised (PEP 503: lower case, each run of `-`, `_`, `.` one `-`). A Python
  module is a distribution's when their names are equal, or the distribution is the module's
  name with `py` or `python-` before it or `-python` after it (yaml of PyYAML, jwt of PyJWT,
  dateutil of python-dateutil); any other spelling (attr of attrs, bs4 of beautifulsoup4) is
  not read as declared, and the run's failure stays the project's.
- An unreadable or malformed manifest declares nothing; so do the TOML ones (pyproject.toml,
  Pipfile) on Python 3.10, which has no TOML reader of its own.
"""

from __future__ import annotations

import ast
import configparser
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from gaia_lib.core import toml_text

_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?")
_SETUP_KEYWORDS = ("install_requires", "tests_require", "extras_require")


def normalized(name: str) -> str:
    """A package name as PEP 503 compares it (pure)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pytest_plugin(option: str, packages: Mapping[str, str]) -> str | None:
    """The manifest among `packages` (`declared`) declaring the pytest plugin named for the
    option `--<option>` (`pytest-<option>`: `--pydocstyle`, pytest-pydocstyle); None where
    none does (pure)."""
    return packages.get(normalized(f"pytest-{option}"))


def requirement_name(line: str) -> str | None:
    """The package a requirement line names, normalised (pure); None for a comment, an option
    (`-r dev.txt`, `--hash`), a URL, a path or a tox substitution (`{[base]deps}`)."""
    text = line.split("#", 1)[0].strip()
    if not text or text[0] in "-{./" or "://" in text.split(";")[0].split("@")[0]:
        return None
    found = _NAME.match(text)
    return normalized(found.group(0)) if found else None


def _names(lines: Iterable[Any]) -> Iterator[str]:
    for line in lines:
        if isinstance(line, str):
            for part in line.splitlines():
                name = requirement_name(part)
                if name:
                    yield name


def _table(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _pyproject(text: str) -> Iterator[str]:
    data = toml_text.loads(text)
    project = _table(data.get("project"))
    yield from _names(project.get("dependencies") or ())
    for group in _table(project.get("optional-dependencies")).values():
        yield from _names(group if isinstance(group, list) else ())
    for group in _table(data.get("dependency-groups")).values():
        yield from _names(group if isinstance(group, list) else ())
    poetry = _table(_table(data.get("tool")).get("poetry"))
    tables = [poetry.get("dependencies"), poetry.get("dev-dependencies"),
              *(_table(g).get("dependencies") for g in _table(poetry.get("group")).values())]
    for table in tables:
        yield from (normalized(name) for name in _table(table) if name != "python")


def _ini(text: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.read_string(text)
    return parser


def _setup_cfg(text: str) -> Iterator[str]:
    parser = _ini(text)
    if parser.has_section("options"):
        for key in ("install_requires", "tests_require"):
            yield from _names([parser.get("options", key, fallback="")])
    if parser.has_section("options.extras_require"):
        yield from _names(value for _, value in parser.items("options.extras_require"))


def _tox_ini(text: str) -> Iterator[str]:
    parser = _ini(text)
    for section in parser.sections():
        yield from _names([parser.get(section, "deps", fallback="")])


def _pipfile(text: str) -> Iterator[str]:
    data = toml_text.loads(text)
    for section in ("packages", "dev-packages"):
        yield from (normalized(name) for name in _table(data.get(section)))


def _literal(node: ast.expr, bound: Mapping[str, ast.expr]) -> Any:
    """A literal's value, a name bound to one at the module's top level read as that value,
    in a dictionary's values and a list's items too (`extras_require={"tests":
    tests_require}`); ValueError for anything else."""
    if isinstance(node, ast.Name) and node.id in bound:
        # read without its own name: `a = [a]` is no literal
        return _literal(bound[node.id], {k: v for k, v in bound.items() if k != node.id})
    if isinstance(node, ast.Dict) and all(key is not None for key in node.keys):
        return {ast.literal_eval(key): _literal(value, bound)  # type: ignore[arg-type]
                for key, value in zip(node.keys, node.values, strict=True)}
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_literal(item, bound) for item in node.elts]
    return ast.literal_eval(node)


def _setup_py(text: str) -> Iterator[str]:
    tree = ast.parse(text)
    # names bound once at the top level (dictdiffer's `tests_require = [...]`, then
    # `setup(tests_require=tests_require)`); one bound twice is no literal
    assigned = [(target.id, node.value) for node in tree.body if isinstance(node, ast.Assign)
                for target in node.targets if isinstance(target, ast.Name)]
    names = [name for name, _ in assigned]
    bound = {name: value for name, value in assigned if names.count(name) == 1}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        for keyword in node.keywords:
            if keyword.arg not in _SETUP_KEYWORDS:
                continue
            try:
                value = _literal(keyword.value, bound)
            except ValueError:
                continue
            groups = value.values() if isinstance(value, dict) else [value]
            for group in groups:
                yield from _names(group if isinstance(group, (list, tuple)) else [group])


PACKAGE_JSON_KINDS = ("dependencies", "devDependencies", "peerDependencies",
                      "optionalDependencies")


def package_json_names(data: Any) -> frozenset[str]:
    """The packages a parsed package.json depends on, of any kind (`PACKAGE_JSON_KINDS`), as
    written; none for anything else (pure)."""
    return frozenset(name for kind in PACKAGE_JSON_KINDS for name in _table(_table(data).get(kind)))


def _package_json(text: str) -> Iterator[str]:
    yield from package_json_names(json.loads(text))


_GO_REQUIRE = re.compile(r"^require\s*\(\n(.*?)^\)|^require[ \t]+(\S+)[ \t]+v", re.M | re.S)


def _go_mod(text: str) -> Iterator[str]:
    """The module paths a go.mod requires (its `// indirect` ones too: the build needs them),
    unquoted (`require "github.com/creack/pty" v1.1.9`, older go.mod syntax, is that module)."""
    for block, single in _GO_REQUIRE.findall(text):
        if single:
            yield single.strip('"`')
        for line in block.splitlines():
            words = line.split("//")[0].split()
            if len(words) == 2:
                yield words[0].strip('"`')


_READERS = {"pyproject.toml": _pyproject, "setup.cfg": _setup_cfg, "setup.py": _setup_py,
            "tox.ini": _tox_ini, "Pipfile": _pipfile, "package.json": _package_json,
            "go.mod": _go_mod}


def _manifests(directory: Path) -> Iterator[tuple[Path, Any]]:
    for name, reader in _READERS.items():
        yield directory / name, reader
    for pattern in ("*requirements*.txt", "requirements/*.txt"):
        for path in sorted(directory.glob(pattern)):
            yield path, lambda text: _names(text.splitlines())


def declared(project: Path, directories: Iterable[Path] = ()) -> dict[str, str]:
    """Each package the manifests of `project` and of `directories` (inside it) declare,
    normalised, with the first manifest declaring it (project-relative)."""
    found: dict[str, str] = {}
    inside = [d for d in directories if d.resolve().is_relative_to(project.resolve())]
    for directory in dict.fromkeys([project, *inside]):
        for path, reader in _manifests(directory):
            try:
                names = list(reader(path.read_text(encoding="utf-8", errors="replace")))
            except (OSError, ValueError, SyntaxError, configparser.Error):
                continue
            for name in names:
                found.setdefault(normalized(name), path.relative_to(project).as_posix())
    return found


def declaring(module: str, packages: Mapping[str, str]) -> str | None:
    """The manifest declaring the distribution a Python module or JS package comes from
    (`packages` as `declared` returns them), else None (pure)."""
    name = normalized(module)
    for spelled in (name, f"py{name}", f"python-{name}", f"{name}-python"):
        if spelled in packages:
            return packages[spelled]
    return None
