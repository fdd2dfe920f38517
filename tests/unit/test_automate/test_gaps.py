from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.test_automate import gaps


def _w(root: Path, rel: str, text: str) -> str:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return rel


@pytest.fixture()
def py_project(tmp_path: Path) -> Path:
    _w(tmp_path, "src/shop/cart.py", "import json\n\nTAX = 0.2\n\n\ndef add(cart, item):\n    return cart\n\n\nclass Cart:\n    pass\n")
    _w(tmp_path, "tests/conftest.py", "import pytest\n\n\n@pytest.fixture\ndef cart():\n    return []\n\n\n@pytest.fixture(name='admin')\ndef _admin():\n    return 1\n")
    return tmp_path


def test_python_fixtures_from_every_legal_source_are_found(py_project: Path) -> None:
    rel = _w(py_project, "tests/unit/test_cart.py", """
import pytest
from shop.cart import add, Cart, TAX


@pytest.fixture
def item():
    return 1


@pytest.mark.parametrize("qty", [1, 2])
def test_ac1_add(cart, item, admin, qty, tmp_path, monkeypatch):
    assert add(cart, item) == cart
""")
    found = gaps.analyse(py_project, [rel], ["src/shop/cart.py"], {"AC1": "P0"}, "P1")
    assert found == []


def test_missing_fixture_is_critical_on_a_p0_ac_and_warning_otherwise(py_project: Path) -> None:
    rel = _w(py_project, "tests/test_more.py", """
def test_ac1_refund(admin_session):
    assert admin_session


def test_ac2_coupon(coupon_code):
    \"\"\"Covers AC2.\"\"\"
    assert coupon_code
""")
    found = gaps.analyse(py_project, [rel], [], {"AC1": "P0", "AC2": "P2"}, "P1")
    assert [(f.category, f.severity, f.ac, f.line) for f in found] == [
        ("missing-fixture", "critical", "AC1", 2), ("missing-fixture", "warning", "AC2", 6)]
    assert "admin_session" in found[0].message


def test_importing_a_name_the_file_list_module_lacks_is_untestable(py_project: Path) -> None:
    rel = _w(py_project, "tests/test_audit.py",
             "from shop.cart import build_audit_row, add\n\n\ndef test_x():\n    assert build_audit_row\n")
    found = gaps.analyse(py_project, [rel], ["src/shop/cart.py"], {}, "P2")
    assert [(f.category, f.severity, f.line) for f in found] == [("untestable-assertion", "critical", 1)]
    assert "build_audit_row" in found[0].message
    # a module outside the File List is not judged
    assert gaps.analyse(py_project, [rel], [], {}, "P2") == []


def test_network_without_mocks_is_a_warning(py_project: Path) -> None:
    bare = _w(py_project, "tests/test_net.py", "import requests\n\n\ndef test_x():\n    requests.get('https://e.invalid')\n")
    mocked = _w(py_project, "tests/test_net2.py", "import requests\nfrom unittest import mock\n\n\ndef test_x():\n    with mock.patch('requests.get'):\n        requests.get('u')\n")
    found = gaps.analyse(py_project, [bare, mocked], [], {}, None)
    assert [(f.file, f.category, f.severity) for f in found] == [
        ("tests/test_net.py", "unmocked-network", "warning")]


def test_js_untestable_import_missing_fixture_and_network(tmp_path: Path) -> None:
    _w(tmp_path, "src/users.ts", "export function deleteUser(id: string) {}\nconst x = 1;\nexport { x as shown };\n")
    _w(tmp_path, "tests/fixtures/present.json", "{}")
    rel = _w(tmp_path, "tests/users.test.ts", """import { deleteUser, buildUserAuditRow, shown } from '../src/users';
import axios from 'axios';

it('AC1: admin deletes user', async () => {
  const s = loadFixture('admin-session');
  const p = loadFixture('present');
  await axios.get('/x');
  expect(buildUserAuditRow()).toEqual({});
});
""")
    found = gaps.analyse(tmp_path, [rel], ["src/users.ts"], {"AC1": "P0"}, "P1")
    assert [(f.category, f.severity, f.line, f.ac) for f in found] == [
        ("untestable-assertion", "critical", 1, ""),
        ("unmocked-network", "warning", 2, ""),
        ("missing-fixture", "critical", 5, "AC1"),
    ]
    assert "buildUserAuditRow" in found[0].message and "admin-session" in found[2].message


def test_js_mocks_silence_the_network_finding(tmp_path: Path) -> None:
    rel = _w(tmp_path, "a.test.js", "import axios from 'axios';\nvi.mock('axios');\nit('x', () => axios.get('/'));\n")
    assert gaps.analyse(tmp_path, [rel], [], {}, None) == []


def test_unparseable_and_unreadable_files_are_skipped(tmp_path: Path) -> None:
    rel = _w(tmp_path, "tests/test_broken.py", "def test_(:\n")
    assert gaps.analyse(tmp_path, [rel, "tests/missing.py"], [], {}, "P0") == []


@pytest.mark.parametrize(("texts", "ac"), [(("test_ac_3_x",), "AC3"), (("t", "covers AC-EC2"), "AC-EC2"), (("nothing",), "")])
def test_ac_of(texts: tuple[str, ...], ac: str) -> None:
    assert gaps.ac_of(*texts) == ac
