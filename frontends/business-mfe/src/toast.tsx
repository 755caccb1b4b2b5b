import { useToastContext, type Notify, type ToastInput } from '@trustcircle/ui';

const DURATION_MS = 5000;

/**
 * The shell's toast function (`ToastContext` of the shared @trustcircle/ui, design §7: the shell
 * owns the toast region). Only when no shell provides it (an older shell, or the remote on its
 * own) are notices shown by `fallbackNotify`, so none of spec §8's messages is lost.
 */
export function useNotify(): Notify {
  return useToastContext() ?? fallbackNotify;
}

/**
 * A minimal toast outside React, in the shell's look: it must outlive the page that raised it
 * ("Review submitted successfully" is shown while the wizard navigates home and unmounts).
 * Text only (textContent), one at a time, gone after 5 s or on its close button.
 */
export const fallbackNotify: Notify = (toast: ToastInput) => {
  const id = 'tc-business-toast';
  document.getElementById(id)?.remove();
  const host = document.createElement('div');
  host.id = id;
  host.className = 'tc-toast-region';
  const box = document.createElement('div');
  box.className = `tc-toast shadow${toast.variant === 'destructive' ? ' tc-toast-destructive' : ''}`;
  box.setAttribute('role', toast.variant === 'destructive' ? 'alert' : 'status');
  box.dataset.testid = 'toast';
  const body = document.createElement('div');
  body.className = 'flex-grow-1';
  const title = document.createElement('div');
  title.className = 'tc-toast-title';
  title.textContent = toast.title;
  body.append(title);
  if (toast.description) {
    const description = document.createElement('div');
    description.className = 'tc-toast-description';
    description.textContent = toast.description;
    body.append(description);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'btn btn-sm tc-toast-close';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  close.addEventListener('click', () => host.remove());
  box.append(body, close);
  host.append(box);
  document.body.append(host);
  window.setTimeout(() => host.remove(), toast.duration ?? DURATION_MS);
};
