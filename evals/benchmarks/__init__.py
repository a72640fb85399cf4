"""Benchmark adapters, one module each, registered in the ``spatioxolver.benchmarks`` entry-point group."""

from spatioxolver.evals.benchmarks._base import BenchmarkBase, parse_split, slug

__all__ = ["BenchmarkBase", "parse_split", "slug"]
