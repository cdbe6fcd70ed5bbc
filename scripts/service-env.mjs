// The environment of a service started for the browser tests or a benchmark: the settings the caller gives, and
// of the caller's own environment only what any program needs (the search path, home, locale, temporary folder,
// Node's own options). A developer's service settings exported in the shell (CELL_SOURCES, TILE_URL,
// ALLOWED_HOSTS, …) must not reach it: the tests would then run against another service than the one they
// describe, and pass or fail for reasons they do not show. An allow-list, so a setting added later is kept out too.
const KEEP =
  /^(PATH|HOME|USER|LOGNAME|SHELL|TMPDIR|TMP|TEMP|LANG|LANGUAGE|LC_[A-Z]+|TZ|NODE_[A-Z0-9_]+|SYSTEMROOT|WINDIR|COMSPEC|PATHEXT)$/i;

/** The caller's environment less every service setting, with `settings` on top. */
export function serviceEnv(inherited, settings) {
  const env = {};
  for (const [name, value] of Object.entries(inherited)) {
    if (value !== undefined && KEEP.test(name)) env[name] = value;
  }
  return { ...env, ...settings };
}

/** Settings given as `NAME=value` arguments; anything else is refused, naming it. */
export function settingsFromArgs(args) {
  const settings = {};
  for (const arg of args) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/s.exec(arg);
    if (match === null) throw new Error(`"${arg}" is not a setting (NAME=value)`);
    settings[match[1]] = match[2];
  }
  return settings;
}
