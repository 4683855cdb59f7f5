import { CI_LEVEL } from './constants';

// Wichura's AS 241 (PPND16), Applied Statistics 37(3), 1988: accurate to about 1 part in 10^16.
/* eslint-disable no-loss-of-precision -- the coefficients as published, digit for digit; a double keeps what it can */
const CENTRAL_NUMERATOR = [
  3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125, 45921.953931549871457, 67265.770927008700853,
  33430.575583588128105, 2509.0809287301226727,
];
const CENTRAL_DENOMINATOR = [
  1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077, 21213.794301586595867, 39307.89580009271061, 28729.085735721942674,
  5226.495278852854561,
];
const NEAR_NUMERATOR = [
  1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504, 1.27045825245236838258,
  0.24178072517745061177, 0.0227238449892691845833, 7.7454501427834140764e-4,
];
const NEAR_DENOMINATOR = [
  1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455, 0.14810397642748007459, 0.0151986665636164571966,
  5.475938084995344946e-4, 1.05075007164441684324e-9,
];
const FAR_NUMERATOR = [
  6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123, 0.026532189526576123093,
  0.0012426609473880784386, 2.71155556874348757815e-5, 2.01033439929228813265e-7,
];
const FAR_DENOMINATOR = [
  1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525, 7.868691311456132591e-4, 1.8463183175100546818e-5,
  1.4215117583164458887e-7, 2.04426310338993978564e-15,
];
/* eslint-enable no-loss-of-precision */

function polynomial(coefficients: readonly number[], x: number): number {
  let result = 0;
  for (let index = coefficients.length - 1; index >= 0; index -= 1) {
    result = result * x + (coefficients[index] ?? 0);
  }
  return result;
}

/** The standard normal quantile: z with P(Z <= z) = p. -Infinity at 0, Infinity at 1, NaN outside [0, 1]. */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * polynomial(CENTRAL_NUMERATOR, r)) / polynomial(CENTRAL_DENOMINATOR, r);
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let value: number;
  if (r <= 5) {
    r -= 1.6;
    value = polynomial(NEAR_NUMERATOR, r) / polynomial(NEAR_DENOMINATOR, r);
  } else {
    r -= 5;
    value = polynomial(FAR_NUMERATOR, r) / polynomial(FAR_DENOMINATOR, r);
  }
  return q < 0 ? -value : value;
}

/** Two-sided 95% Student t quantiles for df 1..30, as the SDK's table carries them (3 dp). */
const T_TABLE_95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** Cornish-Fisher expansion of the t quantile around the normal one: good to ~1e-6 beyond 30 df. */
function cornishFisher(z: number, df: number): number {
  const z2 = z * z;
  const terms = [
    ((z2 + 1) * z) / 4,
    (((5 * z2 + 16) * z2 + 3) * z) / 96,
    ((((3 * z2 + 19) * z2 + 17) * z2 - 15) * z) / 384,
    (((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z) / 92160,
  ];
  return terms.reduce((sum, term, index) => sum + term / df ** (index + 1), z);
}

/** Hill's Algorithm 396 (CACM 1970), for small df at levels the table lacks. `tail` is the two-sided tail mass. */
function hill(tail: number, df: number): number {
  if (df === 1) return Math.cos((tail * Math.PI) / 2) / Math.sin((tail * Math.PI) / 2);
  if (df === 2) return Math.sqrt(2 / (tail * (2 - tail)) - 2);
  const a = 1 / (df - 0.5);
  const b = 48 / (a * a);
  let c = (((20700 * a) / b - 98) * a - 16) * a + 96.36;
  const d = ((94.5 / (b + c) - 3) / b + 1) * Math.sqrt((a * Math.PI) / 2) * df;
  let y = (d * tail) ** (2 / df);
  if (y > 0.05 + a) {
    const x = normalQuantile(tail / 2);
    y = x * x;
    if (df < 5) c += 0.3 * (df - 4.5) * (x + 0.6);
    c = (((0.05 * d * x - 5) * x - 7) * x - 2) * x + b + c;
    y = (((((0.4 * y + 6.3) * y + 36) * y + 94.5) / c - y - 3) / b + 1) * x;
    y = Math.expm1(a * y * y);
  } else {
    y = (((1 / (((df + 6) / (df * y) - 0.089 * d - 0.822) * (df + 2) * 3) + 0.5 / (df + 4)) * y - 1) * (df + 1)) / (df + 2) + 1 / y;
  }
  return Math.sqrt(df * y);
}

/**
 * The two-sided Student t quantile: t with P(|T| <= t) = level at `df` degrees of freedom.
 * The SDK's table at 95% and integer df <= 30, Cornish-Fisher beyond 30, Hill's algorithm otherwise.
 */
export function tQuantile(df: number, level: number = CI_LEVEL): number {
  const tail = 1 - level;
  if (Number.isInteger(df) && df >= 1 && df <= 30 && Math.abs(level - CI_LEVEL) < 1e-12) {
    return T_TABLE_95[df - 1] ?? Number.NaN;
  }
  if (df > 30) return cornishFisher(normalQuantile(1 - tail / 2), df);
  return hill(tail, df);
}
