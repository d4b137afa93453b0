#!/usr/bin/env python
"""Django's command-line utility for administrative tasks (installed: the ``keezen`` command)."""
import sys

from keezen_site.cli import manage


def main() -> None:
    manage(sys.argv)


if __name__ == "__main__":
    main()
