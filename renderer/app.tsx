import { useEffect } from 'react';
import { AppShell } from './components/app-shell';
import { ExportDialog } from './components/export-dialog/export-dialog';
import { useAppStore } from './stores/app/store';
import type { Route } from './stores/navigation/routes';
import { useNavigationStore } from './stores/navigation/store';
import { ConversationView } from './views/conversation/conversation-view';
import { ConversationsView } from './views/conversations/conversations-view';
import { CoverageView } from './views/coverage/coverage-view';
import { LabelView } from './views/label/label-view';
import { NewRunView } from './views/new-run/new-run-view';
import { ProveView } from './views/prove/prove-view';
import { RunView } from './views/run/run-view';
import { RunsView } from './views/runs/runs-view';
import { SettingsView } from './views/settings/settings-view';
import { useAppliedTheme } from './views/settings/use-applied-theme';
import { TracesView } from './views/traces/traces-view';

/** The screen for a route. */
function Screen({ route }: { route: Route }) {
  switch (route.view) {
    case 'runs':
      return <RunsView />;
    case 'new-run':
      return <NewRunView fromRun={route.from_run} repeats={route.repeats} />;
    case 'run':
      return <RunView runId={route.run_id} />;
    case 'coverage':
      return <CoverageView runId={route.run_id} />;
    case 'label':
      return <LabelView runId={route.run_id} />;
    case 'conversations':
      return <ConversationsView route={route} />;
    case 'conversation':
      return <ConversationView route={route} />;
    case 'traces':
      return <TracesView />;
    case 'prove':
      return <ProveView />;
    case 'settings':
      return <SettingsView />;
    default: {
      const unreachable: never = route;
      return unreachable;
    }
  }
}

export function App() {
  const loadInfo = useAppStore((state) => state.loadInfo);
  const route = useNavigationStore((state) => state.route);

  useAppliedTheme();

  useEffect(() => {
    void loadInfo();
  }, [loadInfo]);

  return (
    <AppShell route={route}>
      <Screen route={route} />
      <ExportDialog />
    </AppShell>
  );
}
