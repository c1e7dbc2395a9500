"""The release: the wheel and sdist build, pass ``twine check``, the wheel holds every module and data file of the
package, and installed alone (the core, no extras) into a clean virtual environment it imports every module (or names
the extra one needs), runs ``hanoi`` (a search in compiled kernels included), and names the extra a missing feature
needs. The doctests run from the source tree (pyproject.toml's testpaths), not again here: run in the clean
environment they compiled every kernel anew (~80 CPU-s)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import textwrap
import tomllib
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from packaging.requirements import Requirement

import hanoikit
from hanoikit._extras import EXTRAS

ROOT = Path(__file__).resolve().parent.parent
LEFT_OUT = ("/.git", "/.venv", "/build", "/dist", "/site", ".egg-info", "__pycache__", ".pytest_cache", ".hypothesis")

# Run in the clean environment: every module of the installed package imported, each named with what came of it
# ("ok", "extra" when it stops at an optional module of an extra, since the core was installed alone, or the error).
IMPORT_ALL = f'''
import importlib, json, sys

from hanoikit.errors import MissingExtraError

OPTIONAL = {sorted({m for modules in EXTRAS.values() for m in modules} | {"pydantic", "starlette"})!r}
found = {{}}
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
        found[name] = "ok"
    except MissingExtraError:
        found[name] = "extra"
    except ModuleNotFoundError as error:
        found[name] = "extra" if (error.name or "").partition(".")[0] in OPTIONAL else repr(error)
    except Exception as error:
        found[name] = repr(error)
print(json.dumps(found))
'''


def _shipped(tree: Path) -> set[str]:
    """What the wheel must hold of ``tree``'s package: every module, and the package data pyproject.toml names."""
    package = tree / "src" / "hanoikit"
    files = [*package.rglob("*.py"), package / "py.typed", *(package / "web" / "static").iterdir()]
    return {path.relative_to(package.parent).as_posix() for path in files if path.is_file()}


def _modules(names: list[str]) -> list[str]:
    """The modules of the wheel's files (``hanoikit/cli/__init__.py``: ``hanoikit.cli``), ``__main__`` left out."""
    dotted = (name.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for name in names
              if name.startswith("hanoikit/") and name.endswith(".py"))
    return sorted(name for name in dotted if not name.endswith("__main__"))


def _copy_tree(target: Path) -> Path:
    """The project's files (no virtual environment, build output or caches) copied to ``target``."""

    def ignore(folder: str, names: list[str]) -> list[str]:
        return [n for n in names if any(f"{folder}/{n}".endswith(part) or n.endswith(part) for part in LEFT_OUT)]

    shutil.copytree(ROOT, target, ignore=ignore)
    return target


def _run(*args: str | Path, cwd: Path, env: dict[str, str], check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    if check:
        assert done.returncode == 0, f"{args} exited {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def test_extras_match_pyproject() -> None:
    """Every extra that names the library's optional modules exists in pyproject.toml, and ``all`` brings each."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    assert set(EXTRAS) <= set(extras)
    assert extras["all"] == [f"hanoikit[{','.join(sorted(set(EXTRAS), key=list(extras).index))}]"]
    assert "hanoikit[all,docs]" in extras["dev"]
    assert "version" in project["dynamic"]
    top = re.search(r"^## \[(\d[^\]]*)\]", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert top is not None and top[1] == hanoikit.__version__, "CHANGELOG.md's newest release is not __version__"


def _build(tree: Path, dist: Path, env: dict[str, str]) -> tuple[Path, Path]:
    """The sdist of ``tree`` and the wheel built from that sdist, as ``python -m build`` makes them, but in one isolated
    environment (holding only the build-system requirements) for both: one environment and one install less."""
    from build import ProjectBuilder
    from build.env import DefaultIsolatedEnv

    def runner(cmd: list[str], cwd: str | None = None, extra_environ: dict[str, str] | None = None) -> None:
        subprocess.run(cmd, cwd=cwd, env={**env, **(extra_environ or {})}, check=True, capture_output=True)

    with DefaultIsolatedEnv() as isolated:
        builder = ProjectBuilder.from_isolated_env(isolated, tree, runner=runner)
        isolated.install(builder.build_system_requires)
        isolated.install(builder.get_requires_for_build("sdist"))
        sdist = Path(builder.build("sdist", dist))
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}  # Python 3.11.4 and later
        with tarfile.open(sdist) as archive:
            archive.extractall(dist.parent / "unpacked", **safe)  # type: ignore[arg-type]
        builder = ProjectBuilder.from_isolated_env(
            isolated, dist.parent / "unpacked" / sdist.name.removesuffix(".tar.gz"), runner=runner
        )
        isolated.install(builder.get_requires_for_build("wheel"))
        wheel = Path(builder.build("wheel", dist))
    return sdist, wheel


def _core_requirements(metadata: str) -> set[str]:
    """The ``Requires-Dist`` of a wheel's METADATA that no extra asks for, in packaging's spelling."""
    lines = (line.partition(": ")[2] for line in metadata.splitlines() if line.startswith("Requires-Dist: "))
    return {str(Requirement(line)) for line in lines if "extra ==" not in line}


@pytest.mark.slow
def test_wheel_installs_alone_and_works(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [k for k in os.environ if k.startswith(("PYTHON", "VIRTUAL_ENV"))]:
        monkeypatch.delenv(name)  # the build, pip and the clean environment's commands see none of these
    monkeypatch.setenv("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    env = dict(os.environ)
    tree = _copy_tree(tmp_path / "tree")
    dist = tmp_path / "dist"
    venv = tmp_path / "venv"  # without pip of its own, and nothing byte-compiled ahead: 15 CPU-s less, same install
    python, hanoi = venv / "bin" / "python", venv / "bin" / "hanoi"
    pip = (sys.executable, "-m", "pip", "--python", python)
    refused = (
        (["crossings", "--algorithm", "62", "--upto", "4", "--plot", "crossings.png"], "plot"),
        (["graph", "3"], "graph"),
        (["play", "--no-browser"], "play"),
    )
    required = tomllib.loads((tree / "pyproject.toml").read_text())["project"]["dependencies"]

    # The steps that do not wait on one another run side by side: the clean environment and the core's dependencies
    # (as pyproject.toml names them; the wheel is checked below to name the same) beside the build, twine beside the
    # wheel's install, and every check of the installed wheel at once.
    def environment() -> None:
        _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path, env=env)
        _run(*pip, "install", "--quiet", "--no-compile", *required, "pytest", cwd=tmp_path, env=env)

    with ThreadPoolExecutor(max_workers=8) as pool:
        made = pool.submit(environment)
        sdist, wheel = _build(tree, dist, env)
        wheels, sdists = list(dist.glob("hanoikit-*.whl")), list(dist.glob("hanoikit-*.tar.gz"))
        assert wheels == [wheel] and sdists == [sdist]
        assert wheels[0].name.startswith(f"hanoikit-{hanoikit.__version__}-")
        metadata = zipfile.ZipFile(wheel).read(f"hanoikit-{hanoikit.__version__}.dist-info/METADATA").decode()
        assert _core_requirements(metadata) == {str(Requirement(r)) for r in required}, metadata
        checked = pool.submit(_run, sys.executable, "-m", "twine", "check", "--strict", *wheels, *sdists,
                              cwd=tmp_path, env=env)
        made.result()
        _run(*pip, "install", "--quiet", "--no-compile", wheels[0], cwd=tmp_path, env=env)
        names = zipfile.ZipFile(wheels[0]).namelist()
        imported = pool.submit(_run, python, "-c", textwrap.dedent(IMPORT_ALL), *_modules(names), cwd=tmp_path,
                               env=env)
        searched = pool.submit(_run, hanoi, "search", "5", "--posts", "4", "--format", "json", cwd=tmp_path, env=env)
        listed = pool.submit(_run, *pip, "list", "--format=freeze", cwd=tmp_path, env=env)
        version = pool.submit(_run, python, "-c", "import hanoikit, importlib.metadata as m; "
                              "print(hanoikit.__version__, m.version('hanoikit'), hanoikit.__file__)",
                              cwd=tmp_path, env=env)
        said = {args: pool.submit(_run, hanoi, *args, cwd=tmp_path, env=env) for args in
                (("--version",), ("--help",), ("demo", "3"))}
        refusals = [(command, extra, pool.submit(_run, hanoi, *command, cwd=tmp_path, env=env, check=False))
                    for command, extra in refused]
        checked.result()

    package = {name for name in names if name.startswith("hanoikit/")}
    assert package == _shipped(tree), (package ^ _shipped(tree))  # a subpackage without __init__.py was left out
    for needed in ("hanoikit/py.typed", "hanoikit/web/static/index.html", "hanoikit/web/static/app.js"):
        assert needed in names
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)

    for optional in ("matplotlib", "networkx", "fastapi", "uvicorn", "dask", "pillow"):
        assert f"\n{optional}==" not in f"\n{listed.result().stdout.lower()}", f"{optional} was installed with the core"

    found = version.result().stdout.split()
    assert found[0] == found[1] == hanoikit.__version__
    assert str(venv) in found[2]
    assert hanoikit.__version__ in said["--version",].result().stdout
    assert "solve" in said["--help",].result().stdout
    demo = said["demo", "3"].result().stdout
    assert "Optimal: 11 moves, checked now" in demo and "Classic, 3 disks: 7 moves." in demo

    for command, extra, future in refusals:
        done = future.result()
        assert done.returncode == 2 and not done.stdout, (command, done.stdout, done.stderr)  # refused before work
        message = re.fullmatch(
            rf"hanoi: this needs (\w+), which is not installed: pip install 'hanoikit\[{extra}\]'\n", done.stderr
        )
        assert message is not None and message[1] in EXTRAS[extra], (command, done.stderr)
    assert not (tmp_path / "crossings.png").exists()

    outcomes = json.loads(imported.result().stdout)
    assert sorted(outcomes) == _modules(names) and len(outcomes) >= 100
    assert not {name: said for name, said in outcomes.items() if said not in ("ok", "extra")}
    assert {"hanoikit", "hanoikit.cli", "hanoikit.puzzle", "hanoikit.frontier.kernels"} <= {
        name for name, said in outcomes.items() if said == "ok"
    }
    assert "hanoikit.web.app" in outcomes and outcomes["hanoikit.web.app"] == "extra"  # fastapi is not installed

    found = json.loads(searched.result().stdout)  # numba compiles the frontier's kernels in the installed package
    assert (found["states"], found["reachable"], found["distance"]) == (4**5, 4**5, 13)  # Frame-Stewart: 13
