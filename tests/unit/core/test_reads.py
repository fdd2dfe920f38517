from __future__ import annotations

from pathlib import Path

from gaia_lib.core import reads


def test_the_head_of_a_file_up_to_the_limit_with_bad_bytes_replaced(tmp_path: Path) -> None:
    path = tmp_path / "conftest.py"
    path.write_bytes(b"import os\n\xff\xfe" + b"x" * 5000)
    text = reads.head_text(path, 100)
    assert text is not None and text.startswith("import os\n\ufffd\ufffd")
    assert len(text.encode("utf-8")) == 100 + 2 * 2  # two replacement characters, 3 bytes each
    assert reads.head_text(path, 1 << 20) is not None


def test_what_cannot_be_read_is_none_and_an_empty_file_is_empty(tmp_path: Path) -> None:
    assert reads.head_text(tmp_path / "missing.py", 100) is None
    assert reads.head_text(tmp_path, 100) is None  # a directory
    (tmp_path / "empty.py").write_text("")
    assert reads.head_text(tmp_path / "empty.py", 100) == ""
