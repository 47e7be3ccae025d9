// Manage Columns: reorder by dragging or with the arrow buttons, show or hide with the checkboxes.
// Always-visible columns are locked on. Changes apply as they are made.
import { useEffect, useId, useState, type DragEvent } from 'react';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { Icon } from '../icons';
import { checkbox } from '../styles';
import type { ColumnInfo } from './column-info';

type Props = {
  open: boolean;
  onClose: () => void;
  columns: readonly ColumnInfo[];
  order: readonly string[];
  visibility: Record<string, boolean>;
  onOrderChange: (order: string[]) => void;
  onVisibleChange: (id: string, visible: boolean) => void;
  onReset: () => void;
};

function moved(order: readonly string[], id: string, to: number): string[] {
  const next = order.filter((item) => item !== id);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, id);
  return next;
}

export function ManageColumnsDialog({ open, onClose, columns, order, visibility, onOrderChange, onVisibleChange, onReset }: Props) {
  const idPrefix = useId();
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [refocus, setRefocus] = useState<{ id: string; direction: 'up' | 'down' } | null>(null);
  const byId = new Map(columns.map((column) => [column.id, column]));
  const items = order.map((id) => byId.get(id)).filter((column): column is ColumnInfo => column !== undefined);

  // Reordering moves the list item in the DOM, which can drop focus; put it back on the arrow pressed, or
  // on the other arrow when the column reached an end.
  useEffect(() => {
    if (!refocus) return;
    const button = document.getElementById(`${idPrefix}-${refocus.id}-${refocus.direction}`) as HTMLButtonElement | null;
    const other = document.getElementById(`${idPrefix}-${refocus.id}-${refocus.direction === 'up' ? 'down' : 'up'}`) as HTMLButtonElement | null;
    (button && !button.disabled ? button : other)?.focus();
  }, [refocus, idPrefix]);

  const move = (id: string, to: number) => {
    const next = moved(order, id, to);
    onOrderChange(next);
    setAnnouncement(`${byId.get(id)?.label ?? id} moved to position ${next.indexOf(id) + 1} of ${next.length}`);
  };

  const handleDrop = (event: DragEvent, targetId: string) => {
    event.preventDefault();
    const id = dragging ?? event.dataTransfer.getData('text/plain');
    setDragging(null);
    setDropTarget(null);
    if (!id || id === targetId) return;
    move(id, order.indexOf(targetId));
  };

  const handleReset = () => {
    onReset();
    setAnnouncement('Columns reset to default');
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Manage Columns"
      description="Drag a column or use its arrows to change the order. Untick a column to hide it."
      size="sm"
      footer={
        <>
          <Button variant="secondary" icon="refresh" onClick={handleReset}>
            Reset to Default
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <ul className="-mx-1 space-y-1" aria-label="Columns">
        {items.map((column, index) => {
          const checkboxId = `${idPrefix}-${column.id}-visible`;
          return (
            <li
              key={column.id}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', column.id);
                setDragging(column.id);
              }}
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (dropTarget !== column.id) setDropTarget(column.id);
              }}
              onDragLeave={() => setDropTarget((current) => (current === column.id ? null : current))}
              onDrop={(event) => handleDrop(event, column.id)}
              onDragEnd={() => {
                setDragging(null);
                setDropTarget(null);
              }}
              className={`flex items-center gap-2 rounded-lg border bg-white py-1 pr-1 pl-2 ${dragging === column.id ? 'opacity-50' : ''} ${dropTarget === column.id && dragging !== column.id ? 'border-brand-500 ring-2 ring-brand-200' : 'border-slate-200'}`}
            >
              <Icon name="grip" className="size-5 shrink-0 cursor-grab text-slate-400" />
              <input
                id={checkboxId}
                type="checkbox"
                className={checkbox}
                checked={visibility[column.id] ?? true}
                disabled={column.alwaysVisible}
                onChange={(event) => onVisibleChange(column.id, event.target.checked)}
              />
              <label htmlFor={checkboxId} className={`flex min-h-11 min-w-0 flex-1 items-center gap-1.5 text-sm sm:pointer-fine:min-h-9 ${column.alwaysVisible ? 'text-slate-600' : 'cursor-pointer text-slate-900'}`}>
                <span className="truncate">{column.label}</span>
                {column.alwaysVisible && (
                  <>
                    <Icon name="lock" className="size-4 shrink-0 text-slate-400" />
                    <span className="sr-only">(always visible)</span>
                  </>
                )}
              </label>
              <Button
                id={`${idPrefix}-${column.id}-up`}
                variant="ghost"
                size="icon"
                icon="chevron-up"
                aria-label={`Move ${column.label} up`}
                disabled={index === 0}
                onClick={() => {
                  move(column.id, index - 1);
                  setRefocus({ id: column.id, direction: 'up' });
                }}
              />
              <Button
                id={`${idPrefix}-${column.id}-down`}
                variant="ghost"
                size="icon"
                icon="chevron-down"
                aria-label={`Move ${column.label} down`}
                disabled={index === items.length - 1}
                onClick={() => {
                  move(column.id, index + 1);
                  setRefocus({ id: column.id, direction: 'down' });
                }}
              />
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
