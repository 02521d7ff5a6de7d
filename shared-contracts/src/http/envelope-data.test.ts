import { describe, expect, it } from 'vitest';
import { envelopeData, isDataObject } from './envelope-data';

describe('envelopeData (reads that trust the API-validated shape)', () => {
  it("gives a success envelope's data when it has the expected kind", () => {
    expect(envelopeData({ status: true, data: [1, 2] }, Array.isArray)).toEqual([1, 2]);
    expect(envelopeData({ status: true, data: { id: 1 } }, isDataObject)).toEqual({ id: 1 });
    expect(envelopeData({ status: true, data: null })).toBeNull();
  });

  it('refuses anything else, naming the call when told', () => {
    expect(() => envelopeData({ status: false, data: [] }, Array.isArray)).toThrow('Unexpected response shape');
    expect(() => envelopeData({ status: true }, () => true)).toThrow('Unexpected response shape');
    expect(() => envelopeData(null)).toThrow('Unexpected response shape');
    expect(() => envelopeData({ status: true, data: [] }, isDataObject, 'conference')).toThrow('Unexpected response shape: conference');
    expect(() => envelopeData('<html>', Array.isArray)).toThrow('Unexpected response shape');
  });
});
