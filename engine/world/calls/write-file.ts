import { fileContentLength, filePath } from '../payloads/code-payloads';
import type { ToolCall, WorldParts, WorldResult } from './tool-call';

const CONTENT_KEYS = ['content', 'diff', 'text', 'patch'];

/** A file written, edited or patched: the world remembers the path and reports the bytes written. */
export function writeFile(world: WorldParts, { args, callHash }: ToolCall): WorldResult {
  const path = filePath(args, callHash);
  const content = CONTENT_KEYS.map((key) => args[key]).find((value) => typeof value === 'string');
  world.memory.remember(path);
  return {
    status: 'ok',
    path,
    bytes_written: typeof content === 'string' && content !== '' ? content.length : fileContentLength(path, callHash),
  };
}
