import { parseDocument } from 'yaml';
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
    throw new SpecFileError(file, `${line === undefined ? '' : `line ${line}: `}${syntax.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`);
  }
  const checked = validateSpec(document.toJS());
  if (!checked.ok) throw new SpecFileError(file, checked.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '));
  return checked.spec;
}
