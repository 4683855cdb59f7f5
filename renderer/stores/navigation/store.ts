import { create } from 'zustand';
import { formatRoute, HOME, parseRoute, type Route } from './routes';

export interface NavigationState {
  route: Route;
  navigate(route: Route): void;
}

/** The current screen, kept in the location hash (when there is a window) so back, forward and reload work. */
export function createNavigationStore(location?: { hash: string }) {
  return create<NavigationState>()((set) => ({
    route: location ? parseRoute(location.hash) : HOME,
    navigate(route) {
      if (location) {
        const hash = formatRoute(route);
        if (location.hash !== hash) location.hash = hash;
      }
      set({ route });
    },
  }));
}

const windowLocation = typeof window === 'undefined' ? undefined : window.location;

export const useNavigationStore = createNavigationStore(windowLocation);

if (typeof window !== 'undefined') {
  window.addEventListener('hashchange', () => useNavigationStore.setState({ route: parseRoute(window.location.hash) }));
}
