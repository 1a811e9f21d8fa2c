import {studyFile} from "../../loaders/export/study-files.js";
import {runLoader} from "../../loaders/files/write-stdout.js";
import {studyForLoader} from "../../loaders/live/for-loader.js";

await runLoader("dictionary.json", async () => studyFile("dictionary.json", await studyForLoader()));
