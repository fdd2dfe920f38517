from __future__ import annotations

from pathlib import Path

from gaia_lib.stacks import coverage_config

# A library's pyproject.toml that leaves re-raises and its converters out of coverage, as
# python-box's does (`raise err` after a transform's missing default, `def to_...`).
PYPROJECT = '''[project]
name = "boxes"

[tool.coverage.report]
omit = ["*/test/*"]
exclude_lines = [
    "pragma: no cover",
    "raise err",
    'raise KeyError\\(f"{key}',
    "def to_",
]
'''


def test_pyproject_s_report_table_gives_its_exclude_lines_as_written() -> None:
    found = coverage_config.report_exclusions({"pyproject.toml": PYPROJECT})
    assert found == {"exclude_lines": ["pragma: no cover", "raise err",
                                       'raise KeyError\\(f"{key}', "def to_"]}


def test_an_ini_file_gives_one_expression_a_line_and_exclude_also() -> None:
    setup_cfg = ("[metadata]\nname = boxes\n\n[coverage:report]\nexclude_also =\n"
                 "    raise err\n    if TYPE_CHECKING:\n")
    assert coverage_config.report_exclusions({"setup.cfg": setup_cfg}) == {
        "exclude_also": ["raise err", "if TYPE_CHECKING:"]}


def test_the_first_file_coverage_reads_wins_and_a_file_without_its_section_is_passed() -> None:
    coveragerc = "[report]\nexclude_lines =\n    never run\n"
    setup_cfg = "[metadata]\nname = boxes\n"  # no coverage section: coverage.py reads on
    assert coverage_config.report_exclusions(
        {".coveragerc": coveragerc, "pyproject.toml": PYPROJECT}) == {
        "exclude_lines": ["never run"]}
    assert coverage_config.report_exclusions(
        {"setup.cfg": setup_cfg, "pyproject.toml": PYPROJECT})["exclude_lines"][1] == "raise err"
    # A coverage run section without a report one: that file is coverage.py's, with no exclusion
    assert coverage_config.report_exclusions(
        {"setup.cfg": "[coverage:run]\nbranch = true\n", "pyproject.toml": PYPROJECT}) == {}


def test_a_file_that_does_not_parse_or_sets_nothing_gives_nothing(tmp_path: Path) -> None:
    assert coverage_config.report_exclusions({"tox.ini": "[coverage:report\nbroken"}) == {}
    assert coverage_config.report_exclusions({"pyproject.toml": "[tool.coverage.run]\n"}) == {}
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    assert list(coverage_config.read(tmp_path)) == ["pyproject.toml"]
