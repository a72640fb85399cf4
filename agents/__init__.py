"""Built-in agents (shipped as ``spatioxolver.agents``); one module per agent."""
