import { ScopedChanges } from './scoped-changes';

/**
 * Where each service's committed writes stand, as heard on CHANGE_CHANNEL (change-notices.ts):
 * what lets a process keep an answer and know it is still current. An answer is stamped with
 * its services' generations when its load began; it is current while none has moved since
 * (a load that overlapped a write is therefore never current). Nothing is current while the
 * LISTEN connection is down, and nothing stamped before it went down is current again after.
 * A notice may name the one part of a service a write changed (`business:42`): an answer of
 * that part ends with it, an answer of another part does not, an answer of no one part does.
 */
export class ChangeGenerations {
  private readonly generations = new Map<string, number>();
  private readonly scoped = new Map<string, ScopedChanges>();
  private epoch = 0;
  private listening = false;

  /** Whether changes are heard: when not, nothing may be kept or answered from memory. */
  get heard(): boolean {
    return this.listening;
  }

  /** The LISTEN connection is up (again): what was stamped before may have missed a change. */
  listen(): void {
    this.epoch += 1;
    this.listening = true;
  }

  /** The LISTEN connection is down: nothing can be known to be current. */
  lost(): void {
    this.epoch += 1;
    this.listening = false;
  }

  /** A committed write to `service`, or to one part of it. */
  changed(service: string, scope: string | null = null): void {
    if (scope !== null) {
      let parts = this.scoped.get(service);
      if (!parts) this.scoped.set(service, (parts = new ScopedChanges()));
      parts.changed(scope);
      return;
    }
    this.generations.set(service, (this.generations.get(service) ?? 0) + 1);
  }

  /** Where `services` stand now: the stamp of a load that begins. */
  stampOf(services: readonly string[]): number[] {
    return [
      this.epoch,
      ...services.map((service) => this.generations.get(service) ?? 0),
      ...services.map((service) => this.scoped.get(service)?.mark ?? 0),
    ];
  }

  /**
   * True while changes are heard and none of `services` moved since `stamp` was taken; for an
   * answer of one part (`scope`), writes to their other parts do not count.
   */
  current(services: readonly string[], stamp: readonly number[], scope: string | null = null) {
    if (!this.listening || stamp[0] !== this.epoch) return false;
    const count = services.length;
    for (let i = 0; i < count; i += 1) {
      const service = services[i]!;
      if ((this.generations.get(service) ?? 0) !== stamp[i + 1]) return false;
      const parts = this.scoped.get(service);
      const mark = stamp[count + i + 1]!;
      // An answer of no one part may show any: a write to any part ends it.
      if (scope === null ? (parts?.mark ?? 0) !== mark : parts?.changedSince(scope, mark)) {
        return false;
      }
    }
    return true;
  }
}
