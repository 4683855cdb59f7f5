import type { ErrorCode } from '../../shared/api';

export function httpStatus(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
      return 400;
    case 'NOT_FOUND':
      return 404;
    case 'CONFLICT':
      return 409;
    case 'MODEL_ERROR':
      return 502;
    case 'INTERNAL':
      return 500;
    default: {
      const unreachable: never = code;
      return unreachable;
    }
  }
}
