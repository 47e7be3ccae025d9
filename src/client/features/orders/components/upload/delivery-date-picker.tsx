// A date picker for one delivery date: a button reading 'Select Date' (or the date as MM/dd/yyyy) that opens
// a month calendar. Days outside [min, max] cannot be chosen; arrow keys move by day and week, Page Up and
// Page Down by month, Home and End to the week's ends; Escape closes it.
//
// The calendar opens in place under the button, not anchored in a portal: a portalled Headless UI panel
// surrounds itself with focusable, aria-hidden focus guards, which screen readers meet as empty stops (axe:
// aria-hidden-focus). In place, the tab order already runs from the button into the calendar.
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import {
  addDays,
  addMonths,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatDate, toDate } from '../../../../lib/format';
import { Icon } from '../../../../components/ui/icons';
import { focusRing } from '../../../../components/ui/styles';

export type DeliveryDatePickerProps = {
  /** Names the picker for screen readers: 'Delivery date for GreenVault Duluth'. */
  label: string;
  /** yyyy-MM-dd, or ''. */
  value: string;
  onChange: (value: string) => void;
  /** yyyy-MM-dd: the first and last day that may be chosen. */
  min: string;
  max: string;
  invalid?: boolean;
  /** Ids of elements describing the picker (an error message). */
  describedBy?: string;
  /**
   * Which edge of the button the calendar lines up with: 'start' where the button starts a card, 'end'
   * where it ends a table row, so that the calendar (wider than the button) stays on the screen.
   */
  align?: 'start' | 'end';
};

const iso = (day: Date) => format(day, 'yyyy-MM-dd');

export function DeliveryDatePicker({ label, value, onChange, min, max, invalid = false, describedBy, align = 'start' }: DeliveryDatePickerProps) {
  return (
    <Popover className="relative w-full sm:w-44">
      <PopoverButton
        aria-label={`${label}: ${value ? formatDate(value) : 'not set'}`}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={`flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border bg-white px-3 text-left text-base shadow-sm sm:pointer-fine:min-h-10 sm:w-44 sm:text-sm ${
          invalid ? 'border-red-500 ring-1 ring-red-500' : 'border-slate-300'
        } ${focusRing}`}
      >
        <span className={value ? 'text-slate-900 tabular-nums' : 'text-slate-500'}>{value ? formatDate(value) : 'Select Date'}</span>
        <Icon name="calendar" className="size-4 shrink-0 text-slate-500" />
      </PopoverButton>
      <PopoverPanel
        className={`absolute top-full z-50 mt-1 w-[21.75rem] max-w-[calc(100vw-2rem)] sm:w-[19rem] rounded-xl border border-slate-200 bg-white p-3 shadow-lg ${align === 'end' ? 'right-0' : 'left-0'}`}
      >
        {({ close }) => (
          <Calendar
            label={label}
            value={value}
            min={min}
            max={max}
            onPick={(day) => {
              onChange(day);
              close();
            }}
          />
        )}
      </PopoverPanel>
    </Popover>
  );
}

function Calendar({ label, value, min, max, onPick }: { label: string; value: string; min: string; max: string; onPick: (day: string) => void }) {
  const first = toDate(min)!;
  const last = toDate(max)!;
  const [focused, setFocused] = useState<Date>(() => toDate(value) ?? first);
  const grid = useRef<HTMLTableElement>(null);
  const keyboardMoved = useRef(false);
  // Opening the calendar puts the keyboard on the chosen day (or the first that may be chosen).
  useEffect(() => grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus(), []);
  // A key moved the focus: follow it as soon as the (possibly new) month is on screen, before the next key.
  // Waiting for a frame lost key presses: a new month unmounts the focused day, focus falls to the page, and
  // keys pressed until the frame never reached the calendar.
  const focusedDay = iso(focused);
  useLayoutEffect(() => {
    if (!keyboardMoved.current) return;
    keyboardMoved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusedDay}"]`)?.focus();
  }, [focusedDay]);
  const month = startOfMonth(focused);
  const days: Date[] = [];
  for (let day = startOfWeek(month); day <= endOfWeek(endOfMonth(month)); day = addDays(day, 1)) days.push(day);
  const weeks = Array.from({ length: days.length / 7 }, (_, index) => days.slice(index * 7, index * 7 + 7));
  const selectable = (day: Date) => iso(day) >= min && iso(day) <= max;
  const clamp = (day: Date) => (iso(day) < min ? first : iso(day) > max ? last : day);

  const moveTo = (day: Date) => {
    keyboardMoved.current = true;
    setFocused(clamp(day));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
      Home: () => startOfWeek(focused),
      End: () => endOfWeek(focused),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  };

  const monthLabel = format(month, 'MMMM yyyy');
  return (
    <div>
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          aria-label="Previous month"
          disabled={month <= startOfMonth(first)}
          onClick={() => setFocused(clamp(addMonths(focused, -1)))}
          className={`grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:text-slate-300 sm:pointer-fine:size-9 ${focusRing}`}
        >
          <Icon name="chevron-left" className="size-4" />
        </button>
        <p className="text-sm font-semibold text-slate-900" aria-live="polite">
          {monthLabel}
        </p>
        <button
          type="button"
          aria-label="Next month"
          disabled={month >= startOfMonth(last)}
          onClick={() => setFocused(clamp(addMonths(focused, 1)))}
          className={`grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:text-slate-300 sm:pointer-fine:size-9 ${focusRing}`}
        >
          <Icon name="chevron-right" className="size-4" />
        </button>
      </div>
      <table ref={grid} role="grid" aria-label={`${label}, ${monthLabel}`} className="w-full table-fixed text-center text-sm" onKeyDown={handleKeyDown}>
        <thead>
          <tr>
            {weeks[0]!.map((day) => (
              <th key={day.getDay()} scope="col" abbr={format(day, 'EEEE')} className="pb-1 text-xs font-medium text-slate-500">
                {format(day, 'EEEEEE')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={iso(week[0]!)}>
              {week.map((day) => {
                const key = iso(day);
                const chosen = key === value;
                const inMonth = isSameMonth(day, month);
                const isFocused = key === iso(focused);
                return (
                  <td key={key} className="p-px sm:p-0.5" aria-selected={chosen || undefined}>
                    {inMonth && (
                      <button
                        type="button"
                        data-day={key}
                        tabIndex={isFocused ? 0 : -1}
                        disabled={!selectable(day)}
                        aria-label={format(day, 'EEEE, MMMM d, yyyy')}
                        aria-pressed={chosen}
                        onClick={() => onPick(key)}
                        onFocus={() => setFocused(day)}
                        className={`size-11 rounded-lg tabular-nums sm:pointer-fine:size-9 ${focusRing} ${
                          chosen ? 'bg-brand-700 font-semibold text-white' : 'text-slate-800 hover:bg-slate-100'
                        } disabled:cursor-not-allowed disabled:text-slate-300 disabled:line-through disabled:hover:bg-transparent ${key === min ? 'ring-1 ring-slate-300 ring-inset' : ''}`}
                      >
                        {format(day, 'd')}
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
