/**
 * `run` called at most once every `intervalMs`: a call within that time of the last run is
 * deferred to its end (calls meanwhile share that one run), so no call's run is more than
 * `intervalMs` late. A deferred run does not keep the process alive.
 */
export function atMostEvery(run: () => void, intervalMs: number): () => void {
  let last = -Infinity;
  let pending = false;
  const fire = () => {
    pending = false;
    last = Date.now();
    run();
  };
  return () => {
    if (pending) return;
    const wait = last + intervalMs - Date.now();
    if (wait <= 0) return fire();
    pending = true;
    setTimeout(fire, wait).unref();
  };
}
