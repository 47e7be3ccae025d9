// What the end-to-end specs share: signing in as a demo user, reaching the sidebar at either viewport,
// the accessibility check, a DataTable's rows at either viewport and the sideways-scroll check.
import AxeBuilder from "@axe-core/playwright";
import { demoSession, DEMO_SESSION_KEY, type DemoUserName } from "./api";
import {
  expect,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";

export const isPhone = (testInfo: TestInfo) =>
  testInfo.project.name === "phone";

/** The tablet project: the desktop's layout (tables, the sidebar) on a touch screen 820 px wide. */
export const isTablet = (testInfo: TestInfo) =>
  testInfo.project.name === "tablet";

/**
 * From 1280 px the create and edit screens show the cart beside the inventory; narrower (a phone, a
 * tablet), a bar at the bottom of the screen counts it and opens it as a sheet.
 */
export const hasSideCart = (page: Page) =>
  (page.viewportSize()?.width ?? 0) >= 1280;

/**
 * Signs in as a demo user the way the login page does, without showing it: the session the demo sign-in stores
 * (demo-auth-provider.ts) is written into the page's storage from the API's answer, and the page opens `from` (or the
 * user's home, through '/'). The login page and its list of users took a page load of their own in every test;
 * the specs of the login page itself, and one test per role that signs in through it, use signInOnLoginPage.
 */
export async function signIn(
  page: Page,
  name: string,
  options: { from?: string } = {},
): Promise<void> {
  const session = await demoSession(page.request, name as DemoUserName);
  // Any page of the origin holds its storage: the health answer is the cheapest.
  await page.goto("/api/health");
  await page.evaluate(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [DEMO_SESSION_KEY, JSON.stringify(session)],
  );
  await page.goto(options.from ?? "/");
  // Only a signed-in shell shows the account menu: a refused session would end on /login without it.
  await expect(page.getByRole("button", { name: /^Account: / })).toBeVisible();
}

/** Signs in by choosing the demo user on the login page, as a user does. */
export async function signInOnLoginPage(
  page: Page,
  name: string,
  options: { from?: string } = {},
): Promise<void> {
  await page.goto(options.from ?? "/login");
  await expect(page.getByRole("list", { name: "Demo users" })).toBeVisible();
  await page.getByRole("button", { name: new RegExp(`^${name}`) }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The main navigation: the sidebar on desktop, the slide-in panel (opened here) on a phone. */
export async function openNavigation(page: Page, testInfo: TestInfo) {
  if (isPhone(testInfo)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    return page.getByRole("dialog").getByRole("navigation", { name: "Main" });
  }
  return page.getByRole("navigation", { name: "Main" });
}

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A dialog fading in or out is part transparent, and axe would judge its text's contrast mid-fade.
  // Headless UI marks a transitioning element with data-transition from the frame it mounts,
  // transparent, before its CSS transition has started (when getAnimations still lists nothing):
  // CI once caught a confirmation's red button in that frame. Spinners and skeletons run for ever
  // and are left out.
  await page.waitForFunction(
    () =>
      document.querySelector("[data-transition]") === null &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" ||
            animation.effect?.getComputedTiming().endTime === Infinity,
        ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const serious = results.violations.filter(
    (violation) =>
      violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}

/** Service-worker-dependent checks need the worker to control the page before going offline. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** The rows of a DataTable, by its caption: table rows on desktop, cards on a phone. */
export const tableRows = (page: Page, caption: string): Locator =>
  page
    .getByRole("table", { name: caption })
    .getByRole("row")
    .or(page.getByRole("list", { name: caption }).getByRole("listitem"));

/** The page fits its width: a sideways overflow also makes a dialog's scroll lock squeeze the page on phones. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** How much wider than its scroll area a table is (null: it fits, nothing scrolls sideways). */
export const tableScrollsSideways = (table: Locator) =>
  table.evaluate((element) => {
    const area = element.parentElement!;
    return area.scrollWidth > area.clientWidth + 1
      ? `${area.scrollWidth} px of content in ${area.clientWidth} px`
      : null;
  });

/** The smallest touch target on a phone, in CSS pixels (WCAG 2.5.5, Apple's and Android's guidance). */
const MIN_TOUCH_TARGET = 44;

/**
 * Every interactive element on the phone screen as it stands is at least 44×44 px: a near miss on a small
 * target opens the wrong thing. A checkbox or radio is measured by the label around it (what the thumb
 * hits). Elements not drawn (hidden, inert, aria-hidden, screen-reader-only) are left out; those scrolled
 * out of view are measured all the same. Names the elements that are too small, with their size.
 */
export async function expectTouchSizedTargets(page: Page): Promise<void> {
  const tooSmall = await page.evaluate((min) => {
    const selector = [
      "a[href]",
      "button",
      'input:not([type="hidden"])',
      "select",
      "textarea",
      "summary",
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="option"]',
      '[role="menuitem"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
    ].join(", ");
    const describe = (element: Element) => {
      const name =
        element.getAttribute("aria-label") ??
        element.textContent?.trim().replace(/\s+/g, " ").slice(0, 40) ??
        "";
      return `${element.tagName.toLowerCase()}${element.getAttribute("role") ? `[role=${element.getAttribute("role")}]` : ""} "${name}"`;
    };
    const found: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      if (element.closest('[inert], [aria-hidden="true"], [hidden]')) continue;
      const style = getComputedStyle(element);
      if (
        style.visibility === "hidden" ||
        style.display === "none" ||
        style.pointerEvents === "none"
      )
        continue;
      let box = element.getBoundingClientRect();
      // Not drawn, or drawn for screen readers only (sr-only is 1×1).
      if (box.width <= 1 || box.height <= 1) continue;
      const input = element as HTMLInputElement;
      const label = element.closest("label");
      if (
        element.tagName === "INPUT" &&
        (input.type === "checkbox" || input.type === "radio") &&
        label
      )
        box = label.getBoundingClientRect();
      // Half a pixel of rounding is not a miss.
      if (box.width < min - 0.5 || box.height < min - 0.5)
        found.push(
          `${describe(element)} is ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return found;
  }, MIN_TOUCH_TARGET);
  expect(
    tooSmall,
    `interactive elements under ${MIN_TOUCH_TARGET}×${MIN_TOUCH_TARGET} px on ${page.url()}`,
  ).toEqual([]);
}
