"""``make demo``: the main job, offline. (Grows into the full offline comparison.)"""

from __future__ import annotations


def main() -> int:
    from spatioxolver.plugins import agent_names

    print("SpatioXolver demo: agents installed:", ", ".join(agent_names()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
