// `fiscal events <type> <key|id>...`: the listing shared with `fiscal <type> events`
// (./document-events.ts), the type given as the first argument.
import { documentEventsVerb } from './document-events.js';
import { events } from './index.js';

export default documentEventsVerb(events);
