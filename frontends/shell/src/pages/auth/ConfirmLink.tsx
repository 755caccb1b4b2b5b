import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@trustcircle/contracts';
import { api, Spinner, Link, useSearchParams } from '@trustcircle/ui';
import { AuthCard } from './AuthCard';

const EXPIRED = 'This link has expired or was already used';

/**
 * A mailed single-use link (e-mail confirmation or change) confirmed as soon as it is opened;
 * no session needed, as the mail may be read on another device.
 */
function ConfirmLinkPage({ title, endpoint }: { title: string; endpoint: string }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({
    mutationFn: (value: string) => api.post<MessageResponse>(endpoint, { token: value }),
  });
  // Once only: the token is single-use, and React's strict mode runs effects twice.
  const sent = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  return (
    <AuthCard title={title}>
      {token && (confirm.isIdle || confirm.isPending) && (
        <Spinner label="Confirming your email address…" />
      )}
      {confirm.isSuccess && (
        <div className="alert alert-success" role="status">
          {confirm.data.message}
        </div>
      )}
      {(!token || confirm.isError) && (
        <div className="alert alert-warning" role="alert">
          {EXPIRED}. You can ask for a new one from your settings.
        </div>
      )}
      <Link to="/settings" className="btn btn-primary">
        Go to settings
      </Link>
    </AuthCard>
  );
}

export const ConfirmEmailPage = () => (
  <ConfirmLinkPage title="Confirm your email address" endpoint="/api/email/confirm" />
);

export const ConfirmEmailChangePage = () => (
  <ConfirmLinkPage title="Confirm your new email address" endpoint="/api/email/change/confirm" />
);
