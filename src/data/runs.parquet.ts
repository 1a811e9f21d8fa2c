import {runDownloadLoader} from "../render/download-loader.js";

await runDownloadLoader("runs.parquet");
