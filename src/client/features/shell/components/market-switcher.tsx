// A plain label for a one-market user; otherwise a menu of market names with a tick on the current one,
// opened by a button showing the market code. Switching clears the list cache and goes home.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { Market } from '../../../../shared/api/markets';
import type { MarketCode } from '../../../../shared/enums';
import { Icon } from '../../../components/ui/icons';
import { useSwitchMarket } from '../hooks/use-switch-market';

export function MarketSwitcher({ markets, current }: { markets: Market[]; current: MarketCode }) {
  const switchMarket = useSwitchMarket();
  const sorted = [...markets].sort((a, b) => a.name.localeCompare(b.name));
  const currentMarket = sorted.find((market) => market.code === current);

  async function handleSwitch(code: MarketCode) {
    if (code === current) return;
    await switchMarket(code);
  }

  if (sorted.length <= 1) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-slate-700" aria-label={`Market: ${currentMarket?.name ?? current}`}>
        <span className="rounded-md bg-brand-50 px-1.5 py-0.5 text-xs font-bold text-brand-800 ring-1 ring-brand-200">{current}</span>
        <span className="hidden sm:inline">{currentMarket?.name}</span>
      </p>
    );
  }

  return (
    <Menu as="div" className="relative">
      <MenuButton
        className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:pointer-fine:min-h-9"
        aria-label={`Market: ${currentMarket?.name ?? current}. Switch market`}
      >
        <span className="rounded-md bg-brand-50 px-1.5 py-0.5 text-xs font-bold text-brand-800 ring-1 ring-brand-200">{current}</span>
        <span className="hidden sm:inline">{currentMarket?.name}</span>
        <Icon name="chevron-up-down" className="size-4 text-slate-400" />
      </MenuButton>
      <MenuItems
        anchor="bottom start"
        className="z-50 mt-1 w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
        modal={false}
      >
        {sorted.map((market) => (
          <MenuItem key={market.code}>
            <button
              type="button"
              onClick={() => void handleSwitch(market.code)}
              className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm text-slate-800 data-focus:bg-brand-50"
              aria-current={market.code === current ? 'true' : undefined}
            >
              <span className="w-8 text-xs font-bold text-slate-500">{market.code}</span>
              <span className="flex-1">{market.name}</span>
              {market.code === current && <Icon name="check" className="size-4 text-brand-700" aria-label="Current market" />}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
