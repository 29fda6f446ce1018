"""A real headless Chromium for the HTML pages' tests (Debian's `chromium`; `make test` installs
it when missing).

Under CI (`CI=true`) a missing browser fails the test: the browser tests must run there.
Elsewhere they skip with a loud message. The browser is driven from its command line
(`--dump-dom` gives the page's DOM after its scripts ran, `--screenshot` a PNG), with the
flags that keep it off the network: the pages are self-contained files.
"""

import os
import shutil
import subprocess
import tempfile
import warnings
from pathlib import Path

import pytest
from PIL import Image

_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
          "--disable-background-networking", "--disable-component-update", "--disable-sync",
          "--hide-scrollbars", "--virtual-time-budget=2000")
_TIMEOUT_S = 60


def chromium() -> str:
    """The browser's path; fails under CI and skips loudly elsewhere when there is none."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is not None:
        return found
    message = ("no headless Chromium: install Debian's `chromium` package (`make test` does) "
               "to run the HTML page tests")
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true: {message}")
    warnings.warn(message, stacklevel=2)
    pytest.skip(f"SKIPPED LOUDLY: {message}")


def _run(page: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory(prefix="feltcheck-chromium-") as profile:
        return subprocess.run(
            [chromium(), *_FLAGS, f"--user-data-dir={profile}", *extra, page.resolve().as_uri()],
            capture_output=True, text=True, timeout=_TIMEOUT_S, check=True)


def dump_dom(page: Path) -> str:
    """The page's DOM as the browser built it (scripts run), serialized."""
    return _run(page, "--dump-dom").stdout


def screenshot(page: Path, png: Path, width: int = 1280, height: int = 900) -> Image.Image:
    """A screenshot of the page at that window size."""
    _run(page, f"--screenshot={png.resolve()}", f"--window-size={width},{height}")
    return Image.open(png).convert("RGB")


def distinct_colours(image: Image.Image, sample: int = 64) -> int:
    """How many different colours a `sample` x `sample` thumbnail holds: 1 for a blank page."""
    small = image.resize((sample, sample))
    return len(small.getcolors(maxcolors=sample * sample) or ())
