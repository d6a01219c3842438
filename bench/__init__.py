"""Benchmarks (see docs/performance.md); run with ``tox -e bench`` or ``python bench/run.py``."""
