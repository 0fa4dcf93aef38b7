// Fault injection for client tests: delay, HTTP errors, malformed bodies, dropped connections.

export interface FaultConfig {
  /** Delay every answer by this many milliseconds. */
  delayMs?: number;
  /** Answer with this HTTP status (and an HTML error page) instead of handling the request. */
  httpStatus?: number;
  /** Answer 200 with a body that is not JSON. */
  malformed?: boolean;
  /** Destroy the socket without answering (connection reset). */
  down?: boolean;
  /** Handle the request (commit the change) but drop the connection instead of answering: an ERP timeout after commit. */
  dropAfterCommit?: boolean;
  /** Only requests whose path, model or method matches (substring or RegExp on "path model.method"). */
  match?: string | RegExp;
  /** Apply to the next N matching requests only, then clear. */
  times?: number;
}

export class Faults {
  private cfg: FaultConfig = {};
  private remaining: number | undefined;

  set(cfg: FaultConfig) {
    this.cfg = { ...cfg };
    this.remaining = cfg.times;
  }

  reset() {
    this.cfg = {};
    this.remaining = undefined;
  }

  get current(): Readonly<FaultConfig> {
    return this.cfg;
  }

  /** The fault to apply to this request (consumes one of `times`), or undefined. */
  take(descriptor: string): FaultConfig | undefined {
    const c = this.cfg;
    if (!c.delayMs && !c.httpStatus && !c.malformed && !c.down && !c.dropAfterCommit) return undefined;
    if (c.match) {
      const ok = typeof c.match === 'string' ? descriptor.includes(c.match) : c.match.test(descriptor);
      if (!ok) return undefined;
    }
    if (this.remaining !== undefined) {
      if (this.remaining <= 0) return undefined;
      this.remaining--;
      if (this.remaining === 0) {
        const out = c;
        this.reset();
        return out;
      }
    }
    return c;
  }
}
