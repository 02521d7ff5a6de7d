import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { envelopeData, envelopePage, isDataObject, throwIfRejected } from './envelope-data';

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

describe('envelopePage (a page of a list)', () => {
  it('gives the data and the total', () => {
    expect(envelopePage({ status: true, data: [{ id: 1 }], tot: 13 })).toEqual({ data: [{ id: 1 }], tot: 13 });
    expect(envelopePage({ status: true, data: [], tot: 0 })).toEqual({ data: [], tot: 0 });
  });

  it('refuses a page without a list or a whole, non-negative total', () => {
    expect(() => envelopePage({ status: true, data: [] }, 'library/paginate')).toThrow('Unexpected response shape: library/paginate');
    expect(() => envelopePage({ status: true, data: [], tot: -1 })).toThrow('Unexpected response shape');
    expect(() => envelopePage({ status: true, data: [], tot: 1.5 })).toThrow('Unexpected response shape');
    expect(() => envelopePage({ status: true, data: [], tot: '3' })).toThrow('Unexpected response shape');
    expect(() => envelopePage({ status: true, data: { id: 1 }, tot: 1 })).toThrow('Unexpected response shape');
  });
});

describe('throwIfRejected (a GET the client resolved)', () => {
  it('turns `status: false` into an ApiError with the status, msg and err', () => {
    const body = { status: false, msg: 'Not found', err: 404 };
    let error: unknown;
    try {
      throwIfRejected(body, 404);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Not found', kind: 'rejected', status: 404, msg: 'Not found', err: 404, data: body });
    expect(() => throwIfRejected({ status: false }, 400)).toThrow('Failed');
  });

  it('lets anything else pass', () => {
    expect(() => throwIfRejected({ status: true, data: [] }, 200)).not.toThrow();
    expect(() => throwIfRejected('text', 200)).not.toThrow();
    expect(() => throwIfRejected(null, 204)).not.toThrow();
  });
});
