"""The seasons app's tabs, panels and downloads on the core's screens, registered in ``apps.py``."""
