// A control inside a desktop table row (exactly 44px, which the virtualised table relies on) cannot grow
// to 44px itself; from md up this gives it a hit area the full height of the row, for tablets' fingers.
export const ROW_HIT_AREA = "relative md:before:absolute md:before:inset-x-0 md:before:top-1/2 md:before:h-11 md:before:-translate-y-1/2 md:before:content-['']";
