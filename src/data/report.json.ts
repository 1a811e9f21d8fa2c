import {runDownloadLoader} from "../render/download-loader.js";

await runDownloadLoader("report.json");
