"""JSON Schema validation of the keywords the plugin's own schemas use (draft-07, 2020-12).

Every artifact the plugin writes is checked against its schema in `schemas/`; a general
validator library cost every review about 100 ms of importing (its metaschemas, its reference
resolver), more than validating. The plugin's schemas use a small part of the language, and
this module validates exactly that part:
- `type` (one name or a list), `enum`, `const`;
- objects: `properties`, `required`, `additionalProperties` (false, or a schema for every
  other key), `patternProperties`;
- arrays: `items` (one schema for every element), `minItems`, `uniqueItems`;
- strings: `minLength`, `pattern` (searched anywhere in the string, as the standard says);
- numbers: `minimum`, `maximum`;
- a schema is an object (`true` and `false` only as `additionalProperties`);
- `oneOf`, and `$ref` to `#/definitions/<name>` or `#/$defs/<name>` of the same schema, with
  no other keyword beside it (draft-07 ignores such keywords and 2020-12 applies them: a schema
  that needs either says so another way);
- the annotations `$schema`, `$id`, `$comment`, `title`, `description`, `default`, `examples`
  are read past.
Any other keyword, a list given to `items` or a reference elsewhere is refused when the schema
is read (`UnsupportedSchema`): a schema the plugin ships is never checked by half.

Types as the standard defines them: a boolean is no number or integer; an integer is a whole
number (`1.0` too); `enum`, `const` and `uniqueItems` compare as JSON does (`true` is not `1`).
Each violation is reported at its place in the document (a path of keys and indexes) in the
words of the reference implementation, `jsonschema` ("'how' is a required property", "-5 is
not valid under any of the given schemas"), which the tests compare against it. Standard
library only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

Path = tuple[str | int, ...]

_ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "title", "description", "default",
                          "examples", "definitions", "$defs"})
_KEYWORDS = frozenset({"type", "enum", "const", "properties", "required",
                       "additionalProperties", "patternProperties", "items", "minItems",
                       "uniqueItems", "minLength", "pattern", "minimum", "maximum", "oneOf",
                       "$ref"})
_REF = re.compile(r"#/(definitions|\$defs)/([^/]+)")


class UnsupportedSchema(ValueError):
    """A schema using what this module does not validate (module docstring)."""


@dataclass(frozen=True)
class Violation:
    path: Path
    message: str


class Validator:
    """Validates documents against one schema, checked once for what it uses."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.root = schema
        self._check(schema, "#")

    def errors(self, instance: Any) -> list[Violation]:
        """Every violation of the schema by `instance`; empty when valid."""
        return list(self._validate(instance, self.root, ()))

    def is_valid(self, instance: Any, schema: Any) -> bool:
        return next(self._validate(instance, schema, ()), None) is None

    def _check(self, schema: Any, where: str) -> None:
        if not isinstance(schema, Mapping):
            raise UnsupportedSchema(f"{where}: a schema must be an object")
        unknown = sorted(set(schema) - _KEYWORDS - _ANNOTATIONS)
        if unknown:
            raise UnsupportedSchema(f"{where}: unsupported keyword {unknown[0]!r}")
        if "$ref" in schema:
            if set(schema) - _ANNOTATIONS - {"$ref"}:
                raise UnsupportedSchema(f"{where}: $ref with other keywords beside it")
            self._target(schema["$ref"], where)
        if "items" in schema and not isinstance(schema["items"], Mapping):
            raise UnsupportedSchema(f"{where}: items must be one schema")
        for key in ("definitions", "$defs", "properties", "patternProperties"):
            for name, sub in schema.get(key, {}).items():
                self._check(sub, f"{where}/{key}/{name}")
        if "items" in schema:
            self._check(schema["items"], f"{where}/items")
        if not isinstance(schema.get("additionalProperties", True), bool):
            self._check(schema["additionalProperties"], f"{where}/additionalProperties")
        for index, sub in enumerate(schema.get("oneOf", ())):
            self._check(sub, f"{where}/oneOf/{index}")

    def _target(self, ref: str, where: str) -> Any:
        found = _REF.fullmatch(ref)
        if not found or found.group(2) not in self.root.get(found.group(1), {}):
            raise UnsupportedSchema(f"{where}: unresolvable or outside reference {ref!r}")
        return self.root[found.group(1)][found.group(2)]

    def _validate(self, instance: Any, schema: Any, path: Path) -> Iterator[Violation]:
        if "$ref" in schema:
            yield from self._validate(instance, self._target(schema["$ref"], ""), path)
            return
        for keyword, value in schema.items():
            check = _CHECKS.get(keyword)
            if check is not None:
                yield from check(self, value, instance, schema, path)


def is_type(instance: Any, name: str) -> bool:
    """Whether `instance` (parsed JSON) is of the JSON Schema type `name`."""
    if name == "integer":
        return (isinstance(instance, int) and not isinstance(instance, bool)) or (
            isinstance(instance, float) and instance.is_integer())
    if name == "number":
        return isinstance(instance, (int, float)) and not isinstance(instance, bool)
    kind = _TYPES.get(name)
    return kind is not None and isinstance(instance, kind) and not (
        name != "boolean" and isinstance(instance, bool))


_TYPES: dict[str, type | tuple[type, ...]] = {
    "string": str, "object": dict, "array": list, "boolean": bool, "null": type(None)}


def equal(one: Any, two: Any) -> bool:
    """JSON equality: `true` is not `1`, in lists and objects too."""
    if isinstance(one, bool) or isinstance(two, bool):
        return isinstance(one, bool) and isinstance(two, bool) and one == two
    if isinstance(one, list) and isinstance(two, list):
        return len(one) == len(two) and all(map(equal, one, two))
    if isinstance(one, dict) and isinstance(two, dict):
        return one.keys() == two.keys() and all(equal(one[k], two[k]) for k in one)
    return bool(one == two) and isinstance(one, str) == isinstance(two, str)


Check = Any  # (validator, keyword value, instance, schema, path) -> Iterator[Violation]


def _type(v: Validator, types: Any, instance: Any, schema: Any, path: Path
          ) -> Iterator[Violation]:
    names = [types] if isinstance(types, str) else list(types)
    if not any(is_type(instance, name) for name in names):
        yield Violation(path, f"{instance!r} is not of type {', '.join(map(repr, names))}")


def _enum(v: Validator, enums: Any, instance: Any, schema: Any, path: Path
          ) -> Iterator[Violation]:
    if not any(equal(each, instance) for each in enums):
        yield Violation(path, f"{instance!r} is not one of {enums!r}")


def _const(v: Validator, const: Any, instance: Any, schema: Any, path: Path
           ) -> Iterator[Violation]:
    if not equal(instance, const):
        yield Violation(path, f"{const!r} was expected")


def _properties(v: Validator, properties: Any, instance: Any, schema: Any, path: Path
                ) -> Iterator[Violation]:
    if isinstance(instance, dict):
        for name, sub in properties.items():
            if name in instance:
                yield from v._validate(instance[name], sub, (*path, name))


def _required(v: Validator, required: Any, instance: Any, schema: Any, path: Path
              ) -> Iterator[Violation]:
    if isinstance(instance, dict):
        for name in required:
            if name not in instance:
                yield Violation(path, f"{name!r} is a required property")


def _additional(v: Validator, allowed: Any, instance: Any, schema: Any, path: Path
                ) -> Iterator[Violation]:
    if not isinstance(instance, dict):
        return
    known = schema.get("properties", {})
    patterns = list(schema.get("patternProperties", {}))
    extras = sorted((k for k in instance if k not in known
                     and not any(_pattern(p).search(k) for p in patterns)), key=str)
    if isinstance(allowed, Mapping):
        for extra in extras:
            yield from v._validate(instance[extra], allowed, (*path, extra))
    elif allowed is False and extras:
        if patterns:
            verb = "does" if len(extras) == 1 else "do"
            yield Violation(path, f"{', '.join(map(repr, extras))} {verb} not match any of "
                                  f"the regexes: {', '.join(map(repr, sorted(patterns)))}")
        else:
            verb = "was" if len(extras) == 1 else "were"
            yield Violation(path, f"Additional properties are not allowed "
                                  f"({', '.join(map(repr, extras))} {verb} unexpected)")


def _pattern_properties(v: Validator, patterns: Any, instance: Any, schema: Any, path: Path
                        ) -> Iterator[Violation]:
    if isinstance(instance, dict):
        for pattern, sub in patterns.items():
            for key, value in instance.items():
                if _pattern(pattern).search(key):
                    yield from v._validate(value, sub, (*path, key))


def _items(v: Validator, items: Any, instance: Any, schema: Any, path: Path
           ) -> Iterator[Violation]:
    if isinstance(instance, list):
        for index, item in enumerate(instance):
            yield from v._validate(item, items, (*path, index))


def _min_size(kind: type[list[Any]] | type[str]) -> Check:
    """`minItems` (a list) or `minLength` (a string): at least so many items or characters."""
    def check(v: Validator, least: Any, instance: Any, schema: Any, path: Path
              ) -> Iterator[Violation]:
        if isinstance(instance, kind) and len(instance) < least:
            yield Violation(path, f"{instance!r} "
                                  f"{'should be non-empty' if least == 1 else 'is too short'}")
    return check


def _unique(v: Validator, unique: Any, instance: Any, schema: Any, path: Path
            ) -> Iterator[Violation]:
    if unique and isinstance(instance, list) and any(
            equal(a, b) for i, a in enumerate(instance) for b in instance[i + 1:]):
        yield Violation(path, f"{instance!r} has non-unique elements")


def _string_pattern(v: Validator, pattern: Any, instance: Any, schema: Any, path: Path
                    ) -> Iterator[Violation]:
    if isinstance(instance, str) and not _pattern(pattern).search(instance):
        yield Violation(path, f"{instance!r} does not match {pattern!r}")


def _minimum(v: Validator, least: Any, instance: Any, schema: Any, path: Path
             ) -> Iterator[Violation]:
    if is_type(instance, "number") and instance < least:
        yield Violation(path, f"{instance!r} is less than the minimum of {least!r}")


def _maximum(v: Validator, most: Any, instance: Any, schema: Any, path: Path
             ) -> Iterator[Violation]:
    if is_type(instance, "number") and instance > most:
        yield Violation(path, f"{instance!r} is greater than the maximum of {most!r}")


def _one_of(v: Validator, options: Any, instance: Any, schema: Any, path: Path
            ) -> Iterator[Violation]:
    valid = [sub for sub in options if v.is_valid(instance, sub)]
    if not valid:
        yield Violation(path, f"{instance!r} is not valid under any of the given schemas")
    elif len(valid) > 1:  # the first valid one is named last, as the reference words it
        shown = ", ".join(map(repr, [*valid[1:], valid[0]]))
        yield Violation(path, f"{instance!r} is valid under each of {shown}")


_CHECKS: dict[str, Check] = {
    "type": _type, "enum": _enum, "const": _const, "properties": _properties,
    "required": _required, "additionalProperties": _additional,
    "patternProperties": _pattern_properties, "items": _items, "minItems": _min_size(list),
    "uniqueItems": _unique, "minLength": _min_size(str), "pattern": _string_pattern,
    "minimum": _minimum, "maximum": _maximum, "oneOf": _one_of,
}


@cache
def _pattern(source: str) -> re.Pattern[str]:
    return re.compile(source)


def render(path: Path) -> str:
    """A document path as `$.key[0].other`."""
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
