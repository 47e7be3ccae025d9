// The sidebar: 16rem on desktop, 3rem of icons when collapsed (3.75rem on touch screens, for 44 px targets), an 18rem slide-in panel below 768 px.
import { Dialog, DialogPanel } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import type { AppStats } from '../../../../shared/api/markets';
import { capBadge } from '../../../../shared/labels';
import { Icon } from '../../../components/ui/icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { importIndicatorTone, type NavBadge, type NavGroup, type NavItem } from '../nav-items';

type Stats = (AppStats & { incompleteInventoryCount: number }) | undefined;

/** What a count badge says to a screen reader ('73 pending orders'), or null when it shows nothing. */
function countOf(badge: NavBadge | undefined, stats: Stats): { count: number; text: string } | null {
  if (!badge || !stats || badge === 'importStatus') return null;
  const count = badge === 'incompleteInventory' ? stats.incompleteInventoryCount : badge === 'pendingOrders' ? stats.pendingOrders : stats.pendingPicklists;
  if (count <= 0) return null;
  const describe = badge === 'incompleteInventory' ? 'incomplete inventory items' : badge === 'pendingOrders' ? 'pending orders' : 'pending picklists';
  return { count, text: `${count} ${describe}` };
}

function importStateOf(badge: NavBadge | undefined, stats: Stats): { tone: 'red' | 'orange'; text: string } | null {
  if (badge !== 'importStatus' || !stats) return null;
  const tone = importIndicatorTone(stats.importStatus);
  if (!tone) return null;
  return { tone, text: tone === 'red' ? 'Last import failed' : 'Import in progress' };
}

/** The entry's name with what its badge says, for a collapsed entry whose badge cannot be read beside it. */
function entryName(item: NavItem, stats: Stats): string {
  const said = countOf(item.badge, stats)?.text ?? importStateOf(item.badge, stats)?.text;
  return said ? `${item.label}, ${said}` : item.label;
}

function BadgeFor({ badge, stats, compact }: { badge: NavBadge | undefined; stats: Stats; compact: boolean }) {
  const importState = importStateOf(badge, stats);
  if (importState) {
    return (
      <span
        className={`size-2.5 shrink-0 rounded-full ${importState.tone === 'red' ? 'bg-red-500' : 'bg-orange-400'} ${compact ? 'absolute top-1 right-1' : ''}`}
        role="img"
        aria-label={importState.text}
        title={importState.text}
      />
    );
  }
  const counted = countOf(badge, stats);
  if (!counted) return null;
  const tone = badge === 'incompleteInventory' ? 'bg-red-600 text-white' : 'bg-brand-100 text-brand-800';
  return (
    <span
      // Collapsed, a small pill in the entry's own top-right corner: above it (as before) it covered the icon of
      // the entry above.
      className={`${compact ? 'absolute top-0 right-0 px-1 py-px text-[10px] leading-3' : 'ml-auto px-2 py-0.5 text-xs leading-4'} min-w-5 shrink-0 rounded-full text-center font-semibold ${tone}`}
      aria-label={counted.text}
    >
      {capBadge(counted.count)}
    </span>
  );
}

const linkBase = 'group relative flex min-h-11 items-center gap-2.5 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 md:pointer-fine:min-h-9';
const linkIdle = 'text-brand-100/85 hover:bg-white/10 hover:text-white';
const linkActive = 'bg-white/15 text-white';

function NavEntry({ item, stats, compact, depth, onNavigate }: { item: NavItem; stats: Stats; compact: boolean; depth: number; onNavigate?: () => void }) {
  const content = (
    <>
      <Icon name={item.icon} className={`shrink-0 ${depth > 0 && !compact ? 'size-4' : 'size-5'}`} />
      {!compact && <span className="truncate">{item.label}</span>}
      <BadgeFor badge={item.badge} stats={stats} compact={compact} />
    </>
  );
  if (item.linkable === false) {
    return <div className={`${linkBase} px-2.5 text-brand-100/60`}>{content}</div>;
  }
  const link = (
    <Link
      // The router's typed paths grow as screens land; the nav names them as plain paths.
      to={item.to as '/'}
      onClick={onNavigate}
      // Collapsed, the name is all a screen reader gets of the entry: it carries the badge's count too.
      aria-label={compact ? entryName(item, stats) : undefined}
      // Collapsed, the link fills the 2rem slot and centres its icon (padding would push it past the rail).
      className={`${linkBase} ${compact ? 'flex-1 justify-center' : 'px-2.5'}`}
      activeOptions={{ exact: true, includeSearch: false }}
      activeProps={{ className: linkActive, 'aria-current': 'page' }}
      inactiveProps={{ className: linkIdle }}
    >
      {content}
    </Link>
  );
  // Collapsed to icons, each entry names itself in a tooltip.
  return compact ? (
    <Tooltip content={item.label} placement="right" className="flex w-full">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

function SidebarNav({ groups, stats, compact, onNavigate }: { groups: NavGroup[]; stats: Stats; compact: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex-1 space-y-6 overflow-y-auto px-2 py-4">
      {groups.map((group) => (
        <div key={group.label}>
          {!compact && <p className="mb-1 px-2.5 text-[11px] font-semibold tracking-wider text-brand-200/70 uppercase">{group.label}</p>}
          <ul className="space-y-0.5">
            {group.items.map((item) => (
              <li key={item.to}>
                <NavEntry item={item} stats={stats} compact={compact} depth={0} onNavigate={onNavigate} />
                {item.children && item.children.length > 0 && (
                  <ul className={`mt-0.5 space-y-0.5 ${compact ? '' : 'ml-3.5 border-l border-white/10 pl-1.5'}`}>
                    {item.children.map((child) => (
                      <li key={child.to}>
                        <NavEntry item={child} stats={stats} compact={compact} depth={1} onNavigate={onNavigate} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function Brand({ compact }: { compact: boolean }) {
  return (
    <Link to="/" className={`flex h-14 shrink-0 items-center gap-2.5 px-3 text-white ${compact ? 'justify-center px-0' : ''}`} aria-label="GreenVault home">
      <img src="/favicon.svg" alt="" className="size-8" width="32" height="32" />
      {!compact && (
        <span className="leading-tight">
          <span className="block text-sm font-semibold">GreenVault</span>
          <span className="block text-[11px] text-brand-200/80">Wholesale</span>
        </span>
      )}
    </Link>
  );
}

export function DesktopSidebar({ groups, stats, collapsed, onToggle }: { groups: NavGroup[]; stats: Stats; collapsed: boolean; onToggle: () => void }) {
  return (
    <aside
      className={`sticky top-(--ribbon-height) hidden h-[calc(100dvh-var(--ribbon-height))] shrink-0 flex-col bg-brand-900 transition-[width] duration-200 md:flex ${collapsed ? 'w-12 pointer-coarse:w-15' : 'w-64'}`}
      aria-label="Sidebar"
    >
      <Brand compact={collapsed} />
      <SidebarNav groups={groups} stats={stats} compact={collapsed} />
      <button
        type="button"
        onClick={onToggle}
        className="m-2 flex min-h-9 items-center pointer-coarse:min-h-11 justify-center gap-2 rounded-lg text-xs text-brand-100/80 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-500"
        aria-label={collapsed ? 'Expand sidebar (Ctrl+B)' : 'Collapse sidebar (Ctrl+B)'}
        aria-expanded={!collapsed}
      >
        <Icon name={collapsed ? 'chevrons-right' : 'chevrons-left'} className="size-4" />
        {!collapsed && <span>Collapse</span>}
      </button>
    </aside>
  );
}

export function MobileSidebar({ groups, stats, open, onClose }: { groups: NavGroup[]; stats: Stats; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 md:hidden">
      <div className="fixed inset-0 bg-slate-950/50 transition-opacity duration-200 data-closed:opacity-0" aria-hidden="true" />
      <DialogPanel
        transition
        className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-brand-900 shadow-xl transition duration-200 ease-out data-closed:-translate-x-full"
      >
        <div className="flex items-center justify-between pr-2">
          <Brand compact={false} />
          <button type="button" onClick={onClose} className="grid size-11 place-items-center rounded-lg text-brand-100 hover:bg-white/10" aria-label="Close menu">
            <Icon name="x" className="size-6" />
          </button>
        </div>
        <SidebarNav groups={groups} stats={stats} compact={false} onNavigate={onClose} />
      </DialogPanel>
    </Dialog>
  );
}
