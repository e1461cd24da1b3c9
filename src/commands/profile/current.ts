// `fiscal profile current`: which server and credentials a run would use, and where each setting
// comes from (like `aws configure list`). Decided by the same planTarget as every run, offline:
// nothing is sent and the built-in emulator is not started. The API key is shown masked.
import type { Context } from '../../context.js';
import { ConfigError } from '../../errors.js';
import { resolveBaseUrl } from '../../config/environments.js';
import { maskKey } from '../../config/profile.js';
import { DEFAULT_BASE, ignoredNotice, planTarget, type Setting, type TargetPlan } from '../../config/resolve.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { currentVerb } from './index.js';

interface SettingRow {
  setting: 'profile' | 'base_url' | 'api_id' | 'api_key';
  value: string;
  /** flag --x, env VAR, profile "x", default profile, default, built-in emulator, not set. */
  source: string;
}

const COLUMNS: Column<SettingRow>[] = [
  { header: 'SETTING', get: (r) => r.setting },
  { header: 'VALUE', get: (r) => r.value, truncate: false },
  { header: 'SOURCE', get: (r) => r.source, truncate: false },
];

export default verb(currentVerb, { run: current });

async function current(ctx: Context): Promise<void> {
  const plan = await planTarget(ctx);
  if (plan.ignored.length > 0) ctx.log.warn(ignoredNotice(plan));
  const writer = createRecordWriter<SettingRow>(ctx, { columns: COLUMNS });
  try {
    for (const row of settingRows(ctx, plan)) writer.write(row);
  } finally {
    writer.end();
  }
}

const EMULATOR_SOURCE = 'built-in emulator';

function settingRows(ctx: Context, plan: TargetPlan): SettingRow[] {
  const fromEmulator = plan.builtinEmulator ? EMULATOR_SOURCE : 'not set';
  const profile: SettingRow = plan.profile
    ? { setting: 'profile', value: plan.profile.name, source: sourceOf(plan.profile.origin) }
    : { setting: 'profile', value: '', source: 'not set' };
  return [
    profile,
    baseUrlRow(ctx, plan),
    credentialRow('api_id', plan.apiId, (v) => v, fromEmulator),
    credentialRow('api_key', plan.apiKey, maskKey, fromEmulator),
  ];
}

function baseUrlRow(ctx: Context, plan: TargetPlan): SettingRow {
  if (!plan.baseUrl && plan.builtinEmulator) {
    return {
      setting: 'base_url',
      value: 'http://127.0.0.1:<a free port, chosen when a command starts it>',
      source: EMULATOR_SOURCE,
    };
  }
  const base = plan.baseUrl ?? DEFAULT_BASE;
  let value: string;
  try {
    value = resolveBaseUrl(base.value, base.origin, ctx.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    value = `${base.value} (${error.message})`;
  }
  return { setting: 'base_url', value, source: sourceOf(base.origin, base) };
}

function credentialRow(
  name: 'api_id' | 'api_key',
  s: Setting | undefined,
  show: (v: string) => string,
  otherwise: string,
): SettingRow {
  if (s) return { setting: name, value: show(s.value), source: sourceOf(s.origin, s) };
  return {
    setting: name,
    value: otherwise === EMULATOR_SOURCE ? "(the emulator's first account)" : '',
    source: otherwise,
  };
}

/** `flag --profile`, `env FISCAL_API_ID`, `profile "work"`, `default profile`, `default`. */
function sourceOf(origin: string, s?: Setting): string {
  if (s?.source === 'default') return 'default';
  if (origin.startsWith('--')) return `flag ${origin}`;
  if (origin.startsWith('FISCAL_')) return `env ${origin}`;
  if (origin === 'the default profile') return 'default profile';
  return origin;
}
