import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { pwaState } from './pwaState';

/** The prompt and the registration it drives are their own chunks: fetched once an update is ready. */
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

/** Where the "Update available" card shows (src/ui/pwa/UpdatePrompt.tsx), once a new version has installed. */
export function UpdatePromptHost() {
  const { updateReady } = useSnapshot(pwaState);
  if (!updateReady) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
