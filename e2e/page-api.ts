import type { Page } from '@playwright/test';

/** Calls the app's API from the page (its cookie carries the token), as the renderer's client does. */
export async function api<T>(page: Page, method: string, input: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, input }) => {
      const response = await fetch(`/api/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      return response.json() as Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>;
    },
    { method, input },
  );
  if (!result.ok) throw new Error(`${method}: ${result.error?.message}`);
  return result.value as T;
}
