import { EnvironmentExportError, ExportPathError, ExportRefusedError } from '../../../engine/index';
import { ServiceError } from '../app/service-error';

/** The engine's export refusals as errors a person can act on; anything else as it is. */
export function serviceErrorOf(error: unknown): unknown {
  if (ExportRefusedError.isInstance(error))
    return new ServiceError('VALIDATION_FAILED', `The export was refused and nothing was written: ${error.reasons.join('; ')}.`);
  if (ExportPathError.isInstance(error)) return new ServiceError('VALIDATION_FAILED', `Export path refused: ${error.message}.`);
  if (EnvironmentExportError.isInstance(error))
    return new ServiceError('VALIDATION_FAILED', `The environment cannot be exported: ${error.message}.`);
  return error;
}
