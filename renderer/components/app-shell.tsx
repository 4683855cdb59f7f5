import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { selectModeLabel } from '../stores/app/selectors';
import { useAppStore } from '../stores/app/store';

export interface NavigationItem {
  id: string;
  label: string;
}

interface AppShellProps {
  items: readonly NavigationItem[];
  current: string;
  onNavigate(id: string): void;
  children: ReactNode;
}

/** The frame around every screen: navigation on the left, the mode and data folder in the status bar. */
export function AppShell({ items, current, onNavigate, children }: AppShellProps) {
  const { info, status, error, modeLabel } = useAppStore(
    useShallow((state) => ({ info: state.info, status: state.status, error: state.error, modeLabel: selectModeLabel(state) })),
  );
  return (
    <div className="shell">
      <nav className="shell-nav" aria-label="Main">
        <div className="shell-brand">While Studio</div>
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="nav-item"
                aria-current={item.id === current ? 'page' : undefined}
                onClick={() => onNavigate(item.id)}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="shell-main">{children}</main>
      <footer className="shell-status" aria-label="Status">
        {status === 'error' && <span className="status-error">Cannot reach While Studio: {error}</span>}
        {status === 'loading' && <span>Connecting…</span>}
        {info && (
          <>
            <span className="badge" aria-label="Mode">{modeLabel}</span>
            <span>
              Data folder: <code aria-label="Data folder">{info.data_dir}</code>
            </span>
            <span className="status-version">v{info.version} · schema {info.schema_version}</span>
          </>
        )}
      </footer>
    </div>
  );
}
