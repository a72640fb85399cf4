"""LangGraph pipelines (shipped as ``spatioxolver.graphs``): agentic, direct, cot_rank."""
