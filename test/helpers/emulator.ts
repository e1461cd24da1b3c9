// An emulator per test file, on a free loopback port, with a pinned clock so data is stable.
import { createEmulator } from '../../src/emulator/server.js';

export const EMULATOR_NOW = new Date('2026-06-15T12:00:00-03:00');

export type TestEmulator = Awaited<ReturnType<typeof createEmulator>>;

export async function startEmulator(
  options: Partial<Parameters<typeof createEmulator>[0]> = {},
): Promise<TestEmulator> {
  return createEmulator({ port: 0, host: '127.0.0.1', seed: 1, docs: 300, now: EMULATOR_NOW, ...options });
}

/** Environment that points the CLI at an emulator's first (or given) account. */
export function emulatorEnv(emu: TestEmulator, account = 0): Record<string, string> {
  const acc = emu.accounts[account]!;
  return { FISCAL_BASE_URL: emu.url, FISCAL_API_ID: acc.apiId, FISCAL_API_KEY: acc.apiKey };
}
