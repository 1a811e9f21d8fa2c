import {describe, expect, it} from "vitest";
import {centred, fixed, floatRepr, line, percentileWord} from "../../loaders/client/python-format.js";

// Expected strings are CPython's format(x, ".2f"), repr(float) and str.format outputs.
describe("Python formatting", () => {
  it("rounds exact ties to even like format(x, '.2f')", () => {
    expect([0.125, 0.375, 2.675, 1.005, 12.5, 137022.745, -0.001, 299.51].map((x) => fixed(x, 2))).toEqual([
      "0.12",
      "0.38",
      "2.67",
      "1.00",
      "12.50",
      "137022.74",
      "-0.00",
      "299.51"
    ]);
  });

  it("writes floats as repr() does", () => {
    expect([1, 0.1, 1e-5, 1e16, 123456.789, 1e-4, 3e15, 1 / 3, -2.5, 1e22].map(floatRepr)).toEqual([
      "1.0",
      "0.1",
      "1e-05",
      "1e+16",
      "123456.789",
      "0.0001",
      "3000000000000000.0",
      "0.3333333333333333",
      "-2.5",
      "1e+22"
    ]);
    expect(floatRepr(Infinity)).toBe("Infinity");
  });

  it("pads and centres as vLLM's block does", () => {
    expect(line("Successful requests:", "1000")).toBe("Successful requests:                     1000      ");
    expect(line("Mean TTFT (ms):", "137022.74")).toBe("Mean TTFT (ms):                          137022.74 ");
    expect(centred(" Serving Benchmark Result ", 50, "=")).toBe("============ Serving Benchmark Result ============");
    expect(centred("Time per Output Token (excl. 1st token)", 50, "-")).toBe(
      "-----Time per Output Token (excl. 1st token)------"
    );
    expect(centred("Time to First Token", 50, "-")).toBe("---------------Time to First Token----------------");
    expect([99, 50, 99.9, 90].map(percentileWord)).toEqual(["99", "50", "99.9", "90"]);
  });
});
