import { useEffect } from 'react';
import { THEME_KEY, ThemeSetting } from '../../../shared/api/settings';
import { useSetting } from '../../stores/settings/use-setting';

/** A copy of the stored theme in the window's own storage: applied before main answers, so a reload does not flash. */
const MIRROR_KEY = 'while-studio.theme';

function apply(theme: ThemeSetting): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

function readMirror(): ThemeSetting | null {
  try {
    const parsed = ThemeSetting.safeParse(window.localStorage.getItem(MIRROR_KEY));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

if (typeof document !== 'undefined') {
  const mirrored = readMirror();
  if (mirrored) apply(mirrored);
}

/** Applies the theme stored in settings (light, dark, or the system's) to the whole window, and follows changes. */
export function useAppliedTheme(): void {
  const theme = useSetting(THEME_KEY, ThemeSetting, 'system');
  useEffect(() => {
    if (theme === undefined) return;
    apply(theme);
    try {
      window.localStorage.setItem(MIRROR_KEY, theme);
    } catch {
      // Storage refused (a locked-down profile): the stored setting still applies once main answers.
    }
  }, [theme]);
}
