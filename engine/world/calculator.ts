import { CALCULATOR_TOOL } from './tool-names';

const EXPRESSION_KEYS = ['expression', 'expr', 'formula'] as const;

class ExpressionError extends Error {}

type Token = { kind: 'number'; value: number } | { kind: 'operator'; value: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|(\*\*|\/\/|[-+*/%()]))/y;
  let index = 0;
  while (index < text.length) {
    if (/^\s*$/.test(text.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (!match) throw new ExpressionError('unexpected character');
    if (match[1] !== undefined) tokens.push({ kind: 'number', value: Number(match[1]) });
    else tokens.push({ kind: 'operator', value: match[2]! });
    index = pattern.lastIndex;
  }
  return tokens;
}

const finite = (value: number): number => {
  if (!Number.isFinite(value)) throw new ExpressionError('not a finite number');
  return value;
};

/** Python's semantics: `//` floors, `%` takes the divisor's sign, `**` binds tighter than a unary minus on its left. */
class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): number {
    const value = this.additive();
    if (this.position !== this.tokens.length) throw new ExpressionError('trailing input');
    return value;
  }

  private peek(): string | undefined {
    const token = this.tokens[this.position];
    return token?.kind === 'operator' ? token.value : undefined;
  }

  private additive(): number {
    let value = this.term();
    for (let operator = this.peek(); operator === '+' || operator === '-'; operator = this.peek()) {
      this.position++;
      const right = this.term();
      value = finite(operator === '+' ? value + right : value - right);
    }
    return value;
  }

  private term(): number {
    let value = this.unary();
    for (
      let operator = this.peek();
      operator === '*' || operator === '/' || operator === '//' || operator === '%';
      operator = this.peek()
    ) {
      this.position++;
      const right = this.unary();
      if (operator === '*') value = finite(value * right);
      else if (right === 0) throw new ExpressionError('division by zero');
      else if (operator === '/') value = finite(value / right);
      else if (operator === '//') value = finite(Math.floor(value / right));
      else value = finite(value - right * Math.floor(value / right));
    }
    return value;
  }

  private unary(): number {
    const operator = this.peek();
    if (operator === '-' || operator === '+') {
      this.position++;
      const value = this.unary();
      return operator === '-' ? -value : value;
    }
    return this.power();
  }

  private power(): number {
    const base = this.atom();
    if (this.peek() !== '**') return base;
    this.position++;
    const exponent = this.unary();
    if (base < 0 && !Number.isInteger(exponent)) throw new ExpressionError('complex result');
    if (base === 0 && exponent < 0) throw new ExpressionError('division by zero');
    return finite(base ** exponent);
  }

  private atom(): number {
    const token = this.tokens[this.position];
    if (token === undefined) throw new ExpressionError('unexpected end');
    this.position++;
    if (token.kind === 'number') return token.value;
    if (token.value !== '(') throw new ExpressionError(`unexpected ${token.value}`);
    const value = this.additive();
    if (this.peek() !== ')') throw new ExpressionError('missing )');
    this.position++;
    return value;
  }
}

/** The value of an arithmetic expression (+ - * / % ** //, unary signs, parentheses), or null when it is not one. */
export function evaluateArithmetic(expression: string): number | null {
  try {
    const tokens = tokenize(expression);
    if (tokens.length === 0) return null;
    return new Parser(tokens).parse();
  } catch (error) {
    if (error instanceof ExpressionError) return null;
    throw error;
  }
}

/** Section 8 rule 3: calculator tools do real arithmetic; null when the tool is not a calculator call. */
export function calculatorAnswer(
  tool: string,
  args: Readonly<Record<string, unknown>>,
): (Record<string, unknown> & { status: string }) | null {
  if (!CALCULATOR_TOOL.test(tool)) return null;
  const key = EXPRESSION_KEYS.find((name) => typeof args[name] === 'string');
  if (key === undefined) return null;
  const expression = String(args[key]);
  const result = evaluateArithmetic(expression);
  if (result === null) return { status: 'rejected', reason: 'invalid_expression', expression: expression.slice(0, 200) };
  return { status: 'ok', data: { expression: expression.slice(0, 200), result } };
}
