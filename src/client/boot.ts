// The page's one script: it starts the client (main.tsx) once the page has painted. /login arrives painted
// by the server and every other screen with the brand, so nothing waits for the app's scripts; asked for a
// frame later, they leave a poor signal to the poster and the sign-in data first, and on a device whose
// scripts are already cached their evaluation no longer comes before that first paint. On /login the app's
// style sheet is asked for at the same moment (app-styles.ts): its first paint used a small subset.
import { addDeferredAppStyles } from './app-styles';
import './index.css';

const start = () => {
  addDeferredAppStyles();
  void import('./main');
};
// A page opened in the background paints nothing until it is shown: it need not wait for a frame.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
