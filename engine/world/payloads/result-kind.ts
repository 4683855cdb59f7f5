import type { ToolSpec } from '../../../shared/domain';

/** The family of payload a tool returns, inferred from its name, parameters and description (section 8). */
export type ResultKind = 'shell' | 'grep' | 'file' | 'files' | 'git' | 'ci' | 'money' | 'record';

export const CODE_KINDS: ReadonlySet<ResultKind> = new Set(['shell', 'grep', 'file', 'files', 'git', 'ci']);

function parameterKeys(tool: ToolSpec, args: Readonly<Record<string, unknown>>): Set<string> {
  const properties = tool.parameters.properties;
  const keys = properties !== null && typeof properties === 'object' ? Object.keys(properties) : [];
  return new Set([...keys, ...Object.keys(args)].map((key) => key.toLowerCase()));
}

const hasAny = (keys: Set<string>, names: readonly string[]) => names.some((name) => keys.has(name));

export function resultKind(tool: ToolSpec, args: Readonly<Record<string, unknown>> = {}): ResultKind {
  const name = tool.name.toLowerCase();
  const blob = `${name} ${tool.description.toLowerCase()}`;
  const keys = parameterKeys(tool, args);
  if (
    /(run_command|run_terminal|bash|shell_command|execute_command|terminal_cmd|run_bash|^exec$|run_tests?$|pytest)/.test(name) ||
    (hasAny(keys, ['command', 'cmd', 'argv']) && /(run|exec|shell|bash|terminal)/.test(name))
  ) {
    return 'shell';
  }
  if (
    /(grep|ripgrep|search_code|code_search|find_in_files|search_files)/.test(name) ||
    (hasAny(keys, ['pattern', 'regex']) && hasAny(keys, ['path', 'glob', 'directory', 'dir']))
  ) {
    return 'grep';
  }
  const isFileName =
    /(read_file|write_file|get_file|cat_file|view_file|edit_file|apply_patch|replace_in_file|open_file|file_contents)/.test(name);
  const isFileLike =
    hasAny(keys, ['path', 'file', 'file_path', 'filepath', 'filename']) &&
    /(read|write|get|cat|view|edit|open|apply|patch|contents|file)/.test(name) &&
    !/(profile|(?:^|_)user(?:_|$)|order|issue|(?:^|_)prs?(?:_|$)|account)/.test(name);
  if (isFileName || isFileLike) return 'file';
  if (
    /(list_dir|list_files|glob_files|ls_dir)/.test(name) ||
    (name.startsWith('list') && hasAny(keys, ['path', 'directory', 'dir', 'glob']) && !/(order|issue|check|commit|event)/.test(name))
  ) {
    return 'files';
  }
  if (name.startsWith('git') || /(^list_commits$|_commits$|commit_log)/.test(name)) return 'git';
  if (
    /(list_checks|_checks$|ci_status|test_results)/.test(name) ||
    (/\b(ci|check run)/.test(blob) && hasAny(keys, ['sha', 'commit', 'number']))
  ) {
    return 'ci';
  }
  if (/(payment|price|invoice|balance|estimate|fx_rate|amount_due)/.test(name)) return 'money';
  return 'record';
}
