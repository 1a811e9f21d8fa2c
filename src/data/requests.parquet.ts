import {studyFile} from "../../loaders/export/study-files.js";
import {runLoader} from "../../loaders/files/write-stdout.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

await runLoader("requests.parquet", async () => studyFile("requests.parquet", await studyForLoader()));
