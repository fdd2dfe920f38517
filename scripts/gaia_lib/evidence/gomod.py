"""Where a Go import path lives in the project: the module its go.mod declares.

`go test -json` names a test's package by its import path and a cover profile names a file
by its package's (`github.com/julienschmidt/httprouter/tree.go`); the review names files by
their path in the project (`services/router/tree.go`). Rules:
- a module is the directory holding a go.mod and the import path its first `module` line
  gives (quoted or not); the module of a file is the nearest go.mod at or above its directory,
  never above the project;
- a package's directory is its module's root joined with what follows the module path
  (`github.com/julienschmidt/httprouter` -> `services/router`, `.../httprouter/internal` ->
  `services/router/internal`); an import path of no known module has none;
- a file's import path is its module path joined with its path below the module's root.
An import path that ends with its directory's own path (a module at the project's root
named after it) needs none of this; a module in a subdirectory, or named otherwise, does.
What limits where go builds a file (`build_limit`): its `//go:build` line, above its package
clause (else its older `// +build` lines, said as one `//go:build` expression), else the GOOS
and / or GOARCH its name ends in before `_test.go` / `.go` (`runewidth_windows_test.go`,
`x_linux_arm64.go`; a name of one element, `windows.go`, has none). A file with such a
limit that a run's cover profile leaves out, where it lists others of its package, was not
built by that run (`left_out`: bitset's `popcnt_amd64.go`, built only before Go 1.9). Whether
the go that ran builds a file (`builds_here`): its name's GOOS / GOARCH and its constraint
read with that go's release tags, GOOS and GOARCH; two test files of one package declaring a
test of one name cannot both be built, and the outcome of that name is the built one's
(properties' `properties_pre_go1.15_test.go`, `!go1.15`, had been said to pass with
`properties_go1.15_test.go`'s test). Pure, except `modules`, which reads go.mod files.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path

_MODULE_LINE = re.compile(r'^\s*module\s+"?([^\s"]+)"?', re.MULTILINE)
_BUILD_LINE = re.compile(r"^//go:build\s+(\S.*?)\s*$", re.MULTILINE)
# the older spelling, before Go 1.17: `// +build windows,!appengine` (a comma ands, a space
# ors, each line ands with the others)
_PLUS_BUILD_LINE = re.compile(r"^// \+build\s+(\S.*?)\s*$", re.MULTILINE)
_PACKAGE_CLAUSE = re.compile(r"^package\s", re.MULTILINE)
# The operating systems and architectures go's file-name rule knows (`go tool dist list`, and
# the names it reserves).
GOOS = frozenset(["aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios",
                  "js", "linux", "nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1",
                  "windows", "zos"])
GOARCH = frozenset(["386", "amd64", "amd64p32", "arm", "arm64", "arm64be", "armbe", "loong64",
                    "mips", "mips64", "mips64le", "mips64p32", "mips64p32le", "mipsle", "ppc",
                    "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x", "sparc", "sparc64",
                    "wasm"])


def _constraint(text: str) -> str | None:
    """The `//go:build` expression above the package clause of Go source `text` (its older
    `// +build` lines said as one), or None."""
    clause = _PACKAGE_CLAUSE.search(text)
    found = _BUILD_LINE.search(text, 0, clause.start() if clause else len(text))
    if found is not None:
        return found.group(1)
    older = _PLUS_BUILD_LINE.findall(text, 0, clause.start() if clause else len(text))
    if older:
        ors = [" || ".join(" && ".join(term.split(",")) for term in line.split())
               for line in older]
        return " && ".join(f"({one})" if " || " in one and len(ors) > 1 else one
                           for one in ors)
    return None


def _name_limit(path: str) -> tuple[str, ...]:
    """The GOOS and / or GOARCH the file name ends in (`_windows_amd64`), or ()."""
    parts = posixpath.basename(path).removesuffix(".go").removesuffix("_test").split("_")[1:]
    if len(parts) >= 2 and parts[-2] in GOOS and parts[-1] in GOARCH:
        return (parts[-2], parts[-1])
    if parts and parts[-1] in GOOS | GOARCH:
        return (parts[-1],)
    return ()


def build_limit(path: str, text: str) -> str | None:
    """What limits where go builds the Go file at `path` whose source is `text`, said for a
    reader (`its file is built only where `windows && !appengine` holds`), or None."""
    expression = _constraint(text)
    if expression is not None:
        return f"its file is built only where `{expression}` holds"
    named = _name_limit(path)
    if len(named) == 2:
        return f"its name's `_{named[0]}_{named[1]}` builds it only for {named[0]}/{named[1]}"
    if named:
        return f"its name's `_{named[0]}` builds it only for {named[0]}"
    return None


# The operating systems the `unix` build tag holds on.
_UNIX = frozenset(["aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios",
                   "linux", "netbsd", "openbsd", "solaris"])
_RELEASE_TAG = re.compile(r"go1\.(\d+)")
_VERSION = re.compile(r"(?:go)?1\.(\d+)")
_TOKEN = re.compile(r"\s*(&&|\|\||!|\(|\)|[\w.]+)")


def builds_here(path: str, text: str, version: str, goos: str, goarch: str) -> bool | None:
    """Whether `go test` (no `-tags`) builds the Go file at `path` (source `text`) with go
    `version` (`1.19.8`) on `goos`/`goarch`: its file name's GOOS / GOARCH and its build
    constraint, each tag true where it is that GOOS or GOARCH, `unix` on a Unix GOOS, a
    release `go1.N` up to the version, `gc`; another GOOS or GOARCH, a later release and
    `gccgo` false. None where it cannot be said: `cgo` (an environment's), a tag of the
    project's own (`integration`, which a tier's `-tags` may set), an expression not read, a
    version not read; an `||` with a true side and an `&&` with a false one decide all
    the same."""
    release = _VERSION.match(version)
    if release is None:
        return None
    named = _name_limit(path)
    if named and not all(part in (goos, goarch) for part in named):
        return False
    expression = _constraint(text)
    if expression is None:
        return True
    tokens = []
    at = 0
    while at < len(expression):
        token = _TOKEN.match(expression, at)
        if token is None:
            return None
        tokens.append(token.group(1))
        at = token.end()
        if not expression[at:].strip():
            break

    def tag(name: str) -> bool | None:
        if (found := _RELEASE_TAG.fullmatch(name)) is not None:
            return int(found.group(1)) <= int(release.group(1))
        if name in GOOS | GOARCH | {"unix", "gc", "gccgo"}:
            return name in (goos, goarch, "gc") or (name == "unix" and goos in _UNIX)
        return None  # `cgo`, or a tag of the project's own

    def parse(at: int, stop: str) -> tuple[bool | None, int] | None:
        # `||` of `&&` of unary terms, Go's precedence; None where a term is unknown
        value: bool | None = False
        conjunction: bool | None = True
        while True:
            negated = False
            while at < len(tokens) and tokens[at] == "!":
                negated, at = not negated, at + 1
            if at >= len(tokens):
                return None
            if tokens[at] == "(":
                inner = parse(at + 1, ")")
                if inner is None:
                    return None
                term, at = inner
            elif tokens[at] in ("&&", "||", ")"):
                return None
            else:
                term, at = tag(tokens[at]), at + 1
            term = None if term is None else term != negated
            conjunction = (False if conjunction is False or term is False else
                           None if conjunction is None or term is None else True)
            if at < len(tokens) and tokens[at] == "&&":
                at += 1
                continue
            value = (True if value is True or conjunction is True else
                     None if value is None or conjunction is None else False)
            if at < len(tokens) and tokens[at] == "||":
                at, conjunction = at + 1, True
                continue
            if stop == ")":
                return (value, at + 1) if at < len(tokens) and tokens[at] == ")" else None
            return (value, at) if at == len(tokens) else None

    parsed = parse(0, "")
    return None if parsed is None else parsed[0]


@dataclass(frozen=True)
class Module:
    path: str  # its import path, as go.mod's `module` line gives it
    root: str  # the directory holding its go.mod, project-relative (POSIX; "." the root)


def module_path(text: str) -> str | None:
    """The import path a go.mod's text declares (its first `module` line), else None."""
    found = _MODULE_LINE.search(text)
    return found.group(1) if found else None


def modules(project: Path, files: Iterable[str]) -> tuple[Module, ...]:
    """The modules holding `files` (project-relative), each once, in the order first met."""
    found: dict[str, Module] = {}
    read: set[str] = set()  # directories whose go.mod was looked for: each once
    for rel in files:
        directory = posixpath.dirname(rel) or "."
        while True:
            if directory not in read:
                read.add(directory)
                try:
                    text = (project / directory / "go.mod").read_text(encoding="utf-8",
                                                                     errors="replace")
                except OSError:
                    text = None
                path = module_path(text) if text is not None else None
                if path is not None:
                    found[directory] = Module(path, directory)
            if directory in found or directory == ".":
                break
            directory = posixpath.dirname(directory) or "."
    return tuple(dict.fromkeys(found.values()))


def directory_of(package: str, known: Sequence[Module]) -> str | None:
    """The project-relative directory of a package import path, by the module of the longest
    path it falls under; None under none."""
    under = [m for m in known if package == m.path or package.startswith(m.path + "/")]
    if not under:
        return None
    module = max(under, key=lambda m: len(m.path))
    rest = package[len(module.path):].lstrip("/")
    return posixpath.normpath(posixpath.join(module.root, rest)) if rest else module.root


def import_path(rel: str, known: Sequence[Module]) -> str | None:
    """A project-relative file's path as Go names it (its module path, then its path below
    the module's root), by the deepest module holding it; None under none."""
    holding = [m for m in known if m.root == "." or rel.startswith(m.root + "/")]
    if not holding:
        return None
    module = max(holding, key=lambda m: len(m.root) if m.root != "." else 0)
    below = rel if module.root == "." else rel[len(module.root) + 1:]
    return f"{module.path}/{below}"


def left_out(files: Iterable[str], texts: Mapping[str, str], profiled: AbstractSet[str],
             known: Sequence[Module]) -> frozenset[str]:
    """The project-relative Go `files` (their sources in `texts`) the run whose cover profile
    names `profiled` (import paths of files) did not build: each with a build limit
    (`build_limit`) whose package the profile names other files of, itself not named."""
    packages = {posixpath.dirname(name) for name in profiled}
    out = set()
    for rel in files:
        path = import_path(rel, known) if rel.endswith(".go") else None
        if path is None or path in profiled or posixpath.dirname(path) not in packages:
            continue
        if build_limit(rel, texts.get(rel, "")) is not None:
            out.add(rel)
    return frozenset(out)
