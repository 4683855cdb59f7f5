import { STORE_PAGE_BYTES, type Db } from '../database';

/** The store file's pages: their size in bytes, how many, and how many of them are free. */
export interface StorePages {
  page_bytes: number;
  pages: number;
  free_pages: number;
}

export function storePages(db: Db): StorePages {
  return {
    page_bytes: db.pragma('page_size', { simple: true }) as number,
    pages: db.pragma('page_count', { simple: true }) as number,
    free_pages: db.pragma('freelist_count', { simple: true }) as number,
  };
}

/** A rewrite pays when the pages are smaller than a new store's (exports read them slower) or a tenth of them are free. */
export function isWorthRewriting(pages: StorePages): boolean {
  return pages.page_bytes < STORE_PAGE_BYTES || pages.free_pages * 10 > pages.pages;
}
