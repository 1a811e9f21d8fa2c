import {describe, expect, it} from "vitest";
import {arrivalOffsets} from "../../loaders/client/arrival.js";
import {NumpyLegacyRandom, PythonRandom} from "../../loaders/client/rng-mt19937.js";
import {NumpyGenerator} from "../../loaders/client/rng-pcg64.js";

// Expected values were printed by CPython 3 and numpy 2.4 with the same seeds.
describe("generators that reproduce vLLM's seeded draws", () => {
  it("numpy default_rng(seed).integers", () => {
    const rng = new NumpyGenerator(42);
    expect(rng.integers(0, 151643, 5)).toEqual([13534, 117365, 99261, 66552, 65663]);
    expect(rng.integers(3, 1000000000000, 3)).toEqual([697368029060, 94177347890, 975622351636]);
    expect(rng.integers(90, 111, 4)).toEqual([108, 105, 105, 105]);
    expect(new NumpyGenerator(0).integers(0, 2 ** 32, 3)).toEqual([3653403231, 2735729615, 2195314465]);
  });

  it("CPython random.seed/shuffle/choice/random", () => {
    const rng = new PythonRandom(42);
    const items = Array.from({length: 20}, (_, i) => i);
    rng.shuffle(items);
    expect(items).toEqual([19, 5, 14, 4, 9, 13, 15, 18, 6, 12, 17, 10, 1, 11, 2, 16, 7, 8, 0, 3]);
    expect([0, 1, 2, 3, 4].map(() => rng.choice(items))).toEqual([8, 15, 8, 11, 18]);
    const zero = new PythonRandom(0);
    expect([zero.random(), zero.random(), zero.random()]).toEqual([
      0.8444218515250481, 0.7579544029403025, 0.420571580830845
    ]);
    expect(new PythonRandom(12345678901234).random()).toBe(0.02504137575317178);
  });

  it("numpy legacy np.random.seed + gamma (exponential, shape < 1, shape > 1)", () => {
    const rng = new NumpyLegacyRandom(42);
    expect([0, 1, 2].map(() => rng.gamma(1, 0.1))).toEqual([
      0.04692680899768591, 0.3010121430917521, 0.13167456935454494
    ]);
    expect([0, 1, 2].map(() => rng.gamma(0.5, 0.2))).toEqual([
      0.07439503762595899, 0.0048668580749843884, 0.2686755982828046
    ]);
    expect([0, 1, 2].map(() => rng.gamma(3, 1 / 30))).toEqual([
      0.060870814042542506, 0.06325724285850443, 0.009036590740294842
    ]);
  });
});

describe("arrival process", () => {
  it("sends everything at once for rate inf", () => {
    expect(arrivalOffsets(4, Infinity, 1, 0)).toEqual([0, 0, 0, 0]);
  });

  it("draws Poisson gaps and rescales the last arrival to n / rate", () => {
    const offsets = arrivalOffsets(5, 10, 1, 0);
    const expected = [0.09225866000617942, 0.23784755381206038, 0.3448686098264802, 0.4361218447563611, 0.5];
    offsets.forEach((offset, i) => expect(offset).toBeCloseTo(expected[i], 12));
  });

  it("draws gamma gaps for burstiness != 1", () => {
    const offsets = arrivalOffsets(5, 10, 0.5, 0);
    const expected = [0.07864091565737073, 0.17649436800543852, 0.22292413877951361, 0.27245792440625366, 0.5];
    offsets.forEach((offset, i) => expect(offset).toBeCloseTo(expected[i], 12));
  });

  it("spaces arrivals evenly for burstiness inf", () => {
    expect(arrivalOffsets(4, 2, Infinity, 0)).toEqual([0.5, 1, 1.5, 2]);
  });

  it("is the same for the same seed and differs for another", () => {
    expect(arrivalOffsets(50, 5, 1, 7)).toEqual(arrivalOffsets(50, 5, 1, 7));
    expect(arrivalOffsets(50, 5, 1, 7)).not.toEqual(arrivalOffsets(50, 5, 1, 8));
  });
});
