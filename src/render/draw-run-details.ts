// Run by tools/build.ts beside Framework's build, on the machine's other core: draws every run's page body of an
// archive in run sets into the staging folder it is given (src/render/run-details.ts).
import {drawRunDetails} from "./run-details.js";

const [dir, staging, keep] = process.argv.slice(2);
await drawRunDetails(dir, staging, keep === "--keep");
