// The table's global search: debounced, Enter searches at once.
import { useId } from 'react';
import { Icon } from '../icons';
import { fieldControl } from '../styles';
import { useDebouncedDraft } from './use-debounced-draft';

const sameSearch = (a: string, b: string) => a.trim() === b.trim();

export function SearchBox({ value, onSearch, label = 'Search', className = '' }: { value: string; onSearch: (value: string) => void; label?: string; className?: string }) {
  const id = useId();
  const { draft, setDraft, flush } = useDebouncedDraft(value, onSearch, sameSearch);
  return (
    <div role="search" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
      <input
        id={id}
        type="search"
        value={draft}
        placeholder="Search..."
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') flush();
        }}
        className={`${fieldControl} pl-10`}
      />
    </div>
  );
}
