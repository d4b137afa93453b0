"""The README's code map ("Where things are") names every module, so a newcomer finds each one."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("keezen_site", "common", "tournaments", "scoring", "engine", "klaverjas", "people", "seasons", "prizes", "door")


def code_map() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme.split("## Where things are", 1)[1].split("\n## ", 1)[0]


def modules() -> list[Path]:
    return sorted(path.relative_to(ROOT) for package in PACKAGES for path in (ROOT / package).rglob("*.py")
                  if path.name != "__init__.py" and "migrations" not in path.parts)


def named(module: Path, text: str) -> bool:
    """Named by its path, or by its file name on a line of the map that names its folder."""
    if str(module) in text:
        return True
    folder = f"{module.parent}/"
    return any(folder in line and re.search(rf"(?<![\w/]){re.escape(module.name)}\b", line)
               for line in text.splitlines())


def test_the_code_map_names_every_module():
    text = code_map()
    missing = [str(module) for module in modules() if not named(module, text)]
    assert not missing, f"README.md's code map does not name: {', '.join(missing)}"
