"""The direction of imports (issue 32): the site's wiring above the club's apps, above the tournament
core, above ``common``, above the pure packages, and no Django in the pure ones.

The contracts are ``.importlinter`` at the project's root, checked by import-linter, which reads every
import (late ones inside functions and ``TYPE_CHECKING`` ones too). A new import against the direction
fails here, naming the chain.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_import_goes_one_way():
    lint = Path(sys.executable).with_name("lint-imports")
    run = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Contracts: 2 kept, 0 broken." in run.stdout
