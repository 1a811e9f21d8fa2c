// `npm run dev`: Framework's preview of the study, drawn again on every edit (src/build/dev.ts). Arguments go to
// `observable preview`.
import {dev} from "../src/build/dev.js";

await dev(process.argv.slice(2));
