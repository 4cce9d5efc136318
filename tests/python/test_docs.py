# docs/python.md runs as written: its ```python blocks in order, in one namespace, each printing
# exactly the ```text block that follows it (a block with device="cuda" only where a GPU is); and the
# README's Python example runs.
import contextlib
import io
import re

from conftest import SOURCE_DIR
import wavemma

DOC = SOURCE_DIR / "docs" / "python.md"
README = SOURCE_DIR / "README.md"


def blocks(text):
    return [(m.group(1), m.group(2)) for m in re.finditer(r"^```(\w*)\n(.*?)^```$", text, re.S | re.M)]


def test_python_md_runs_as_written():
    found = blocks(DOC.read_text())
    namespace = {}
    ran = compared = 0
    for n, (lang, code) in enumerate(found):
        if lang != "python" or ('device="cuda"' in code and not wavemma.cuda_available()[0]):
            continue
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"{DOC.name} block {n}", "exec"), namespace)
        ran += 1
        if n + 1 < len(found) and found[n + 1][0] == "text":
            assert out.getvalue() == found[n + 1][1], f"block {n}: printed\n{out.getvalue()}"
            compared += 1
    assert ran >= 8 and compared == ran


def test_the_readme_example_runs():
    code = [c for lang, c in blocks(README.read_text()) if lang == "python"]
    assert code
    namespace = {}
    for c in code:
        exec(compile(c, README.name, "exec"), namespace)
    assert namespace["d942"].shape == namespace["d1201"].shape == (16, 16)
