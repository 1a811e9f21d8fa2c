import {runDownloadLoader} from "../render/download-loader.js";

await runDownloadLoader("dictionary.json");
