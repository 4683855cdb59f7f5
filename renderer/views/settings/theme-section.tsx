import { THEMES, THEME_KEY, ThemeSetting } from '../../../shared/api/settings';
import { useSettingsStore } from '../../stores/settings/store';
import { useSetting } from '../../stores/settings/use-setting';

const LABELS: Readonly<Record<ThemeSetting, string>> = { system: 'Same as the system', light: 'Light', dark: 'Dark' };

/** Light, dark, or the system's choice; stored in settings and applied to the whole window at once. */
export function ThemeSection() {
  const theme = useSetting(THEME_KEY, ThemeSetting, 'system');
  const save = useSettingsStore((state) => state.save);
  return (
    <section className="settings-section" aria-labelledby="settings-theme-title">
      <h2 id="settings-theme-title" className="settings-section-title">
        Appearance
      </h2>
      <fieldset className="settings-fieldset" disabled={theme === undefined}>
        <legend>Theme</legend>
        {THEMES.map((value) => (
          <label key={value} className="settings-choice">
            <input
              type="radio"
              name="settings-theme"
              value={value}
              checked={theme === value}
              onChange={() => void save(THEME_KEY, value)}
            />
            {LABELS[value]}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
