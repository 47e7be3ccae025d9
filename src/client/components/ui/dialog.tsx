// The app's modal: focus trapped and restored, Escape and backdrop close it, title and description
// name it. A full-screen sheet on phones (or a bottom sheet for short confirmations), a centred panel
// from 768px.
import { Description, DialogBackdrop, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from './button';

type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

const sizes: Record<DialogSize, string> = { sm: 'md:max-w-md', md: 'md:max-w-lg', lg: 'md:max-w-2xl', xl: 'md:max-w-4xl' };

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned on desktop and stacked full width on phones (put the main one last). */
  footer?: ReactNode;
  size?: DialogSize;
  /** 'full' fills a phone's screen (forms, lists); 'bottom' rises from the bottom (short confirmations). */
  phoneLayout?: 'full' | 'bottom';
  role?: 'dialog' | 'alertdialog';
  hideCloseButton?: boolean;
};

export function Dialog({ open, onClose, title, description, children, footer, size = 'md', phoneLayout = 'full', role = 'dialog', hideCloseButton = false }: DialogProps) {
  const phone = phoneLayout === 'full' ? 'h-dvh' : 'max-h-[90dvh] rounded-t-2xl';
  const hasBody = children !== undefined && children !== null;
  return (
    <HeadlessDialog open={open} onClose={onClose} role={role} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 data-closed:opacity-0" />
      <div className={`fixed inset-0 flex ${phoneLayout === 'bottom' ? 'items-end' : ''} md:items-center md:justify-center md:p-6`}>
        <DialogPanel
          transition
          className={`flex w-full flex-col bg-white shadow-xl transition duration-200 ease-out data-closed:translate-y-6 data-closed:opacity-0 md:h-auto md:max-h-[85dvh] md:rounded-2xl md:data-closed:translate-y-0 md:data-closed:scale-95 ${phone} ${sizes[size]}`}
        >
          <div className={`flex items-start gap-3 px-4 ${hasBody ? 'border-b border-slate-100' : ''} pt-[max(0.75rem,env(safe-area-inset-top))] pb-3 md:px-6 md:pt-5 md:pb-4`}>
            <div className="min-w-0 flex-1 py-1.5 md:py-0">
              <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
              {description && <Description className="mt-1 text-sm text-slate-600">{description}</Description>}
            </div>
            {!hideCloseButton && <Button variant="ghost" size="icon" icon="x" aria-label="Close dialog" onClick={onClose} className="-mr-2" />}
          </div>
          {hasBody && <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 md:px-6">{children}</div>}
          {footer && (
            <div className={`flex flex-col-reverse gap-2 px-4 ${hasBody ? 'border-t border-slate-100' : ''} pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end md:px-6 md:pb-4 [&>*]:w-full sm:[&>*]:w-auto`}>
              {footer}
            </div>
          )}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
