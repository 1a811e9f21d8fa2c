// Whether dist-cli/ (npm run bundle) holds the sources as they are: newer than every file it was built from and reads.
import {existsSync, readdirSync, statSync} from "node:fs";
import {join} from "node:path";

/** Newest modification time under a folder. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** True when `root`'s dist-cli/tps-report.mjs is newer than loaders/, data/models/, data/gpus/gpus.yaml and the
 * package files (the version it prints, the dependencies it bundles). */
export function bundleFresh(root) {
  const bundle = join(root, "dist-cli", "tps-report.mjs");
  const files = ["data/gpus/gpus.yaml", "package.json", "package-lock.json"].map((file) => join(root, file));
  return (
    existsSync(bundle) &&
    statSync(bundle).mtimeMs >=
      Math.max(
        newest(join(root, "loaders")),
        newest(join(root, "data", "models")),
        ...files.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0))
      )
  );
}
