// A module without a default export: loading it as a judge must fail with a clear message.
export const judge = () => 1;
