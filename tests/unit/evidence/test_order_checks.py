from __future__ import annotations

import pytest

from gaia_lib.evidence.order_checks import order_blind, promises_an_order, promises_key_order


@pytest.mark.parametrize(("source", "blind"), [
    # natsort's test rewritten to sort both sides: passes whatever order natsorted returns
    ("def test_x():\n    r = natsorted(x)\n    assert sorted(r) == sorted(expected)\n",
     "assert sorted(r) == sorted(expected)"),
    ("def test_x():\n    assert set(f(x)) == {1, 2}\n", "assert set(f(x)) == {1, 2}"),
    ("def test_x():\n    assert Counter(f(x)) == Counter('aab')\n",
     "assert Counter(f(x)) == Counter('aab')"),
    ("    self.assertCountEqual(result, [1, 2])\n", "self.assertCountEqual(result, [1, 2])"),
    ("    self.assertEqual(set(result), set(expected))\n",
     "self.assertEqual(set(result), set(expected))"),
    # sorting the result by the code's own comparison is how a test checks that order
    # (semantic_version's Version ordering; its precedence key)
    ("    self.assertEqual(sorted(versions), [v1, v2])\n", None),
    ("def test_x():\n    assert sorted([v2, v1]) == [v1, v2]\n", None),
    ("    self.assertEqual(\n        sorted(a, key=lambda v: v.precedence_key),\n"
     "        sorted(b, key=lambda v: v.precedence_key),\n    )\n", None),
    ("it('x', () => {\n  expect(f(a)).toEqual(expect.arrayContaining([1, 2]));\n});\n",
     "expect(f(a)).toEqual(expect.arrayContaining([1, 2]))"),
    ("it('x', () => {\n  expect([...f(a)].sort()).toEqual([1, 2]);\n});\n",
     "expect([...f(a)].sort()).toEqual([1, 2])"),
    ("it('x', () => {\n  expect(new Set(f(a))).toEqual(new Set([1, 2]));\n});\n",
     "expect(new Set(f(a))).toEqual(new Set([1, 2]))"),
    ("func TestX(t *testing.T) {\n\tassert.ElementsMatch(t, []int{1, 2}, got)\n}\n",
     "assert.ElementsMatch(t, []int{1, 2}, got)"),
    # the result as it comes back: its order is checked
    ("def test_x():\n    assert natsorted(x) == ['a2', 'a10']\n", None),
    # a sorted() on the right is the expected value the test computes
    ("def test_x():\n    assert natsorted(x) == sorted(x, key=int)\n", None),
    # one order-blind check beside one that sees the order
    ("it('x', () => {\n  expect(f(a).sort()).toEqual([1, 2]);\n  expect(g(a)).toEqual([2, 1]);\n"
     "});\n", None),
    ("func TestX(t *testing.T) {\n\tif got := f(); !reflect.DeepEqual(got, want) {\n"
     "\t\tt.Errorf(\"got %v\", got)\n\t}\n}\n", None),
    ("def test_x():\n    f(x)\n", None),  # no check at all: nothing to call blind
    # the expected value named before the check is no check of its own (natsort's)
    ("def test_x(float_list):\n    expected = ['a5.034e1', 'a50']\n"
     "    assert sorted(natsorted(float_list)) == sorted(expected)\n",
     "assert sorted(natsorted(float_list)) == sorted(expected)"),
    # a Go guard beside ElementsMatch compares as it is
    ("func TestX(t *testing.T) {\n\tassert.ElementsMatch(t, want, got)\n"
     "\tif got[0] != \"a\" {\n\t\tt.Fatal(got)\n\t}\n}\n", None),
])
def test_a_check_that_puts_the_result_in_order_first_cannot_see_its_order(
        source: str, blind: str | None) -> None:
    assert order_blind(source) == blind


@pytest.mark.parametrize(("then", "promised"), [
    ("then its errors are ordered by their text", True),
    ("then those digits sort together with the same numbers in ASCII", True),
    ("then the keys come back in insertion order", True),
    ("then the list is reversed", True),
    ("then 5 is returned", False),
    ("then the sorter is configured", False),  # a word of its own, not inside another
])
def test_an_order_is_promised_by_the_words_of_the_then(then: str, promised: bool) -> None:
    assert promises_an_order(then) is promised


@pytest.mark.parametrize(("source", "blind"), [
    # svelte-jsoneditor's key sorting, its expected order reversed: still passes
    ("test('x', () => {\n  assert.deepStrictEqual(sortObjectKeys(o, [], -1), { b: 1, a: 2 })\n"
     "})\n", "assert.deepStrictEqual(sortObjectKeys(o, [], -1), { b: 1, a: 2 })"),
    ("it('x', () => {\n  expect(sortKeys(o)).toEqual({ a: 1, b: 2 });\n});\n",
     "expect(sortKeys(o)).toEqual({ a: 1, b: 2 })"),
    ("def test_x():\n    assert sort_keys(d) == {'a': 1, 'b': 2}\n",
     "assert sort_keys(d) == {'a': 1, 'b': 2}"),
    ("    self.assertEqual(sort_keys(d), dict(a=1, b=2))\n",
     "self.assertEqual(sort_keys(d), dict(a=1, b=2))"),
    ("    self.assertDictEqual(sort_keys(d), expected)\n",
     "self.assertDictEqual(sort_keys(d), expected)"),
    # the keys as a list, or the text the object is written as, show their order
    ("it('x', () => {\n  expect(Object.keys(sortKeys(o))).toEqual(['a', 'b']);\n});\n", None),
    ("test('x', () => {\n  assert.deepStrictEqual(sortObjectKeys(o), { a: 1, b: 2 })\n"
     "  assert.strictEqual(JSON.stringify(sortObjectKeys(o)), '{\"a\":1,\"b\":2}')\n})\n",
     None),
    ("def test_x():\n    assert list(sort_keys(d)) == ['a', 'b']\n", None),
    # a list compared as it comes back sees its order, keys or not
    ("it('x', () => {\n  expect(sortBy(rows, 'name')).toEqual([{ name: 'a' }, { name: 'b' }]);\n"
     "});\n", None),
])
def test_a_check_comparing_an_object_written_out_cannot_see_its_key_order(
        source: str, blind: str | None) -> None:
    assert order_blind(source, keys=True) == blind
    if blind is not None:  # nor is it blind to an order that is no key order
        assert order_blind(source) is None


@pytest.mark.parametrize(("then", "promised"), [
    ("then the object's keys are sorted in descending order", True),
    ("then the properties come back in alphabetical order", True),
    ("then the rows are sorted by their key", True),
    ("then the keys are all kept", False),  # keys, but no order
    ("then the list is sorted", False),  # an order, but no keys
])
def test_an_order_of_keys_is_promised_by_order_and_key_words(then: str, promised: bool) -> None:
    assert promises_key_order(then) is promised
