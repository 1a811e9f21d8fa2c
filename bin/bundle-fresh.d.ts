/** True when `root`'s dist-cli/tps-report.mjs is newer than loaders/, data/models/, data/gpus/gpus.yaml and the
 * package files. */
export function bundleFresh(root: string): boolean;
