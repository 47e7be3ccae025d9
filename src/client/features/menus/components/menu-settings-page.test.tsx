import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_MESSAGES, type CategorySettings } from '../../../../shared/api/menus';
import { callsTo, failure, ok, renderScreen, useMenuScreenEnvironment, type ApiAnswers } from '../test-support';
import { MenuSettingsPage } from './menu-settings-page';

const sortFields = [
  { field: 'packagingSize' as const, direction: 'asc' as const, sortOrder: 1 },
  { field: 'dominance' as const, direction: 'asc' as const, sortOrder: 2 },
  { field: 'strain' as const, direction: 'asc' as const, sortOrder: 3 },
];
const SETTINGS: CategorySettings[] = [
  {
    categoryId: 1,
    categoryName: 'Flower',
    categoryOrder: 1,
    brandOrder: [
      { brandId: 11, brandName: 'Greenleaf', brandOrder: 1 },
      { brandId: 12, brandName: 'Harbor', brandOrder: 2 },
      { brandId: 13, brandName: 'Prairie', brandOrder: 3 },
    ],
    subcategoryOrder: [
      { subcategoryId: 21, subcategoryName: 'Eighths', subcategoryOrder: 1 },
      { subcategoryId: 22, subcategoryName: 'Ounces', subcategoryOrder: 2 },
    ],
    sortFields,
  },
  { categoryId: 2, categoryName: 'Vape', categoryOrder: 2, brandOrder: [{ brandId: 14, brandName: 'Cloud', brandOrder: 1 }], subcategoryOrder: [], sortFields },
];

function answers(save: ApiAnswers[string] = () => ok({ marketCode: 'MN', settings: SETTINGS })): ApiAnswers {
  return { 'GET /menu/settings': () => ok({ marketCode: 'MN', settings: SETTINGS }), 'POST /menu/settings': save };
}
const renderSettings = (api: ApiAnswers) => renderScreen('/menus/settings', () => <MenuSettingsPage marketName="Minnesota" />, api);
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace('Unsaved', '').trim());

/** jsdom lays nothing out: give each sortable row a place by its position in its list, as a browser would. */
function layOutLists() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const item = this.closest('li');
    const index = item?.parentElement ? [...item.parentElement.children].indexOf(item) : 0;
    const top = index * 48;
    return { x: 0, y: top, top, left: 0, width: 300, height: 48, right: 300, bottom: top + 48, toJSON: () => ({}) } as DOMRect;
  });
}

async function moveDown(user: ReturnType<typeof renderSettings>['user'], name: string) {
  screen.getByRole('button', { name: `Reorder ${name}` }).focus();
  await user.keyboard(' ');
  await user.keyboard('{ArrowDown}');
  await user.keyboard(' ');
}

describe('Menu Settings', () => {
  useMenuScreenEnvironment();
  beforeEach(layOutLists);
  afterEach(() => vi.restoreAllMocks());

  it('shows the categories, and the chosen category’s brands, subcategories and sort fields, with no Save until something changes', async () => {
    const { user } = renderSettings(answers());
    expect(await screen.findByRole('heading', { name: MENU_MESSAGES.settingsTitle, level: 1 })).toBeTruthy();
    expect(names(await screen.findByRole('list', { name: 'Categories' }))).toEqual(['Flower', 'Vape']);
    expect(names(screen.getByRole('list', { name: 'Brands of Flower' }))).toEqual(['Greenleaf', 'Harbor', 'Prairie']);
    expect(names(screen.getByRole('list', { name: 'Subcategories of Flower' }))).toEqual(['Eighths', 'Ounces']);
    expect((screen.getByRole('combobox', { name: 'Packaging Size direction' }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Small to Large');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reorder Greenleaf' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Vape' }));
    expect(names(screen.getByRole('list', { name: 'Brands of Vape' }))).toEqual(['Cloud']);
  });

  it('reorders by keyboard, shows Save, and sends only the changed category and level', async () => {
    const { user } = renderSettings(answers());
    await screen.findByRole('list', { name: 'Brands of Flower' });
    await moveDown(user, 'Greenleaf');
    await waitFor(() => expect(names(screen.getByRole('list', { name: 'Brands of Flower' }))).toEqual(['Harbor', 'Greenleaf', 'Prairie']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Strain direction' }), 'desc');

    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText(MENU_MESSAGES.settingsSaved)).toBeTruthy();
    expect(callsTo('POST', '/menu/settings')).toEqual([
      {
        marketCode: 'MN',
        settings: [
          {
            categoryId: 1,
            categoryName: 'Flower',
            brandOrder: [
              { brandId: 12, brandName: 'Harbor', brandOrder: 1 },
              { brandId: 11, brandName: 'Greenleaf', brandOrder: 2 },
              { brandId: 13, brandName: 'Prairie', brandOrder: 3 },
            ],
            sortFields: [
              { field: 'packagingSize', direction: 'asc', sortOrder: 1 },
              { field: 'dominance', direction: 'asc', sortOrder: 2 },
              { field: 'strain', direction: 'desc', sortOrder: 3 },
            ],
          },
        ],
      },
    ]);
  });

  it('sends categoryOrder for every category when the categories were reordered', async () => {
    const { user } = renderSettings(answers());
    await screen.findByRole('list', { name: 'Categories' });
    await moveDown(user, 'Flower');
    await waitFor(() => expect(names(screen.getByRole('list', { name: 'Categories' }))).toEqual(['Vape', 'Flower']));
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(callsTo('POST', '/menu/settings')).toHaveLength(1));
    expect((callsTo('POST', '/menu/settings')[0] as { settings: unknown }).settings).toEqual([
      { categoryId: 2, categoryName: 'Vape', categoryOrder: 1 },
      { categoryId: 1, categoryName: 'Flower', categoryOrder: 2 },
    ]);
  });

  it("keeps the changes and says 'Failed to save menu settings' when the save fails", async () => {
    const { user } = renderSettings(answers(() => failure(500, 'Internal error')));
    await screen.findByRole('list', { name: 'Brands of Flower' });
    await moveDown(user, 'Greenleaf');
    await user.click((await screen.findAllByRole('button', { name: 'Save' }))[0]!);
    expect(await screen.findByText(MENU_MESSAGES.settingsSaveFailed)).toBeTruthy();
    expect(names(screen.getByRole('list', { name: 'Brands of Flower' }))).toEqual(['Harbor', 'Greenleaf', 'Prairie']);
    expect(screen.getAllByRole('button', { name: 'Save' }).length).toBeGreaterThan(0);
  });

  it("says 'No changes to save' when saved by keyboard with nothing changed", async () => {
    const { user } = renderSettings(answers());
    await screen.findByRole('list', { name: 'Categories' });
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText(MENU_MESSAGES.noChanges)).toBeTruthy();
    expect(callsTo('POST', '/menu/settings')).toEqual([]);
  });

  it("says 'Failed to load menu settings' in a toast and a banner that retries", async () => {
    let fail = true;
    const { user } = renderSettings({ 'GET /menu/settings': () => (fail ? failure(500, 'Internal error') : ok({ marketCode: 'MN', settings: SETTINGS })) });
    const banner = (await screen.findAllByText(MENU_MESSAGES.settingsLoadFailed)).map((each) => each.closest('[role="alert"]')).find(Boolean) as HTMLElement;
    expect(screen.getAllByText(MENU_MESSAGES.settingsLoadFailed)).toHaveLength(2);
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Categories' })).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user } = renderSettings(answers());
    await screen.findByRole('list', { name: 'Brands of Flower' });
    await moveDown(user, 'Greenleaf');
    await screen.findAllByRole('button', { name: 'Save' });
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: MENU_MESSAGES.discardChanges });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.getByRole('heading', { name: MENU_MESSAGES.settingsTitle })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
  });
});
