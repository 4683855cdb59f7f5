/** A binary heap: `before(a, b)` true when a comes out first. */
export class Heap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T {
    return this.items[0]!;
  }

  push(item: T): void {
    const items = this.items;
    let index = items.push(item) - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(item, items[parent]!)) break;
      items[index] = items[parent]!;
      index = parent;
    }
    items[index] = item;
  }

  pop(): T {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        if (left >= items.length) break;
        const right = left + 1;
        const first = right < items.length && this.before(items[right]!, items[left]!) ? right : left;
        if (!this.before(items[first]!, last)) break;
        items[index] = items[first]!;
        index = first;
      }
      items[index] = last;
    }
    return top;
  }
}
