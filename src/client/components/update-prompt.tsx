// The service worker waits for the user before taking over ('prompt'): a new version shows this offer.
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from './ui/button';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });

  if (!needRefresh) return null;
  return (
    <div role="status" className="fixed inset-x-0 bottom-4 z-[70] flex justify-center px-4 sm:justify-end sm:px-6">
      <div className="flex w-full max-w-sm items-center gap-3 rounded-xl border border-brand-200 bg-white p-4 shadow-lg">
        <p className="flex-1 text-sm text-slate-800">A new version of the app is ready.</p>
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
        <Button size="sm" onClick={() => void updateServiceWorker(true)}>
          Update
        </Button>
      </div>
    </div>
  );
}
