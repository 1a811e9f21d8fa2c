// Run by `npm run dev` when a run's own page is asked for in a study of run sets (those pages are written after
// Framework's build, so its preview has none): prints the page's fragments as JSON.
import {studyDir} from "../../loaders/study/study-dir.js";
import type {Lang} from "../components/i18n.js";
import {drawRunPage} from "./run-details.js";
import {keepRawHtmlAsText} from "./dom.js";

// Charts and logs go into the page as text, as in the build.
keepRawHtmlAsText();

const [run, lang] = process.argv.slice(2);
process.stdout.write(JSON.stringify(await drawRunPage(studyDir(), run, lang as Lang)));
