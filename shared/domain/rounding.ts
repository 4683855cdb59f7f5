/** Rounds to `digits` decimal places, as Math.round does; never returns -0. */
export const roundTo = (value: number, digits: number): number => {
  const scale = 10 ** digits;
  const rounded = Math.round(value * scale) / scale;
  return rounded === 0 ? 0 : rounded;
};

/** Four decimal places: the precision every reported rate and statistic uses. */
export const round4 = (value: number): number => roundTo(value, 4);
