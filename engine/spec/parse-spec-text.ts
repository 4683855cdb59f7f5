import { type Document, parseDocument, visit } from 'yaml';
import type { Spec } from '../../shared/domain';
import { validateSpec } from './validate-spec';

export class SpecFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'SpecFileError';
  }
}

/**
 * Reads a spec file's text (JSON is YAML too) and validates it; errors name the file and the line of a syntax
 * error, or the field path of every invalid value.
 */
export function parseSpecText(text: string, file: string): Spec {
  const document = parseDocument(text);
  const syntax = document.errors[0];
  if (syntax) {
    const line = syntax.linePos?.[0]?.line;
    throw new SpecFileError(
      file,
      `${line === undefined ? '' : `line ${line}: `}${syntax.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
    );
  }
  if (document.contents === null) throw new SpecFileError(file, 'the file holds no spec: it is empty (or only comments)');
  let value: unknown;
  try {
    value = document.toJS();
  } catch (error) {
    // An alias whose anchor is never set (`*name` without `&name`) or too many aliases: yaml throws only here.
    const line = unresolvedAliasLine(document, text);
    throw new SpecFileError(file, `${line === undefined ? '' : `line ${line}: `}${error instanceof Error ? error.message : String(error)}`);
  }
  const checked = validateSpec(value);
  if (!checked.ok) throw new SpecFileError(file, checked.issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; '));
  return checked.spec;
}

function unresolvedAliasLine(document: Document, text: string): number | undefined {
  let offset: number | undefined;
  visit(document, {
    Alias(_key, node) {
      if (node.resolve(document) !== undefined) return undefined;
      offset = node.range?.[0];
      return visit.BREAK;
    },
  });
  return offset === undefined ? undefined : text.slice(0, offset).split(/\r\n|\r|\n/).length;
}
