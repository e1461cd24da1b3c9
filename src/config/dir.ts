// Where fiscal keeps its configuration. Apart from store.ts, which loads conf: a module that only
// needs the folder (the remembered API features, shell completion) must not pay for conf's import
// nor get its signal handlers (atomically -> when-exit), which send a caught signal again.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function configDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.FISCAL_CONFIG_DIR) return env.FISCAL_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'fiscal');
  return join(env.HOME || homedir(), '.config', 'fiscal');
}

/** The configuration file: the profile store's (conf's `config` in the folder), read raw where loading the store costs too much. */
export function configFile(env: Readonly<Record<string, string | undefined>>): string {
  return join(configDir(env), 'config.json');
}
