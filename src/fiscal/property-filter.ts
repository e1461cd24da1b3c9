// R17: custom-property filters in prefix notation, shared by the client (to reject a bad
// `--filter` before sending) and the emulator (to evaluate it):
//   (= <property> <value>)   (NOT_EXISTS <property>)   (AND e1 e2 ...)   (OR e1 e2 ...)
// Names and values are bare words or double-quoted strings ("em processamento", with \" and \\).
// The service's public examples write the absence operator `_not_exists`
// (`(OR (= processed false) (_not_exists processed))`) where the spec writes NOT_EXISTS: both are
// read, and an expression is sent as the user wrote it.

export type FilterExpr =
  | { op: '='; property: string; value: string }
  | { op: 'NOT_EXISTS'; property: string }
  | { op: 'AND' | 'OR'; args: FilterExpr[] };

const OPERATORS = ['=', 'NOT_EXISTS', 'AND', 'OR'] as const;
type Operator = (typeof OPERATORS)[number];
/** Other spellings of an operator, as the public examples write them. */
const OPERATOR_ALIASES: Readonly<Record<string, Operator>> = { _not_exists: 'NOT_EXISTS' };

function operatorOf(word: string): Operator | undefined {
  return (OPERATORS as readonly string[]).includes(word) ? (word as Operator) : OPERATOR_ALIASES[word];
}

interface Token {
  kind: '(' | ')' | 'word' | 'string';
  text: string;
  /** 1-based column of the token's first character. */
  column: number;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: c, text: c, column: i + 1 });
      i++;
    } else if (c === '"') {
      const start = i;
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new Error(`unterminated quoted string starting at column ${start + 1}`);
        const d = text[i]!;
        if (d === '"') break;
        if (d === '\\' && i + 1 < text.length) {
          value += text[i + 1];
          i += 2;
        } else {
          value += d;
          i++;
        }
      }
      i++;
      tokens.push({ kind: 'string', text: value, column: start + 1 });
    } else {
      const start = i;
      while (i < text.length && !/[\s()"]/.test(text[i]!)) i++;
      tokens.push({ kind: 'word', text: text.slice(start, i), column: start + 1 });
    }
  }
  return tokens;
}

class Parser {
  private index = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly length: number,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private where(token: Token | undefined): string {
    return token ? `at column ${token.column}` : `at the end (column ${this.length + 1})`;
  }

  private describe(token: Token | undefined): string {
    if (!token) return 'end of filter';
    return token.kind === 'string' ? `"${token.text}"` : `'${token.text}'`;
  }

  expression(): FilterExpr {
    const open = this.tokens[this.index++];
    if (open?.kind !== '(') {
      throw new Error(`expected "(" to start an expression, found ${this.describe(open)} ${this.where(open)}`);
    }
    const opToken = this.tokens[this.index++];
    const op = opToken?.kind === 'word' ? operatorOf(opToken.text) : undefined;
    if (op === undefined) {
      throw new Error(
        `expected an operator (=, NOT_EXISTS or _not_exists, AND, OR), found ${this.describe(opToken)} ${this.where(opToken)}`,
      );
    }
    let expr: FilterExpr;
    if (op === '=') {
      const property = this.operand('a property name', op);
      const value = this.operand('a value', op);
      expr = { op, property, value };
    } else if (op === 'NOT_EXISTS') {
      expr = { op, property: this.operand('a property name', op) };
    } else {
      const args: FilterExpr[] = [];
      while (this.peek()?.kind === '(') args.push(this.expression());
      if (args.length === 0) {
        const next = this.peek();
        throw new Error(
          `${op} needs at least one "(...)" expression, found ${this.describe(next)} ${this.where(next)}`,
        );
      }
      expr = { op, args };
    }
    const close = this.tokens[this.index++];
    if (close?.kind !== ')') {
      throw new Error(
        `expected ")" to close the "(" at column ${open.column}, found ${this.describe(close)} ${this.where(close)}`,
      );
    }
    return expr;
  }

  private operand(what: string, op: string): string {
    const token = this.tokens[this.index++];
    if (token?.kind !== 'word' && token?.kind !== 'string') {
      throw new Error(`${op} expects ${what}, found ${this.describe(token)} ${this.where(token)}`);
    }
    return token.text;
  }

  end(): void {
    const extra = this.peek();
    if (extra) throw new Error(`unexpected ${this.describe(extra)} after the expression ${this.where(extra)}`);
  }
}

/** Parses a filter; the error message says what is wrong and at which column. */
export function parsePropertyFilter(text: string): FilterExpr {
  if (text.trim() === '') throw new Error('the filter is empty; expected an expression such as (= status done)');
  const parser = new Parser(tokenize(text), text.length);
  const expr = parser.expression();
  parser.end();
  return expr;
}

export function matchesPropertyFilter(expr: FilterExpr, properties: Record<string, string>): boolean {
  switch (expr.op) {
    case '=':
      return Object.hasOwn(properties, expr.property) && properties[expr.property] === expr.value;
    case 'NOT_EXISTS':
      return !Object.hasOwn(properties, expr.property);
    case 'AND':
      return expr.args.every((arg) => matchesPropertyFilter(arg, properties));
    case 'OR':
      return expr.args.some((arg) => matchesPropertyFilter(arg, properties));
  }
}

function quote(text: string): string {
  return /^[^\s()"\\]+$/.test(text) ? text : `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** The canonical text of an expression; parsePropertyFilter(formatPropertyFilter(e)) equals e. */
export function formatPropertyFilter(expr: FilterExpr): string {
  switch (expr.op) {
    case '=':
      return `(= ${quote(expr.property)} ${quote(expr.value)})`;
    case 'NOT_EXISTS':
      return `(NOT_EXISTS ${quote(expr.property)})`;
    default:
      return `(${expr.op} ${expr.args.map(formatPropertyFilter).join(' ')})`;
  }
}
