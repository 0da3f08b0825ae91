"""The table page and the hand replayer in a real headless Chromium (Debian's
``chromium`` and ``chromium-driver``, driven by Selenium), against the pages served
by uvicorn on loopback: a whole hand played by clicking, cards drawn by clicking
them, a PHH file replayed to its end.

Without Chromium, its driver or Selenium the tests are skipped, saying which is
missing; under CI (``CI`` set: .ci/run installs them) they fail instead.

``BADEUCEY_SCREENSHOTS=docs/_static pytest tests/test_web_browser.py`` also
writes the screenshots docs/web.rst shows.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from badeucey_fast.play import Hand, TableRules, make_bot

from .web_support import serve

from starlette.applications import Starlette  # noqa: E402 - after web_support's skip without the web extra

from badeucey_fast.web.pages import routes  # noqa: E402

CHROMIUM = ("chromium", "chromium-browser")
DRIVER = "chromedriver"
WAIT = 30
"""Seconds a page may take to show what a test waits for: only a guard against a hang."""
SCREENSHOTS = os.environ.get("BADEUCEY_SCREENSHOTS")


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI installs it (.ci/run's apt_packages and the test extra)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("selenium is not installed (the test extra)")
    chromium = next((path for name in CHROMIUM if (path := shutil.which(name))), None)
    driver = shutil.which(DRIVER)
    if chromium is None or driver is None:
        _missing("Debian's chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1200,1000", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    # The browser is no part of what the sanitized suite checks: it starts without the preloaded ASan.
    env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS")}
    chrome = webdriver.Chrome(options=options, service=Service(executable_path=driver, env=env))
    try:
        yield chrome
    finally:
        chrome.quit()


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("hands")
    bot = make_bot("drawing")
    hand = Hand(TableRules("badeucey"), [200, 200], seed=11)
    while hand.to_act is not None:
        hand.act(bot.act(hand.view(hand.to_act)))
    (folder / "drawing-bots.phh").write_text(hand.to_phh(), encoding="utf-8")
    with serve(Starlette(routes=routes(phh_folder=folder))) as base:
        yield base


def _wait(browser: Any, condition: Callable[[Any], Any]) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, WAIT).until(condition)


def _by_id(browser: Any, name: str) -> Any:
    return browser.find_element("id", name)


def _open(browser: Any, address: str) -> None:
    browser.get(address)
    _wait(browser, lambda b: b.find_element("tag name", "body").get_attribute("data-ready"))


def _shot(browser: Any, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        browser.execute_script("window.scrollTo(0, 0)")
        browser.save_screenshot(str(Path(SCREENSHOTS) / name))


def _no_errors(browser: Any) -> None:
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors


def test_a_whole_hand_played_by_clicking_with_a_draw(browser: Any, url: str) -> None:
    """Sit down against the calling bot, call and check through, throw two cards in the
    first draw by clicking them, and see the showdown with each half's winner."""
    from selenium.webdriver.support.ui import Select

    _open(browser, f"{url}/table")
    Select(_by_id(browser, "bot")).select_by_value("calling")
    _by_id(browser, "seed").send_keys("7")
    _by_id(browser, "start").click()
    _wait(browser, lambda b: _by_id(b, "act-call").is_displayed())
    assert "Call 1" == _by_id(browser, "act-call").text  # you have the button: the small blind
    assert _by_id(browser, "act-fold").is_displayed() and _by_id(browser, "act-raise").text == "Raise to 4"

    drew = None
    while not _by_id(browser, "next-hand").is_displayed():
        if _by_id(browser, "act-draw").is_displayed():
            cards = browser.find_elements("css selector", "#your-cards .card")
            if drew is None:  # the first draw: throw the first two cards, clicked
                drew = [c.get_attribute("data-card") for c in cards[:2]]
                cards[0].click()
                cards[1].click()
                assert [c.get_attribute("data-card") for c in browser.find_elements("css selector", ".card.picked")] == drew
                assert _by_id(browser, "act-draw").text == "Draw 2"
                _shot(browser, "web-table-draw.png")
            button = "act-draw"
        else:
            button = "act-call"
        before = _by_id(browser, "log").text
        _by_id(browser, button).click()
        _wait(browser, lambda b: _by_id(b, "log").text != before)  # noqa: B023 - waits within the loop

    kept = [c.get_attribute("data-card") for c in browser.find_elements("css selector", "#your-cards .card")]
    assert drew is not None and not set(drew) & set(kept)
    assert _by_id(browser, "seat-0").find_element("css selector", ".draws").get_attribute("data-counts") == "[2,0,0]"
    assert "you draw 2 cards" in _by_id(browser, "log").text
    halves = browser.find_elements("css selector", "#showdown-halves .half[data-half]")
    assert [h.get_attribute("data-half") for h in halves] == ["Badugi", "2-7"]
    assert all(h.find_element("css selector", ".winner").text for h in halves)
    assert len(browser.find_elements("css selector", "#seat-1 .card:not(.back)")) == 5  # the bot's hand shown
    assert _by_id(browser, "result").get_attribute("data-hands") == "1"
    _shot(browser, "web-table.png")
    _no_errors(browser)

    _by_id(browser, "replay-link").click()  # the hand just played, in the replayer
    _wait(browser, lambda b: b.find_element("tag name", "body").get_attribute("data-ready"))
    assert _by_id(browser, "step-label").get_attribute("data-step") == "0"


def test_a_phh_file_replayed_to_its_end(browser: Any, url: str) -> None:
    _open(browser, f"{url}/replay")
    _by_id(browser, "load-served").click()
    _wait(browser, lambda b: _by_id(b, "replay").is_displayed())
    label = _by_id(browser, "step-label")
    last = int(label.get_attribute("data-last"))
    rows = browser.find_elements("css selector", "#equity tr[data-seat]")
    assert len(rows) == 2 and "3 draws to come" in _by_id(browser, "equity-note").text
    assert not _by_id(browser, "result").is_displayed()
    for step in range(1, last + 1):
        _by_id(browser, "next").click()
        assert label.get_attribute("data-step") == str(step)
        if step == 2:
            _shot(browser, "web-replay.png")
    assert not _by_id(browser, "next").is_enabled()
    assert _by_id(browser, "result").is_displayed()
    assert "scoops" in _by_id(browser, "result-text").text or "wins" in _by_id(browser, "result-text").text
    assert "no draw to come" in _by_id(browser, "equity-note").text
    _by_id(browser, "first").click()
    assert label.get_attribute("data-step") == "0"
    _no_errors(browser)


def test_with_tokens_the_page_takes_its_token_from_its_address(browser: Any, tmp_path: Path) -> None:
    """A server asking for tokens (``badeucey serve --allow-remote``): without the token the page says
    how to open it; opened by its seat's address (``/table?token=...``) it takes the token out of the
    address bar and its calls work, and the replayer, opened by its plain link, uses it too."""
    from badeucey_fast.web.app import create_app

    token = "browser-seat-token-0123456789"
    (tmp_path / "one.phh").write_text(Hand(TableRules("badugi"), [20, 20], seed=3).to_phh(), encoding="utf-8")
    with serve(create_app(tokens={"alice": token}, phh_folder=tmp_path)) as base:
        browser.get(f"{base}/table")
        _wait(browser, lambda b: "seat's token" in _by_id(b, "access-error").text)
        browser.get_log("browser")  # the refusal, logged by the browser
        _open(browser, f"{base}/table?token={token}#top")
        assert browser.current_url == f"{base}/table#top" and not _by_id(browser, "access-error").text
        assert len(browser.find_elements("css selector", "#game option")) == 5  # the options came
        browser.find_element("css selector", "header a").click()
        _wait(browser, lambda b: b.find_element("tag name", "body").get_attribute("data-ready"))
        assert browser.current_url == f"{base}/replay"
        assert _by_id(browser, "served-files").text == "one.phh"
        _no_errors(browser)
