// /login's page asks for its one script (src/client/boot.ts) only once its first paint is on the screen
// (src/server/lib/sign-in-page.ts): on a poor signal a request made before that paint stands in its way,
// and the page needs no script to show the sign-in screen. This inline script does the asking; its text
// never changes (the script's address is in its data-boot attribute), so the content security policy
// allows it by its hash (src/server/app.ts) rather than allowing inline scripts.
import { createHash } from 'node:crypto';

export const BOOT_LOADER = [
  '(() => {',
  '  const loader = document.currentScript;',
  '  let done = false;',
  '  const go = () => {',
  '    if (done) return;',
  '    done = true;',
  "    const script = document.createElement('script');",
  "    script.type = 'module';",
  '    script.src = loader.dataset.boot;',
  '    document.head.append(script);',
  '  };',
  '  setTimeout(go, 1000);',
  "  if (document.visibilityState === 'hidden' || typeof PerformanceObserver !== 'function' || !(PerformanceObserver.supportedEntryTypes || []).includes('paint')) return go();",
  '  try {',
  '    new PerformanceObserver((entries, observer) => {',
  "      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;",
  '      observer.disconnect();',
  '      go();',
  "    }).observe({ type: 'paint', buffered: true });",
  '  } catch {',
  '    go();',
  '  }',
  '})();',
].join('\n');

/** The CSP source that allows BOOT_LOADER, and no other inline script. */
export const BOOT_LOADER_CSP_HASH = `'sha256-${createHash('sha256').update(BOOT_LOADER).digest('base64')}'`;
