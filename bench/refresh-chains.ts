import type { Client, RequestParams } from "autocannon";
import { parseTokens, type Tokens } from "./api";

/**
 * Refresh tokens rotate: each works once, and presenting a used one revokes its family. So
 * every autocannon connection owns one session (family) and always sends the token the
 * previous response returned. A request still in flight when a run stops may have consumed
 * its token server-side, so such chains are replaced by a fresh login before the next run.
 */
type Chain = { token: string; pending: boolean; broken: boolean };

export class RefreshChains {
  private chains: Chain[] = [];
  private nextIndex = 0;

  constructor(private readonly issue: (count: number) => Promise<Tokens[]>) {}

  /** One fresh session per connection. */
  async fill(count: number): Promise<void> {
    this.chains = (await this.issue(count)).map((t) => ({ token: t.refreshToken, pending: false, broken: false }));
    this.nextIndex = 0;
  }

  /** Gives `client` its own chain (autocannon calls this once per connection). */
  attach(client: Client, request: RequestParams): void {
    const chain = this.chains[this.nextIndex++ % this.chains.length];
    if (!chain) throw new Error("RefreshChains.fill() must run before attach()");
    client.setRequests([
      {
        ...request,
        setupRequest: (req) => {
          chain.pending = true;
          return { ...req, body: JSON.stringify({ refreshToken: chain.token }) };
        },
        onResponse: (status, body) => {
          chain.pending = false;
          const tokens = status >= 200 && status < 300 ? parseTokens(body) : null;
          if (tokens) chain.token = tokens.refreshToken;
          else chain.broken = true;
        },
      },
    ]);
  }

  /** Replaces chains whose last token may be consumed or revoked; returns how many were broken by a failed response. */
  async repair(): Promise<{ replaced: number; broken: number }> {
    const stale = this.chains.filter((c) => c.pending || c.broken);
    const broken = stale.filter((c) => c.broken).length;
    const fresh = stale.length ? await this.issue(stale.length) : [];
    stale.forEach((c, i) => Object.assign(c, { token: fresh[i]!.refreshToken, pending: false, broken: false }));
    this.nextIndex = 0;
    return { replaced: stale.length, broken };
  }
}
