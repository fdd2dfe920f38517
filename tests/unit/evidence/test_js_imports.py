from __future__ import annotations

from gaia_lib.evidence.js_imports import (
    Import,
    code_of,
    declared,
    exported,
    imported_constants,
    imports,
    module_candidates,
    reexports,
    without_imports,
    written_in,
)


def test_each_es_import_form_binds_its_local_names() -> None:
    text = ("import total from './cart'\n"
            "import * as api from '../src/api'\n"
            "import {add, sub as minus} from 'calc'\n"
            "import Big, {small} from 'sizes'\n"
            "import type {Shape} from './shape'\n"
            "import {type Kind, make} from './kind'\n")
    assert [(i.spec, i.bound) for i in imports(text)] == [
        ("./cart", ("total",)), ("../src/api", ("api",)), ("calc", ("add", "minus")),
        ("sizes", ("Big", "small")), ("./shape", ("Shape",)), ("./kind", ("Kind", "make"))]


def test_spelled_names_include_what_the_module_calls_them() -> None:
    (found,) = imports("import {sub as minus} from 'calc'\n")
    assert found.spelled == ("sub", "minus")


def test_require_binds_the_name_or_each_destructured_one() -> None:
    text = "const cart = require('./cart')\nlet {add, sub: minus} = require(\"calc\")\n"
    assert imports(text) == [Import("./cart", ("cart",), ("cart",), 1),
                             Import("calc", ("add", "minus"), ("add", "sub", "minus"), 2)]


def test_a_statement_over_several_lines_is_one_import_at_its_first_line() -> None:
    text = "// header\n\nimport {\n  a,\n  b,\n} from './ab'\n"
    assert imports(text) == [Import("./ab", ("a", "b"), ("a", "b"), 3)]


def test_commented_out_imports_import_nothing() -> None:
    text = "// import x from './x'\n/* import y from './y'\n*/\nimport z from './z'\n"
    assert [(i.spec, i.line) for i in imports(text)] == [("./z", 4)]


def test_a_side_effect_import_binds_nothing_and_leaves_the_next_one_whole() -> None:
    text = "import './polyfill'\nimport main from './main'\n"
    assert [(i.spec, i.bound) for i in imports(text)] == [("./main", ("main",))]


def test_code_of_keeps_line_breaks_and_without_imports_drops_the_statements() -> None:
    text = "/* a\n b */ import x from './x'\nx() // call\n"
    assert code_of(text).count("\n") == text.count("\n")
    assert without_imports(text).split() == ["x()"]


def test_named_pairs_what_the_module_calls_each_name_with_what_the_file_does() -> None:
    text = ("import total, {add, sub as minus} from 'calc'\nimport * as api from './api'\n"
            "const {a, b: c} = require('./ab')\nconst cart = require('./cart')\n")
    assert [i.named for i in imports(text)] == [
        (("default", "total"), ("add", "add"), ("sub", "minus")), (("*", "api"),),
        (("a", "a"), ("b", "c")), (("*", "cart"),)]


def test_reexports_pair_what_the_module_calls_each_name_with_what_this_one_exports() -> None:
    text = ('export { parse, parse as parseCookie } from "./cookie/parse.ts";\n'
            "export {\n  default as dedent,\n} from './dedent'\nexport * from './all';\n"
            "export * as ns from './ns';\n// export { gone } from './gone';\n"
            "export type { Cookies } from './types';\nexport type * from './types';\n"
            "export { local };\nexport const x = 1;\n")
    assert [(i.spec, i.named, i.line) for i in reexports(text)] == [
        ("./cookie/parse.ts", (("parse", "parse"), ("parse", "parseCookie")), 1),
        ("./dedent", (("default", "dedent"),), 2), ("./all", (("*", "*"),), 5),
        ("./ns", (("*", "ns"),), 6)]


def test_declared_are_the_top_level_declarations_outside_comments() -> None:
    text = ("export function parse() {}\nexport default class Jar {}\nconst a = 1, b = 2;\n"
            "declare const g: number;\nexport enum Kind {}\n// function gone() {}\n"
            "  function inner() {}\n")
    assert declared(text) == ["parse", "Jar", "a", "g", "Kind"]


def test_exported_pairs_each_own_name_with_the_name_it_is_exported_as() -> None:
    text = ("export { a, b as c };\nexport const expect = 1;\nexport async function f() {}\n"
            "export default main;\nexports.x = 2;\nmodule.exports.y = 3;\n"
            "export { z } from './z';\nexport type { T };\n// export { gone };\n")
    assert sorted(exported(text)) == [("a", "a"), ("b", "c"), ("expect", "expect"), ("f", "f"),
                                      ("main", "default"), ("x", "x"), ("y", "y")]


def test_a_relative_specifier_names_the_files_a_bundler_tries_a_package_none() -> None:
    found = module_candidates("test/unit/a.spec.ts", "../helpers")
    assert found[:3] == ("test/helpers", "test/helpers.ts", "test/helpers.tsx")
    assert "test/helpers/index.ts" in found
    # TypeScript's ES modules import the `.js` its `.ts` source compiles to
    assert module_candidates("test/a.spec.ts", "./h.js")[-2:] == ("test/h.ts", "test/h.tsx")
    assert module_candidates("test/a.spec.ts", "./h.mjs")[-1] == "test/h.mts"
    assert module_candidates("test/a.spec.ts", "vitest") == ()
    assert module_candidates("test/a.spec.ts", "../../outside") == ()
    assert module_candidates("test/a.spec.ts", "../node_modules/dep") == ()


def test_a_comment_opener_inside_a_string_is_the_strings_not_a_comment() -> None:
    # ufo's parseURL table: a URL template holding `//` no longer cuts the template open (the
    # rest of the file read as its text), so the test's parseURL call stays code
    text = ('const rows = [\n  { input: "//test" },\n'
            '  { input: String.raw`https://host.name\\@foo.bar/?url=http://0.0.0.0/` },\n'
            "  { input: 'a/*b' },\n];\n"
            "test('x', () => expect(parseURL(rows[0].input)).toEqual({})); // a comment\n"
            "/* 'a quote' in a comment */ run();\n")
    code = code_of(text)
    assert code.count("\n") == text.count("\n")
    assert len(code) == len(text)
    assert '"//test"' in code and "http://0.0.0.0/`" in code and "'a/*b'" in code
    assert "a comment" not in code and "a quote" not in code
    assert "parseURL(rows[0].input)" in code and "run();" in code


def test_the_constants_a_test_file_imports_from_the_storys_code() -> None:
    """`export const` given one literal, read by the name the test file imports it by, or
    through the module imported whole; a package's, a `let` and a computed value are none."""
    code = {"src/defaults.ts": ('export const EMPTY_LINK = "about:blank";\n'
                                "export const LIMIT: number = 2048;\n"
                                "export let mutable = 'x';\n"
                                "export const joined = EMPTY_LINK + '#';\n")}
    text = ('import { EMPTY_LINK as BLANK, LIMIT } from "../defaults";\n'
            'import * as d from "../defaults";\nimport { x } from "pkg";\n')
    assert imported_constants("src/__tests__/a.test.ts", text, code) == {
        "BLANK": '"about:blank"', "LIMIT": "2048", "d.EMPTY_LINK": '"about:blank"',
        "d.LIMIT": "2048"}
    assert written_in("expect(f(BLANK)).toBe(d.LIMIT); BLANKS; o.BLANK",
                      {"BLANK": '"about:blank"', "d.LIMIT": "2048"}) == (
        'expect(f("about:blank")).toBe(2048); BLANKS; o.BLANK')
