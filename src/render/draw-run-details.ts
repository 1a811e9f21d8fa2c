// Run by tools/build.ts beside Framework's build, on the machine's other core: draws every run's page body of an
// archive in run sets into the staging folder it is given (src/render/run-details.ts).
import {drawRunDetails} from "./run-details.js";
import {keepRawHtmlAsText} from "./dom.js";

// Charts and logs go into the pages as text, not parsed into the DOM and printed back.
keepRawHtmlAsText();

const [dir, staging, keep] = process.argv.slice(2);
await drawRunDetails(dir, staging, keep === "--keep");
