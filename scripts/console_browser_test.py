#!/usr/bin/env python3
"""The console in headless Chromium against the real services (run by scripts/check-console.sh).

1. Through the API: a purchase, a price increase that needs consent, the consent request five
   days later, the subscriber's consent, and the renewal a month later at the new price; and a
   poison command that the consumer dead-letters.
2. In the page (1280x800): the token, the subscription found by its id, the timeline's marks
   (purchase, price change, consent request per channel, consent, renewal at the new price),
   an event opened with the mouse and one with the keyboard (Tab, Enter, Escape), the test clock
   advanced by a month from the page and the next renewal appearing, a failed charge (grace period on
   the billing lane) and its recovery arriving live, an immediate upgrade (plan lane, the period
   upgraded away), live events filtered by type
   with counts by type, the dead letter replayed, the health panel; then at 390x844 with no
   horizontal scrolling. No request leaves the producer's origin, and the browser logs no error.

Screenshots are saved in --screenshots. Exit 0 when every check passed; otherwise the first
failed check is printed (with a screenshot failure.png).
"""

import argparse
import json
import sys
import time
import urllib.error
import urllib.request
import uuid

import pika
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def log(message):
    print(f"console-browser-test: {message}", flush=True)


class Api:
    def __init__(self, base, token):
        self.base = base
        self.token = token

    def call(self, method, path, body=None, key=None):
        headers = {"Authorization": f"Bearer {self.token}", "X-Request-Timeout": "30000"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if key:
            headers["Idempotency-Key"] = key
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=40) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def ok(self, method, path, body=None, key=None):
        status, answer = self.call(method, path, body, key or str(uuid.uuid4()))
        check(status == 200, f"{method} {path} answered {status}: {answer}")
        return answer


def wait_until(what, timeout, probe, interval=0.2):
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = probe()
        except (urllib.error.URLError, ConnectionError, OSError) as error:
            last = error
        if last and not isinstance(last, Exception):
            return last
        time.sleep(interval)
    raise CheckFailed(f"{what} within {timeout} s (last: {last})")


def healthy(url):
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def make_subscription(api):
    """A subscription through a consent-required price increase, the consent, and a renewal."""
    customer = f"console-{uuid.uuid4().hex[:8]}"
    purchase = api.ok("POST", "/v1/purchases", {"customerId": customer, "productId": "news.basic.monthly", "storefront": "USA"})
    subscription = purchase["originalTransactionId"]
    api.ok("POST", f"/advancedCommerce/v1/subscription/changePrice/{subscription}", {
        "requestInfo": {"requestReferenceId": str(uuid.uuid4())},
        "items": [{"SKU": "news.basic.monthly", "price": 9990}], "currency": "USD", "storefront": "USA"})
    api.ok("POST", "/v1/testClock/advance", {"advanceBy": "P5D"})
    api.ok("POST", "/v1/subscriptions/priceIncreaseResponse", {"originalTransactionId": subscription, "response": "CONSENT"})
    api.ok("POST", "/v1/testClock/advance", {"advanceBy": "P1M"})
    expected = {"SUBSCRIBED", "PRICE_CHANGE", "PRICE_INCREASE", "SUBSCRIBER_COMMUNICATION", "DID_RENEW"}

    def archived():
        history = api.ok("GET", f"/v1/subscriptions/{subscription}/history")
        life = history["subscriptions"][0]
        types = {event["notificationType"] for event in life["events"]}
        complete = len(life["events"]) == life["lastSequence"] and expected <= types
        return life if complete else None

    life = wait_until("the archive holding every event of the subscription", 20, archived)
    log(f"subscription {subscription} of {customer}: {len(life['events'])} events, {len(life['transactions'])} transactions")
    return customer, subscription


def publish_poison(amqp_url, prefix):
    """A command the consumer cannot decode: it dead-letters it with the reason `undecodable`."""
    command_id = str(uuid.uuid4())
    connection = pika.BlockingConnection(pika.URLParameters(amqp_url))
    channel = connection.channel()
    channel.confirm_delivery()
    channel.basic_publish(
        exchange=f"{prefix}.commands", routing_key="subscriptions.v1.SubscriptionCommands/Purchase",
        body=b"this is not a CommandEnvelope", mandatory=True,
        properties=pika.BasicProperties(message_id=command_id, correlation_id=command_id, delivery_mode=2,
                                        timestamp=int(time.time())))
    connection.close()
    return command_id


def dead_letter_ids(api):
    listing = api.ok("GET", "/v1/deadLetters?limit=50")
    return {entry["commandId"] for entry in listing["entries"]}


class Page:
    def __init__(self, driver, base, screenshots):
        self.driver = driver
        self.base = base
        self.screenshots = screenshots
        self.shots = []

    def wait(self, what, condition, timeout=15):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1, ignored_exceptions=[StaleElementReferenceException]).until(
                lambda driver: condition())
        except TimeoutException:
            raise CheckFailed(f"the page did not show {what} within {timeout} s")

    def one(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def all(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def visible(self, selector):
        return [element for element in self.all(selector) if element.is_displayed()]

    def shot(self, name):
        path = f"{self.screenshots}/{name}.png"
        self.driver.save_screenshot(path)
        self.shots.append(name)

    def tab(self, view):
        self.one(f'.tabs [data-view="{view}"]').click()
        self.wait(f"the {view} view", lambda: self.one(f"#view-{view}").is_displayed())

    def marks(self, notification_type, subtype=None):
        selector = f'.timeline .mark[data-type="{notification_type}"]'
        if subtype is not None:
            selector += f'[data-subtype="{subtype}"]'
        return self.all(selector)

    def snapshot(self, selector, *attributes):
        """The attributes of every element matching `selector`, read in one script: the timeline
        redraws whenever an event of its subscription arrives, which makes held elements stale."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map((node) => "
            "Object.fromEntries(arguments[1].map((name) => [name, node.getAttribute(name)])))",
            selector, list(attributes))

    def mark_labels(self, notification_type, subtype=None):
        selector = f'.timeline .mark[data-type="{notification_type}"]'
        if subtype is not None:
            selector += f'[data-subtype="{subtype}"]'
        return [entry["aria-label"] for entry in self.snapshot(selector, "aria-label")]

    def retry(self, what, action, attempts=5):
        """Runs `action` again when the element it used was redrawn under it."""
        for attempt in range(attempts):
            try:
                return action()
            except StaleElementReferenceException:
                if attempt == attempts - 1:
                    raise CheckFailed(f"{what}: the element kept being redrawn")
                time.sleep(0.3)

    def viewport(self, width, height):
        """The page's viewport exactly `width` x `height` CSS pixels (the window's frame aside)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})

    def overflow(self):
        return self.driver.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth, window.innerHeight]")


def browser(screenshots):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in [
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,800",
        "--lang=en-US", "--no-first-run", "--disable-extensions", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--metrics-recording-only", "--disable-default-apps",
        # No network but loopback: any other host name fails to resolve.
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    return driver


def run(args):
    api = Api(args.base, args.token)
    for url in (f"{args.consumer}/health", f"{args.base}/health"):
        wait_until(f"{url} healthy", 90, lambda url=url: healthy(url))
    wait_until("a consumer status report", 15, lambda: api.ok("GET", "/v1/status")["consumers"])
    customer, subscription = make_subscription(api)
    # A second subscription of the customer, in another group: the customer search offers both.
    sports = api.ok("POST", "/v1/purchases", {"customerId": customer, "productId": "sports.monthly", "storefront": "USA"})
    sports_id = sports["originalTransactionId"]
    poison = publish_poison(args.amqp_url, args.bus_prefix)
    wait_until("the poison command in the dead-letter queue", 20, lambda: poison in dead_letter_ids(api))
    log(f"dead letter {poison} waiting")

    started = time.monotonic()
    driver = browser(args.screenshots)
    page = Page(driver, args.base, args.screenshots)
    try:
        page.viewport(1280, 800)
        driver.get(f"{args.base}/console")
        page.wait("the page ready", lambda: page.one("body").get_attribute("data-ready") == "true")
        _, inner_width, inner_height = page.overflow()
        check((inner_width, inner_height) == (1280, 800), f"viewport {inner_width}x{inner_height}, expected 1280x800")
        page.one("#token-input").send_keys(args.token)
        page.one("#token-input").send_keys(Keys.ENTER)
        page.wait("live events connected", lambda: page.one("#connection").get_attribute("data-state") == "live")
        page.wait("the test clock", lambda: "test clock" in page.one("#clock-now").text)

        # 1. Find the subscription and read its timeline.
        page.one("#search-input").send_keys(subscription)
        page.one('#search button[type="submit"]').click()
        page.wait("the timeline", lambda: page.mark_labels("DID_RENEW"))
        check(len(page.mark_labels("SUBSCRIBED", "INITIAL_BUY")) == 1, "one SUBSCRIBED/INITIAL_BUY mark")
        check(len(page.mark_labels("PRICE_CHANGE")) == 1, "one PRICE_CHANGE mark (the price-change request)")
        check(len(page.mark_labels("PRICE_INCREASE", "PENDING")) == 1, "one PRICE_INCREASE/PENDING mark (awaiting consent)")
        check(len(page.mark_labels("PRICE_INCREASE", "ACCEPTED")) == 1, "one PRICE_INCREASE/ACCEPTED mark (the consent)")
        lanes = {entry["data-lane"] for entry in page.snapshot('.timeline .mark[data-type="SUBSCRIBER_COMMUNICATION"]', "data-lane")}
        check(lanes == {"email", "sheet", "push"}, f"a consent request on each channel's lane, got {lanes}")
        check(len(page.mark_labels("DID_RENEW")) == 1, f"one renewal, got {len(page.mark_labels('DID_RENEW'))}")
        periods = page.snapshot(".timeline .period", "data-kind", "aria-label")
        check(len(periods) == 2 and all(period["data-kind"] == "paid" for period in periods),
              f"two paid periods (the purchase and the renewal): {periods}")
        check("USD 9.99" in periods[1]["aria-label"], f"the renewal's period at USD 9.99: {periods[1]['aria-label']}")
        check("USD 2.99" in periods[0]["aria-label"], f"the first period at USD 2.99: {periods[0]['aria-label']}")
        consent = page.mark_labels("PRICE_INCREASE", "ACCEPTED")[0]
        check("consented" in consent, f"the consent mark says so: {consent}")
        summary = page.one("#summary").text
        check(customer in summary and "active" in summary, f"the summary names the customer and the status: {summary}")
        page.shot("01-timeline-1280x800")

        # 2. Open the renewal with the mouse: decoded fields and the signed payload decoded.
        page.retry("clicking the renewal", lambda: page.marks("DID_RENEW")[0].click())
        page.wait("the event's detail", lambda: page.one("#detail").is_displayed())
        detail = page.one("#detail").text
        check("renewed at USD 9.99" in detail, f"the detail describes the renewal: {detail[:300]}")
        blocks = [element.get_attribute("textContent") for element in page.all("#detail pre")]
        check(any('"NOTIFICATION_TYPE_DID_RENEW"' in block for block in blocks), "the decoded protobuf fields")
        check(any('"notificationType": "DID_RENEW"' in block for block in blocks), "the signed payload decoded")
        check(any('"alg": "ES256"' in block for block in blocks), "the JWS header (ES256)")
        check(any('"transactionId"' in block and '"price": 9990' in block for block in blocks), "the signed transaction info decoded")
        page.shot("02-event-detail")
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        page.wait("the detail closed by Escape", lambda: not page.one("#detail").is_displayed())

        # 3. The keyboard alone: Tab from the search field to the first mark, Enter opens it.
        page.one("#search-input").click()
        focused = None
        for _ in range(40):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            focused = driver.switch_to.active_element
            if focused.get_attribute("data-key"):
                break
        check(focused is not None and focused.get_attribute("data-key"), "Tab reaches the timeline's marks")
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        page.wait("a mark opened by Enter", lambda: page.one("#detail").is_displayed())
        check(focused.get_attribute("aria-pressed") == "true", "the opened mark is marked as pressed")
        page.shot("03-keyboard")
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()

        # 4. Advance the test clock by a month from the page: the next renewal appears.
        before = page.one("#clock-now").get_attribute("data-now")
        page.one('#clock [data-duration="P1M"]').click()
        page.wait("the advance's result", lambda: "transition" in page.one("#clock-result").text, timeout=30)
        page.wait("the second renewal on the timeline", lambda: len(page.mark_labels("DID_RENEW")) == 2, timeout=20)
        check(page.one("#clock-now").get_attribute("data-now") != before, "the clock panel shows the new time")
        result = page.one("#clock-result").text
        check("DID_RENEW" in result and subscription in result, f"the fired transitions are listed: {result}")
        labels = page.mark_labels("DID_RENEW")
        check(all("USD 9.99" in label for label in labels), f"both renewals at the new price: {labels}")
        check(len(page.snapshot(".timeline .period", "data-kind")) == 3, "three periods after the second renewal")
        page.shot("04-after-clock-advance")

        # 4b. Billing: the next charge fails (billing retry or grace on its lane), then the payment
        # method is fixed and the subscription recovers at once; the open timeline follows live.
        api.ok("POST", "/v1/subscriptions/paymentOutcome", {"originalTransactionId": subscription, "outcome": "CHARGE_FAILED"})
        page.one('#clock [data-duration="P1M"]').click()
        page.wait("the failed renewal on the billing lane", lambda: [
            mark for mark in page.snapshot('.timeline .mark[data-type="DID_FAIL_TO_RENEW"]', "data-lane") if mark["data-lane"] == "billing"],
            timeout=30)
        api.ok("POST", "/v1/subscriptions/paymentOutcome", {"originalTransactionId": subscription, "outcome": "PAYMENT_METHOD_FIXED"})
        page.wait("the billing recovery appearing live", lambda: page.mark_labels("DID_RENEW", "BILLING_RECOVERY"), timeout=20)
        label = page.mark_labels("DID_RENEW", "BILLING_RECOVERY")[0]
        check("billing recovery" in label, f"the recovery mark says so: {label}")
        page.shot("04b-billing-retry-and-recovery")

        # 4c. An upgrade within the group takes effect at once: a plan-change mark, and the
        # current period ends "upgraded away" where the new product's period starts.
        switched = api.ok("POST", "/v1/subscriptions/switchProduct", {"originalTransactionId": subscription, "productId": "news.premium.monthly"})
        check(switched["effectiveImmediately"] is True, f"the upgrade is immediate: {switched}")
        page.wait("the upgrade on the plan lane", lambda: [
            mark for mark in page.snapshot('.timeline .mark[data-type="DID_CHANGE_RENEWAL_PREF"][data-subtype="UPGRADE"]', "data-lane")
            if mark["data-lane"] == "plan"], timeout=20)
        page.wait("the period upgraded away", lambda: [
            period for period in page.snapshot(".timeline .period", "aria-label") if "upgraded away" in period["aria-label"]])
        page.wait("the summary on the new product", lambda: "news.premium.monthly" in page.one("#summary").text)
        page.shot("04c-upgrade")

        # 5. Live events: the month's events arrived; filter by type; counts by type.
        page.tab("events")
        page.wait("live event rows", lambda: page.visible("#event-rows tr[data-type]"))
        counts = {row.get_attribute("data-type"): int(row.find_elements(By.TAG_NAME, "td")[1].text) for row in page.all("#count-rows tr")}
        check(counts.get("DID_RENEW", 0) >= 1, f"DID_RENEW counted: {counts}")
        Select(page.one("#filter-type")).select_by_value("DID_RENEW")
        shown = page.visible("#event-rows tr[data-type]")
        check(shown and all(row.get_attribute("data-type") == "DID_RENEW" for row in shown), "the type filter shows DID_RENEW rows only")
        page.one("#filter-subscription").send_keys("no-such-subscription")
        check(not page.visible("#event-rows tr[data-type]"), "the subscription filter hides other subscriptions")
        page.one("#filter-subscription").clear()
        page.one("#filter-subscription").send_keys(subscription)
        check(page.visible("#event-rows tr[data-type]"), "the subscription filter shows this subscription's events")
        page.shot("05-live-events")

        # 6. Dead letters: the poison command is listed with its reason; replay it.
        page.tab("deadletters")
        row_selector = f'#dead-rows tr[data-command="{poison}"]'
        page.wait("the dead letter listed", lambda: page.all(row_selector))
        row_text = page.one(row_selector).text
        check("undecodable" in row_text and "Purchase" in row_text, f"the dead letter's reason and method: {row_text}")
        page.shot("06-dead-letters")
        page.one(f'{row_selector} button[data-command="{poison}"]').click()
        page.wait("the replay's answer", lambda: poison in (page.one("#dead-state").get_attribute("data-replayed") or ""))
        check(not page.all(row_selector), "the replayed row left the list")
        page.shot("07-dead-letter-replayed")
        # The consumer got it again and, still undecodable, dead-lettered it again.
        wait_until("the replayed command dead-lettered again by the consumer", 20, lambda: poison in dead_letter_ids(api))

        # 7. Health: broker, lag, dead letters, the consumer's rates.
        page.tab("health")
        page.wait("the health cards", lambda: len(page.all("#health-cards .card")) >= 6)
        cards = {card.get_attribute("data-card"): card.text for card in page.all("#health-cards .card")}
        check("connected" in cards.get("Broker connection", ""), f"broker connected: {cards}")
        check(any(name.startswith("Commands/s") for name in cards), f"a commands/s card: {list(cards)}")
        check(any(name.startswith("Outbox backlog") for name in cards), "an outbox backlog card")
        check(page.all("#health-command-rows tr"), "commands by method and status")
        page.shot("08-health")

        # 7b. By customer id: both subscriptions offered; choosing one draws its timeline.
        page.tab("timeline")
        page.one('#search input[name="by"][value="customer"]').click()
        page.one("#search-input").clear()
        page.one("#search-input").send_keys(customer, Keys.ENTER)
        page.wait("the customer's two subscriptions", lambda: len(page.visible("#subscription-list button")) == 2)
        choices = [button.text for button in page.visible("#subscription-list button")]
        check(any(subscription in text for text in choices) and any(sports_id in text for text in choices),
              f"both subscriptions offered: {choices}")
        page.retry("choosing the sports subscription",
                   lambda: next(button for button in page.visible("#subscription-list button") if sports_id in button.text).click())
        page.wait("the sports subscription's timeline", lambda: "sports.monthly" in page.one("#summary").text)
        check(len(page.mark_labels("SUBSCRIBED")) == 1 and not page.mark_labels("PRICE_INCREASE"),
              "the sports timeline has its own purchase and no price increase")
        page.shot("08b-customer-search")

        # 8. A narrow screen: the timeline redraws to the width, nothing scrolls sideways.
        page.viewport(390, 844)
        page.tab("timeline")
        time.sleep(0.5)
        page.wait("the redrawn timeline", lambda: page.mark_labels("DID_RENEW"))
        scroll_width, inner_width, _ = page.overflow()
        check(scroll_width <= inner_width + 1, f"no horizontal scrolling at {inner_width} px (document {scroll_width} px)")
        svg_width = driver.execute_script("return document.querySelector('#timeline-svg svg').getBoundingClientRect().width")
        check(svg_width <= inner_width, f"the timeline fits ({svg_width} <= {inner_width})")
        tabs_right = driver.execute_script(
            "return Math.max(...[...document.querySelectorAll('.tabs button')].map((tab) => tab.getBoundingClientRect().right))")
        check(tabs_right <= inner_width, f"every tab within the screen ({tabs_right} <= {inner_width})")
        driver.execute_script("document.getElementById('timeline-figure').scrollIntoView()")
        page.shot("09-timeline-narrow")
        page.tab("health")
        page.wait("the health cards", lambda: len(page.all("#health-cards .card")) >= 6)
        scroll_width, inner_width, _ = page.overflow()
        check(scroll_width <= inner_width + 1, f"health: no horizontal scrolling ({scroll_width} > {inner_width})")
        page.shot("10-health-narrow")

        # 9. Nothing left the producer's origin; the browser logged no error.
        requested = driver.execute_script(
            "return [location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)]")
        foreign = [url for url in requested if not url.startswith(args.base + "/")]
        check(not foreign, f"requests outside the producer: {foreign}")
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        check(not errors, f"browser errors: {errors}")
        log(f"{len(requested)} requests, all to {args.base}; screenshots: {', '.join(page.shots)}")
        log(f"browser part took {time.monotonic() - started:.1f} s")
    except Exception:
        try:
            page.shot("failure")
            with open(f"{args.screenshots}/failure.html", "w", encoding="utf-8") as handle:
                handle.write(driver.page_source)
            for entry in driver.get_log("browser"):
                log(f"browser log: {entry}")
        except Exception as error:  # the browser itself may be gone
            log(f"no failure screenshot: {error}")
        raise
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the producer, e.g. http://127.0.0.1:8080")
    parser.add_argument("--consumer", required=True, help="the consumer's HTTP address (its /health)")
    parser.add_argument("--token", required=True, help="an operator token")
    parser.add_argument("--amqp-url", required=True)
    parser.add_argument("--bus-prefix", required=True)
    parser.add_argument("--screenshots", required=True)
    args = parser.parse_args()
    try:
        run(args)
    except CheckFailed as failure:
        log(f"FAILED: {failure}")
        sys.exit(1)
    log("passed")


if __name__ == "__main__":
    main()
