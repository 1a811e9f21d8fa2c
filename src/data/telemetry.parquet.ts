import {runTableFile} from "../../loaders/export/study-files.js";
import {runsForLoader} from "../../loaders/live/for-loader.js";
import {runDownloadLoader} from "../render/download-loader.js";

await runDownloadLoader("telemetry.parquet", async () => runTableFile("telemetry.parquet", await runsForLoader()));
