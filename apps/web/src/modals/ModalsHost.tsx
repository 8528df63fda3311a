/**
 * Loads the global dialogs only once one is needed (and in idle time after the first screen), so the
 * dialog code is not part of the initial JavaScript of returning players.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { useAppState } from '../app/app-state';

const loadModals = () => import('./GlobalModals');
const GlobalModals = lazy(() => loadModals().then((m) => ({ default: m.GlobalModals })));

export function ModalsHost() {
  const wanted = useAppState((s) => Object.values(s.dialogs).some(Boolean));
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (wanted) setMounted(true);
  }, [wanted]);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1500));
    idle(() => void loadModals().then(() => setMounted(true)));
  }, []);
  return mounted || wanted ? (
    <Suspense fallback={null}>
      <GlobalModals />
    </Suspense>
  ) : null;
}
