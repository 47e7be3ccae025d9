// A desktop table's scroll area sized to what the window has left below it, so that the page itself never
// scrolls as well (issue 15, item 8: the Orders list scrolled inside and then the page 54 px more to reach
// its pagination). What sits above the table (headers, banners, tabs) and below it (the pager, a bulk bar)
// differs per screen, so it is measured rather than guessed as one fixed offset.
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Shorter than this, a table shows too few rows to use: the page scrolls instead. */
const MIN_HEIGHT_PX = 384;

const px = (value: string) => Number.parseFloat(value) || 0;

/**
 * The height of what is laid out below the element, down to the end of the page's content: at each level up
 * to <body>, the later siblings that sit below it (not beside it, as a sidebar does) and the parent's bottom
 * padding and border. The page's own height is not used: a page shorter than the window is stretched to it,
 * and that empty space is not content (at 820 px the table stopped 400 px short of the window's bottom).
 */
function contentBelow(element: HTMLElement): number {
  let below = 0;
  let node: HTMLElement = element;
  while (node.parentElement && node !== document.body) {
    const parent = node.parentElement;
    const nodeBottom = node.getBoundingClientRect().bottom + px(getComputedStyle(node).marginBottom);
    let lowest = nodeBottom;
    for (let sibling = node.nextElementSibling; sibling; sibling = sibling.nextElementSibling) {
      const style = getComputedStyle(sibling);
      if (style.position === 'absolute' || style.position === 'fixed' || style.display === 'none') continue;
      const rect = sibling.getBoundingClientRect();
      if (rect.height === 0 || rect.top < nodeBottom - 1) continue;
      lowest = Math.max(lowest, rect.bottom + px(style.marginBottom));
    }
    const parentStyle = getComputedStyle(parent);
    below += lowest - nodeBottom + px(parentStyle.paddingBottom) + px(parentStyle.borderBottomWidth);
    node = parent;
  }
  return below;
}

export function useFitToViewport(ref: RefObject<HTMLElement | null>): number | undefined {
  const [maxHeight, setMaxHeight] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top;
      const fits = Math.floor(window.innerHeight - (top + window.scrollY) - contentBelow(element));
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
