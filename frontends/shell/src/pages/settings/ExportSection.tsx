import { useMutation } from '@tanstack/react-query';
import type { AccountExport } from '@trustcircle/contracts';
import { api, useFailureToast } from '@trustcircle/ui';

/** Saves an answer as a file the browser downloads (no page is left). */
function download(name: string, data: unknown) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has queued the download by the time this runs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Export (issue 19): everything the platform holds about the member, as JSON. */
export function ExportSection({ username }: { username: string }) {
  const failed = useFailureToast();
  const exportData = useMutation({
    mutationFn: () => api.get<AccountExport>('/api/user/export'),
    onSuccess: (data) =>
      download(`trustcircle-${username}-${data.exportedAt.slice(0, 10)}.json`, data),
    onError: failed('Could not export your data'),
  });
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-3">
      <p className="mb-0 text-body-secondary">
        Your profile, sessions, groups, reviews, photos, helpful votes and reports in one JSON file.
      </p>
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={exportData.isPending}
        onClick={() => exportData.mutate()}
      >
        {exportData.isPending ? 'Preparing…' : 'Download my data'}
      </button>
    </div>
  );
}
