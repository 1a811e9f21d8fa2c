// The constraints of a search space: a small expression language over knob values, parsed once into plain data (the
// plan is kept as JSON) and evaluated for each configuration.

export type ConstraintValue = number | string | boolean | null;

export type ConstraintNode =
  | {kind: "number"; value: number}
  | {kind: "word"; value: string}
  | {kind: "bool"; value: boolean}
  | {kind: "knob"; name: string}
  | {kind: "not"; operand: ConstraintNode}
  | {kind: "neg"; operand: ConstraintNode}
  | {kind: "logic"; op: "and" | "or"; left: ConstraintNode; right: ConstraintNode}
  | {kind: "compare"; op: ">=" | "<=" | ">" | "<" | "==" | "!="; left: ConstraintNode; right: ConstraintNode}
  | {kind: "arith"; op: "+" | "-" | "*" | "/"; left: ConstraintNode; right: ConstraintNode};

export class ConstraintError extends Error {}

type Token =
  | {type: "num"; value: number}
  | {type: "str"; value: string}
  | {type: "id"; value: string}
  | {type: "op"; value: string};

const KEYWORDS = new Set(["and", "or", "not", "unless", "true", "false"]);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const number = /^\d+(\.\d+)?(e[+-]?\d+)?/i.exec(text.slice(i));
    if (number) {
      tokens.push({type: "num", value: Number(number[0])});
      i += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(i));
    if (word) {
      tokens.push({type: "id", value: word[0]});
      i += word[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw new ConstraintError(`a quote opened at character ${i + 1} is never closed`);
      tokens.push({type: "str", value: text.slice(i + 1, end)});
      i = end + 1;
      continue;
    }
    const op = /^(>=|<=|==|!=|&&|\|\||[<>+\-*/()!])/.exec(text.slice(i));
    if (!op) throw new ConstraintError(`unexpected '${c}' at character ${i + 1}`);
    const spelled = {"&&": "and", "||": "or", "!": "not"}[op[0]];
    tokens.push(spelled ? {type: "id", value: spelled} : {type: "op", value: op[0]});
    i += op[0].length;
  }
  return tokens;
}

/** The constraint's syntax tree; an error names what is wrong in words. */
export function parseConstraint(text: string): ConstraintNode {
  const tokens = tokenize(text);
  let at = 0;
  const peek = (): Token | undefined => tokens[at];
  const isWord = (value: string) => peek()?.type === "id" && peek()!.value === value;
  const isOp = (value: string) => peek()?.type === "op" && peek()!.value === value;
  const describe = (t: Token | undefined) => (t ? `'${t.value}'` : "the end");

  const unless = (): ConstraintNode => {
    let left = or();
    while (isWord("unless")) {
      at++;
      left = {kind: "logic", op: "or", left, right: or()};
    }
    return left;
  };
  const or = (): ConstraintNode => {
    let left = and();
    while (isWord("or")) {
      at++;
      left = {kind: "logic", op: "or", left, right: and()};
    }
    return left;
  };
  const and = (): ConstraintNode => {
    let left = not();
    while (isWord("and")) {
      at++;
      left = {kind: "logic", op: "and", left, right: not()};
    }
    return left;
  };
  const not = (): ConstraintNode => {
    if (isWord("not")) {
      at++;
      return {kind: "not", operand: not()};
    }
    return compare();
  };
  const compare = (): ConstraintNode => {
    const left = sum();
    const t = peek();
    if (t?.type === "op" && [">=", "<=", ">", "<", "==", "!="].includes(t.value)) {
      at++;
      return {kind: "compare", op: t.value as ">=", left, right: sum()};
    }
    return left;
  };
  const sum = (): ConstraintNode => {
    let left = product();
    while (isOp("+") || isOp("-")) {
      const op = tokens[at++].value as "+" | "-";
      left = {kind: "arith", op, left, right: product()};
    }
    return left;
  };
  const product = (): ConstraintNode => {
    let left = unary();
    while (isOp("*") || isOp("/")) {
      const op = tokens[at++].value as "*" | "/";
      left = {kind: "arith", op, left, right: unary()};
    }
    return left;
  };
  const unary = (): ConstraintNode => {
    if (isOp("-")) {
      at++;
      return {kind: "neg", operand: unary()};
    }
    return atom();
  };
  const atom = (): ConstraintNode => {
    const t = tokens[at++];
    if (!t) throw new ConstraintError("the constraint ends where a value was expected");
    if (t.type === "num") return {kind: "number", value: t.value};
    if (t.type === "str") return {kind: "word", value: t.value};
    if (t.type === "op" && t.value === "(") {
      const inner = unless();
      if (!isOp(")")) throw new ConstraintError(`expected ')' but found ${describe(peek())}`);
      at++;
      return inner;
    }
    if (t.type === "id" && (t.value === "true" || t.value === "false"))
      return {kind: "bool", value: t.value === "true"};
    if (t.type === "id" && !KEYWORDS.has(t.value)) return {kind: "knob", name: t.value};
    throw new ConstraintError(`expected a knob, a number or a quoted word but found '${t.value}'`);
  };

  if (tokens.length === 0) throw new ConstraintError("the constraint is empty");
  const tree = unless();
  if (at < tokens.length) throw new ConstraintError(`unexpected ${describe(peek())} after a complete condition`);
  return tree;
}

/** Every knob name the constraint reads. */
export function constraintKnobs(node: ConstraintNode): string[] {
  switch (node.kind) {
    case "knob":
      return [node.name];
    case "not":
    case "neg":
      return constraintKnobs(node.operand);
    case "logic":
    case "compare":
    case "arith":
      return [...constraintKnobs(node.left), ...constraintKnobs(node.right)];
    default:
      return [];
  }
}

function value(node: ConstraintNode, config: Record<string, ConstraintValue>): ConstraintValue {
  switch (node.kind) {
    case "number":
    case "word":
    case "bool":
      return node.value;
    case "knob":
      return config[node.name] ?? null;
    case "not":
      return !truth(value(node.operand, config));
    case "neg": {
      const v = value(node.operand, config);
      return typeof v === "number" ? -v : null;
    }
    case "logic": {
      const left = truth(value(node.left, config));
      if (node.op === "and") return left && truth(value(node.right, config));
      return left || truth(value(node.right, config));
    }
    case "arith": {
      const a = value(node.left, config);
      const b = value(node.right, config);
      if (typeof a !== "number" || typeof b !== "number") return null;
      return node.op === "+" ? a + b : node.op === "-" ? a - b : node.op === "*" ? a * b : b === 0 ? null : a / b;
    }
    case "compare": {
      const a = value(node.left, config);
      const b = value(node.right, config);
      if (node.op === "==") return same(a, b);
      if (node.op === "!=") return !same(a, b);
      // Ordering holds between numbers only: a knob that does not apply (null) or a word meets no such condition.
      if (typeof a !== "number" || typeof b !== "number") return false;
      return node.op === ">=" ? a >= b : node.op === "<=" ? a <= b : node.op === ">" ? a > b : a < b;
    }
  }
}

/** Numbers and their spellings as words (a YAML `on` read as text, `8192` as a number) compare as one. */
function same(a: ConstraintValue, b: ConstraintValue): boolean {
  if (a === null || b === null) return a === b;
  return String(a) === String(b);
}

function truth(v: ConstraintValue): boolean {
  return v === true || (typeof v === "number" && v !== 0) || (typeof v === "string" && v !== "" && v !== "off");
}

/** Whether a configuration (knob name → value; null where a knob does not apply) meets the constraint. */
export function meets(node: ConstraintNode, config: Record<string, ConstraintValue>): boolean {
  return truth(value(node, config));
}
