"""Static files, served by WhiteNoise from ``STATIC_ROOT`` and straight from the packages (its finders)."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings as django_settings
from whitenoise.middleware import WhiteNoiseMiddleware

# What WhiteNoise's table of files depends on, besides its own WHITENOISE_* settings.
_TABLE_SETTINGS = ("DEBUG", "STATIC_ROOT", "STATIC_URL", "FORCE_SCRIPT_NAME", "STATICFILES_DIRS",
                   "STATICFILES_FINDERS", "INSTALLED_APPS", "STORAGES")


def _table_key(settings) -> tuple[str, ...]:
    names = sorted({*_TABLE_SETTINGS, *(name for name in dir(settings) if name.startswith("WHITENOISE_"))})
    return tuple(f"{name}={getattr(settings, name, None)!r}" for name in names)


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """WhiteNoise's middleware, with its table of files made once per process (and settings) instead
    of once per instance. The table comes from walking every static folder and every package's
    static files and reading each file's size and date: a tenth of a second of CPU. A server makes
    its middleware once, so nothing changes there; Django's test client makes it again for every
    client, and the tests make thousands of clients. The table is read-only once made, like a
    server's: a file added to a static folder later is served after a restart, as always."""

    _tables: ClassVar[dict[tuple[str, ...], dict]] = {}

    def __init__(self, get_response=None, settings=django_settings):
        key = _table_key(settings)
        self._made = self._tables.get(key)
        super().__init__(get_response, settings)
        if self.autorefresh:
            return
        if self._made is None:
            self._tables[key] = self.files
        else:
            self.files = self._made

    def add_files(self, root, prefix=None):
        if self._made is None or self.autorefresh:
            super().add_files(root, prefix)

    def add_files_from_finders(self):
        if self._made is None:
            super().add_files_from_finders()
