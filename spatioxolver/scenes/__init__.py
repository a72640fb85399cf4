"""The synthetic world: a CLEVR-style numpy renderer and the benchmark-family generators.

Example:
    >>> from spatioxolver.scenes import render_random_scene
    >>> view = render_random_scene(1, n_objects=3, width=96, height=64)
    >>> sorted(view.scene["camera"])[:2]
    ['K', 'azimuth']
"""

from __future__ import annotations

from spatioxolver.scenes._camera import Camera, orbit_camera, top_down_camera
from spatioxolver.scenes._generate import FAMILIES, generate
from spatioxolver.scenes._raycast import Lighting
from spatioxolver.scenes._render import RenderedView, apply_overlay, render_random_scene, render_view
from spatioxolver.scenes._scene_json import RELATION_EPS, directions, relationships

__all__ = [
    "FAMILIES",
    "RELATION_EPS",
    "Camera",
    "Lighting",
    "RenderedView",
    "apply_overlay",
    "directions",
    "generate",
    "orbit_camera",
    "relationships",
    "render_random_scene",
    "render_view",
    "top_down_camera",
]
