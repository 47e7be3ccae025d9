// The lines of the order on screen, in the order they were added, keyed by batch.
import { useCallback, useMemo, useState } from 'react';
import type { OrderLine } from '../order-lines';

export type OrderLinesApi = {
  lines: OrderLine[];
  byBatch: ReadonlyMap<number, OrderLine>;
  /** Sets a line's cases, adding the line (from the template) when it is new. Blank removes a new line. */
  setCases: (template: OrderLine, cases: number | null) => void;
  setPrice: (template: OrderLine, price: string) => void;
  remove: (batchId: number) => void;
  reset: (lines: OrderLine[]) => void;
};

export function useOrderLines(initial: OrderLine[] = []): OrderLinesApi {
  const [lines, setLines] = useState<OrderLine[]>(initial);
  const byBatch = useMemo(() => new Map(lines.map((line) => [line.batchId, line])), [lines]);

  const update = useCallback((template: OrderLine, change: (line: OrderLine) => OrderLine | null) => {
    setLines((current) => {
      const index = current.findIndex((line) => line.batchId === template.batchId);
      const next = change(index === -1 ? template : current[index]!);
      if (index === -1) return next ? [...current, next] : current;
      return next ? current.map((line, at) => (at === index ? next : line)) : current.filter((_, at) => at !== index);
    });
  }, []);

  const setCases = useCallback(
    (template: OrderLine, cases: number | null) =>
      // A line the order already had stays until removed on purpose; a new one goes when its field is cleared.
      update(template, (line) => (cases === null && !line.existing ? null : { ...line, cases })),
    [update],
  );
  const setPrice = useCallback((template: OrderLine, price: string) => update(template, (line) => ({ ...line, price })), [update]);
  const remove = useCallback((batchId: number) => setLines((current) => current.filter((line) => line.batchId !== batchId)), []);
  const reset = useCallback((next: OrderLine[]) => setLines(next), []);

  return { lines, byBatch, setCases, setPrice, remove, reset };
}
