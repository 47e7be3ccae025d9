// What every screen sits in, the sign-in screen (which main.tsx shows before the router has loaded)
// included: the demo ribbon and the room it takes, the one toast, and the service worker's update offer.
import { lazy, Suspense, type CSSProperties, type ReactNode } from 'react';
import { DemoRibbon } from './demo-ribbon';
import { Toaster } from './ui/toast';

// The service worker's update offer is not needed to draw the first screen: it loads afterwards.
const UpdatePrompt = lazy(() => import('./update-prompt').then((module) => ({ default: module.UpdatePrompt })));

export function PageFrame({ demo, children }: { demo: boolean; children: ReactNode }) {
  return (
    <div style={{ '--ribbon-height': demo ? '1.5rem' : '0px' } as CSSProperties} className="pt-(--ribbon-height)">
      {demo && <DemoRibbon />}
      {children}
      <Toaster />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </div>
  );
}
