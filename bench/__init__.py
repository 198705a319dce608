"""Benchmarks for the site: `make bench` (python -m bench --help).

Every figure is printed next to a baseline measured in the same run, because the
machines are shared and noisy: ratios hold, absolute times do not.
"""
