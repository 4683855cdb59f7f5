import { useEffect } from 'react';
import { AppShell } from './components/app-shell';
import { useAppStore } from './stores/app/store';
import type { Route } from './stores/navigation/routes';
import { useNavigationStore } from './stores/navigation/store';
import { ConversationView } from './views/conversation/conversation-view';
import { ConversationsView } from './views/conversations/conversations-view';
import { CoverageView } from './views/coverage/coverage-view';
import { NewRunView } from './views/new-run/new-run-view';
import { ProveView } from './views/prove/prove-view';
import { RunView } from './views/run/run-view';
import { RunsView } from './views/runs/runs-view';
import { TracesView } from './views/traces/traces-view';

/** The screen for a route. */
function Screen({ route }: { route: Route }) {
  switch (route.view) {
    case 'runs':
      return <RunsView />;
    case 'new-run':
      return <NewRunView fromRun={route.from_run} />;
    case 'run':
      return <RunView runId={route.run_id} />;
    case 'coverage':
      return <CoverageView runId={route.run_id} />;
    case 'conversations':
      return <ConversationsView route={route} />;
    case 'conversation':
      return <ConversationView route={route} />;
    case 'traces':
      return <TracesView />;
    case 'prove':
      return <ProveView />;
    default: {
      const unreachable: never = route;
      return unreachable;
    }
  }
}

export function App() {
  const loadInfo = useAppStore((state) => state.loadInfo);
  const route = useNavigationStore((state) => state.route);

  useEffect(() => {
    void loadInfo();
  }, [loadInfo]);

  return (
    <AppShell route={route}>
      <Screen route={route} />
    </AppShell>
  );
}
