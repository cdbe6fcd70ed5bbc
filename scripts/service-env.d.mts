export type Env = Record<string, string | undefined>;

/** The caller's environment less every service setting, with `settings` on top. */
export function serviceEnv(inherited: Env, settings: Record<string, string>): Record<string, string>;

/** Settings given as `NAME=value` arguments; anything else is refused, naming it. */
export function settingsFromArgs(args: readonly string[]): Record<string, string>;
