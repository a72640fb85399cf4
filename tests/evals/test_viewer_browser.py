"""The viewer and the report in a real headless Chromium (Debian's ``chromium``): pages load
without console errors, filters select the right rows, an example page shows its image, mask
overlay and trace, and screenshots keep the layout (image size and place, headline on screen)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

_CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
BROWSER = os.environ.get("SPATIOXOLVER_CHROMIUM") or next(filter(None, map(shutil.which, _CANDIDATES)), None)

pytestmark = pytest.mark.skipif(
    BROWSER is None,
    reason="no headless Chromium found (apt-get install -y chromium, or set SPATIOXOLVER_CHROMIUM); "
    "'make test' installs it where apt-get is available as root",
)


def _chromium(tmp_path: Path, url: str, *args: str) -> tuple[str, list[str]]:
    """Run headless Chromium on ``url``; returns (stdout, console messages)."""
    proc = subprocess.run(
        [
            BROWSER,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--enable-logging=stderr",
            "--v=0",
            f"--user-data-dir={tmp_path / 'chromium-profile'}",
            *args,
            url,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    console = [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]
    return proc.stdout, console


def _dom(tmp_path: Path, url: str) -> str:
    dom, console = _chromium(tmp_path, url, "--dump-dom")
    assert console == [], console
    assert dom.strip(), "Chromium returned no DOM"
    return dom


def _screenshot(tmp_path: Path, url: str, name: str) -> np.ndarray:
    from PIL import Image

    path = tmp_path / name
    _, console = _chromium(tmp_path, url, f"--screenshot={path}", "--window-size=1400,900")
    assert console == [], console
    return np.asarray(Image.open(path).convert("RGB"))


@pytest.fixture()
async def site(tmp_path, fx):
    from spatioxolver.evals.viewer import write_viewer

    runs = await fx.make_viewer_runs(tmp_path)
    write_viewer(runs, tmp_path / "site")
    return tmp_path / "site"


def _page_of(site: Path, example_id: str) -> Path:
    return next(p for p in (site / "examples").glob("*.html") if f">{example_id}</h1>" in p.read_text())


def test_index_loads_without_console_errors(site, tmp_path):
    dom = _dom(tmp_path, (site / "index.html").as_uri())
    assert dom.count('<tr class="row">') == 3 and "3 of 3 examples" in dom
    assert "agentic right, direct wrong" in dom


@pytest.mark.parametrize(
    ("fragment", "expected"),
    [
        ("flag=a", {"vw-0"}),  # agentic right, direct wrong
        ("flag=d", {"vw-0", "vw-2"}),  # answers differ
        ("run=1&result=w", {"vw-0", "vw-2"}),  # the direct run's wrong answers
        ("run=0&result=c", {"vw-0", "vw-1"}),  # the agentic run's right answers
        ("category=Size%20%26%20Scale", {"vw-1"}),
        ("id=vw-2", {"vw-2"}),
    ],
)
def test_filters_select_the_right_examples(site, tmp_path, fragment, expected):
    import re

    dom = _dom(tmp_path, (site / "index.html").as_uri() + "#" + fragment)
    shown = set(re.findall(r'<a href="examples/\d+\.html">([^<]+)</a>', dom))
    assert shown == expected
    assert f"{len(expected)} of 3 examples" in dom


def test_example_page_shows_image_overlay_and_trace(site, tmp_path):
    dom = _dom(tmp_path, _page_of(site, "vw-0").as_uri())
    assert 'data-loaded="240"' in dom  # the image file decoded at its natural width
    assert 'data-masks="1"' in dom  # one mask drawn on the overlay canvas
    assert dom.count('<tr class="step">') == 3 and "You are the reasoning agent." in dom
    assert "A→B" in dom  # the repaired pair


def test_malicious_reply_stays_text_in_the_browser(site, tmp_path):
    dom = _dom(tmp_path, _page_of(site, "vw-2").as_uri())
    assert '<img src="x"' not in dom and "<script>alert" not in dom
    assert "&lt;script&gt;alert('x')&lt;/script&gt;" in dom


def test_screenshot_keeps_the_image_large_placed_and_overlaid(site, tmp_path):
    shot = _screenshot(tmp_path, _page_of(site, "vw-0").as_uri(), "example.png")
    assert shot.shape[:2] == (900, 1400)
    magenta = np.all(shot == (255, 0, 255), axis=2)
    ys, xs = np.nonzero(magenta)
    assert xs.size, "the example image is not on the first screen"
    left, right, top, bottom = xs.min(), xs.max(), ys.min(), ys.max()
    # 240x160 shown 600 px wide, aspect kept, left-aligned, on the first screen
    assert 590 <= right - left + 1 <= 602 and 390 <= bottom - top + 1 <= 402
    assert left < 60 and bottom < 900
    scale = (right - left + 1) / 240
    # the mask (x 30..90, y 40..100 in image pixels) is tinted, where it belongs
    cx, cy = int(left + 60 * scale), int(top + 70 * scale)
    assert not magenta[cy, cx] and magenta[int(top + 70 * scale), int(left + 120 * scale)]


async def test_report_headline_plot_fits_the_first_screen(tmp_path, fx):
    from PIL import Image
    from spatioxolver.evals.report import write_report

    runs = await fx.make_viewer_runs(tmp_path)
    result = write_report(runs, tmp_path / "report")
    shot = _screenshot(tmp_path, Path(result["report_html"]).as_uri(), "report.png")
    plot = np.asarray(Image.open(result["plots"]["headline_deltas"]).convert("RGB"))
    # The whole headline plot is on screen at its own size: the plot appears, pixel for pixel,
    # in the first 1400x900 px (found by its busiest row, then compared whole).
    height, width = plot.shape[:2]
    busiest = int(np.argmax((plot != 255).any(axis=2).sum(axis=1)))
    needle = plot[busiest].tobytes()
    found = None
    for y in range(busiest, shot.shape[0] - (height - busiest) + 1):
        row = shot[y].tobytes()
        at = row.find(needle)
        while at != -1 and (at % 3 or found is None):
            if at % 3 == 0:
                x = at // 3
                if np.array_equal(shot[y - busiest : y - busiest + height, x : x + width], plot):
                    found = (y - busiest, x)
                    break
            at = row.find(needle, at + 1)
        if found:
            break
    assert found is not None, "the headline plot is not fully on the first screen (1400x900) at its size"
    assert found[0] < 200  # right under the title and the note
