// `tps-report parse [--json] FILE…`: prints the canonical blocks found in benchmark output files.

import {readFile} from "node:fs/promises";
import type {ParseResult} from "../canonical.js";
import {parseBuffer} from "../parse/index.js";

const USAGE = `usage: tps-report parse [--json] FILE...

Parses vLLM / SGLang / TensorRT-LLM benchmark output (text logs, --save-result JSON, JSON Lines,
trtllm-bench reports) into canonical records.

  --json     print a JSON array, one object per file: {file, blocks, errors, warnings}
  -h, --help show this help

A block that was cut off or is incomplete keeps its values and is marked partial, with a warning.

exit status: 0 no file has errors (warnings allowed), 1 some file has errors, 2 bad usage or unreadable file`;

function formatValue(value: number): string {
  return String(value);
}

function table(rows: [string, string][], indent: string): string[] {
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${indent}${k.padEnd(width)}  ${v}`);
}

export function formatResult(result: ParseResult): string {
  const out: string[] = [];
  const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;
  const warnings = result.warnings.length ? `, ${count(result.warnings.length, "warning")}` : "";
  out.push(
    `${result.file}: ${count(result.blocks.length, "block")}, ${count(result.errors.length, "error")}${warnings}`
  );
  result.blocks.forEach((block, i) => {
    out.push("");
    const partial = block.partial ? ", partial" : "";
    out.push(`  block ${i + 1}: ${block.tool} ${block.format}, lines ${block.lines[0]}-${block.lines[1]}${partial}`);
    const metrics = Object.entries(block.metrics).map(([k, v]): [string, string] => [k, formatValue(v)]);
    if (metrics.length > 0) out.push(...table(metrics, "    "));
    const extra = Object.entries(block.extra);
    if (extra.length > 0) {
      out.push("    extra:");
      out.push(...table(extra, "      "));
    }
  });
  return out.join("\n");
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function main(argv: string[]): Promise<number> {
  let json = false;
  const files: string[] = [];
  let flagsDone = false;
  for (const arg of argv) {
    if (!flagsDone && arg === "--") flagsDone = true;
    else if (!flagsDone && arg === "--json") json = true;
    else if (!flagsDone && (arg === "--help" || arg === "-h")) {
      process.stdout.write(USAGE + "\n");
      return 0;
    } else if (!flagsDone && arg.startsWith("-") && arg !== "-") {
      process.stderr.write(`tps-report parse: unknown option ${arg}\n\n${USAGE}\n`);
      return 2;
    } else files.push(arg);
  }
  if (files.length === 0) {
    process.stderr.write(`tps-report parse: no input files\n\n${USAGE}\n`);
    return 2;
  }
  const contents: Buffer[] = [];
  const unreadable: string[] = [];
  for (const file of files) {
    try {
      contents.push(file === "-" ? await readStdin() : await readFile(file));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      const why =
        code === "ENOENT"
          ? `${file} does not exist`
          : code === "EISDIR"
            ? `${file} is a folder; parse takes files`
            : `cannot read ${file} (${code})`;
      unreadable.push(`tps-report parse: ${why}`);
    }
  }
  if (unreadable.length > 0) {
    process.stderr.write(unreadable.join("\n") + "\n");
    return 2;
  }
  const results = files.map((file, i) => parseBuffer(contents[i], file));
  if (json) {
    process.stdout.write(JSON.stringify(results, null, 2) + "\n");
  } else {
    process.stdout.write(results.map(formatResult).join("\n\n") + "\n");
    const errors = results.flatMap((r) =>
      [
        ...r.errors.map((e) => ({line: e.line, text: `${r.file}:${e.line}: ${e.message}`})),
        ...r.warnings.map((w) => ({line: w.line, text: `${r.file}:${w.line}: warning: ${w.message}`}))
      ]
        .sort((a, b) => a.line - b.line)
        .map((e) => e.text)
    );
    if (errors.length > 0) process.stderr.write(errors.join("\n") + "\n");
  }
  return results.some((r) => r.errors.length > 0) ? 1 : 0;
}
