"""Entry point of ``python -m klaverjas``."""

import sys

from klaverjas.cli import main

sys.exit(main())
