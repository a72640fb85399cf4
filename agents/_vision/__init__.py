"""Private pixel-level helpers of the perception agents (colour, shape, background, SAM).

Nothing here is public API; the agents in ``spatioxolver.agents`` are. Every module
imports OpenCV lazily so that importing the package stays cheap.
"""

__all__: list[str] = []
