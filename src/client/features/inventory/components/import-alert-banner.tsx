// The import alert banner on Import Inventory: the latest import's outcome for a minute after it happened,
// dismissed (for this user and these locations) by its close button or 5 s after it appears.
import { useEffect, useReducer } from 'react';
import type { ImportState } from '../../../../shared/api/inventory-import';
import { Banner } from '../../../components/ui/banner';
import { dismissalKey, readDismissal, writeDismissal } from '../import-banner-dismissal';
import { IMPORT_ALERT_DISMISS_MS, importBannerFor } from '../import-banner';

type Props = {
  state: ImportState | null | undefined;
  userId: string;
  /** When the state was fetched: the 60 s window is judged against it. */
  checkedAt: number;
};

export function ImportAlertBanner({ state, userId, checkedAt }: Props) {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const key = state ? dismissalKey(userId, state) : null;
  const banner = importBannerFor(state, { now: checkedAt, currentUserId: userId, dismissedAt: key ? readDismissal(key) : null });
  const shown = banner !== null;

  useEffect(() => {
    if (!shown || !key) return;
    const timer = window.setTimeout(() => {
      writeDismissal(key, new Date());
      rerender();
    }, IMPORT_ALERT_DISMISS_MS);
    return () => window.clearTimeout(timer);
  }, [shown, key]);

  if (!banner || !key) return null;
  return (
    <Banner
      // A newer outcome is a new banner, not the old one's dismissed state.
      key={`${key}:${state?.updated_ts}`}
      tone={banner.tone}
      title={banner.title}
      autoDismissMs={0}
      onDismiss={() => {
        writeDismissal(key, new Date());
        rerender();
      }}
    >
      {banner.description}
    </Banner>
  );
}
