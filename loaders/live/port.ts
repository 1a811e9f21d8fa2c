// Whether a TCP port can be listened on, so a server never starts on a port an earlier one still holds.
import {createServer} from "node:net";

export function portFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen({host, port, exclusive: true}, () => probe.close(() => resolve(true)));
  });
}

/** Polls until the port is free; false when it is still taken after `timeoutMs`. */
export async function waitPortFree(host: string, port: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await portFree(host, port)) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A port the system considers free right now (for tests and ad-hoc runs). */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen({host, port: 0, exclusive: true}, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** `count` ports, no two alike: each is held until all are found, since a port just let go may be handed out again. */
export async function freePorts(count: number, host = "127.0.0.1"): Promise<number[]> {
  const probes = Array.from({length: count}, () => createServer());
  try {
    return await Promise.all(
      probes.map(
        (probe) =>
          new Promise<number>((resolve, reject) => {
            probe.once("error", reject);
            probe.listen({host, port: 0, exclusive: true}, () => {
              const address = probe.address();
              resolve(typeof address === "object" && address ? address.port : 0);
            });
          })
      )
    );
  } finally {
    await Promise.all(
      probes.map((probe) => new Promise((resolve) => (probe.listening ? probe.close(resolve) : resolve(null))))
    );
  }
}
