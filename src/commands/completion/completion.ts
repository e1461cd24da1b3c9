// `fiscal completion <shell>`: prints the completion script generated from the command tree.
import { completionScript } from '../../cli-tree/scripts.js';
import { commandSpec } from '../../cli-tree/spec.js';
import { verb } from '../shared/verb.js';
import { rootOf } from '../shared/tree.js';
import { completion, type SHELLS } from './index.js';

export default verb(completion, {
  // commander has already checked the shell against the choices.
  async run(ctx, _o, [shell], command) {
    ctx.io.stdout.write(completionScript(shell as (typeof SHELLS)[number], commandSpec(rootOf(command))));
  },
});
