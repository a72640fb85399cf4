"""Evaluation harness (shipped as ``spatioxolver.evals``): adapters, metrics, runner, reports."""
