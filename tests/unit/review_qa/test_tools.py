from __future__ import annotations

from gaia_lib.review_qa import tools
from gaia_lib.story.parser import load_story
from helpers.projects import Project


def test_story_test_files_are_the_existing_test_entries_of_the_file_list(project: Project) -> None:
    project.write("tests/test_signup.py", "def test_x(): pass\n")
    project.write("src/app/signup.py", "x = 1\n")
    project.write("web/signup.test.ts", "test('x', () => {})\n")
    story = project.add_story("E1-S1", file_list=[
        "src/app/signup.py", "tests/test_signup.py", "web/signup.test.ts", "tests/test_gone.py"])
    assert tools.story_test_files(project.root, load_story(story)) == [
        "tests/test_signup.py", "web/signup.test.ts"]
