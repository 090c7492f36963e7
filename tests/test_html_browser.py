"""The `check --html` page in a real browser: Debian's chromium, headless, driven by Selenium.

Skipped, saying what is missing, when Selenium (the `test` extra), the `chromium`
browser or its `chromedriver` (Debian: `apt-get install chromium chromium-driver`,
which `.ci/run` does when it runs as root) is not installed. Each test leaves a
screenshot in its temporary directory, for looking at when it fails.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ctlstark.cli import app

REPOSITORY = Path(__file__).resolve().parents[1]
BIT = REPOSITORY / "ispl_examples" / "bit_transmission.ispl"
BIT_VERDICTS = ["TRUE", "TRUE", "FALSE", "FALSE", "TRUE", "FALSE", "FALSE", "TRUE"]
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
CHANGED_BACKGROUND = (253, 227, 223)  # --changed-bg of the page's style sheet, #fde3df

webdriver = pytest.importorskip("selenium.webdriver", reason="Selenium is not installed: pip install '.[test]'")
from selenium.common.exceptions import NoAlertPresentException, WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def _browser() -> str | None:
    return next((path for path in map(shutil.which, BROWSERS) if path is not None), None)


@pytest.fixture(scope="module")
def driver() -> Iterator[object]:
    """A headless chromium session (one for the module: starting the browser is the slow part)."""
    browser, chromedriver = _browser(), shutil.which("chromedriver")
    if browser is None or chromedriver is None:
        missing = " and ".join(name for name, path in (("chromium", browser), ("chromedriver", chromedriver))
                               if path is None)
        pytest.skip(f"no {missing}: install Debian's chromium and chromium-driver (apt-get install chromium "
                    "chromium-driver; .ci/run does so when it runs as root)")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1300,1400"):
        options.add_argument(argument)
    try:
        session = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
    except WebDriverException as error:
        pytest.skip(f"chromium did not start under chromedriver: {error.msg}")
    try:
        yield session
    finally:
        session.quit()


def _colour(css: str) -> tuple[int, ...]:
    """`rgb(1, 2, 3)` or `rgba(1, 2, 3, 1)` as (1, 2, 3)."""
    return tuple(int(part) for part in re.findall(r"\d+", css)[:3])


def _page(tmp_path: Path, *arguments: str) -> Path:
    page = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["check", *arguments, "--html", str(page)])
    assert result.exit_code in (0, 1), result.stdout + result.stderr
    return page


def test_verdicts_and_a_nested_trace_opened_by_clicking(driver, tmp_path: Path) -> None:
    driver.get(_page(tmp_path, str(BIT)).as_uri())
    assert driver.title == "ctlstark: bit_transmission"
    rows = driver.find_elements(By.CSS_SELECTOR, "table.verdicts tbody tr")
    assert [row.find_element(By.CSS_SELECTOR, ".badge").text for row in rows] == BIT_VERDICTS
    assert "AG(recbit -> K(Sender, recbit))" in rows[2].text

    # formula 3: its counterexample shows step 1's change, highlighted, and the propositions true there
    changed = driver.find_element(By.CSS_SELECTOR, "#f3-s1 td.value.changed")
    assert changed.is_displayed() and changed.text == "r0"
    assert _colour(changed.value_of_css_property("background-color")) == CHANGED_BACKGROUND
    assert driver.find_element(By.CSS_SELECTOR, "#f3-s1 td.props").text.split() == ["bit0", "recbit"]

    # its sub-trace (K(Sender, recbit) fails at step 1) is collapsed until its summary is clicked
    box = driver.find_element(By.ID, "f3-c0-box")
    nested_props = driver.find_element(By.CSS_SELECTOR, "#f3-c0-s0 td.props")
    assert box.get_attribute("open") is None and not nested_props.is_displayed()
    summary = box.find_element(By.TAG_NAME, "summary")
    assert summary.text == "step 1 is justified by COUNTEREXAMPLE for K(Sender, recbit)"
    summary.click()
    WebDriverWait(driver, 5).until(lambda _: nested_props.is_displayed())
    assert nested_props.text.split() == ["bit0", "recbit"]

    # inside it, the link of step 0 opens the run to the state Sender cannot tell apart
    run_props = driver.find_element(By.CSS_SELECTOR, "#f3-c0-c0-s0 td.props")
    assert not run_props.is_displayed()
    driver.find_element(By.CSS_SELECTOR, "#f3-c0-s0 td.links a").click()
    WebDriverWait(driver, 5).until(lambda _: run_props.is_displayed())
    assert run_props.text == "bit0"
    assert "Sender cannot tell it apart from the end of" in driver.find_element(By.ID, "f3-c0-c0-box").text
    driver.save_screenshot(str(tmp_path / "formula-3.png"))


def test_a_change_highlighted_deep_in_the_tree(driver, tmp_path: Path) -> None:
    """Formula 6's run to a state Receiver cannot tell apart, two levels down, changes Receiver.state at step 1."""
    driver.get(_page(tmp_path, str(BIT)).as_uri())
    changed = driver.find_element(By.CSS_SELECTOR, "#f6-c0-c0-s1 td.value.changed")
    assert not changed.is_displayed()
    driver.find_element(By.CSS_SELECTOR, "#f6-c0-box > summary").click()
    driver.find_element(By.CSS_SELECTOR, "#f6-c0-c0-box > summary").click()
    WebDriverWait(driver, 5).until(lambda _: changed.is_displayed())
    assert changed.text == "r0" and changed.get_attribute("title") == "Receiver.state changed"
    assert _colour(changed.value_of_css_property("background-color")) == CHANGED_BACKGROUND
    unchanged = driver.find_elements(By.CSS_SELECTOR, "#f6-c0-c0-s1 td.value.same")
    assert [cell.text for cell in unchanged] == ["b0", "false"]
    assert driver.find_element(By.CSS_SELECTOR, "#f6-c0-c0-s1 td.props").text.split() == ["bit0", "recbit"]

    driver.find_element(By.ID, "collapse-all").click()
    assert not changed.is_displayed()
    driver.find_element(By.ID, "expand-all").click()
    assert changed.is_displayed()
    driver.save_screenshot(str(tmp_path / "formula-6.png"))


def test_markup_in_a_model_shows_as_text(driver, tmp_path: Path) -> None:
    text = BIT.read_text(encoding="utf-8").replace(
        "\nFormulae\n", "\nGroups\n  script = {Sender, Receiver};\nend Groups\n\nFormulae\n  <script>X recbit;\n")
    model = tmp_path / "<img src=x onerror=alert(1)>.ispl"
    model.write_text(text, encoding="utf-8")
    driver.get(_page(tmp_path, str(model)).as_uri())
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text  # noqa: B018 - reading it is what raises when no script ran
    assert driver.find_element(By.CSS_SELECTOR, "h1 .model-name").text == "<img src=x onerror=alert(1)>"
    assert driver.find_element(By.CSS_SELECTOR, "#formula-1 .formula-text").text == "<script>X recbit"
    assert driver.find_elements(By.CSS_SELECTOR, "main img, main script") == []
