// Each test file starts with no run sets declared. The files of a worker share one DOM (isolate: false), and a drawing of
// a study in run sets leaves its count in the page's head (src/render/page-fragments.ts): the next file's run links would
// point into sets it never drew.
import {declareRunSets} from "../../src/components/runSets.js";

if (typeof document !== "undefined") declareRunSets(0);
