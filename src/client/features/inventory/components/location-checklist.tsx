// The 'API Import' tab's checklist of the market's inventory locations.
import type { InventoryLocation } from '../../../../shared/api/inventory-import';
import { IMPORT_MESSAGES } from '../../../../shared/api/inventory-import';
import { checkbox } from '../../../components/ui/styles';

type Props = {
  locations: InventoryLocation[];
  selected: ReadonlySet<number>;
  onToggle: (locationId: number) => void;
  disabled?: boolean;
  /** Locations that cannot be chosen now, each with the reason shown under its name (an import that holds it). */
  held?: ReadonlyMap<number, string>;
};

export function LocationChecklist({ locations, selected, onToggle, disabled = false, held }: Props) {
  if (locations.length === 0) return <p className="py-6 text-sm text-slate-600">{IMPORT_MESSAGES.noLocations}</p>;
  return (
    // A fieldset is as wide as its longest line unless told otherwise; min-w-0 lets long names truncate on phones.
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">Inventory locations</legend>
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {locations.map((location) => {
          const heldBy = held?.get(location.inventory_location_id);
          const noteId = `location-${location.inventory_location_id}-held`;
          return (
            <li key={location.inventory_location_id}>
              {/* The whole row is the label: a 44px tap target on phones. */}
              <label className={`flex min-h-11 items-center gap-3 px-3 py-2 ${heldBy ? 'cursor-not-allowed bg-slate-50' : 'cursor-pointer hover:bg-slate-50'}`}>
                <input
                  type="checkbox"
                  className={checkbox}
                  checked={!heldBy && selected.has(location.inventory_location_id)}
                  disabled={Boolean(heldBy)}
                  aria-describedby={heldBy ? noteId : undefined}
                  onChange={() => onToggle(location.inventory_location_id)}
                />
                <span className="min-w-0">
                  <span className={`block text-sm font-medium ${heldBy ? 'text-slate-600' : 'text-slate-900'}`}>{location.display_name}</span>
                  <span className="block truncate text-xs text-slate-500" title={location.s2s_location_name}>
                    {location.s2s_location_name}
                  </span>
                  {heldBy && (
                    <span id={noteId} className="block text-xs text-amber-800">
                      {heldBy}
                    </span>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
