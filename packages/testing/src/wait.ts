/** Polls until `check` holds; fails with what it was waiting for. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  { timeoutMs = 15_000, intervalMs = 50, what = 'condition' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}
