import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marks the module a failed remote resolves to; `loadRemoteModule` swaps in the panel. */
export const UNAVAILABLE = { __esModule: true, default: null, tcUnavailable: true } as const;

/**
 * A remote that cannot be loaded must not take the shell down (design §7): when loading a
 * remote's module fails, answer a placeholder instead of throwing. (Failures before that —
 * the manifest itself — still reject, and the caller turns them into the same panel.)
 */
export default function trustCircleRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'trustcircle-remote-fallback',
    errorLoadRemote(args) {
      // eslint-disable-next-line no-console
      console.warn(
        `[TrustCircle] remote ${args.id} failed to load (${args.lifecycle})`,
        args.error,
      );
      if (args.lifecycle === 'onLoad') return UNAVAILABLE;
      return undefined;
    },
  };
}
