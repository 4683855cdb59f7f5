// Not a judge: no default export.
export const judge = () => 1;
