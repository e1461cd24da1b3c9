// The registry of document types (src/fiscal/doc-types.ts) is the one place a type is declared:
// every place that must know each type is checked here to know every one, so a type added to the
// registry and forgotten somewhere fails this file, naming the place.
import { describe, expect, it } from 'vitest';
import { WEBHOOK_DOCUMENT_TYPES } from '../../../src/api/wire/webhooks.js';
import { DOC_EVENTS_ENDPOINTS, EVENT_DOC_TYPES } from '../../../src/api/wire/events.js';
import { PDF_KINDS } from '../../../src/commands/shared/pdf-download.js';
import { ROLE_FLAGS } from '../../../src/commands/shared/document-flags.js';
import { PULL_DOCS } from '../../../src/commands/pull/docs.js';
import { XML_KINDS } from '../../../src/commands/xml/kinds.js';
import { DOCUMENT_TYPE_CHOICES } from '../../../src/commands/webhooks/index.js';
import { createRouter } from '../../../src/emulator/api.js';
import { DOC_TYPES as STORED_TYPES } from '../../../src/emulator/doc-index.js';
import { generateDataset } from '../../../src/emulator/data/dataset.js';
import { MODELS } from '../../../src/fiscal/access-key.js';
import {
  DOC_TYPE_NAMES,
  docType,
  FLAG_DOC_TYPES,
  fillPath,
  hasApiPdf,
  typesWith,
  type DocTypeName,
} from '../../../src/fiscal/doc-types.js';
import { CANCELLING_EVENTS, EVENT_CODES } from '../../../src/fiscal/event-codes.js';
import { DOCUMENT_KINDS, TOTAL_TAGS } from '../../../src/fiscal/readers/common.js';
import { CATALOG_TYPES } from '../../../src/catalog/extract/index.js';
import { currentTree } from '../../helpers/cli-tree.js';
import type { CommandSpec } from '../../../src/cli-tree/spec.js';

const keyed = typesWith('model');
const withEvents = typesWith('events');
const withPdf = typesWith('pdf');

function command(tree: CommandSpec, ...path: string[]): CommandSpec | undefined {
  let at: CommandSpec | undefined = tree;
  for (const word of path) at = at?.commands.find((c) => c.name === word || c.aliases.includes(word));
  return at;
}

describe('the registry of document types', () => {
  it('declares each type with the words every layer needs', () => {
    for (const type of DOC_TYPE_NAMES) {
      const spec = docType(type);
      expect(spec.name, type).toMatch(/-e/);
      expect(spec.roles.length, type).toBeGreaterThan(0);
      expect(spec.statuses, type).toContain('authorized');
      expect(spec.total.length, type).toBeGreaterThan(0);
      expect(spec.endpoints.listing, type).toMatch(/:role$/);
      // A type without an access key is named by an id: only the NFS-e (R10).
      if (!spec.model) expect(type).toBe('nfse');
    }
    expect(new Set(keyed.map((t) => docType(t).model)).size).toBe(keyed.length);
  });

  it('gives every type its access-key model, its kind for the readers and a reader of the catalog', () => {
    for (const type of keyed) expect(MODELS[docType(type).model as keyof typeof MODELS]).toBe(type);
    for (const type of DOC_TYPE_NAMES) {
      expect(DOCUMENT_KINDS, type).toContain(type);
      expect(CATALOG_TYPES, type).toContain(type);
      expect(TOTAL_TAGS[type], type).toEqual(docType(type).total);
    }
  });

  it('has the events of every type with events: codes, cancellations, an endpoint each', () => {
    expect([...EVENT_DOC_TYPES]).toEqual(withEvents);
    for (const type of withEvents) {
      expect(Object.keys(EVENT_CODES[type]).length, type).toBeGreaterThan(0);
      for (const code of CANCELLING_EVENTS[type]) expect(EVENT_CODES[type], `${type} ${code}`).toHaveProperty(code);
      expect(DOC_EVENTS_ENDPOINTS.map((e) => e.path)).toContain(docType(type).endpoints.events);
    }
  });

  it('is what webhooks, flagerp and labels name', () => {
    expect([...WEBHOOK_DOCUMENT_TYPES]).toEqual(DOC_TYPE_NAMES.filter((t) => docType(t).webhooks));
    expect([...DOCUMENT_TYPE_CHOICES]).toEqual([...WEBHOOK_DOCUMENT_TYPES]);
    for (const type of typesWith('flagType')) expect(FLAG_DOC_TYPES, type).toContain(docType(type).flagType);
  });

  it('has a client for every type: roles, XML by key, PDF, pull', () => {
    for (const type of DOC_TYPE_NAMES) {
      expect(ROLE_FLAGS[type].choices, type).toEqual(docType(type).roles);
      if (type !== 'nfe') expect(PULL_DOCS, type).toHaveProperty(type);
    }
    for (const type of keyed) expect(XML_KINDS[type].model, type).toBe(docType(type).model);
    for (const type of withPdf) {
      if (hasApiPdf(type)) expect(PDF_KINDS[type].what, type).toBe(docType(type).pdf);
    }
  });

  it('has the commands of every type: search, pull, xml (keyed), pdf (with a PDF), events (with events)', () => {
    const tree = currentTree();
    const missing: string[] = [];
    const need = (type: DocTypeName, ...path: string[]) => {
      if (!command(tree, ...path)) missing.push(`fiscal ${path.join(' ')} (${type})`);
    };
    for (const type of DOC_TYPE_NAMES) {
      need(type, 'search', type);
      need(type, 'pull', type);
      if (withPdf.includes(type as never)) need(type, 'pdf', type);
      // A type gathered under its own name has there every verb-first form it has (aliases).
      if (docType(type).group) {
        need(type, type, 'search');
        need(type, type, 'xml');
        if (withPdf.includes(type as never)) need(type, type, 'pdf');
        if (withEvents.includes(type as never)) need(type, type, 'events');
      }
    }
    expect(missing).toEqual([]);
    const typeArgument = (path: string[]) => command(tree, ...path)!.arguments.find((a) => a.name === 'type')!;
    expect(typeArgument(['xml']).values).toEqual(keyed);
    expect(typeArgument(['events']).values).toEqual(withEvents);
  });

  it('has the emulator hold, generate and answer every type on the paths the client asks', () => {
    expect([...STORED_TYPES].sort()).toEqual(DOC_TYPE_NAMES.filter((t) => t !== 'nfe').sort());
    const dataset = generateDataset({ seed: 7, docs: 3, otherDocs: 3, accounts: 1, now: new Date('2026-05-01') });
    for (const type of STORED_TYPES) expect(dataset.docs?.[type]?.length ?? 0, type).toBeGreaterThan(0);
    const router = createRouter();
    const unanswered: string[] = [];
    const answers = (method: string, pattern: string) => {
      const path = fillPath(pattern, { role: 'emitted', property: 'status' });
      if (router.match(method, path).kind !== 'found') unanswered.push(`${method} ${pattern}`);
    };
    for (const type of DOC_TYPE_NAMES) {
      const { listing, search, events, pdf, properties } = docType(type).endpoints;
      answers('GET', listing);
      if (search) answers('POST', search);
      if (events) answers('GET', events);
      if (pdf) answers('GET', pdf);
      if (properties) answers('PUT', properties);
    }
    expect(unanswered).toEqual([]);
  });
});
