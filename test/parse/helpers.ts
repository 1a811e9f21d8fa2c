// Shared helpers of the parser tests.
import type {ParsedBlock, ParseResult} from "../../loaders/canonical.js";
import {parseFile} from "../../loaders/parse/index.js";

export const FIXTURES = "test/fixtures/parse";

export function fixture(name: string): Promise<ParseResult> {
  return parseFile(`${FIXTURES}/${name}`);
}

/** The single block of a file that must parse cleanly. */
export async function onlyBlock(name: string): Promise<ParsedBlock> {
  const result = await fixture(name);
  if (result.errors.length > 0) throw new Error(`${name}: ${JSON.stringify(result.errors)}`);
  if (result.blocks.length !== 1) throw new Error(`${name}: ${result.blocks.length} blocks`);
  return result.blocks[0];
}
