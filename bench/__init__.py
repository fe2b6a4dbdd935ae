"""Benchmarks: ``python -m bench`` (see docs/performance.md)."""
