import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One commit as the local Hub received it. */
export interface HubCommit {
  oid: string;
  summary: string;
  description: string;
  /** The `parentCommit` the push named (null when it named none). */
  parent: string | null;
  /** Paths added or replaced, and deleted. */
  files: string[];
  deleted: string[];
}

export interface HubRepo {
  id: string;
  type: string;
  visibility: 'private' | 'public';
  /** The tree at each commit (oid -> path -> bytes); `main` is the last. */
  snapshots: Map<string, Map<string, Buffer>>;
  commits: HubCommit[];
}

export interface HubServer {
  url: string;
  repos: Map<string, HubRepo>;
  /** Every request, as `METHOD path`. */
  requests: string[];
  /** The file at a revision (`main` or a commit id), as text. */
  file(repoId: string, path: string, revision?: string): string | null;
  /** Commits files straight to a repository, as another writer would. */
  landCommit(repoId: string, files: Record<string, string>): HubCommit;
  close(): Promise<void>;
}

export interface HubServerOptions {
  /** Never answer an LFS upload (the client waits until it gives up or cancels): a push that stays in flight. */
  holdUploads?: boolean;
  /** Called before each commit is applied: a test lands another commit there, as a second writer would. */
  beforeCommit?: (repoId: string) => void;
}

const TOKEN = /^Bearer hf_\w+$/;

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function json(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(value));
}

const notFound = (response: ServerResponse, message = 'Repository not found') =>
  json(response, 404, { error: message }, { 'X-Error-Code': message.startsWith('Entry') ? 'EntryNotFound' : 'RepoNotFound' });

/**
 * A local stand-in for the Hugging Face Hub that answers the endpoints `@huggingface/hub` calls for a dataset push
 * (repo info, create, preupload, LFS batch + basic upload, NDJSON commit, resolve with ranges) and records what was
 * pushed. `.jsonl` files take the LFS route and everything else the inline one, as on the real Hub.
 */
export async function startHubServer(options: HubServerOptions = {}): Promise<HubServer> {
  const repos = new Map<string, HubRepo>();
  const lfs = new Map<string, Buffer>();
  const requests: string[] = [];
  let base = '';

  const head = (repo: HubRepo) => (repo.commits.length === 0 ? new Map<string, Buffer>() : repo.snapshots.get(repo.commits.at(-1)!.oid)!);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const path = decodeURIComponent(url.pathname);
    requests.push(`${request.method} ${path}`);
    const authorized = TOKEN.test(request.headers.authorization ?? '');
    let match: RegExpExecArray | null;

    if (request.method === 'PUT' && (match = /^\/lfs-upload\/([0-9a-f]{64})$/.exec(path))) {
      const content = await body(request);
      if (options.holdUploads) return;
      if (createHash('sha256').update(content).digest('hex') !== match[1]) return json(response, 400, { error: 'sha256 mismatch' });
      lfs.set(match[1]!, content);
      response.writeHead(200, { ETag: `"${match[1]}"` });
      return void response.end();
    }
    if (!authorized) return json(response, 401, { error: 'Invalid credentials in Authorization header' });

    if (request.method === 'POST' && path === '/api/repos/create') {
      const payload = JSON.parse((await body(request)).toString('utf8')) as {
        name: string;
        organization: string;
        type: string;
        visibility?: string;
      };
      const id = `${payload.organization}/${payload.name}`;
      if (repos.has(id)) return json(response, 409, { error: 'You already created this dataset repo' });
      repos.set(id, {
        id,
        type: payload.type,
        visibility: payload.visibility === 'public' ? 'public' : 'private',
        snapshots: new Map(),
        commits: [],
      });
      return json(response, 200, { url: `${base}/datasets/${id}`, id });
    }
    if (request.method === 'GET' && (match = /^\/api\/datasets\/([^/]+\/[^/]+)\/revision\/([^/]+)$/.exec(path))) {
      const repo = repos.get(match[1]!);
      if (!repo) return notFound(response);
      const sha = repo.commits.at(-1)?.oid;
      return json(response, 200, { _id: repo.id, id: repo.id, private: repo.visibility === 'private', ...(sha ? { sha } : {}) });
    }
    if (request.method === 'GET' && (match = /^\/api\/datasets\/([^/]+\/[^/]+)$/.exec(path))) {
      const repo = repos.get(match[1]!);
      if (!repo) return notFound(response);
      return json(response, 200, { id: repo.id, private: repo.visibility === 'private', sha: repo.commits.at(-1)?.oid ?? null });
    }
    if (request.method === 'POST' && (match = /^\/api\/datasets\/([^/]+\/[^/]+)\/preupload\/([^/]+)$/.exec(path))) {
      if (!repos.has(match[1]!)) return notFound(response);
      const payload = JSON.parse((await body(request)).toString('utf8')) as { files: { path: string }[] };
      return json(response, 200, {
        files: payload.files.map((file) => ({ path: file.path, uploadMode: file.path.endsWith('.jsonl') ? 'lfs' : 'regular' })),
      });
    }
    if (request.method === 'POST' && (match = /^\/datasets\/([^/]+\/[^/]+)\.git\/info\/lfs\/objects\/batch$/.exec(path))) {
      if (!repos.has(match[1]!)) return notFound(response);
      const payload = JSON.parse((await body(request)).toString('utf8')) as { objects: { oid: string; size: number }[] };
      return json(response, 200, {
        transfer: 'basic',
        objects: payload.objects.map((object) => ({
          oid: object.oid,
          size: object.size,
          ...(lfs.has(object.oid) ? {} : { actions: { upload: { href: `${base}/lfs-upload/${object.oid}` } } }),
        })),
      });
    }
    if (request.method === 'POST' && (match = /^\/api\/datasets\/([^/]+\/[^/]+)\/commit\/([^/]+)$/.exec(path))) {
      const repo = repos.get(match[1]!);
      if (!repo) return notFound(response);
      options.beforeCommit?.(repo.id);
      const lines = (await body(request))
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== '');
      const tree = new Map(head(repo));
      const commit: HubCommit = { oid: '', summary: '', description: '', parent: null, files: [], deleted: [] };
      for (const line of lines) {
        const { key, value } = JSON.parse(line) as { key: string; value: Record<string, string> };
        if (key === 'header') {
          commit.summary = value.summary ?? '';
          commit.description = value.description ?? '';
          commit.parent = value.parentCommit ?? null;
          // As the Hub does: a commit made on a parent that is no longer the head is refused.
          if (commit.parent !== null && commit.parent !== (repo.commits.at(-1)?.oid ?? null))
            return json(response, 412, { error: 'A commit has happened since. Please refresh and try again.' });
        } else if (key === 'file') {
          tree.set(value.path!, Buffer.from(value.content!, 'base64'));
          commit.files.push(value.path!);
        } else if (key === 'lfsFile') {
          const content = lfs.get(value.oid!);
          if (!content) return json(response, 422, { error: `LFS object ${value.oid} was never uploaded` });
          tree.set(value.path!, content);
          commit.files.push(value.path!);
        } else if (key === 'deletedFile') {
          tree.delete(value.path!);
          commit.deleted.push(value.path!);
        }
      }
      const parent = repo.commits.at(-1)?.oid ?? '';
      commit.oid = createHash('sha1')
        .update(`${parent}\n${lines.join('\n')}`)
        .digest('hex');
      repo.commits.push(commit);
      repo.snapshots.set(commit.oid, tree);
      return json(response, 200, { commitOid: commit.oid, commitUrl: `${base}/datasets/${repo.id}/commit/${commit.oid}` });
    }
    if (request.method === 'GET' && (match = /^\/datasets\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(path))) {
      const repo = repos.get(match[1]!);
      if (!repo) return notFound(response);
      const revision = match[2]!;
      const tree = revision === 'main' ? head(repo) : repo.snapshots.get(revision);
      const content = tree?.get(match[3]!);
      if (!content) return notFound(response, 'Entry not found');
      const etag = `"${createHash('sha1').update(content).digest('hex')}"`;
      const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : content.length - 1, content.length - 1);
        response.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${content.length}`, ETag: etag, 'Accept-Ranges': 'bytes' });
        return void response.end(content.subarray(start, end + 1));
      }
      response.writeHead(200, { ETag: etag, 'Content-Length': String(content.length) });
      return void response.end(content);
    }
    return json(response, 404, { error: `no route for ${request.method} ${path}` });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      json(response, 500, { error: error instanceof Error ? error.message : String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    repos,
    requests,
    landCommit(repoId, files) {
      const repo = repos.get(repoId)!;
      const tree = new Map(head(repo));
      for (const [filePath, text] of Object.entries(files)) tree.set(filePath, Buffer.from(text));
      const parent = repo.commits.at(-1)?.oid ?? '';
      const oid = createHash('sha1')
        .update(`${parent}\nlanded ${JSON.stringify(files)}`)
        .digest('hex');
      const commit: HubCommit = { oid, summary: 'landed', description: '', parent: parent || null, files: Object.keys(files), deleted: [] };
      repo.commits.push(commit);
      repo.snapshots.set(oid, tree);
      return commit;
    },
    file(repoId, filePath, revision = 'main') {
      const repo = repos.get(repoId);
      if (!repo) return null;
      const tree = revision === 'main' ? head(repo) : repo.snapshots.get(revision);
      return tree?.get(filePath)?.toString('utf8') ?? null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
