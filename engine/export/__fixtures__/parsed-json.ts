/**
 * Parsed JSON (a JSONL line, a package's pyproject) as the export tests walk it (`line.messages[2].tool_calls[0]`):
 * the assertions check every step of the path, so the type does not have to.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON.parse gives any; the expectations are the check
export type ParsedJson = Record<string, any>;
