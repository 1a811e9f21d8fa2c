// Ports for servers a test starts side by side. Two calls of freePort in a row gave the same port in 1 of 2,000 pairs on
// the build machine, and the Slurm cluster of the CI run of a02bdcc got SlurmctldPort == SlurmdPort ("slurmctld is
// talking with itself", slurmd "Address already in use"): freePorts holds every port until it has them all.
import {describe, expect, it} from "vitest";
import {freePorts, portFree} from "../../loaders/live/port.js";

describe("freePorts", () => {
  it("gives as many ports as asked, no two alike, each free once it returns", async () => {
    for (let round = 0; round < 50; round++) {
      const ports = await freePorts(4);
      expect(ports).toHaveLength(4);
      expect(new Set(ports).size).toBe(4);
      for (const port of ports) expect(await portFree("127.0.0.1", port)).toBe(true);
    }
  });
});
