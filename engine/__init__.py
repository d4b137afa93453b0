"""The Keezen rules engine (``shared/spec/keezen-rules.md``, ``shared/spec/engine-cli.md``).

Pure Python, no Django: the dispute desk, the game simulator and the command line
``python -m engine`` share it.
"""
