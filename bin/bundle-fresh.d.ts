/** True when `root`'s dist-cli/tps-report.mjs is newer than loaders/, data/models/ and data/gpus/gpus.yaml. */
export function bundleFresh(root: string): boolean;
