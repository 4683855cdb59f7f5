type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Required parameters the call left out or left blank (section 8 rule 6), as paths; recursive into object
 * children and into objects inside arrays (`items[0].sku`).
 */
export function missingRequired(schema: Schema, args: unknown, prefix = ''): string[] {
  const values = isObject(args) ? args : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key) => typeof key === 'string') : [];
  const missing: string[] = [];
  for (const key of required as string[]) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const value = values[key];
    if (isBlank(value)) {
      missing.push(path);
      continue;
    }
    const child = properties[key];
    if (!isObject(child)) continue;
    if (isObject(value)) missing.push(...missingRequired(child, value, path));
    else if (Array.isArray(value) && isObject(child.items)) {
      const items = child.items;
      value.forEach((item, index) => {
        if (isObject(item)) missing.push(...missingRequired(items, item, `${path}[${index}]`));
      });
    }
  }
  return missing;
}
