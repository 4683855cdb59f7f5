import type { AppState } from './initial-state';

export const selectModeLabel = (state: AppState): string | null => {
  switch (state.info?.mode) {
    case 'desktop':
      return 'Desktop';
    case 'browser':
      return 'Browser mode';
    case 'cli':
      return 'Command line';
    case undefined:
      return null;
  }
};
