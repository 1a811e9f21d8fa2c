import {runTableFile} from "../../loaders/export/study-files.js";
import {runLoader} from "../../loaders/files/write-stdout.js";
import {runsForLoader} from "../../loaders/live/for-loader.js";

await runLoader("telemetry.parquet", async () => runTableFile("telemetry.parquet", await runsForLoader()));
