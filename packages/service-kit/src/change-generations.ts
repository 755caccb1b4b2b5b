/**
 * Where each service's committed writes stand, as heard on CHANGE_CHANNEL (change-notices.ts):
 * what lets a process keep an answer and know it is still current. An answer is stamped with
 * its services' generations when its load began; it is current while none has moved since
 * (a load that overlapped a write is therefore never current). Nothing is current while the
 * LISTEN connection is down, and nothing stamped before it went down is current again after.
 */
export class ChangeGenerations {
  private readonly generations = new Map<string, number>();
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

  /** A committed write to `service`. */
  changed(service: string): void {
    this.generations.set(service, (this.generations.get(service) ?? 0) + 1);
  }

  /** Where `services` stand now: the stamp of a load that begins. */
  stampOf(services: readonly string[]): number[] {
    return [this.epoch, ...services.map((service) => this.generations.get(service) ?? 0)];
  }

  /** True while changes are heard and none of `services` moved since `stamp` was taken. */
  current(services: readonly string[], stamp: readonly number[]): boolean {
    if (!this.listening || stamp[0] !== this.epoch) return false;
    for (let i = 0; i < services.length; i += 1) {
      if ((this.generations.get(services[i]!) ?? 0) !== stamp[i + 1]) return false;
    }
    return true;
  }
}
