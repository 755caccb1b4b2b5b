import { AlertIcon, ApiError, errorText, Notice } from '@trustcircle/ui';

/** "Error" with the message, or `notFoundTitle` for a 404 (spec §2 business detail). */
export function LoadError({ error, notFoundTitle }: { error: unknown; notFoundTitle: string }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Notice icon={<AlertIcon size={28} />} title={missing ? notFoundTitle : 'Error'} role="alert">
      {!missing && <p className="text-body-secondary">{errorText(error)}</p>}
    </Notice>
  );
}
