// A list reordered by dragging its handles or by keyboard (focus a handle, Space to pick up, arrows to move,
// Space to drop, Escape to cancel), with what happens read out. dnd-kit does the moving; the list is the caller's.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/ui/icons';
import { focusRing } from '../../../components/ui/styles';

export type SortableItem = { id: string; name: string };

type Props<T extends SortableItem> = {
  label: string;
  items: readonly T[];
  onMove: (from: number, to: number) => void;
  /** What a row shows beside its handle (its name, a direction control, a button choosing it). */
  renderItem: (item: T, index: number) => ReactNode;
  /** Marks a row as the chosen one (the category whose levels are shown). */
  isCurrent?: (item: T) => boolean;
};

export function SortableList<T extends SortableItem>({ label, items, onMove, renderItem, isCurrent }: Props<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => items.find((item) => item.id === String(id))?.name ?? String(id);
  const positionOf = (id: string | number) => items.findIndex((item) => item.id === String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${items.length} in ${label}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} moved to position ${positionOf(over.id)} of ${items.length}.` : `${nameOf(active.id)} is not over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${items.length}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === String(active.id));
    const to = items.findIndex((item) => item.id === String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: 'To reorder, press Space, move with the arrow keys, press Space again to drop or Escape to cancel.' } }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol aria-label={label} className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {items.map((item, index) => (
            <Row key={item.id} item={item} current={isCurrent?.(item) ?? false}>
              {renderItem(item, index)}
            </Row>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function Row({ item, current, children }: { item: SortableItem; current: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`relative flex min-h-12 items-center gap-1 pr-2 ${current ? 'bg-brand-50' : 'bg-white'} ${isDragging ? 'z-10 shadow-lg ring-1 ring-brand-300' : ''}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${item.name}`}
        className={`flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 active:cursor-grabbing ${focusRing}`}
      >
        <Icon name="grip" className="size-5" />
      </button>
      <div className="flex min-w-0 flex-1 items-center gap-2">{children}</div>
    </li>
  );
}
