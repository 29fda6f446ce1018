"""The headless Chromium harness itself (tests/browser.py): scripts run before the DOM is read,
and a blank page is told from a drawn one."""

from pathlib import Path

from tests.browser import distinct_colours, dump_dom, screenshot


def test_the_dom_is_read_after_the_page_scripts_ran(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text("<!doctype html><p id=p>before</p>"
                    "<script>document.getElementById('p').textContent='after'</script>",
                    encoding="utf-8")
    dom = dump_dom(page)
    assert ">after</p>" in dom and ">before</p>" not in dom


def test_a_blank_page_and_a_drawn_page_are_told_apart(tmp_path: Path) -> None:
    blank = tmp_path / "blank.html"
    blank.write_text("<!doctype html><body style='background:#fff'></body>", encoding="utf-8")
    drawn = tmp_path / "drawn.html"
    drawn.write_text("<!doctype html><body><h1>Seat 3</h1>"
                     "<div style='background:#0a0;width:400px;height:300px'></div></body>",
                     encoding="utf-8")
    assert distinct_colours(screenshot(blank, tmp_path / "blank.png")) == 1
    assert distinct_colours(screenshot(drawn, tmp_path / "drawn.png")) > 2
