// The manifestation routes (spec 4.10-4.14, R29): sending manifests and reading where they stand.
import type { Router } from '../../router.js';
import { registerManifestQuery } from './query.js';
import { registerManifestSubmit } from './submit.js';

export function registerManifest(router: Router): void {
  registerManifestSubmit(router);
  registerManifestQuery(router);
}
