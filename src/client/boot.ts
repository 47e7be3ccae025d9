// The page's one script: it starts the client (main.tsx) once the page's first paint is on the screen.
// /login arrives painted by the server (with its sign-in data) and every other screen with the brand, so
// nothing waits for the app's scripts; asked for after that paint, they leave a poor signal to the page
// first, and on a device whose scripts are already cached their evaluation no longer comes before it. On
// /login the app's style sheet and the install manifest are asked for at the same moment (app-styles.ts):
// its first paint used a small subset.
import { addDeferredAppStyles } from './app-styles';
import './index.css';

const start = () => {
  addDeferredAppStyles();
  void import('./main');
};
let started = false;
const startOnce = () => {
  if (started) return;
  started = true;
  start();
};

// A page opened in the background paints nothing until it is shown: it need not wait for a paint.
if (document.visibilityState === 'hidden') startOnce();
else if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  // Once the first paint has reached the screen (its entry comes when it has been presented): asked for
  // after a frame's callbacks only, the scripts and styles still went out before the paint was on the
  // screen, and whatever is asked for before it is priced into it (by Lighthouse's simulation too). A page
  // whose paint entry never comes (a browser that drops it) starts a second later all the same.
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    startOnce();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(startOnce, 1_000);
} else requestAnimationFrame(() => setTimeout(startOnce));
