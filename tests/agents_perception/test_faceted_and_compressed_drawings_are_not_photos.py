"""Drawn objects whose insides carry fine regular detail are not a photograph's subject: a
mesh render's faceted cone (thin slices, each flat-shaded, with darker seams) and small
drawn shapes saved as JPEG (block noise inside the fill). The engine tells a photo's
textured subject by detail beyond 5 CIELAB units as well as beyond 3: the facets and the
block noise stay under it (issue 13; before, such scenes abstained with "Cannot tell").

Drawn here with matplotlib (mplot3d) and Pillow.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from spatioxolver import ask


def _faceted_scene(azim: float) -> np.ndarray:
    """A cone and a ball on a floor, rendered by matplotlib's mplot3d (flat-shaded facets)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import LightSource

    fig = plt.figure(figsize=(6.4, 4.8), dpi=100, facecolor="#dcdcdc")
    ax = fig.add_axes([0, 0, 1, 1], projection="3d")
    ax.set_axis_off()
    ax.set_xlim(-3, 3)
    ax.set_ylim(-3, 3)
    ax.set_zlim(0, 3)
    ax.set_box_aspect((1, 1, 0.5), zoom=1.5)
    ax.view_init(elev=35, azim=azim)
    ax.computed_zorder = False
    ls = LightSource(azdeg=azim + 60, altdeg=50)
    gx, gy = np.meshgrid(np.linspace(-12, 12, 2), np.linspace(-12, 12, 2))
    ax.plot_surface(gx, gy, np.zeros_like(gx), color="#b8a98a", shade=False, zorder=0)
    u = np.linspace(0, 2 * np.pi, 28)
    t = np.linspace(0, 1, 2)
    uu, tt = np.meshgrid(u, t)
    r, h = 0.55, 1.2
    ax.plot_surface(-1.2 + r * (1 - tt) * np.cos(uu), -0.8 + r * (1 - tt) * np.sin(uu), h * tt,
                    color="#8e44ad", shade=True, lightsource=ls, linewidth=0, zorder=1)  # fmt: skip
    v = np.linspace(0, np.pi, 14)
    rb = 0.7
    ax.plot_surface(1.0 + rb * np.outer(np.cos(u), np.sin(v)), 0.6 + rb * np.outer(np.sin(u), np.sin(v)),
                    rb + rb * np.outer(np.ones_like(u), np.cos(v)), color="#1f77b4", shade=True, lightsource=ls,
                    linewidth=0, zorder=2)  # fmt: skip
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, facecolor=fig.get_facecolor())
    plt.close(fig)
    buf.seek(0)
    return np.asarray(Image.open(buf).convert("RGB")).copy()


@pytest.mark.parametrize("azim", [216, 30, 120])
def test_a_faceted_cone_beside_a_ball_is_answered(azim):
    img = _faceted_scene(azim)
    a = ask(img, "How many objects are there?", model="geometric")
    assert not a.abstained, a.text
    assert a.text.startswith("2")


@pytest.mark.parametrize("quality", [60, 75, 90])
def test_small_drawn_shapes_under_jpeg_are_answered(quality):
    from PIL import ImageDraw

    img = Image.new("RGB", (240, 160), (252, 248, 220))
    d = ImageDraw.Draw(img)
    d.ellipse((30, 40, 80, 90), fill=(250, 200, 40), outline=(255, 255, 255), width=4)
    d.rectangle((120, 60, 150, 90), fill=(150, 80, 200))
    d.polygon([(200, 40), (225, 95), (175, 95)], fill=(40, 170, 60))
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality)
    a = ask(np.asarray(Image.open(buf).convert("RGB")), "How many shapes are there?", model="geometric")
    assert not a.abstained, a.text
    assert a.text.startswith("3")
