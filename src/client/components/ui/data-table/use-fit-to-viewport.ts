// A desktop table's scroll area sized to what the window has left below it, so that the page itself never
// scrolls as well (issue 15, item 8: the Orders list scrolled inside and then the page 54 px more to reach
// its pagination). What sits above the table (headers, banners, tabs) and below it (the pager, a bulk bar)
// differs per screen, so it is measured rather than guessed as one fixed offset.
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Shorter than this, a table shows too few rows to use: the page scrolls instead. */
const MIN_HEIGHT_PX = 384;

export function useFitToViewport(ref: RefObject<HTMLElement | null>): number | undefined {
  const [maxHeight, setMaxHeight] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const page = document.documentElement;
      const top = element.getBoundingClientRect().top + window.scrollY;
      // Everything below the scroll area, down to the end of the page.
      const below = page.scrollHeight - (top + element.offsetHeight);
      const fits = Math.floor(window.innerHeight - top - Math.max(0, below));
      setMaxHeight((current) => {
        const next = Math.max(MIN_HEIGHT_PX, fits);
        return current === next ? current : next;
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return maxHeight;
}
