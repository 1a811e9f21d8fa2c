// The browser comes with `npm ci`: the Chromium inside @sparticuz/chromium starts and renders on this Debian, and a
// browser that cannot be had fails the run with one line, never a silent skip.
import {afterEach, describe, expect, it, vi} from "vitest";
import {chromiumPath} from "../support/chromium.js";
import {launchChromium} from "./browser.js";

afterEach(() => vi.unstubAllEnvs());

describe("the browser for the site tests", () => {
  it("is the npm package's Chromium, unpacked under node_modules/.cache, and it renders a page", async () => {
    vi.stubEnv("CHROMIUM_PATH", "");
    const path = chromiumPath();
    expect(path).toMatch(/node_modules\/\.cache\/tps-report\/chromium-143\.[0-9.]+\/chromium$/);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent("<p>Türkçe ğış · 1.234,5</p>");
      expect(await page.textContent("p")).toBe("Türkçe ğış · 1.234,5");
      expect(browser.version()).toMatch(/^143\./);
    } finally {
      await browser.close();
    }
  });

  it("a CHROMIUM_PATH that does not exist fails with one line", () => {
    vi.stubEnv("CHROMIUM_PATH", "/nonexistent/chromium");
    expect(() => chromiumPath()).toThrow(/^CHROMIUM_PATH=\/nonexistent\/chromium does not exist$/);
  });

  it("a binary that is no browser fails with one line naming it", async () => {
    vi.stubEnv("CHROMIUM_PATH", "/bin/false");
    const error = await launchChromium().then(
      () => null,
      (e: Error) => e
    );
    expect(error?.message).toMatch(
      /^Chromium \/bin\/false did not start \(.+\); set CHROMIUM_PATH to a Chromium that does$/
    );
    expect(error?.message).not.toContain("\n");
  });
});
