import { describe, expect, it } from 'vitest';
import {
  nitCheckDigit,
  nitProblem,
  rfcProblem,
  rucProblem,
  rutCheckDigit,
  rutProblem,
} from '../../../src/fiscal/latam/tax-ids.js';

describe('LATAM tax ids', () => {
  it('RFC: SAT test RFCs (company and person) pass; a wrong check digit is named', () => {
    for (const rfc of ['EKU9003173C9', 'XIA190128J61', 'IIA040805DZ4', 'CACX7605101P8', 'XAXX010101000'])
      expect(rfcProblem(rfc), rfc).toBeUndefined();
    expect(rfcProblem('EKU9003173C8')).toMatch(/check digit is 8, expected 9/);
    expect(rfcProblem('EKU-900317')).toMatch(/is not an RFC/);
  });

  it('RUT: mod 11 with K; the dash is required', () => {
    expect(rutProblem('76086428-5')).toBeUndefined();
    expect(rutProblem('11111111-1')).toBeUndefined();
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutProblem('76086428-4')).toMatch(/expected 5/);
    expect(rutProblem('760864285')).toMatch(/is not a RUT/);
  });

  it('NIT: DIAN verification digit', () => {
    expect(nitCheckDigit('800197268')).toBe('4');
    expect(nitCheckDigit('860034313')).toBe('7');
    expect(nitProblem('800197268', '4')).toBeUndefined();
    expect(nitProblem('800197268', '5')).toMatch(/expected 4/);
  });

  it('RUC: SUNAT check digit', () => {
    expect(rucProblem('20131312955')).toBeUndefined();
    expect(rucProblem('20131312954')).toMatch(/expected 5/);
    expect(rucProblem('30131312955')).toMatch(/is not a RUC/);
  });
});
