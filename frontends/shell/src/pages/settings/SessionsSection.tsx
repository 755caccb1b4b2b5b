import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, OtherSessionsEnded, Session } from '@trustcircle/contracts';
import { api, longDate, relativeDate, Spinner, useFailureToast, useToast } from '@trustcircle/ui';

export const SESSIONS_KEY = ['/api/user/sessions'] as const;

function describe(session: Session): string {
  const browser = session.browser ?? 'Unknown browser';
  return session.os ? `${browser} on ${session.os}` : browser;
}

/** Settings' active sessions (issue 19): sign out one other device, or all of them. */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => api.get<Session[]>('/api/user/sessions'),
  });
  const done = (message: string) => {
    toast({ title: 'Signed out', description: message, variant: 'success' });
    void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  };
  const failed = useFailureToast()('Could not sign out');
  const endOne = useMutation({
    mutationFn: (id: string) =>
      api.delete<MessageResponse>(`/api/user/sessions/${encodeURIComponent(id)}`),
    onSuccess: (answer) => done(answer.message),
    onError: failed,
  });
  const endOthers = useMutation({
    mutationFn: () => api.post<OtherSessionsEnded>('/api/user/sessions/end-others'),
    onSuccess: (answer) => done(answer.message),
    onError: failed,
  });

  const others = sessions.data?.filter((s) => !s.current) ?? [];
  return (
    <div>
      {others.length > 0 && (
        <div className="d-flex justify-content-end mb-3">
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            Sign out everywhere else
          </button>
        </div>
      )}
      {sessions.isPending && <Spinner label="Loading your sessions…" />}
      {sessions.isError && (
        <p className="text-body-secondary mb-0">We couldn&apos;t load your sessions right now.</p>
      )}
      {sessions.data && (
        <ul className="list-unstyled d-grid gap-2 mb-0" aria-label="Active sessions">
          {sessions.data.map((session) => (
            <li
              key={session.id}
              className="border rounded-3 p-3 d-flex flex-wrap align-items-center justify-content-between gap-2"
            >
              <div>
                <div className="fw-semibold">
                  {describe(session)}
                  {session.current && (
                    <span className="badge text-bg-primary ms-2">This device</span>
                  )}
                </div>
                <div className="small text-body-secondary">
                  Signed in on {longDate(session.createdAt)} · last seen{' '}
                  {relativeDate(session.lastSeenAt)}
                </div>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  aria-label={`Sign out ${describe(session)}`}
                  disabled={endOne.isPending}
                  onClick={() => endOne.mutate(session.id)}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
