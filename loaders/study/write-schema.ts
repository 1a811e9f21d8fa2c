// `npm run schema`: writes schema/*.schema.json and docs/study-format.md from the schema definitions.
import {writeFileAtomic} from "../files/write-atomic.js";
import {runJsonSchema, SCHEMA_FILES, schemaFileText, studyFormatDoc, studyJsonSchema} from "./schema-files.js";

writeFileAtomic(SCHEMA_FILES.study, schemaFileText(studyJsonSchema()));
writeFileAtomic(SCHEMA_FILES.run, schemaFileText(runJsonSchema()));
writeFileAtomic("docs/study-format.md", studyFormatDoc());
