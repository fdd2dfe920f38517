from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gaia_lib.core import schema
from gaia_lib.core.json_schema import UnsupportedSchema, Validator, equal, is_type

NAMES = ("analysis-results", "execution-evidence", "project-config", "qa-test-cases",
         "test-automate-execution")

# Any JSON value, small: what a mutation puts in a document's place.
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.sampled_from([0.0, 1.0, -2.5, 1e9])
    | st.sampled_from(["", "AC1", "AC-EC2", "E1-S1", "local", "name", "P0", "failed", "1.0"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["name", "x", "id", "test", "ok"]), inner, max_size=3),
    max_leaves=6)


def reference(instance: Any, name: str) -> list[str]:
    """The violations as the reference implementation, jsonschema, words and places them."""
    document = schema.load_schema(name)
    validator = jsonschema.validators.validator_for(document)(document)
    return sorted("$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                                for p in error.absolute_path) + f": {error.message}"
                  for error in validator.iter_errors(instance))


def instances(node: Any, root: dict[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Documents a schema describes, drawn from its own keywords (valid, mostly: two oneOf
    options, a repeated list item or an unmatched pattern key may break it), then mutated."""
    if depth > 8:
        return JSON
    if "$ref" in node:
        kind, _, key = node["$ref"][2:].partition("/")
        return instances(root[kind][key], root, depth + 1)
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    if "oneOf" in node:
        return st.one_of([instances(option, root, depth + 1) for option in node["oneOf"]])
    kinds = node.get("type", "object" if "properties" in node else None)
    kinds = [kinds] if isinstance(kinds, str) else kinds or ["string"]
    return st.one_of([_of_type(kind, node, root, depth) for kind in kinds])


def _of_type(kind: str, node: dict[str, Any], root: dict[str, Any], depth: int
             ) -> st.SearchStrategy[Any]:
    if kind == "string":
        if "pattern" in node:
            return st.from_regex(node["pattern"])
        return st.text(min_size=node.get("minLength", 0), max_size=6)
    if kind in ("integer", "number"):
        return st.integers(node.get("minimum", -5), node.get("maximum", 10**6))
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "array":
        return st.lists(instances(node["items"], root, depth + 1) if "items" in node else JSON,
                        min_size=node.get("minItems", 0), max_size=3)
    properties = node.get("properties", {})
    required = set(node.get("required", ()))
    optional = {k: instances(v, root, depth + 1) for k, v in properties.items()
                if k not in required}
    return st.fixed_dictionaries(
        {k: instances(properties[k], root, depth + 1) if k in properties else JSON
         for k in sorted(required)},
        optional=optional)


@st.composite
def mutated(draw: st.DrawFn, name: str) -> Any:
    """A document of the schema, then up to three changes anywhere in it: a key dropped, a key
    added, a value replaced by any JSON value, or nudged to an edge (a number past its bounds,
    a string emptied or given a stray character, a list emptied or an item repeated)."""
    document = draw(instances(schema.load_schema(name), schema.load_schema(name)))
    for _ in range(draw(st.integers(0, 3))):
        places = list(_places(document))
        if not places:
            break
        container, key = draw(st.sampled_from(places))
        action = draw(st.sampled_from(["drop", "add", "replace", "nudge"]))
        if action == "nudge":
            container[key] = draw(_nudged(container[key]))
        elif action == "drop" and isinstance(container, dict):
            del container[key]
        elif action == "add" and isinstance(container, dict):
            container[draw(st.sampled_from(["extra", "name", "x"]))] = draw(JSON)
        else:
            container[key] = draw(JSON)
    return document


def _nudged(value: Any) -> st.SearchStrategy[Any]:
    if isinstance(value, bool) or value is None:
        return st.sampled_from([not value, 0, "true"])
    if isinstance(value, (int, float)):
        return st.sampled_from([-1, 0, value - 1, value + 0.5, 101, 10**7])
    if isinstance(value, str):
        return st.sampled_from(["", value + " ", "x" + value, value.lower(), value[:-1]])
    if isinstance(value, list):
        return st.sampled_from([[], value + value[:1], value[1:]])
    return st.just({})


def _places(value: Any) -> Any:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield value, key
            yield from _places(inner)
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield value, index
            yield from _places(inner)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_document_is_judged_as_the_reference_implementation_judges_it(
        name: str, data: st.DataObject) -> None:
    document = data.draw(mutated(name))
    assert schema.errors(document, name) == reference(document, name)


@pytest.mark.parametrize("name", NAMES)
def test_the_shipped_schemas_are_valid_for_their_draft(name: str) -> None:
    document = schema.load_schema(name)
    jsonschema.validators.validator_for(document).check_schema(document)


@pytest.mark.parametrize(("fragment", "why"), [
    ({"type": "string", "maxLength": 3}, "unsupported keyword 'maxLength'"),
    ({"properties": {"a": {"anyOf": [{"type": "string"}]}}}, "unsupported keyword 'anyOf'"),
    ({"$ref": "#/definitions/a", "type": "string"}, "with other keywords beside it"),
    ({"$ref": "other.json#/definitions/a"}, "outside reference"),
    ({"$ref": "#/definitions/missing"}, "unresolvable"),
    ({"items": [{"type": "string"}]}, "items must be one schema"),
    ({"oneOf": [{"type": "string"}, 3]}, "must be an object"),
    ({"properties": {"a": True}}, "must be an object"),
])
def test_a_schema_using_what_is_not_validated_is_refused(fragment: dict[str, Any],
                                                         why: str) -> None:
    with pytest.raises(UnsupportedSchema, match=why):
        Validator({"definitions": {"a": {"type": "string"}}, **fragment})


def test_types_are_jsons_not_pythons() -> None:
    assert is_type(1.0, "integer") and not is_type(1.5, "integer")
    assert not is_type(True, "integer") and not is_type(False, "number")
    assert is_type(True, "boolean") and not is_type(1, "boolean")
    assert is_type(None, "null") and not is_type([], "object") and not is_type({}, "array")
    assert not equal(True, 1) and not equal([0], [False]) and equal(1, 1.0)
    assert equal({"a": [1, "x"]}, {"a": [1.0, "x"]}) and not equal("1", 1)


def test_a_violation_is_placed_where_it_is() -> None:
    document = {"type": "object", "properties": {"rows": {"type": "array", "items": {
        "type": "object", "required": ["id"], "additionalProperties": False,
        "properties": {"id": {"type": "integer", "minimum": 1}}}}}}
    found = Validator(document).errors({"rows": [{"id": 1}, {"id": 0, "x": 2}, {}]})
    assert sorted((v.path, v.message) for v in found) == [
        (("rows", 1), "Additional properties are not allowed ('x' was unexpected)"),
        (("rows", 1, "id"), "0 is less than the minimum of 1"),
        (("rows", 2), "'id' is a required property")]


@pytest.mark.parametrize(("fragment", "instance", "violations"), [
    ({"minimum": 0, "maximum": 10}, -1, 1),
    ({"minimum": 0, "maximum": 10}, 10.5, 1),
    ({"minimum": 0}, True, 0),  # no number: no bound applies
    ({"uniqueItems": True}, [1, True, 1.0], 1),
    ({"uniqueItems": True}, [{"a": [1]}, {"a": [True]}], 0),
    ({"uniqueItems": True}, [{"a": [1]}, {"a": [1]}], 1),
    ({"minItems": 2}, [1], 1),
    ({"minItems": 1}, [], 1),
    ({"minLength": 2}, "a", 1),
    ({"pattern": "^a"}, "ba", 1),
    ({"pattern": "b"}, "abc", 0),  # searched, not matched
    ({"oneOf": [{"type": "integer"}, {"minimum": 0}]}, 3, 1),
    ({"oneOf": [{"type": "integer"}, {"type": "string"}]}, 2.5, 1),
    ({"enum": [1, "a", None]}, True, 1),
    ({"const": False}, 0, 1),
    ({"type": ["string", "null"]}, 1, 1),
    ({"patternProperties": {"^x": {"type": "integer"}}, "additionalProperties": False},
     {"xa": "1", "b": 1, "c": 2}, 2),
    ({"properties": {"a": {"type": "integer"}}, "additionalProperties": {"type": "string"}},
     {"a": 1, "b": 2, "c": "x"}, 1),
])
def test_each_keyword_words_its_violation_as_the_reference_does(
        fragment: dict[str, Any], instance: Any, violations: int) -> None:
    document = {"$schema": "http://json-schema.org/draft-07/schema#", **fragment}
    ours = sorted(f"{v.path}: {v.message}" for v in Validator(document).errors(instance))
    theirs = sorted(f"{tuple(e.absolute_path)}: {e.message}"
                    for e in jsonschema.Draft7Validator(document).iter_errors(instance))
    assert ours == theirs and len(ours) == violations
