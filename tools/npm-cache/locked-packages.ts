// Which installed package an import names, and its version as package-lock.json pins it: the npm cache holds exactly
// what the lock installs, so a commit builds the same notebook on any machine.
import {existsSync, readFileSync} from "node:fs";
import {dirname, join, relative, sep} from "node:path";

export interface InstalledPackage {
  name: string;
  version: string;
  /** The package's folder under node_modules. */
  dir: string;
}

/** A bare import split into its package name and the path inside the package ("" for the package itself). */
export function splitSpecifier(specifier: string): {name: string; subpath: string} {
  const parts = specifier.split("/");
  const count = specifier.startsWith("@") ? 2 : 1;
  return {name: parts.slice(0, count).join("/"), subpath: parts.slice(count).join("/")};
}

/** A bare package import, not a path, URL or Node built-in. */
export function isBareSpecifier(specifier: string): boolean {
  return !/^(\.|\/|[a-z][\w+.-]*:)/i.test(specifier) && !specifier.startsWith("#");
}

export class LockError extends Error {}

/** package-lock.json's packages: path under the root → version. */
export function lockedVersions(root: string): Map<string, string> {
  const file = join(root, "package-lock.json");
  let lock: {lockfileVersion?: number; packages?: Record<string, {version?: string; link?: boolean}>};
  try {
    lock = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new LockError(`${file}: ${(error as Error).message.split("\n")[0]}`);
  }
  if (!lock.packages)
    throw new LockError(`${file}: no "packages" (lockfileVersion ${lock.lockfileVersion}); npm 7 or later writes them`);
  const versions = new Map<string, string>();
  for (const [path, entry] of Object.entries(lock.packages))
    if (path && entry.version) versions.set(path, entry.version);
  return versions;
}

/**
 * The package `name` as Node would find it from `fromDir` (the nearest node_modules up the tree), checked against the
 * lock: an installed version the lock does not pin is an error naming both, so the cache never holds a stray version.
 */
export function installedPackage(
  root: string,
  name: string,
  fromDir: string,
  locked: ReadonlyMap<string, string>
): InstalledPackage {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) {
      const manifest = JSON.parse(readFileSync(join(candidate, "package.json"), "utf8")) as {version?: string};
      const path = relative(root, candidate).split(sep).join("/");
      const pinned = locked.get(path);
      if (pinned === undefined) throw new LockError(`${path} is installed but not in package-lock.json: run npm ci`);
      if (manifest.version !== pinned)
        throw new LockError(`${path} is ${manifest.version} but package-lock.json pins ${pinned}: run npm ci`);
      return {name, version: pinned, dir: candidate};
    }
    if (dir === root || dir === dirname(dir) || relative(root, dir).startsWith(".."))
      throw new LockError(`${name} is not installed (imported from ${relative(root, fromDir) || "."}): run npm ci`);
  }
}
