// Loaded with `node --import` (NODE_OPTIONS) into a Framework process: the machine's network as CI has it, the npm
// registry and nothing else. Every fetch is logged to $FETCH_LOG; any other host fails as an unreachable one does.
import {appendFileSync} from "node:fs";

const fetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  if (process.env.FETCH_LOG) appendFileSync(process.env.FETCH_LOG, `${url.href}\n`);
  if (url.hostname !== "registry.npmjs.org") throw new TypeError(`fetch failed (${url.hostname} is not reachable)`);
  return fetch(input, init);
};
