// The app's style sheet on /login. The server sends that page with the sign-in screen's own small style
// sheet inline and the app's waiting, unrequested, in <template id="app-styles"> (src/server/lib/
// sign-in-page.ts), so nothing but the page itself stands before its first paint. boot.ts adds it once the
// page has painted; app.tsx waits for it before drawing any other screen, which would otherwise show
// unstyled. Every other address links it in the head as usual, and it has loaded before any script runs.
import { APP_STYLES_TEMPLATE_ID } from '../shared/app-styles';

let loaded: Promise<void> = Promise.resolve();

/** Adds the style sheets (and the manifest) waiting in the page's template, if any, and notes when the style sheets have loaded. */
export function addDeferredAppStyles(): void {
  const waiting = document.getElementById(APP_STYLES_TEMPLATE_ID);
  if (!(waiting instanceof HTMLTemplateElement)) return;
  const links = [...waiting.content.querySelectorAll('link')];
  // A style sheet that fails (no signal) must not keep the app from starting: it is settled either way. The
  // install manifest waits in the template too, and fires no load event: it is not waited for.
  loaded = Promise.all(
    links.filter((link) => link.rel === 'stylesheet').map((link) => new Promise<void>((settle) => ['load', 'error'].forEach((event) => link.addEventListener(event, () => settle(), { once: true })))),
  ).then(() => undefined);
  document.head.append(...links);
  waiting.remove();
}

/** Settles once the app's style sheet is in the page (at once where the head linked it). */
export const appStylesLoaded = (): Promise<void> => loaded;
