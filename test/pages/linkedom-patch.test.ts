// The build draws every table and chart with linkedom (src/render/dom.ts). Its EventTarget gave every node a listener
// map in a WeakMap as it was made; at 1000× the seed that was a sixth of the renderer's time, most of it in the garbage
// collector. patches/linkedom+*.patch (applied by `npm ci` through patch-package) makes the map when a listener is added.
import {readFileSync} from "node:fs";
import {parseHTML} from "linkedom";
import {describe, expect, it} from "vitest";

describe("linkedom as the build uses it", () => {
  it("makes no listener map for a node that has no listener", () => {
    const source = readFileSync("node_modules/linkedom/esm/interface/event-target.js", "utf8");
    const constructor = /constructor\(\) \{([^}]*)\}/.exec(source)?.[1];
    expect(constructor?.trim()).toBe("");
  });

  it("still calls listeners, once where asked, and stops calling a removed one", () => {
    const {document, Event} = parseHTML("<!doctype html><html><body><div><button></button></div></body></html>");
    const button = document.querySelector("button")!;
    const calls: string[] = [];
    const always = () => calls.push("always");
    button.addEventListener("click", always);
    button.addEventListener("click", () => calls.push("once"), {once: true});
    document.querySelector("div")!.addEventListener("click", () => calls.push("parent"));
    button.dispatchEvent(new Event("click", {bubbles: true}));
    button.dispatchEvent(new Event("click", {bubbles: true}));
    button.removeEventListener("click", always);
    button.removeEventListener("click", always);
    document.body.removeEventListener("click", always);
    button.dispatchEvent(new Event("click", {bubbles: true}));
    expect(calls).toEqual(["always", "once", "parent", "always", "parent", "parent"]);
  });
});
