"""The seasons app's part of the tournament file, registered with the core in ``apps.py``."""
