// `npm run bench:import`: the import measurement of `npm run bench` alone; writes the "Import" section of BENCHMARKS.md.
import {join, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {parseArgs} from "node:util";
import {IMPORT_SECTION, measureImport, renderImportSection} from "./import-speed.js";
import {spliceSection} from "./report-markdown.js";

const REPO = resolve(fileURLToPath(new URL("..", import.meta.url)));
const {values} = parseArgs({
  options: {
    files: {type: "string", default: "17000"},
    reps: {type: "string", default: "3"},
    out: {type: "string", default: join(REPO, "BENCHMARKS.md")}
  }
});
const figures = measureImport(join(REPO, ".bench", "import"), Number(values.files), Number(values.reps), (line) =>
  console.error(`[bench:import] ${line}`)
);
const section = renderImportSection(figures);
spliceSection(values.out!, section, "", IMPORT_SECTION);
process.stdout.write(section);
