/** Rows as the exporters read them: a list, or a stream (e.g. pages read from the store), consumed once. */
export type RowStream<T> = Iterable<T> | AsyncIterable<T>;

export async function* streamOf<T>(source: RowStream<T>): AsyncGenerator<T> {
  for await (const item of source as AsyncIterable<T>) yield item;
}

/**
 * Consecutive items with the same key, as arrays: feed a stream sorted (or at least grouped) by the key and only
 * one group is held at a time. A key seen again after its group closed throws: a group is never split.
 */
export async function* groupConsecutive<T>(source: RowStream<T>, key: (item: T) => string): AsyncGenerator<T[]> {
  let current: T[] = [];
  let currentKey: string | undefined;
  const closed = new Set<string>();
  for await (const item of source as AsyncIterable<T>) {
    const itemKey = key(item);
    if (current.length > 0 && itemKey !== currentKey) {
      closed.add(currentKey!);
      yield current;
      current = [];
    }
    if (closed.has(itemKey))
      throw new Error(`rows of "${itemKey}" arrive after its group closed: feed the rows grouped (sorted) by that key`);
    currentKey = itemKey;
    current.push(item);
  }
  if (current.length > 0) yield current;
}

/** Groups a list by key in order of first appearance (for callers that hold the rows anyway). */
export function groupBy<T>(items: Iterable<T>, key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const itemKey = key(item);
    const group = groups.get(itemKey);
    if (group) group.push(item);
    else groups.set(itemKey, [item]);
  }
  return [...groups.values()];
}

export async function collect<T>(source: RowStream<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source as AsyncIterable<T>) items.push(item);
  return items;
}
