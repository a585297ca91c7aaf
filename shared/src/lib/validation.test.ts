import { requiredError } from '@blogstream/shared/lib';

describe('form validation (spec §5)', () => {
  it('treats blank text as missing', () => {
    expect(requiredError(' ', 'Name is required')).toBe('Name is required');
    expect(requiredError('Ada', 'Name is required')).toBeUndefined();
  });
});
