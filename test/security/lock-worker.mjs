// Loads lock-worker.ts in a worker thread: tsx's loader is registered per thread.
import {register} from "tsx/esm/api";

register();
await import("./lock-worker.ts");
