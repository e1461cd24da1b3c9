// Types of the files of undici that undici-parts.ts imports one by one (the package declares only its index).
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';
  const agent: typeof Agent;
  export default agent;
}
declare module 'undici/lib/global.js' {
  import type { Dispatcher } from 'undici';
  const global: { getGlobalDispatcher(): Dispatcher };
  export default global;
}
declare module 'undici/lib/api/index.js' {
  import type { Dispatcher } from 'undici';
  const api: {
    request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  };
  export default api;
}
