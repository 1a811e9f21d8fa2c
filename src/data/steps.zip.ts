// Every step page's data in one archive: Framework serves data/steps/<step>.json from it, one loader for all steps.
import {writeStepArchive} from "../../loaders/pages/step-archive.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

async function load(): Promise<Buffer> {
  const {report, rows} = await studyForLoader();
  const chunks: Buffer[] = [];
  writeStepArchive(report, rows, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks);
}

process.stdout.write(await load());
