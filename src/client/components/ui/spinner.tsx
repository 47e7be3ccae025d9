// A spinning ring. With a label it announces itself; without one it is decoration beside visible text.

export type SpinnerSize = 'sm' | 'md' | 'lg';

const sizes: Record<SpinnerSize, string> = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' };

export function Spinner({ size = 'md', label, className = '' }: { size?: SpinnerSize; label?: string; className?: string }) {
  const ring = <span className={`inline-block shrink-0 animate-spin rounded-full border-brand-700 border-r-transparent ${sizes[size]} ${className}`} aria-hidden="true" />;
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
