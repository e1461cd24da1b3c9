// The flags of every `fiscal pull <type>`: commander metadata only, loaded at start-up.
import { Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import { addDeprecatedFlags } from '../deprecated.js';
import { collectList } from '../filter-flags.js';

/** The flags of every pull, whatever the document type. */
export function addPullFlags(cmd: Command, ctx: Context): Command {
  cmd
    .option('--dir <path>', 'destination folder', './fiscal-docs')
    .option('--layout <template>', 'file path template: {owner} {type} {role} {yyyy} {mm} {dd} {key} {number} {emitter}')
    .option('--restart', 'start again from the beginning (cursor 0)')
    .option('--lock-wait <seconds>', 'wait this long for another run on the same folder to finish', '0')
    .option('--max-duration <seconds>', 'stop cleanly after this long (checkpoint saved)')
    .option('--max-docs <n>', 'stop cleanly after this many new documents (checkpoint saved)')
    .option('--concurrency <n>', 'streams fetched in parallel', '4')
    .option('--error-on-nothing-new', 'exit 9 when no new document was found')
    .option('--with-events', 'also write each event beside its document (<key>-<type>-<seq>.xml); cancellations show in index.ndjson')
    .option('--with-pdf', 'also write each document\'s PDF beside it (<key>.pdf)')
    .option('--manifest <aware>', 'pull nfe --role received: send "ciência" (210210) for each new NF-e that has no manifestation')
    .option('--profiles <names>', 'pull each profile\'s account into <dir>/<profile> (comma-separated)', collectList)
    .option('--all-profiles', 'pull every stored profile, each into <dir>/<profile>');
  // Elsewhere --wait is a switch (wait for the service to finish), not a number of seconds.
  return addDeprecatedFlags(cmd, ctx, [{ option: new Option('--wait <seconds>'), use: '--lock-wait', moveTo: 'lockWait' }]);
}
