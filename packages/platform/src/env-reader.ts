type Env = Record<string, string | undefined>;

/**
 * Typed reads of environment variables that collect every problem instead of stopping at the first, so the server
 * and the worker can refuse to start with one message listing them all.
 */
export function envReader(env: Env, problems: string[]) {
  return {
    /** An integer in [min, max]; `def` when unset or empty. */
    int(name: string, def: number, min: number, max: number): number {
      const raw = env[name];
      if (raw === undefined || raw === "") return def;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < min || n > max) {
        problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
        return def;
      }
      return n;
    },
    /** A URL with one of the given protocols (e.g. "postgres:"); undefined when unset. */
    url(name: string, protocols: string[], required: boolean): string | undefined {
      const raw = env[name];
      if (!raw) {
        if (required) problems.push(`${name} is required`);
        return undefined;
      }
      try {
        const u = new URL(raw);
        if (!protocols.includes(u.protocol))
          problems.push(`${name} must use ${protocols.join(" or ")} (got ${u.protocol})`);
      } catch {
        problems.push(`${name} is not a valid URL`);
      }
      return raw;
    },
  };
}
