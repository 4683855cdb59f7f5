/**
 * Arithmetic in GF(q) for a prime power q = p^m. Elements are 0..q-1, read as the base-p digits of
 * a polynomial's coefficients (lowest degree first); 0 and 1 are the field's zero and one.
 */
export class GaloisField {
  readonly order: number;
  private readonly sums: Int32Array;
  private readonly products: Int32Array;
  private readonly negatives: Int32Array;
  /** 0 at 0, which has no inverse. */
  private readonly inverses: Int32Array;

  private constructor(order: number, sums: Int32Array, products: Int32Array) {
    this.order = order;
    this.sums = sums;
    this.products = products;
    this.negatives = new Int32Array(order);
    this.inverses = new Int32Array(order);
    for (let left = 0; left < order; left++) {
      for (let right = 0; right < order; right++) {
        if (sums[left * order + right] === 0) this.negatives[left] = right;
        if (products[left * order + right] === 1) this.inverses[left] = right;
      }
    }
  }

  /** The field of this order, or undefined when the order is not a prime power. */
  static of(order: number): GaloisField | undefined {
    const power = primePower(order);
    if (power === undefined) return undefined;
    const { prime, exponent } = power;
    const sums = new Int32Array(order * order);
    const products = new Int32Array(order * order);
    for (let left = 0; left < order; left++) {
      for (let right = 0; right < order; right++) {
        sums[left * order + right] = addDigits(left, right, prime, exponent);
      }
    }
    if (exponent === 1) {
      for (let left = 0; left < order; left++) {
        for (let right = 0; right < order; right++) products[left * order + right] = (left * right) % prime;
      }
      return new GaloisField(order, sums, products);
    }
    const powers = primitivePowers(prime, exponent, order);
    const logarithm = new Int32Array(order);
    powers.forEach((element, power) => {
      logarithm[element] = power;
    });
    for (let left = 1; left < order; left++) {
      for (let right = 1; right < order; right++) {
        products[left * order + right] = powers[(logarithm[left]! + logarithm[right]!) % (order - 1)]!;
      }
    }
    return new GaloisField(order, sums, products);
  }

  add(left: number, right: number): number {
    return this.sums[left * this.order + right]!;
  }

  multiply(left: number, right: number): number {
    return this.products[left * this.order + right]!;
  }

  subtract(left: number, right: number): number {
    return this.add(left, this.negatives[right]!);
  }

  /** `right` must not be 0. */
  divide(left: number, right: number): number {
    if (right === 0) throw new RangeError('division by zero in a Galois field');
    return this.multiply(left, this.inverses[right]!);
  }
}

export function primePower(order: number): { prime: number; exponent: number } | undefined {
  if (!Number.isInteger(order) || order < 2) return undefined;
  let prime = 2;
  while (order % prime !== 0) prime++;
  let rest = order;
  let exponent = 0;
  while (rest % prime === 0) {
    rest /= prime;
    exponent++;
  }
  return rest === 1 ? { prime, exponent } : undefined;
}

function addDigits(left: number, right: number, prime: number, exponent: number): number {
  let sum = 0;
  let place = 1;
  for (let digit = 0; digit < exponent; digit++) {
    sum += (((Math.floor(left / place) % prime) + (Math.floor(right / place) % prime)) % prime) * place;
    place *= prime;
  }
  return sum;
}

/**
 * x^0 .. x^(q-2) modulo the first monic polynomial of degree m for which x generates every
 * non-zero element (a primitive polynomial, hence irreducible).
 */
function primitivePowers(prime: number, exponent: number, order: number): Int32Array {
  const top = order / prime;
  for (let tail = 1; tail < order; tail++) {
    if (tail % prime === 0) continue;
    const powers = new Int32Array(order - 1);
    let element = 1;
    let isPrimitive = true;
    for (let power = 0; power < order - 1; power++) {
      if (power > 0 && element === 1) {
        isPrimitive = false;
        break;
      }
      powers[power] = element;
      element = timesX(element, tail, prime, exponent, top);
    }
    if (isPrimitive && element === 1) return powers;
  }
  throw new Error(`no primitive polynomial found for GF(${order})`);
}

/** element * x, where x^m = -(the polynomial whose digits are `tail`). */
function timesX(element: number, tail: number, prime: number, exponent: number, top: number): number {
  const carry = Math.floor(element / top);
  let result = (element % top) * prime;
  let place = 1;
  for (let digit = 0; digit < exponent; digit++) {
    const current = Math.floor(result / place) % prime;
    const subtract = (carry * (Math.floor(tail / place) % prime)) % prime;
    result += (((current - subtract + prime) % prime) - current) * place;
    place *= prime;
  }
  return result;
}
