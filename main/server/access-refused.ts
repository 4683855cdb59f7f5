import type { ServerResponse } from 'node:http';
import { securityHeaders } from './static-files';

/**
 * What a person reads when a page or a call arrives without this server's token. Each start makes a new token, so after
 * a restart the old URL and open tabs stop working, and retrying cannot help: only the URL printed this time can.
 */
export const ACCESS_REFUSED_MESSAGE =
  'This page does not carry the access token of the While Studio server now running: the server makes a new one at each start, so ' +
  'after a restart the old address no longer works. Open the URL it printed when it started this time (it ends in ?token=...); ' +
  'trying again here cannot help.';

/** A page request (GET, not the API): a short HTML page a person can read, rather than JSON. */
export function refusePage(response: ServerResponse): void {
  response.writeHead(401, { ...securityHeaders(), 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>While Studio: open the URL it printed</title></head>' +
      `<body><h1>Open the URL While Studio printed</h1><p>${ACCESS_REFUSED_MESSAGE}</p></body></html>`,
  );
}
