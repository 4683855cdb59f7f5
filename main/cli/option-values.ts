import { InvalidArgumentError } from 'commander';

// Parsers of the commands' option values: a bad value is refused by commander with the sentence given here.

/** A whole number of at least `minimum`, for the option `name`. */
export const integer = (name: string, minimum: number) => (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < minimum) throw new InvalidArgumentError(`${name} is a whole number of at least ${minimum}`);
  return number;
};

/** A share from 0 to 1. */
export const share = (value: string) => {
  const number = Number(value);
  if (!(number >= 0 && number <= 1)) throw new InvalidArgumentError('a share from 0 to 1');
  return number;
};

/** Each use of a repeatable option, in order. */
export const collect = (value: string, previous: string[] = []) => [...previous, value];
