"""Benchmarks (docs/performance.md); `throughput` is a package run with `python -m`."""
