from __future__ import annotations

from pathlib import Path

from gaia_lib.evidence import barrels

PARSE = "export function parse(s) {}\nfunction splitPairs(s) {}\nexport default parse;\n"
SOURCES = {"src/cookie/parse.ts": PARSE}
TEST = 'import { parseCookie } from "../src";\n'


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in {**SOURCES, **files}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def test_a_barrel_hands_out_the_story_code_under_the_names_it_exports(tmp_path: Path) -> None:
    """unjs/cookie-es's src/index.ts: `parseCookie` is the story's `parse`; what the barrel
    re-exports of other code (`serialize`) and only as a type is not the story's."""
    project = _project(tmp_path, {
        "src/cookie/serialize.ts": "export function serialize() {}\n",
        "src/index.ts": 'export { parse, parse as parseCookie } from "./cookie/parse.ts";\n'
                        'export { serialize } from "./cookie/serialize.ts";\n'
                        'export { default as parseDefault } from "./cookie/parse";\n'
                        'export * as cookie from "./cookie/parse";\n'
                        'export type { Cookies } from "./cookie/parse";\n'})
    assert barrels.barrels(project, {"test/parse.test.ts": TEST}, SOURCES) == {"src/index.ts": {
        "parse": ("src/cookie/parse.ts", "parse"),
        "parseCookie": ("src/cookie/parse.ts", "parse"),
        "parseDefault": ("src/cookie/parse.ts", "default"),
        "cookie": ("src/cookie/parse.ts", "")}}


def test_export_star_is_followed_through_barrels_of_barrels(tmp_path: Path) -> None:
    project = _project(tmp_path, {
        "src/index.ts": 'export * from "./cookie";\n',
        "src/cookie/index.ts": 'export * from "./parse";\nexport { parse as p } from "./parse";\n'})
    assert barrels.barrels(project, {"test/parse.test.ts": TEST}, SOURCES) == {"src/index.ts": {
        "parse": ("src/cookie/parse.ts", "parse"),
        "splitPairs": ("src/cookie/parse.ts", "splitPairs"),
        "p": ("src/cookie/parse.ts", "parse")}}


def test_modules_that_hand_out_none_of_it_are_left_out(tmp_path: Path) -> None:
    """Not the story's sources themselves, not a barrel of other code, not a package, not
    a module outside the project or under node_modules, and no loop between barrels."""
    project = _project(tmp_path / "p", {
        "src/other.ts": 'export { serialize } from "./serialize";\n',
        "src/serialize.ts": "export function serialize() {}\n",
        "src/a.ts": 'export * from "./b";\n', "src/b.ts": 'export * from "./a";\n',
        "node_modules/dep/index.ts": 'export * from "../../src/cookie/parse";\n'})
    (tmp_path / "outside.ts").write_text('export * from "./p/src/cookie/parse";\n')
    tests = {"test/x.test.ts": 'import { parse } from "../src/cookie/parse";\n'
                               'import { serialize } from "../src/other";\n'
                               'import { a } from "../src/a";\nimport dep from "dep";\n'
                               'import { d } from "../node_modules/dep";\n'
                               'import { o } from "../../outside";\n',
             "test/x.py": 'import { parse } from "../src/a";\n'}
    assert barrels.barrels(project, tests, SOURCES) == {}


def test_a_barrel_too_large_to_read_is_no_barrel(tmp_path: Path) -> None:
    project = _project(tmp_path, {"src/index.ts": 'export * from "./cookie/parse";\n'
                                  + " " * barrels.MAX_MODULE_BYTES})
    assert barrels.barrels(project, {"test/parse.test.ts": TEST}, SOURCES) == {}


def test_a_js_specifier_of_a_typescript_source_names_the_source(tmp_path: Path) -> None:
    """TypeScript's ES modules import `./index.js` for `index.ts`."""
    project = _project(tmp_path, {"src/index.ts": 'export { parse } from "./cookie/parse.js";\n'})
    assert barrels.local_module(project, "test/parse.test.ts", "../src/index.js") == \
        "src/index.ts"
    assert barrels.barrels(project, {"test/parse.test.ts": 'import { parse } from '
                                     '"../src/index.js";\n'}, SOURCES) == {
        "src/index.ts": {"parse": ("src/cookie/parse.ts", "parse")}}
