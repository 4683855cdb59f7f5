import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { selectModeLabel } from '../stores/app/selectors';
import { useAppStore } from '../stores/app/store';
import type { Route } from '../stores/navigation/routes';
import { StoreNotice } from './store-notice';
import { useNavigationStore } from '../stores/navigation/store';

interface NavigationItem {
  label: string;
  route: Route;
  isCurrent: boolean;
}

function runIdOf(route: Route): string | undefined {
  return 'run_id' in route ? route.run_id : undefined;
}

function navigationItems(route: Route): { main: NavigationItem[]; run: NavigationItem[] } {
  const main: NavigationItem[] = [
    { label: 'Runs', route: { view: 'runs' }, isCurrent: route.view === 'runs' },
    { label: 'New run', route: { view: 'new-run' }, isCurrent: route.view === 'new-run' },
    { label: 'Traces', route: { view: 'traces' }, isCurrent: route.view === 'traces' },
    { label: 'Prove', route: { view: 'prove' }, isCurrent: route.view === 'prove' },
    { label: 'Settings', route: { view: 'settings' }, isCurrent: route.view === 'settings' },
  ];
  const runId = runIdOf(route);
  const run: NavigationItem[] = runId
    ? [
        { label: 'Overview', route: { view: 'run', run_id: runId }, isCurrent: route.view === 'run' },
        {
          label: 'Conversations',
          route: { view: 'conversations', run_id: runId },
          isCurrent: route.view === 'conversations' || route.view === 'conversation',
        },
        { label: 'Coverage', route: { view: 'coverage', run_id: runId }, isCurrent: route.view === 'coverage' },
        { label: 'Label', route: { view: 'label', run_id: runId }, isCurrent: route.view === 'label' },
      ]
    : [];
  return { main, run };
}

function NavigationList({ items, label }: { items: NavigationItem[]; label: string }) {
  const navigate = useNavigationStore((state) => state.navigate);
  return (
    <ul aria-label={label}>
      {items.map((item) => (
        <li key={item.label}>
          <button
            type="button"
            className="nav-item"
            aria-current={item.isCurrent ? 'page' : undefined}
            onClick={() => navigate(item.route)}
          >
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The frame around every screen: navigation on the left, the mode and data folder in the status bar. */
export function AppShell({ route, children }: { route: Route; children: ReactNode }) {
  const { info, status, error, modeLabel } = useAppStore(
    useShallow((state) => ({ info: state.info, status: state.status, error: state.error, modeLabel: selectModeLabel(state) })),
  );
  const items = navigationItems(route);
  return (
    <div className="shell">
      <nav className="shell-nav" aria-label="Main">
        <div className="shell-brand">While Studio</div>
        <NavigationList items={items.main} label="App" />
        {items.run.length > 0 && (
          <>
            <div className="nav-section">This run</div>
            <NavigationList items={items.run} label="Run" />
          </>
        )}
      </nav>
      <main className="shell-main">
        <StoreNotice />
        {children}
      </main>
      <footer className="shell-status" aria-label="Status">
        {status === 'error' && <span className="status-error">Cannot reach While Studio: {error}</span>}
        {status === 'loading' && <span>Connecting…</span>}
        {info && (
          <>
            <span className="badge" aria-label="Mode">
              {modeLabel}
            </span>
            <span>
              Data folder: <code aria-label="Data folder">{info.data_dir}</code>
            </span>
            <span className="status-version">
              v{info.version} · schema {info.schema_version}
            </span>
          </>
        )}
      </footer>
    </div>
  );
}
