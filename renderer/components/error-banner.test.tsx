// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBanner } from './error-banner';

afterEach(cleanup);

describe('the error banner', () => {
  it('offers Try again where it can help, and not for a page the restarted server no longer knows', () => {
    render(<ErrorBanner message="The run list could not be read: the store is busy." onRetry={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    cleanup();
    const stale =
      'This page does not carry the access token of the While Studio server now running: the server makes a new one at each start, ' +
      'so after a restart the old address no longer works. Open the URL it printed when it started this time (it ends in ' +
      '?token=...); trying again here cannot help.';
    render(<ErrorBanner message={stale} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('Open the URL it printed');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
