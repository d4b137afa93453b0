"""Development tools: the benchmark commands (``manage.py bench_*``, ``make bench``) and the test data
they and the tests build (a busy day, the worst uploads).

Why a package of its own: they are about 2,200 lines that a venue's server never runs, so the
installed product does not carry them (``pyproject.toml`` packages only the product). The settings
add this app to ``INSTALLED_APPS`` only when it can be imported — in a checkout, not in an installed
product. It sits above everything it measures: it may import every app, and no app imports it.
"""
