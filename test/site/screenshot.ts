// Development aid: screenshots of site pages, for looking at them. Usage: tsx test/site/screenshot.ts <base-url> <out-dir> <path>...
import {mkdirSync} from "node:fs";
import {join} from "node:path";
import {launchChromium} from "./browser.js";

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || !paths.length) throw new Error("usage: screenshot.ts <base-url> <out-dir> <path>...");
mkdirSync(outDir, {recursive: true});
const browser = await launchChromium();
try {
  for (const scheme of (process.env.SCHEMES ?? "light").split(",") as ("light" | "dark")[]) {
    const width = Number(process.env.WIDTH ?? 1280);
    const page = await browser.newPage({viewport: {width, height: 900}, colorScheme: scheme});
    page.on("console", (m) => m.type() === "error" && console.warn(`console error on ${page.url()}: ${m.text()}`));
    page.on("response", (r) => r.status() >= 400 && console.warn(`HTTP ${r.status()} ${r.url()}`));
    page.on("pageerror", (e) => console.warn(`page error on ${page.url()}: ${e.message}`));
    for (const path of paths) {
      await page.goto(new URL(path.replace(/^\//, ""), base).href, {waitUntil: "networkidle"});
      await page.waitForTimeout(500);
      const name = `${path.replace(/^\/|\/$/g, "").replace(/[^\w-]+/g, "_") || "index"}-${scheme}-${width}.png`;
      await page.screenshot({path: join(outDir, name), fullPage: true});
      console.log(join(outDir, name));
    }
    await page.close();
  }
} finally {
  await browser.close();
}
