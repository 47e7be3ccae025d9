// /menus/settings: the market's four levels of menu order — the categories, then for the chosen category its
// brands and subcategories, then its sort fields with their directions — each reordered by dragging or by
// keyboard. Changes are kept per category and level until saved; Save sends only those.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { MENU_MESSAGES, MENU_SORT_FIELD_LABELS, SORT_DIRECTIONS, type CategorySettings } from '../../../../shared/api/menus';
import { LeaveConfirmDialog, useLeaveGuard } from '../../../components/leave-guard';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { PageHeader } from '../../../components/ui/page-header';
import { fieldControl, focusRing } from '../../../components/ui/styles';
import { showToast } from '../../../components/ui/toast';
import { isAbort } from '../../../lib/handle-error';
import { useCurrentMarket } from '../../../lib/market-store';
import { menuSettingsQueryOptions } from '../api/get-menu-settings';
import { useSaveMenuSettings } from '../api/save-menu-settings';
import { arranged, categoryOrderChanged, changedLevels, moved, settingsChanges, type MenuLevel } from '../menu-settings-edits';
import { SortableList } from './sortable-list';

type Props = { marketName: string };

export function MenuSettingsPage({ marketName }: Props) {
  const market = useCurrentMarket();
  const query = useQuery(menuSettingsQueryOptions(market));
  const save = useSaveMenuSettings();
  const [loaded, setLoaded] = useState<{ source: unknown; saved: CategorySettings[] } | null>(null);
  const [draft, setDraft] = useState<CategorySettings[]>([]);
  const [chosenId, setChosenId] = useState<number | null>(null);

  // What the server last said is the baseline; a fresh answer (first load, after a save) replaces the draft.
  if (query.data && loaded?.source !== query.data) {
    const saved = arranged(query.data.settings);
    setLoaded({ source: query.data, saved });
    setDraft(saved);
    if (chosenId === null || !saved.some((category) => category.categoryId === chosenId)) setChosenId(saved[0]?.categoryId ?? null);
  }
  const saved = loaded?.saved ?? [];
  const changes = settingsChanges(saved, draft);
  const hasChanges = changes.length > 0;
  const guard = useLeaveGuard(hasChanges);

  const loadFailed = query.isError && !isAbort(query.error);
  const errorStamp = query.errorUpdatedAt;
  useEffect(() => {
    if (loadFailed) showToast({ tone: 'error', title: MENU_MESSAGES.settingsLoadFailed });
  }, [loadFailed, errorStamp]);

  const handleSave = async () => {
    if (!hasChanges) {
      showToast({ tone: 'info', title: MENU_MESSAGES.noChanges });
      return;
    }
    try {
      const answer = await save.mutateAsync(changes);
      if (!answer.success) throw new Error(answer.message);
      showToast({ tone: 'success', title: MENU_MESSAGES.settingsSaved });
    } catch (error) {
      if (!isAbort(error)) showToast({ tone: 'error', title: MENU_MESSAGES.settingsSaveFailed });
    }
  };

  // Ctrl+S (Cmd+S) saves, as in any editor, instead of saving the web page.
  const saveByKeyboard = useEffectEvent(() => void handleSave());
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.shiftKey || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      saveByKeyboard();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);

  const chosen = draft.find((category) => category.categoryId === chosenId) ?? null;
  const updateChosen = (change: (category: CategorySettings) => CategorySettings) =>
    setDraft((current) => current.map((category) => (category.categoryId === chosenId ? change(category) : category)));
  const chosenChanged = chosen ? changedLevels(saved, chosen) : [];
  const changedMark = (level: MenuLevel) => (chosenChanged.includes(level) ? <ChangedMark /> : null);

  return (
    <div className="mx-auto max-w-6xl space-y-4 pb-4">
      <PageHeader
        title={MENU_MESSAGES.settingsTitle}
        subtitle={<span className="font-medium text-slate-800">{marketName}</span>}
        actions={
          hasChanges ? (
            <Button onClick={() => void handleSave()} loading={save.isPending} aria-keyshortcuts="Control+S Meta+S" className="max-sm:hidden">
              Save
            </Button>
          ) : undefined
        }
        className="sm:mb-2"
      />
      {loadFailed && (
        <Banner tone="error" title={MENU_MESSAGES.settingsLoadFailed} autoDismissMs={0} dismissible={false} action={{ label: 'Retry', onClick: () => void query.refetch() }} />
      )}
      {query.isPending ? (
        <LoadingMessage messages="Loading menu settings..." fill />
      ) : draft.length === 0 ? (
        !loadFailed && <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">This market has no product categories yet.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <section aria-labelledby="menu-categories" className="space-y-2">
            <h2 id="menu-categories" className="flex items-center gap-2 text-base font-semibold text-slate-900">
              Categories {categoryOrderChanged(saved, draft) && <ChangedMark />}
            </h2>
            <SortableList
              label="Categories"
              items={draft.map((category) => ({ ...category, id: String(category.categoryId), name: category.categoryName }))}
              onMove={(from, to) => setDraft((current) => moved(current, from, to))}
              isCurrent={(item) => item.categoryId === chosenId}
              renderItem={(item) => (
                <button
                  type="button"
                  aria-pressed={item.categoryId === chosenId}
                  onClick={() => setChosenId(item.categoryId)}
                  className={`flex min-h-11 flex-1 items-center justify-between gap-2 rounded-md px-2 text-left text-sm ${item.categoryId === chosenId ? 'font-semibold text-brand-900' : 'text-slate-800 hover:bg-slate-50'} ${focusRing}`}
                >
                  <span className="[overflow-wrap:anywhere]">{item.categoryName}</span>
                  {changedLevels(saved, item).length > 0 && <ChangedMark />}
                </button>
              )}
            />
          </section>

          {chosen && (
            <section aria-labelledby="menu-category-levels" className="space-y-5 rounded-xl border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
              <h2 id="menu-category-levels" className="text-base font-semibold text-slate-900">
                {chosen.categoryName}
              </h2>
              <div className="grid gap-5 md:grid-cols-2">
                <Level title="Brands" mark={changedMark('brandOrder')} empty="No brands in this category.">
                  {chosen.brandOrder.length > 0 && (
                    <SortableList
                      label={`Brands of ${chosen.categoryName}`}
                      items={chosen.brandOrder.map((brand) => ({ ...brand, id: String(brand.brandId), name: brand.brandName }))}
                      onMove={(from, to) => updateChosen((category) => ({ ...category, brandOrder: moved(category.brandOrder, from, to) }))}
                      renderItem={(item) => <span className="text-sm [overflow-wrap:anywhere] text-slate-800">{item.brandName}</span>}
                    />
                  )}
                </Level>
                <Level title="Subcategories" mark={changedMark('subcategoryOrder')} empty="No subcategories in this category.">
                  {chosen.subcategoryOrder.length > 0 && (
                    <SortableList
                      label={`Subcategories of ${chosen.categoryName}`}
                      items={chosen.subcategoryOrder.map((sub) => ({ ...sub, id: String(sub.subcategoryId), name: sub.subcategoryName }))}
                      onMove={(from, to) => updateChosen((category) => ({ ...category, subcategoryOrder: moved(category.subcategoryOrder, from, to) }))}
                      renderItem={(item) => <span className="text-sm [overflow-wrap:anywhere] text-slate-800">{item.subcategoryName}</span>}
                    />
                  )}
                </Level>
              </div>
              <Level title="Sort order" mark={changedMark('sortFields')} empty="">
                <SortableList
                  label={`Sort fields of ${chosen.categoryName}`}
                  items={chosen.sortFields.map((field) => ({ ...field, id: field.field, name: MENU_SORT_FIELD_LABELS[field.field].label }))}
                  onMove={(from, to) => updateChosen((category) => ({ ...category, sortFields: moved(category.sortFields, from, to) }))}
                  renderItem={(item) => {
                    const labels = MENU_SORT_FIELD_LABELS[item.field];
                    return (
                      <>
                        <span className="flex-1 text-sm text-slate-800">{labels.label}</span>
                        <select
                          aria-label={`${labels.label} direction`}
                          value={item.direction}
                          onChange={(event) =>
                            updateChosen((category) => ({
                              ...category,
                              sortFields: category.sortFields.map((field) => (field.field === item.field ? { ...field, direction: event.target.value as typeof field.direction } : field)),
                            }))
                          }
                          className={`${fieldControl} w-44! shrink-0 min-h-11 sm:pointer-fine:min-h-10`}
                        >
                          {SORT_DIRECTIONS.map((direction) => (
                            <option key={direction} value={direction}>
                              {labels[direction]}
                            </option>
                          ))}
                        </select>
                      </>
                    );
                  }}
                />
              </Level>
            </section>
          )}
        </div>
      )}

      {hasChanges && (
        // Phones: Save stays in reach at the bottom of the screen.
        <div className="sticky bottom-0 z-20 -mx-3 border-t border-slate-200 bg-white/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:hidden">
          <Button onClick={() => void handleSave()} loading={save.isPending} className="min-h-11 w-full">
            Save
          </Button>
        </div>
      )}
      <LeaveConfirmDialog blocker={guard.blocker} question={MENU_MESSAGES.discardChanges} />
    </div>
  );
}

function Level({ title, mark, empty, children }: { title: string; mark: ReactNode; empty: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-700">
        {title} {mark}
      </h3>
      {children || (empty && <p className="text-sm text-slate-600">{empty}</p>)}
    </div>
  );
}

function ChangedMark() {
  return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Unsaved</span>;
}
