import { useEffect, useState } from 'react';
import { AppShell, type NavigationItem } from './components/app-shell';
import { useAppStore } from './stores/app/store';
import { RunsView } from './views/runs/runs-view';

const NAVIGATION: readonly NavigationItem[] = [{ id: 'runs', label: 'Runs' }];

export function App() {
  const loadInfo = useAppStore((state) => state.loadInfo);
  const [current, setCurrent] = useState('runs');

  useEffect(() => {
    void loadInfo();
  }, [loadInfo]);

  return (
    <AppShell items={NAVIGATION} current={current} onNavigate={setCurrent}>
      {current === 'runs' && <RunsView />}
    </AppShell>
  );
}
